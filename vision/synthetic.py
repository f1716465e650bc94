"""Top-down renders of dice on a tray, for the simulated table and for tests.

``render_dice(values, rng)`` draws one die per value (white dice with black pips,
dark dice with light pips, or a mix), scattered without overlap on a tray-like
background. ``render_dice_scene`` also returns where each die was drawn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, Sequence

import cv2
import numpy as np

Style = Literal["white", "dark", "mixed", "colored"]

# Pip positions on a face of half-size 1 (x, y), for each value.
PIP_LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.0, 0.0),),
    2: ((-0.5, -0.5), (0.5, 0.5)),
    3: ((-0.5, -0.5), (0.0, 0.0), (0.5, 0.5)),
    4: ((-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)),
    5: ((-0.5, -0.5), (0.5, -0.5), (0.0, 0.0), (-0.5, 0.5), (0.5, 0.5)),
    6: ((-0.5, -0.5), (0.5, -0.5), (-0.5, 0.0), (0.5, 0.0), (-0.5, 0.5), (0.5, 0.5)),
}

_DARK_BODIES = ((40, 40, 150), (120, 40, 30), (40, 100, 30), (35, 35, 35), (110, 40, 90))
_COLOR_BODIES = ((40, 200, 230), (60, 60, 200), (60, 160, 60), (200, 120, 40))


@dataclass(frozen=True)
class DrawnDie:
    """Where a die was drawn: value, centre, box (x0, y0, x1, y1), angle (degrees)."""

    value: int
    center: tuple[float, float]
    box: tuple[int, int, int, int]
    angle: float
    dark: bool


def tray_floor(size: tuple[int, int], rng: np.random.Generator | int | None = None,
               ) -> np.ndarray:
    """A dice-tray floor of ``size`` (width, height), to draw several scenes on one tray."""
    return _background(size, rng if isinstance(rng, np.random.Generator)
                       else np.random.default_rng(rng))


def _background(size: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A dice-tray floor: light grey felt (sometimes tinted), gentle shading, fine grain."""
    w, h = size
    g = rng.uniform(165, 215)
    tint = np.array([1.0, 1.0, 1.0]) if rng.random() < 0.7 else rng.uniform(0.85, 1.05, 3)
    base = (g * tint).astype(np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    grad = 1.0 + 0.1 * ((xx / w - 0.5) * rng.uniform(-1, 1) + (yy / h - 0.5) * rng.uniform(-1, 1))
    img = base[None, None, :] * grad[..., None]
    noise = cv2.GaussianBlur(rng.normal(0, 5, (h, w)).astype(np.float32), (0, 0), 1.0)
    img += noise[..., None]
    return np.clip(img, 0, 255).astype(np.uint8)


def _place(n: int, side: float, size: tuple[int, int], rng: np.random.Generator,
           ) -> list[tuple[float, float]]:
    """Non-overlapping centres for n dice of the given side (bounding circle spacing)."""
    w, h = size
    margin = side * 0.8
    min_d = side * 1.5
    centers: list[tuple[float, float]] = []
    for _ in range(n):
        for _attempt in range(500):
            c = (rng.uniform(margin, w - margin), rng.uniform(margin, h - margin))
            if all(math.hypot(c[0] - o[0], c[1] - o[1]) >= min_d for o in centers):
                centers.append(c)
                break
        else:  # fall back to a grid slot that is still free
            cols = max(1, int((w - 2 * margin) // min_d))
            for k in range(10_000):
                c = (margin + (k % cols + 0.5) * min_d, margin + (k // cols + 0.5) * min_d)
                if all(math.hypot(c[0] - o[0], c[1] - o[1]) >= min_d for o in centers):
                    centers.append(c)
                    break
    return centers


def _draw_die(img: np.ndarray, value: int, center: tuple[float, float], side: float,
              angle: float, body: tuple[int, int, int], pip: tuple[int, int, int],
              rng: np.random.Generator) -> tuple[int, int, int, int]:
    sh = 4  # sub-pixel shift bits
    scale = 1 << sh
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    half = side / 2

    def to_img(x: float, y: float) -> tuple[float, float]:
        return center[0] + (x * ca - y * sa) * half, center[1] + (x * sa + y * ca) * half

    # Rounded square: a polygon of the square with cut corners + corner circles.
    r = 0.22
    pts = []
    for cx, cy, a0 in ((1 - r, 1 - r, 0), (-(1 - r), 1 - r, 90), (-(1 - r), -(1 - r), 180),
                       (1 - r, -(1 - r), 270)):
        for k in range(7):
            a = math.radians(a0 + k * 15)
            pts.append(to_img(cx + r * math.cos(a), cy + r * math.sin(a)))
    poly = np.array([[round(x * scale), round(y * scale)] for x, y in pts], np.int32)
    shadow = poly + np.array([round(side * 0.06 * scale), round(side * 0.08 * scale)], np.int32)
    overlay = img.copy()
    cv2.fillPoly(overlay, [shadow], (0, 0, 0), cv2.LINE_AA, sh)
    cv2.addWeighted(overlay, 0.35, img, 0.65, 0, dst=img)
    cv2.fillPoly(img, [poly], body, cv2.LINE_AA, sh)
    edge = tuple(int(c * 0.8) for c in body)
    cv2.polylines(img, [poly], True, edge, max(1, round(side / 30)), cv2.LINE_AA, sh)
    pip_r = side * rng.uniform(0.085, 0.105)
    for px, py in PIP_LAYOUT[value]:
        x, y = to_img(px * 1.05, py * 1.05)
        cv2.circle(img, (round(x * scale), round(y * scale)), round(pip_r * scale), pip, -1,
                   cv2.LINE_AA, sh)
    xs, ys = poly[:, 0] / scale, poly[:, 1] / scale
    return int(xs.min()), int(ys.min()), int(math.ceil(xs.max())), int(math.ceil(ys.max()))


def render_dice_scene(values: Sequence[int], rng: np.random.Generator | int | None = None,
                      size: tuple[int, int] = (640, 480), style: Style = "mixed",
                      side: float | None = None, background: np.ndarray | None = None,
                      ) -> tuple[np.ndarray, list[DrawnDie]]:
    """Render dice showing ``values`` top-down; return the BGR image and where each die is.

    ``size`` is (width, height). ``style``: "white" (white dice, black pips), "dark"
    (dark dice, light pips), "mixed" (either, per die) or "colored" (bright bodies too).
    ``side`` is the die's side in pixels (default: chosen from the image and the count);
    ``background`` a BGR image of ``size`` to draw on (default: a tray floor).
    """
    if not isinstance(rng, np.random.Generator):
        rng = np.random.default_rng(rng)
    values = [int(v) for v in values]
    if any(v < 1 or v > 6 for v in values):
        raise ValueError(f"die values must be 1..6, got {values}")
    if len(values) > 30:
        raise ValueError("at most 30 dice")
    w, h = size
    img = _background(size, rng) if background is None else background.copy()
    n = len(values)
    if side is None:
        fit = math.sqrt(w * h / max(n, 1) / 4.0)  # leaves room to scatter
        side = float(min(min(w, h) / 15.0, 32.0, fit) * rng.uniform(0.9, 1.1))
    side = max(side, 14.0)
    drawn: list[DrawnDie] = []
    for value, center in zip(values, _place(n, side, size, rng), strict=False):
        angle = float(rng.uniform(0, 90))
        dark = style == "dark" or (style in ("mixed", "colored") and rng.random() < 0.5)
        if dark:
            body = tuple(int(c) for c in np.array(_DARK_BODIES[rng.integers(len(_DARK_BODIES))])
                         * rng.uniform(0.85, 1.1))
            pip = tuple(int(v) for v in rng.integers(225, 256, 3))
        elif style == "colored" and rng.random() < 0.5:
            body = _COLOR_BODIES[rng.integers(len(_COLOR_BODIES))]
            pip = (20, 20, 20) if rng.random() < 0.5 else (245, 245, 245)
        else:
            g = int(rng.integers(220, 250))
            body = (g - int(rng.integers(0, 15)), g, g)
            pip = tuple(int(v) for v in rng.integers(10, 40, 3))
        box = _draw_die(img, value, center, side, angle, body, pip, rng)  # type: ignore[arg-type]
        drawn.append(DrawnDie(value, (float(center[0]), float(center[1])), box, angle, dark))
    img = cv2.GaussianBlur(img, (0, 0), 0.6)
    return img, drawn


def render_dice(values: Sequence[int], rng: np.random.Generator | int | None = None,
                size: tuple[int, int] = (640, 480), style: Style = "mixed",
                side: float | None = None, background: np.ndarray | None = None,
                ) -> np.ndarray:
    """BGR image (height, width, 3) of dice showing ``values`` seen from above."""
    return render_dice_scene(values, rng, size, style, side, background)[0]
