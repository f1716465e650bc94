"""Game name -> rules, so a log can be replayed whatever game it holds.

Built-in games are listed by import path (imported on first use, so ``games`` never
imports every game); another game may also :func:`register` its class at import time.
"""

from __future__ import annotations

import importlib

from games.common import AnyRules

#: name -> "module:Class" of the games that ship with the box.
BUILTIN: dict[str, str] = {
    "bamboozled": "games.bamboozled.rules:Bamboozled",
    "doubting_dice": "games.doubting.rules:DoubtingDice",
    "bluffaneer": "games.bluffaneer.rules:Bluffaneer",
    "bamboozal": "games.bamboozal.rules:BamBoozal",
}

_registered: dict[str, type[AnyRules]] = {}


def register(rules_class: type[AnyRules]) -> type[AnyRules]:
    """Register a Rules class under its ``name`` (usable as a class decorator)."""
    _registered[rules_class.name] = rules_class
    return rules_class


def names() -> list[str]:
    """Every known game name."""
    return sorted(set(BUILTIN) | set(_registered))


def get_rules(name: str) -> AnyRules:
    """A Rules instance for the game ``name``; :class:`KeyError` if unknown."""
    if name not in _registered:
        if name not in BUILTIN:
            raise KeyError(f"unknown game {name!r} (known: {', '.join(names())})")
        module, _, cls = BUILTIN[name].partition(":")
        _registered[name] = getattr(importlib.import_module(module), cls)
    return _registered[name]()
