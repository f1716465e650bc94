"""Bluffaneer (seed 003): faces and cards, state, actions, events, rules, odds and a
simulated table."""
