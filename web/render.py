"""HTML for the scoreboard's pages, rendered on the server from replayed games.

Every game's table is drawn by :func:`summary_html` from ``rules.summary(state)`` alone,
following the convention in :mod:`games.common` (``players`` rows with a ``name``, plus
``awaiting``, ``prompt``, ``winner`` and any table-wide values), so a newly registered
game shows without a change here. All text goes through :func:`html.escape`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any
from urllib.parse import quote

from web.charts import bars, grouped_hbars
from web.reading import Batch
from web.stats import Fairness, Stats
from web.store import GameView, StepView

#: (game id, action number, batch) -> the photo's (width, height), or None without one.
PhotoSize = Callable[[str, int, int], "tuple[int, int] | None"]
#: Keys of a summary drawn specially (not as a table-wide value).
SPECIAL = ("game", "players", "prompt", "awaiting", "winner", "settings")
RECENT = 8


def label(key: str) -> str:
    return key.replace("_", " ")


def value_text(value: Any) -> str:
    """A summary value as short plain text."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(value_text(v) for v in value) if value else "–"
    if isinstance(value, Mapping):
        if not value:
            return "–"
        return ", ".join(f"{label(str(k))} {value_text(v)}" for k, v in value.items())
    return str(value)


def players_table(head: str, rows: Sequence[str]) -> str:
    """A table of players: ``head`` is the column headers after "player", ``rows`` the rows."""
    return (f'<div class="scroll"><table class="players"><thead><tr><th>player</th>{head}'
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")


def summary_html(summary: Mapping[str, Any]) -> str:
    """The table of any game from its ``summary()`` (see the module doc)."""
    out = []
    winner, prompt = summary.get("winner"), summary.get("prompt")
    if winner:
        out.append(f'<p class="winner">{escape(str(winner))} wins!</p>')
    elif prompt:
        out.append(f'<p class="prompt">{escape(str(prompt))}</p>')
    players = [p for p in summary.get("players") or () if isinstance(p, Mapping)]
    if players:
        cols: list[str] = []
        for p in players:
            cols += [k for k in p if k not in ("seat", "name", "out") and k not in cols]
        head = "".join(f"<th>{escape(label(c))}</th>" for c in cols)
        rows = []
        for p in players:
            cls = []
            if p.get("name") == summary.get("awaiting"):
                cls.append("turn")
            if p.get("out") is True:
                cls.append("out")
            if winner and p.get("name") == winner:
                cls.append("won")
            attr = f' class="{" ".join(cls)}"' if cls else ""
            cells = "".join(f"<td>{escape(value_text(p.get(c)))}</td>" for c in cols)
            rows.append(f"<tr{attr}><th>{escape(str(p.get('name', '?')))}</th>{cells}</tr>")
        out.append(players_table(head, rows))
    items = [(k, v) for k, v in summary.items() if k not in SPECIAL]
    if items:
        out.append('<dl class="table-values">' + "".join(
            f"<div><dt>{escape(label(k))}</dt><dd>{escape(value_text(v))}</dd></div>"
            for k, v in items) + "</dl>")
    return "".join(out)


def photo_html(game_id: str, step: StepView, index: int, batch: Batch,
               size: tuple[int, int] | None) -> str:
    """The photo behind a ruling with the dice the camera saw drawn on it (SVG)."""
    src = f"/photo/{quote(game_id)}/{step.n}/{index}"
    alt = f"photo of action {step.n}"
    if size is None:
        return ""
    w, h = size
    stroke = max(2, round(min(w, h) / 160))
    font = max(14, round(min(w, h) / 18))
    marks = []
    for die in batch.dice:
        if die.box is None:
            continue
        x0, y0, x1, y1 = die.box
        conf = f" ({die.confidence:.0%})" if die.confidence is not None else ""
        marks.append(
            f'<g><title>{escape(str(die.value))}{conf}</title>'
            f'<rect x="{x0:g}" y="{y0:g}" width="{x1 - x0:g}" height="{y1 - y0:g}" '
            f'stroke-width="{stroke}"/>'
            f'<text x="{x0:g}" y="{max(y0 - stroke * 2, font):g}" font-size="{font}">'
            f"{escape(str(die.value))}</text></g>")
    seen = ", ".join(str(d.value) for d in batch.dice)
    caption = f"action {step.n}" + (f", tray {index + 1}" if index else "") + (
        f": the camera saw {escape(seen)}" if seen else "")
    return (f'<figure class="photo"><svg viewBox="0 0 {w} {h}" role="img" '
            f'aria-label="{escape(alt)}"><image href="{src}" width="{w}" height="{h}"/>'
            f'{"".join(marks)}</svg><figcaption>{caption}</figcaption></figure>')


def ruling_html(game: GameView, step: StepView, size: PhotoSize) -> str:
    """A ruling in words (its events' ``describe()``) and its photos."""
    reading = step.reading
    how = ""
    if reading is not None:
        how = "read by the camera" if reading.camera else "entered by hand"
        if reading.why:
            how += f" ({reading.why})"
    dice = ", ".join(str(d) for d in step.dice)
    head = f"<p class=\"how\">Action {step.n}: {escape(how)}" + (
        f", dice {escape(dice)}" if dice else "") + "</p>"
    words = "".join(f"<li>{escape(e)}</li>" for e in step.events)
    photos = "".join(photo_html(game.id, step, i, b, size(game.id, step.n, i))
                     for i, b in enumerate(reading.batches if reading else ()) if b.photo)
    return f'<div class="ruling">{head}<ul class="events">{words}</ul>{photos}</div>'


def title_of(game: GameView) -> str:
    return f"{label(game.game).title()}: {', '.join(game.players)}"


def live_fragment(game: GameView | None, size: PhotoSize) -> str:
    """The live table: the newest game's state, its last ruling with photo, recent events."""
    if game is None:
        return '<p class="empty">No game yet: start one on the box.</p>'
    out = [f'<h2>{escape(title_of(game))} <a class="small" href="/games/{quote(game.id)}">'
           f"{escape(game.id)}</a></h2>"]
    if game.error:
        out.append(f'<p class="error">{escape(game.error)}</p>')
    out.append(summary_html(game.summary))
    last = game.last_ruling
    if last is not None:
        out.append(f"<h3>Last ruling</h3>{ruling_html(game, last, size)}")
    recent = [e for s in game.steps[-RECENT:] for e in s.events][-RECENT:]
    if recent:
        out.append('<h3>Latest</h3><ol class="recent">' + "".join(
            f"<li>{escape(e)}</li>" for e in reversed(recent)) + "</ol>")
    out.append(f'<p class="small">{len(game.steps)} actions logged</p>')
    return "".join(out)


def page(title: str, body: str, active: str, live: bool = False) -> str:
    """A whole page: head, the navigation bar, ``body``."""
    nav = "".join(
        f'<a href="{href}"{" aria-current=page" if key == active else ""}>{name}</a>'
        for key, href, name in (("live", "/", "Live"), ("history", "/games", "History"),
                                ("stats", "/stats", "Statistics")))
    script = '<script src="/static/live.js" defer></script>' if live else ""
    return ("<!doctype html><html lang=en><head><meta charset=utf-8>"
            '<meta name=viewport content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)} · bluffbox</title>"
            f'<link rel=stylesheet href="/static/style.css">{script}</head>'
            f"<body><nav>{nav}</nav><main>{body}</main></body></html>")


def live_page(fragment: str, version: int) -> str:
    return page("Live table", f'<section id="live" data-version="{version}">{fragment}</section>'
                '<p id="status" class="small">live</p>', "live", live=True)


def history_page(games: Sequence[GameView]) -> str:
    if not games:
        return page("History", "<h1>History</h1><p class=empty>No games yet.</p>", "history")
    rows = []
    for g in games:
        result = f"{g.winner} won" if g.winner else ("cannot be read" if g.error else "playing")
        rows.append(f'<li><a href="/games/{quote(g.id)}">{escape(title_of(g))}</a>'
                    f'<span class="small">{escape(g.id)} · {len(g.steps)} actions · '
                    f"{len(g.rulings)} rulings · {escape(result)}</span></li>")
    return page("History", f'<h1>History</h1><ul class="games">{"".join(rows)}</ul>', "history")


def game_page(game: GameView, size: PhotoSize) -> str:
    parts = [f"<h1>{escape(title_of(game))}</h1>", f'<p class="small">{escape(game.id)}</p>']
    if game.error:
        parts.append(f'<p class="error">{escape(game.error)}</p>')
    parts.append(summary_html(game.summary))
    rulings = game.rulings
    parts.append(f"<h2>Rulings ({len(rulings)})</h2>")
    parts += [ruling_html(game, s, size) for s in rulings] or ["<p class=empty>None yet.</p>"]
    return page(title_of(game), "".join(parts), "history")


def fairness_html(test: Fairness) -> str:
    chart = bars(test.short or test.labels, test.observed,
                 expected=test.expected if test.total else (), title=test.title)
    figures = ""
    if test.statistic is not None and test.p_value is not None:
        figures = (f'<p class="small">chi-square {test.statistic:.2f} with {test.dof} degrees '
                   f"of freedom, p = {test.p_value:.4f}; the dark ticks are the counts a fair "
                   "die gives on average</p>")
    return (f"<h2>{escape(test.title)}</h2>{chart}"
            f'<p class="verdict">{escape(test.verdict)}</p>{figures}')


def stats_page(stats: Stats) -> str:
    games = "1 game" if stats.games == 1 else f"{stats.games} games"
    parts = [f"<h1>Statistics</h1><p class=small>over {games}</p>"]
    tallies = stats.tallies
    if stats.players and tallies:
        names = list(stats.players)
        values = [[stats.players[n].get(t, 0) for t in tallies] for n in names]
        parts.append("<h2>Players</h2>" + grouped_hbars(
            names, [t.value for t in tallies], values, title="per player"))
        head = "".join(f"<th>{escape(t.value)}</th>" for t in tallies)
        rows = [f"<tr><th>{escape(n)}</th>" + "".join(f"<td>{v}</td>" for v in row) + "</tr>"
                for n, row in zip(names, values, strict=True)]
        parts.append(players_table(head, rows))
    parts += [fairness_html(test) for test in (stats.faces, *stats.charts.values())]
    return page("Statistics", "".join(parts), "stats")


def not_found_page(what: str) -> str:
    return page("Not found", f"<h1>Not found</h1><p>{escape(what)}</p>", "")
