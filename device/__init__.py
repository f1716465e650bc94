"""The box: buttons, display, camera, the service loop and the CLI.

The only package that knows there is hardware; it wires :mod:`games` and :mod:`vision`.
"""
