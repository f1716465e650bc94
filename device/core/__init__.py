"""The box's core: the ports, the one game flow, setup, the box loop. No hardware, no game.

How a new game plugs in (see also :mod:`device.registry`):

* Subclass :class:`device.core.flow.GameFlow`: set ``rules_factory``; implement
  ``mode_for(state)``, ``press_handlers()`` / ``view_handlers()`` (explicit maps from the
  game's own frozen mode dataclasses), ``mode_after(action)``, ``players_view()``,
  ``winner_lines()``, and the reading hooks: ``rule(kind, values, meta)`` (apply the
  action), ``check_reading``, ``confirmers(kind)``, ``hand_start`` / ``hand_fields`` /
  ``hand_step`` / ``hand_values`` / ``hand_meta`` (entry by hand) and the three views
  ``reading_view`` / ``hand_view`` / ``confirm_view``. Start a reading with
  ``start_reading(kind)`` (kind: the game's ``StrEnum``); apply anything else with
  ``apply(action)``. The retry, spread, by-hand, two-player confirm, camera problem,
  status words, batches and log meta come for free.
* Subclass :class:`device.core.setup.SetupSteps` with choices subclassing
  :class:`device.core.setup.SetupChoices`: only the game's own steps (``steps``,
  ``change(step, up)``, ``settings()``, ``_view()``, optionally ``leave(step)``); the press
  (BACK, OK, the deal, hints) is shared. Give it a ``from_defaults(SetupDefaults)`` builder.
* Optionally a simulator: a :class:`device.core.flow.NoHooks` subclass
  (:class:`device.core.flow.SimHooks`) built from :class:`device.core.ports.SimOptions`.
* Fill a :class:`device.core.game.GameRecord` (``dice``: the kind of dice the camera reads
  for it) and add it to :data:`device.registry.GAMES`.

Modules: :mod:`~device.core.roles` (button roles, presses), :mod:`~device.core.ports` (looks,
eyes, recorder, photo keeper, simulator hooks), :mod:`~device.core.flow`,
:mod:`~device.core.setup` (setup steps, the game chooser), :mod:`~device.core.game` (the
game record), :mod:`~device.core.dice` (kinds of dice, the teach flow's ports),
:mod:`~device.core.teach` (the one teach flow), :mod:`~device.core.box` (the box loop),
:mod:`~device.core.config`.
"""
