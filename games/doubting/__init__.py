"""Doubting Dice (seed 004, a Liar's dice): state, actions, events, bids, rules, odds."""
