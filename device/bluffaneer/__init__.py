"""Bluffaneer on the box: flow, rulings text, screens, setup, simulator, odds."""
