"""Bamboozled: scores, cards, state, actions, events, rules, odds and a simulated table."""
