"""The box: the only package that knows there is hardware; it wires :mod:`games` and
:mod:`vision`. Layers: :mod:`device.core` (ports, the game flow, setup, the box loop),
:mod:`device.ui` (screens), :mod:`device.hw` (adapters), one package per game
(:mod:`device.bamboozled`, :mod:`device.doubting`), :mod:`device.registry` (the games),
:mod:`device.cli` (the commands; the only place that assembles a box).
"""
