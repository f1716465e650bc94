"""Top-down renders of symbol ("bone") dice, for tests, benchmarks and the simulator.

A symbol die shows a glyph instead of pips; every maker draws them differently, so the
renderer has several ``STYLES`` (body colour, glyph colours, filled or outlined glyphs).
The default faces are Bluffaneer's: ``BONE_FACES`` (treasure chest, sword, ship, skull and
bones); any other face name gets a glyph made up from its name, so a configured face set
renders too. ``render_bone_scene(faces, rng)`` returns the image and where each die is.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.synthetic import _background, _place

BONE_FACES = ("chest", "sword", "ship", "skull")
SPRITE = 128  # side of the die sprite the glyph is drawn on before it is scaled down
Colour = tuple[int, int, int]


@dataclass(frozen=True)
class BoneStyle:
    """How one set of symbol dice looks: body and glyph colours (per face, cycled)."""

    body: Colour
    glyphs: tuple[Colour, ...]
    outline: bool = False  # glyphs drawn as outlines instead of filled
    glyph_scale: float = 0.8  # glyph size / face size
    corner: float = 0.2  # corner radius / face size


STYLES: dict[str, BoneStyle] = {
    "ivory": BoneStyle((200, 225, 235), ((40, 50, 70),)),
    "black-gold": BoneStyle((30, 30, 30), ((40, 180, 220),), glyph_scale=0.75),
    "red-white": BoneStyle((40, 40, 170), ((240, 240, 240),), outline=True),
    "painted": BoneStyle((190, 215, 225), ((40, 140, 60), (150, 50, 120), (40, 40, 190),
                                           (30, 30, 30)), glyph_scale=0.85, corner=0.3),
    "wood": BoneStyle((60, 110, 160), ((20, 30, 40),), outline=True, glyph_scale=0.9,
                      corner=0.12),
    "blue-silver": BoneStyle((130, 60, 20), ((210, 210, 200),), glyph_scale=0.7, corner=0.25),
    # added after the reading was tuned on the six above, to check it on a set it never saw
    "old-bone": BoneStyle((150, 190, 205), ((30, 50, 95), (25, 25, 25)), glyph_scale=0.62,
                          corner=0.15),
}


@dataclass(frozen=True)
class DrawnFace:
    """Where a symbol die was drawn: face name, centre, box (x0, y0, x1, y1), angle, side."""

    face: str
    center: tuple[float, float]
    box: tuple[int, int, int, int]
    angle: float
    side: float


def _chest(m: np.ndarray) -> None:
    cv2.ellipse(m, (64, 58), (38, 26), 0, 180, 360, (255,), -1)
    cv2.rectangle(m, (26, 58), (102, 100), 255, -1)
    cv2.line(m, (26, 62), (102, 62), (0,), 4)
    cv2.rectangle(m, (58, 56), (70, 74), 0, -1)


def _sword(m: np.ndarray) -> None:
    blade = np.array([[64, 10], [72, 24], [72, 82], [56, 82], [56, 24]], np.int32)
    cv2.fillPoly(m, [blade], (255,))
    cv2.rectangle(m, (36, 82), (92, 92), 255, -1)
    cv2.rectangle(m, (59, 92), (69, 110), 255, -1)
    cv2.circle(m, (64, 114), 7, (255,), -1)


def _ship(m: np.ndarray) -> None:
    hull = np.array([[16, 80], [112, 80], [94, 104], [34, 104]], np.int32)
    cv2.fillPoly(m, [hull], (255,))
    cv2.rectangle(m, (61, 16), (67, 80), 255, -1)
    cv2.fillPoly(m, [np.array([[70, 20], [104, 72], [70, 72]], np.int32)], (255,))
    cv2.fillPoly(m, [np.array([[58, 30], [58, 72], [30, 72]], np.int32)], (255,))


def _skull(m: np.ndarray) -> None:
    for a, b in (((22, 22), (106, 106)), ((106, 22), (22, 106))):
        cv2.line(m, a, b, (255,), 9)
        for p in (a, b):
            cv2.circle(m, p, 8, (255,), -1)
    cv2.circle(m, (64, 54), 30, (255,), -1)
    cv2.rectangle(m, (48, 70), (80, 92), 255, -1)
    for x in (52, 76):
        cv2.circle(m, (x, 52), 8, (0,), -1)
    cv2.fillPoly(m, [np.array([[64, 62], [58, 72], [70, 72]], np.int32)], (0,))


def _made_up(name: str) -> Callable[[np.ndarray], None]:
    """A glyph for a face name without a drawing: a star-like polygon seeded by the name."""
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    n = int(rng.integers(3, 8))
    radii = rng.uniform(20, 50, 2 * n)

    def draw(m: np.ndarray) -> None:
        pts = [(64 + r * math.cos(math.pi * k / n), 64 + r * math.sin(math.pi * k / n))
               for k, r in enumerate(radii)]
        cv2.fillPoly(m, [np.array(pts, np.int32)], (255,))

    return draw


GLYPHS: dict[str, Callable[[np.ndarray], None]] = {
    "chest": _chest, "sword": _sword, "ship": _ship, "skull": _skull}


def glyph_mask(face: str, style: BoneStyle) -> np.ndarray:
    """The face's glyph as a SPRITE x SPRITE uint8 mask (255 = glyph) in the style's size."""
    big = np.zeros((SPRITE, SPRITE), np.uint8)
    GLYPHS.get(face, _made_up(face))(big)
    if style.outline:
        big = np.asarray(cv2.subtract(big, cv2.erode(big, np.ones((9, 9), np.uint8))))
    s = style.glyph_scale
    m = cv2.getRotationMatrix2D((SPRITE / 2, SPRITE / 2), 0.0, s)
    return cv2.warpAffine(big, m, (SPRITE, SPRITE), flags=cv2.INTER_LINEAR)


def _sprite(face: str, style: BoneStyle, glyph: Colour, rng: np.random.Generator,
            ) -> tuple[np.ndarray, np.ndarray]:
    """The die seen from above on a SPRITE canvas: (BGR float image, body alpha 0..1)."""
    body = np.zeros((SPRITE, SPRITE), np.uint8)
    r = max(1, int(style.corner * SPRITE))
    cv2.rectangle(body, (r, 0), (SPRITE - 1 - r, SPRITE - 1), 255, -1)
    cv2.rectangle(body, (0, r), (SPRITE - 1, SPRITE - 1 - r), 255, -1)
    for cx in (r, SPRITE - 1 - r):
        for cy in (r, SPRITE - 1 - r):
            cv2.circle(body, (cx, cy), r, (255,), -1)
    yy = np.linspace(1.06, 0.92, SPRITE, dtype=np.float32)[:, None, None]  # a soft top light
    colour = np.array(style.body, np.float32) * rng.uniform(0.92, 1.06) * yy
    colour = np.broadcast_to(colour, (SPRITE, SPRITE, 3)).copy()
    g = glyph_mask(face, style).astype(np.float32)[..., None] / 255.0
    colour = colour * (1 - g) + np.array(glyph, np.float32) * g
    return colour, body.astype(np.float32) / 255.0


def busy_background(size: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A busy floor (wood grain or speckled carpet) of size (width, height)."""
    w, h = size
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if rng.random() < 0.5:  # wood
        base = rng.uniform(80, 170) * np.array([0.6, 0.8, 1.0], np.float32)
        f = rng.uniform(6, 14)
        grain = 25 * np.sin(xx / f + 4 * np.sin(yy / rng.uniform(30, 90)))
        img = base[None, None, :] + grain[..., None]
    else:  # carpet: coloured speckles
        palette = rng.uniform(30, 220, (4, 3)).astype(np.float32)
        idx = rng.integers(0, 4, (h // 3 + 1, w // 3 + 1))
        img = cv2.resize(palette[idx], (w, h), interpolation=cv2.INTER_NEAREST)
        img = cv2.GaussianBlur(img, (0, 0), 0.8)
    img += rng.normal(0, 6, (h, w, 1)).astype(np.float32)
    return np.clip(img, 0, 255).astype(np.uint8)


def _paste(img: np.ndarray, colour: np.ndarray, alpha: np.ndarray, center: tuple[float, float],
           side: float, angle: float) -> tuple[int, int, int, int]:
    """Composite the sprite onto img, scaled to ``side`` and turned by ``angle`` (degrees)."""
    h, w = img.shape[:2]
    scale = side / SPRITE
    sigma = 0.45 / scale  # pre-blur against aliasing when shrinking
    colour = cv2.GaussianBlur(colour, (0, 0), sigma)
    alpha = cv2.GaussianBlur(alpha, (0, 0), sigma)
    m = cv2.getRotationMatrix2D((SPRITE / 2, SPRITE / 2), angle, scale)
    m[0, 2] += center[0] - SPRITE / 2
    m[1, 2] += center[1] - SPRITE / 2
    shadow = m.copy()
    shadow[:, 2] += np.array([side * 0.06, side * 0.08])
    sh = cv2.warpAffine(alpha, shadow, (w, h))[..., None]
    out = img.astype(np.float32) * (1 - 0.35 * sh)
    a = cv2.warpAffine(alpha, m, (w, h))[..., None]
    c = cv2.warpAffine(colour, m, (w, h))
    out = out * (1 - a) + c * a
    img[:] = np.clip(out, 0, 255).astype(np.uint8)
    ys, xs = np.nonzero(a[..., 0] > 0.5)
    return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1


def render_bone_scene(faces: Sequence[str], rng: np.random.Generator | int | None = None,
                      size: tuple[int, int] = (640, 480), style: str = "ivory",
                      side: float | None = None, background: np.ndarray | None = None,
                      ) -> tuple[np.ndarray, list[DrawnFace]]:
    """Render symbol dice showing ``faces`` top-down; return the BGR image and the dice.

    ``style`` is a name in ``STYLES``; ``side`` the die side in pixels (default about a
    twelfth of the shorter image side, jittered); ``background`` a BGR image of ``size``
    to draw on (default: a tray floor). Light level and colour vary a little per render.
    """
    if not isinstance(rng, np.random.Generator):
        rng = np.random.default_rng(rng)
    if style not in STYLES:
        raise ValueError(f"unknown bone dice style {style!r}; styles: {', '.join(STYLES)}")
    look = STYLES[style]
    w, h = size
    img = _background(size, rng) if background is None else background.copy()
    if side is None:
        side = min(w, h) / 12.0 * float(rng.uniform(0.85, 1.2))
    drawn: list[DrawnFace] = []
    for face, center in zip(faces, _place(len(faces), side, size, rng), strict=False):
        k = BONE_FACES.index(face) if face in BONE_FACES else zlib.crc32(face.encode())
        glyph = look.glyphs[k % len(look.glyphs)]
        angle = float(rng.uniform(0, 360))
        colour, alpha = _sprite(face, look, glyph, rng)
        box = _paste(img, colour, alpha, center, side, angle)
        drawn.append(DrawnFace(face, (float(center[0]), float(center[1])), box, angle, side))
    gain = rng.uniform(0.8, 1.15) * rng.uniform(0.93, 1.07, 3)
    lit = img.astype(np.float32) * gain + rng.normal(0, 2.5, img.shape)
    return cv2.GaussianBlur(np.clip(lit, 0, 255).astype(np.uint8), (0, 0), 0.6), drawn


def render_bone_dice(faces: Sequence[str], rng: np.random.Generator | int | None = None,
                     size: tuple[int, int] = (640, 480), style: str = "ivory") -> np.ndarray:
    """BGR image of symbol dice showing ``faces`` (the simulator's renderer signature)."""
    return render_bone_scene(faces, rng, size, style)[0]
