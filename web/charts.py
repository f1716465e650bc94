"""Small inline SVG charts (no JavaScript, no external files): they scale to a phone's width.

>>> svg = bars(["1", "2"], [3, 5], expected=[4.0, 4.0], title="faces")
>>> svg.startswith("<svg") and svg.count("<rect") == 2 and "faces" in svg
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

PALETTE = ("#2f7dd1", "#d9822b", "#3aa35b", "#c23b3b", "#8a5cc2", "#7a7a7a")


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def bars(labels: Sequence[str], values: Sequence[int], *, expected: Sequence[float] = (),
         title: str = "", width: int = 360, height: int = 180) -> str:
    """Vertical bars of ``values``; a dark tick at each ``expected`` count if given."""
    top = max([*values, *expected, 1])
    left, bottom, head = 4, 28, 16
    step = (width - 2 * left) / max(len(values), 1)
    scale = (height - bottom - head) / top
    parts = [f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{escape(title)}"><title>{escape(title)}</title>']
    small = len(labels) > 8 and max(map(len, labels), default=0) > 2
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        x = left + i * step
        h = value * scale
        y = height - bottom - h
        parts.append(f'<rect x="{_num(x + step * 0.15)}" y="{_num(y)}" '
                     f'width="{_num(step * 0.7)}" height="{_num(h)}" fill="{PALETTE[0]}">'
                     f'<title>{escape(label)}: {value}</title></rect>')
        parts.append(f'<text x="{_num(x + step / 2)}" y="{_num(y - 3)}" class="v">{value}</text>')
        cx, cy = x + step / 2, height - bottom + 12
        rot = f' transform="rotate(-60 {_num(cx)} {_num(cy)})"' if small else ""
        parts.append(f'<text x="{_num(cx)}" y="{_num(cy)}" class="l{" s" if small else ""}"'
                     f'{rot}>{escape(label)}</text>')
        if i < len(expected):
            ey = height - bottom - expected[i] * scale
            parts.append(f'<line x1="{_num(x + step * 0.05)}" x2="{_num(x + step * 0.95)}" '
                         f'y1="{_num(ey)}" y2="{_num(ey)}" class="exp"/>')
    parts.append("</svg>")
    return "".join(parts)


def grouped_hbars(rows: Sequence[str], series: Sequence[str],
                  values: Sequence[Sequence[int]], *, title: str = "", width: int = 360) -> str:
    """One group of horizontal bars per row (a player), one bar per series (a tally)."""
    top = max([v for row in values for v in row] + [1])
    bar, gap, label_w, legend_h = 10, 10, 80, 16 * len(series) + 6
    group = bar * len(series) + gap
    height = legend_h + group * len(rows) + 4
    scale = (width - label_w - 30) / top
    parts = [f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{escape(title)}"><title>{escape(title)}</title>']
    for j, name in enumerate(series):
        parts.append(f'<rect x="4" y="{4 + 16 * j}" width="10" height="10" '
                     f'fill="{PALETTE[j % len(PALETTE)]}"/>'
                     f'<text x="18" y="{13 + 16 * j}" class="k">{escape(name)}</text>')
    for i, (row, vals) in enumerate(zip(rows, values, strict=True)):
        y0 = legend_h + i * group
        parts.append(f'<text x="{label_w - 4}" y="{_num(y0 + group / 2)}" class="n">'
                     f'{escape(row)}</text>')
        for j, v in enumerate(vals):
            y = y0 + j * bar
            parts.append(f'<rect x="{label_w}" y="{y}" width="{_num(v * scale)}" '
                         f'height="{bar - 1}" fill="{PALETTE[j % len(PALETTE)]}">'
                         f'<title>{escape(row)}, {escape(series[j])}: {v}</title></rect>'
                         f'<text x="{_num(label_w + v * scale + 3)}" y="{y + bar - 2}" '
                         f'class="k">{v}</text>')
    parts.append("</svg>")
    return "".join(parts)
