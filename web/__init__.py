"""The read-only scoreboard served by the box: game logs and photos in, pages and events out.

It imports ``games`` (log, registry, each game's ``summary()`` and ``tally()``) and never
``device`` or ``vision``. A game shows here with no change to this package as long as its
``summary()`` follows the convention documented in :mod:`games.common`; its per-player
statistics come from its ``tally()`` hook (:mod:`games.tally`).
"""
