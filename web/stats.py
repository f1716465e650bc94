"""Statistics across every game in the state directory: the page's charts and ``bluffbox stats``.

* per player (by name, over all games): the :class:`games.tally.Tally` counts each game's
  ``rules.tally`` hook gives (bluffs declared and caught, challenges made and won, cards
  played; turns for a game without its own hook);
* over every roll the camera read (``meta.read == "camera"``): how often each face 1-6
  came up; and for every game whose rules give a fairness chart (``rules.roll_odds()``,
  :mod:`games.roll_odds`; found through :mod:`games.registry`), how often each outcome came
  up in that game's own rolls against its chances (e.g. each two-dice score against its
  odds); each with a chi-square test of fairness (:mod:`web.chisq`) and a plain verdict.
  A game without the hook has no such chart. No game is named here.

The test is trusted only once every face is expected at least :data:`MIN_EXPECTED` times;
a p-value under :data:`ALPHA` says a face comes up more than chance allows.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from games import registry
from games.roll_odds import RollOdds
from games.tally import Tally
from web.chisq import chi_square
from web.store import GameView

ALPHA = 0.01
MIN_EXPECTED = 5.0
FACES = (1, 2, 3, 4, 5, 6)


def _plural(n: int, word: str) -> str:
    many = {"die": "dice"}.get(word, word + "s")
    return f"{n} {word if n == 1 else many}"


@dataclass(frozen=True)
class Fairness:
    """Counts against chances, the chi-square test and its verdict in words."""

    title: str
    labels: tuple[str, ...]
    observed: tuple[int, ...]
    chances: tuple[float, ...]
    rolls: int
    statistic: float | None
    dof: int
    p_value: float | None
    verdict: str
    #: Shorter labels for a chart's axis (the labels themselves if empty).
    short: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return sum(self.observed)

    @property
    def expected(self) -> tuple[float, ...]:
        return tuple(self.total * p for p in self.chances)

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title, "rolls": self.rolls, "count": self.total,
            "categories": [{"label": label, "observed": o, "expected": round(e, 3),
                            "chance": round(p, 6)}
                           for label, o, e, p in zip(self.labels, self.observed,
                                                     self.expected, self.chances, strict=True)],
            "chi_square": None if self.statistic is None else round(self.statistic, 4),
            "dof": self.dof,
            "p_value": None if self.p_value is None else round(self.p_value, 6),
            "verdict": self.verdict,
        }


def fairness(title: str, labels: Sequence[str], observed: Sequence[int],
             chances: Sequence[float], rolls: int, unit: str) -> Fairness:
    """Test ``observed`` counts against ``chances``; the verdict names the face that is off."""
    n = sum(observed)
    dof = len(observed) - 1
    if n == 0:
        return Fairness(title, tuple(labels), tuple(observed), tuple(chances), rolls, None,
                        dof, None, "no camera-read rolls yet")
    stat, dof, p = chi_square(observed, chances)
    need = math.ceil(MIN_EXPECTED / min(chances) - 1e-9)  # every face expected 5 times
    what = _plural(rolls, "roll") + ("" if unit == "rolls" else f" ({_plural(n, 'die')})")
    if n < need:
        verdict = f"too few rolls to tell yet: {what}, a fair test needs {need} {unit}"
    elif p < ALPHA:
        residual = [(o - n * q) / (n * q) ** 0.5 for o, q in zip(observed, chances, strict=True)]
        worst = max(range(len(residual)), key=residual.__getitem__)
        verdict = f"{labels[worst]} comes up more than chance allows (p = {p:.2g})"
    else:
        verdict = f"no sign of a loaded die in {what}"
    return Fairness(title, tuple(labels), tuple(observed), tuple(chances), rolls, stat, dof,
                    p, verdict)


@dataclass(frozen=True)
class Stats:
    """Everything the statistics page and ``bluffbox stats`` show."""

    games: int
    players: dict[str, dict[Tally, int]]
    faces: Fairness
    #: The games' own fairness charts, by their key (``RollOdds.key``), in registry order.
    charts: dict[str, Fairness] = dataclasses.field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "players": {name: {t.value: per.get(t, 0) for t in Tally if t in self.tallies}
                        for name, per in self.players.items()},
            "faces": self.faces.to_json(),
            **{key: chart.to_json() for key, chart in self.charts.items()},
        }

    @property
    def tallies(self) -> list[Tally]:
        """The tallies any player has, in :class:`Tally` order."""
        seen = {t for per in self.players.values() for t in per}
        return [t for t in Tally if t in seen]


def camera_readings(games: Iterable[GameView]) -> list[tuple[int | str, ...]]:
    """The dice of every camera-read action (pips or face names), one tuple per reading."""
    return [step.dice for game in games for step in game.steps
            if step.reading is not None and step.reading.camera and step.dice]


def camera_rolls(games: Iterable[GameView]) -> list[tuple[int, ...]]:
    """The pip dice of every camera-read action, one tuple per reading."""
    rolls = [tuple(d for d in dice if isinstance(d, int) and 1 <= d <= 6)
             for dice in camera_readings(games)]
    return [r for r in rolls if r]


def game_charts() -> list[tuple[str, RollOdds]]:
    """(game name, its chart) for every registered game whose rules have the hook."""
    charts = []
    for name in registry.names():
        chart = registry.get_rules(name).roll_odds()
        if chart is not None:
            charts.append((name, chart))
    return charts


def chart_of(chart: RollOdds, games: Sequence[GameView]) -> Fairness:
    """``chart`` over the camera-read rolls of ``games`` (the rolls it does not count left
    out)."""
    made = [chart.outcome(dice) for dice in camera_readings(games)]
    counted = [k for k in made if k is not None]
    counts = [counted.count(k) for k in range(len(chart.labels))]
    test = fairness(chart.title, chart.labels, counts, chart.chances, len(counted), "rolls")
    return dataclasses.replace(test, short=chart.axis)


def collect(games: Sequence[GameView]) -> Stats:
    """The statistics of ``games``."""
    players: dict[str, dict[Tally, int]] = {}
    for game in games:
        for seat, counts in game.tallies.items():
            if 0 <= seat < len(game.players):
                per = players.setdefault(game.players[seat], {})
                for tally, k in counts.items():
                    per[tally] = per.get(tally, 0) + k
    rolls = camera_rolls(games)
    face_counts = [sum(r.count(f) for r in rolls) for f in FACES]
    faces = fairness("Faces the camera read", [str(f) for f in FACES], face_counts,
                     [1 / 6] * 6, len(rolls), "dice")
    charts = {chart.key: chart_of(chart, [g for g in games if g.game == name])
              for name, chart in game_charts()}
    return Stats(len(games), dict(sorted(players.items())), faces, charts)


def to_text(stats: Stats) -> str:
    """The statistics as plain text (``bluffbox stats``)."""
    lines = [f"games: {stats.games}", ""]
    tallies = stats.tallies
    if stats.players and tallies:
        width = max(len(n) for n in stats.players)
        lines.append(" " * width + "  " + "  ".join(t.value for t in tallies))
        for name, per in stats.players.items():
            cells = "  ".join(f"{per.get(t, 0):>{len(t.value)}}" for t in tallies)
            lines.append(f"{name:<{width}}  {cells}")
        lines.append("")
    for test in (stats.faces, *stats.charts.values()):
        lines.append(f"{test.title}:")
        for label, o, e in zip(test.labels, test.observed, test.expected, strict=True):
            lines.append(f"  {label:>9}  {o:>5}  (expected {e:.1f})")
        if test.statistic is not None:
            lines.append(f"  chi-square {test.statistic:.2f}, {test.dof} degrees of freedom,"
                         f" p = {test.p_value:.4f}")
        lines.append(f"  {test.verdict}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
