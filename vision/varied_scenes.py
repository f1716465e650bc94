"""Varied synthetic dice scenes for training: made to be unlike any shared photo folder.

``render_varied_scene(rng)`` draws 1-30 procedural dice as small cubes seen from above or
at a slant (up to about 45 degrees, so side faces with their own pips show; the label is
the top face's value and centre), of many colours and materials (solid, marbled,
translucent), pips black, white, gold or coloured, round or ringed, sharp or rounded
corners, 20-150 px across, scattered or touching (in ``PRESSED_SCENES`` of the scenes, dice
pressed against another edge to edge or corner to corner, turned alike: two dice the
detector must not see as one), on felt, wood, cloth, carpet, paper or
busy backgrounds, under colour casts, dim or harsh light, shadows, blur, noise, JPEG and
downscaling. A share of the dice carry simple symbols instead of pips (value 0): the
detector learns dice as cubes, not only as pip patterns. ``veins=True`` (``train.py
--veins``) draws more marbled and translucent dice, the marbled ones with sharp thin veins
(``veined``: a pip-sized loop of a vein is no pip), the translucent ones with their far
face's pips showing faintly through the top face (``far_face``). The simulator's plain
renders stay in ``vision.synthetic``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from vision.images import jpeg_roundtrip
from vision.synthetic import PIP_LAYOUT

SYMBOL = 0  # value of a die whose faces carry symbols instead of pips

# Faces adjacent to each top value, in order around it (opposite faces sum to 7).
_AROUND = {1: (2, 3, 5, 4), 2: (1, 3, 6, 4), 3: (1, 2, 6, 5), 4: (1, 2, 6, 5),
           5: (1, 3, 6, 4), 6: (2, 3, 5, 4)}


EDGE = 0.7  # a die's outline: its body's colour this much darker
SIDE_SHOWN = 0.3  # a side face showing this share of a face's area is in view (its pips count)
PRESSED_SCENES = 0.3  # share of scenes with dice pressed in pairs
PRESSED_DIE = 0.6  # ... where each later die lies against an earlier one this often
UPRIGHT_TILT = (math.radians(20), math.radians(50))  # an upright camera's slant
UPRIGHT_ROLL = 0.15  # ... and how far it is turned from upright (radians, sd)
VEIN_MATERIALS = ("solid", "marbled", "marbled", "translucent", "translucent")  # veins=True
VEIN_COLOURS = (1, 4)  # a veined die's vein colours: 1 to 3
PRESSED_TILT = 0.2  # ... seen nearly straight down (at a slant, a die drawn later would
# cover its partner's top face, which a real one cannot)


def pressed_offset(rot: np.ndarray, side: float, rng: np.random.Generator,
                   ) -> tuple[float, float]:
    """Image offset from a die (turned by ``rot``) to a die of ``side`` pressed against it,
    turned alike: edge to edge (slid along the edge by up to half a side) or corner to
    corner, a gap of 0-10%.

    >>> dx, dy = pressed_offset(np.eye(3), 30.0, np.random.default_rng(1))
    >>> 30.0 <= math.hypot(dx, dy) <= 30.0 * 1.1 * math.sqrt(2)
    True
    """
    gap = 1.0 + float(rng.uniform(0.0, 0.1))
    k = float(rng.choice([-1.0, 1.0]))
    if rng.random() < 0.6:
        cube = np.array([gap, float(rng.uniform(-0.5, 0.5)), 0.0])
    else:
        cube = np.array([gap, k * gap, 0.0])
    if rng.random() < 0.5:
        cube = cube[[1, 0, 2]]
    step = rot @ (cube * side * float(rng.choice([-1.0, 1.0])))
    return float(step[0]), float(step[1])


@dataclass(frozen=True)
class VariedDie:
    """A drawn die: top value (0 for a symbol die), top-face centre, die box, size (px), and
    its side faces in view (``SIDE_SHOWN``): each one's centre and the side of a square of
    its area (px)."""

    value: int
    center: tuple[float, float]
    box: tuple[int, int, int, int]
    size: float
    sides: tuple[tuple[float, float, float], ...] = ()


def _smooth_noise(h: int, w: int, rng: np.random.Generator, scale: float) -> np.ndarray:
    """Noise in 0..1 with features about ``scale`` pixels across."""
    sh, sw = max(2, int(h / scale) + 2), max(2, int(w / scale) + 2)
    small = rng.random((sh, sw)).astype(np.float32)
    big = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    return np.clip(big, 0, 1)


def veined(body: np.ndarray, rng: np.random.Generator) -> Callable[[int, int], np.ndarray]:
    """A marbled die's texture with sharp, thin veins (``render_varied_scene(veins=True)``):
    the level lines of a smooth noise (no flat clipped plateaus, which would fill) whose
    coordinates are pushed about by two more noises
    (so the lines wander, fork and close into loops, some as small as a pip), drawn 0.6-2 px
    wide with hard, anti-aliased edges in 1-3 colours of their own, over the die's colour
    (sometimes softly clouded first). Each call (each face) draws new veins from ``rng``.
    """
    colours = [_random_color(rng) for _ in range(int(rng.integers(*VEIN_COLOURS)))]
    if rng.random() < 0.5:  # veins far from the body: white on dark, dark on light
        colours[0] = np.full(3, 235.0 if float(body.mean()) < 128 else 25.0, np.float32)
    cloud = _random_color(rng) if rng.random() < 0.5 else None
    levels = float(rng.uniform(1.5, 5.0))

    def texture(hh: int, ww: int) -> np.ndarray:
        side = hh / 2.6  # the canvas _draw_die gives a face: about 2.6 sides
        scale = side * float(rng.uniform(0.1, 0.5))
        sh, sw = max(2, int(hh / scale) + 2), max(2, int(ww / scale) + 2)
        n = cv2.resize(rng.random((sh, sw)).astype(np.float32), (ww, hh),
                       interpolation=cv2.INTER_CUBIC)  # unclipped: no flat plateaus
        n = n + float(rng.uniform(0.0, 1.0)) / levels  # the levels anywhere between
        push = scale * float(rng.uniform(0.5, 2.0))
        yy, xx = np.mgrid[0:hh, 0:ww].astype(np.float32)
        mx = xx + (_smooth_noise(hh, ww, rng, scale * 2) - 0.5) * push
        my = yy + (_smooth_noise(hh, ww, rng, scale * 2) - 0.5) * push
        phase = cv2.remap(n, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT) * levels
        gy, gx = np.gradient(phase)
        dist = np.abs(phase - np.round(phase)) / (np.hypot(gx, gy) + 1e-6)  # px to a line
        width = float(rng.uniform(0.6, max(0.8, min(2.0, side / 40))))
        widths = width * (0.6 + 0.8 * _smooth_noise(hh, ww, rng, scale * 3))
        cover = np.clip(widths / 2 + 0.5 - dist, 0.0, 1.0)[..., None]
        out = np.broadcast_to(body, (hh, ww, 3)).astype(np.float32)
        if cloud is not None:
            k = _smooth_noise(hh, ww, rng, scale * 2)[..., None] * 0.4
            out = (out * (1 - k) + cloud * k).astype(np.float32)
        line = np.zeros((hh, ww, 3), np.float32)
        which = np.round(phase).astype(np.int64) % len(colours)
        for i, c in enumerate(colours):
            line[which == i] = c
        return out * (1 - cover) + line * cover
    return texture


def far_face(rng: np.random.Generator) -> dict:
    """How a translucent die's far face shows through its top face (``_draw_die``): its pips
    (the value opposite the top) a quarter turn any way, 0.8-0.95 of the top's spread (the
    face is further), shifted up to 0.15 of a side (refraction, a slanted view), blurred
    0.02-0.07 of a side and faint: 0.15-0.5 of the way to the pip colour.

    >>> f = far_face(np.random.default_rng(0))
    >>> 0.15 <= f["alpha"] <= 0.5 and 0.8 <= f["scale"] <= 0.95 and f["turn"] in (0, 1, 2, 3)
    True
    """
    return {"alpha": float(rng.uniform(0.15, 0.5)), "scale": float(rng.uniform(0.8, 0.95)),
            "shift": rng.uniform(-0.15, 0.15, 2), "blur": float(rng.uniform(0.02, 0.07)),
            "turn": int(rng.integers(0, 4))}


def _random_color(rng: np.random.Generator, v_range: tuple[int, int] = (30, 250),
                  s_range: tuple[int, int] = (0, 255)) -> np.ndarray:
    hsv = np.array([[[rng.integers(0, 180), rng.integers(*s_range), rng.integers(*v_range)]]],
                   np.uint8)
    return cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)


def _background(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    kind = rng.choice(["felt", "wood", "cloth", "carpet", "paper", "busy", "dark", "plain"])
    base = _random_color(rng, (20, 230), (0, 200))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "wood":
        base = np.array([rng.uniform(40, 120), rng.uniform(80, 160), rng.uniform(120, 210)],
                        np.float32)
        warp = _smooth_noise(h, w, rng, 60) * rng.uniform(5, 25)
        ang = rng.uniform(0, math.pi)
        u = xx * math.cos(ang) + yy * math.sin(ang) + warp
        grain = 0.5 + 0.5 * np.sin(u / rng.uniform(2, 8))
        tone = 0.75 + 0.25 * grain + 0.1 * (_smooth_noise(h, w, rng, 200) - 0.5)
        img = base[None, None] * tone[..., None]
    elif kind == "cloth":
        p = rng.uniform(2, 6)
        weave = 0.85 + 0.15 * (np.sin(xx * math.pi / p) * np.sin(yy * math.pi / p))
        img = base[None, None] * weave[..., None]
    elif kind == "carpet":
        speck = rng.random((h, w)).astype(np.float32)
        other = _random_color(rng)
        mix = (cv2.GaussianBlur(speck, (0, 0), 1.0) > 0.55).astype(np.float32)
        img = base[None, None] * (1 - mix[..., None]) + other[None, None] * mix[..., None]
    elif kind == "paper":
        base = np.full(3, rng.uniform(190, 250), np.float32) * rng.uniform(0.9, 1.0, 3)
        img = np.broadcast_to(base, (h, w, 3)).copy()
    elif kind == "busy":
        img = np.broadcast_to(base, (h, w, 3)).copy()
        for _ in range(int(rng.integers(5, 40))):
            c = tuple(float(v) for v in _random_color(rng))
            x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
            r = int(rng.integers(5, max(6, min(h, w) // 4)))
            if rng.random() < 0.5:
                cv2.circle(img, (x, y), r, c, -1, cv2.LINE_AA)
            elif rng.random() < 0.5:
                cv2.line(img, (x, y), (int(rng.integers(0, w)), int(rng.integers(0, h))), c,
                         int(rng.integers(1, 8)), cv2.LINE_AA)
            else:
                cv2.rectangle(img, (x, y), (x + r, y + r // 2), c, -1)
    elif kind == "dark":
        img = np.broadcast_to(np.full(3, rng.uniform(15, 70), np.float32), (h, w, 3)).copy()
    else:  # felt, plain
        img = np.broadcast_to(base, (h, w, 3)).copy()
    fine = 6.0 if kind == "felt" else 3.0
    img = img + rng.normal(0, fine, (h, w, 1)).astype(np.float32)
    return img.astype(np.float32)


def _rot(yaw: float, tilt: float, azim: float) -> np.ndarray:
    def rz(a: float) -> np.ndarray:
        c, s = math.cos(a), math.sin(a)
        return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])

    c, s = math.cos(tilt), math.sin(tilt)
    rx = np.array([[1, 0, 0], [0, c, -s], [0, s, c]])
    return rz(azim) @ rx @ rz(yaw)


def _outline(r: float, n: int = 5) -> np.ndarray:
    """Rounded-square outline on [-1, 1]^2 with corner radius r (fraction of the half side)."""
    if r <= 0.01:
        return np.array([[1, 1], [-1, 1], [-1, -1], [1, -1]], np.float64)
    pts = []
    for cx, cy, a0 in ((1 - r, 1 - r, 0), (-(1 - r), 1 - r, 90), (-(1 - r), -(1 - r), 180),
                       (1 - r, -(1 - r), 270)):
        for k in range(n + 1):
            a = math.radians(a0 + k * 90 / n)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return np.array(pts)


_CIRCLE = np.array([(math.cos(a), math.sin(a)) for a in np.linspace(0, 2 * math.pi, 16,
                                                                        endpoint=False)])


def _glyph(rng: np.random.Generator) -> list[np.ndarray]:
    """Polygons (face coordinates) of a simple symbol: cross, triangle, bar, ring, star."""
    kind = int(rng.integers(0, 5))
    if kind == 0:
        return [np.array([[-0.6, -0.12], [0.6, -0.12], [0.6, 0.12], [-0.6, 0.12]]),
                np.array([[-0.12, -0.6], [0.12, -0.6], [0.12, 0.6], [-0.12, 0.6]])]
    if kind == 1:
        return [np.array([[0, -0.6], [0.55, 0.45], [-0.55, 0.45]])]
    if kind == 2:
        return [np.array([[-0.6, -0.15], [0.6, -0.15], [0.6, 0.15], [-0.6, 0.15]])]
    if kind == 3:
        return [_CIRCLE * 0.5, _CIRCLE * 0.3]
    star = [(math.cos(a) * (0.6 if k % 2 == 0 else 0.25), math.sin(a) * (0.6 if k % 2 == 0
                                                                        else 0.25))
            for k, a in enumerate(np.linspace(-math.pi / 2, 1.5 * math.pi, 10, endpoint=False))]
    return [np.array(star)]


Sides = tuple[tuple[float, float, float], ...]


def _draw_die(img: np.ndarray, center: tuple[float, float], side: float, value: int,
              rot: np.ndarray, style: dict, rng: np.random.Generator,
              ) -> tuple[tuple[float, float], tuple[int, int, int, int], Sides]:
    """Draw one cube; return its top-face centre, its box in the image and its side faces
    in view (``VariedDie.sides``)."""
    h, w = img.shape[:2]
    half = side / 2
    pad = int(side * 1.3) + 4
    x0, y0 = int(center[0]) - pad, int(center[1]) - pad
    pw = ph = 2 * pad
    layer = np.zeros((ph, pw, 3), np.float32)
    alpha = np.zeros((ph, pw), np.float32)
    oc = np.array([center[0] - x0, center[1] - y0])
    around = _AROUND[value] if value else (1, 2, 3, 4)
    k0 = int(rng.integers(0, 4))
    # faces: (centre offset, u axis, v axis) in cube coordinates, then value
    faces = [((0, 0, 1), (1, 0, 0), (0, 1, 0), value)]
    for i, (n, u) in enumerate((((1, 0, 0), (0, 1, 0)), ((0, 1, 0), (-1, 0, 0)),
                                ((-1, 0, 0), (0, -1, 0)), ((0, -1, 0), (1, 0, 0)))):
        faces.append((n, u, (0, 0, 1), around[(i + k0) % 4]))
    light = np.array(style["light"])
    drawn = []
    for n, u, v, fv in faces:
        nn_ = rot @ np.array(n, np.float64)
        if nn_[2] <= 0.05:
            continue
        c = rot @ np.array(n, np.float64) * half
        a = rot @ np.array(u, np.float64) * half
        b = rot @ np.array(v, np.float64) * half
        shade = 0.55 + 0.45 * max(0.0, float(nn_ @ light))
        drawn.append((nn_[2], c, a, b, fv, shade, n == (0, 0, 1)))
    drawn.sort(key=lambda f: f[0])  # most slanted first, the top face last
    top_center = (center[0], center[1])
    sides: list[tuple[float, float, float]] = []
    for _, c, a, b, _, _, is_top in drawn:
        seen = abs(float(a[0] * b[1] - a[1] * b[0])) * 4 / side ** 2  # of a face's area
        if not is_top and seen >= SIDE_SHOWN:
            sides.append((float(x0 + oc[0] + c[0]), float(y0 + oc[1] + c[1]),
                          side * math.sqrt(seen)))
    for _, c, a, b, fv, shade, is_top in drawn:
        def to_px(p: np.ndarray, c: np.ndarray = c, a: np.ndarray = a,
                  b: np.ndarray = b) -> np.ndarray:
            return oc + c[:2] + p[:, :1] * a[:2] + p[:, 1:2] * b[:2]

        poly = to_px(_outline(style["corner"]))
        mask = np.zeros((ph, pw), np.uint8)
        cv2.fillPoly(mask, [np.round(poly * 16).astype(np.int32)], (255,), cv2.LINE_AA, 4)
        m = mask.astype(np.float32)[..., None] / 255.0
        face = style["texture"](ph, pw) * shade
        layer = layer * (1 - m) + face * m
        alpha = np.maximum(alpha, m[..., 0])
        edge = tuple(float(x) for x in style["body"] * shade * style.get("edge", EDGE))
        cv2.polylines(layer, [np.round(poly * 16).astype(np.int32)], True, edge,
                      max(1, round(side / 40)), cv2.LINE_AA, 4)
        pip = style["pip"] * (0.6 + 0.4 * shade)
        r = style["pip_r"]
        if is_top and fv != SYMBOL and style.get("far") is not None:
            # the far face's centre (-c) seen through the top face, its axes as the top's
            layer = _far_pips(layer, m[..., 0], 7 - fv, style, pip, side, oc - c[:2],
                              a[:2], b[:2])
        if fv == SYMBOL:
            shapes = style["glyph"]
        else:
            shapes = [_CIRCLE * r + np.array(p) * style["spread"] for p in PIP_LAYOUT[fv]]
        for s in shapes:
            q = np.round(to_px(s) * 16).astype(np.int32)
            cv2.fillPoly(layer, [q], tuple(float(x) for x in pip), cv2.LINE_AA, 4)
            if style["ring"]:
                cv2.polylines(layer, [q], True, tuple(float(x) * 0.5 for x in pip), 1,
                              cv2.LINE_AA, 4)
        if is_top:
            top_center = (float(x0 + oc[0] + c[0]), float(y0 + oc[1] + c[1]))
    ys, xs = np.nonzero(alpha > 0.3)
    if not len(xs):
        return top_center, (int(center[0]), int(center[1]), int(center[0]), int(center[1])), ()
    box = (int(x0 + xs.min()), int(y0 + ys.min()), int(x0 + xs.max()), int(y0 + ys.max()))
    # shadow, then the die (a translucent die lets the floor show through)
    sx, sy = style["shadow"] * side
    shadow = cv2.GaussianBlur(alpha, (0, 0), max(1.0, side * 0.06))
    shadow = np.roll(shadow, (int(sy), int(sx)), axis=(0, 1)) * style["shadow_k"]
    a = alpha * style["opacity"]
    X0, Y0 = max(0, x0), max(0, y0)
    X1, Y1 = min(w, x0 + pw), min(h, y0 + ph)
    if X1 <= X0 or Y1 <= Y0:
        return top_center, box, tuple(sides)
    sl = (slice(Y0 - y0, Y1 - y0), slice(X0 - x0, X1 - x0))
    region = img[Y0:Y1, X0:X1]
    region *= (1 - shadow[sl])[..., None]
    tint = region * (1 - a[sl][..., None]) * style["tint"]
    region[:] = np.where(a[sl][..., None] > 0, layer[sl] * a[sl][..., None] + tint, region)
    return top_center, box, tuple(sides)


def _far_pips(layer: np.ndarray, face: np.ndarray, value: int, style: dict, pip: np.ndarray,
              side: float, centre: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``layer`` with the far face's ``value`` pips seen faintly through the top face (whose
    coverage is ``face``): ``style["far"]`` (``far_face``) turns, shrinks, shifts, blurs and
    fades them; the far face lies at ``centre`` (layer pixels), its half axes ``a``, ``b``."""
    far = style["far"]
    h, w = face.shape
    turn = np.array([[1, 0], [0, 1]], np.float64)
    for _ in range(far["turn"]):
        turn = turn @ np.array([[0, -1], [1, 0]], np.float64)
    ghost = np.zeros((h, w), np.float32)
    shift = np.asarray(far["shift"], np.float64) * side
    for p in PIP_LAYOUT[value]:
        q = _CIRCLE * style["pip_r"] * far["scale"] + (turn @ np.array(p, np.float64)) * (
            style["spread"] * far["scale"])
        px = centre + shift + q[:, :1] * a + q[:, 1:2] * b
        cv2.fillPoly(ghost, [np.round(px * 16).astype(np.int32)], (1.0,),
                     cv2.LINE_AA, 4)
    soft = cv2.GaussianBlur(ghost, (0, 0), max(0.5, far["blur"] * side))
    fade = (soft * face * far["alpha"])[..., None]
    return layer * (1 - fade) + pip * fade


def _solid(color: np.ndarray) -> Callable[[int, int], np.ndarray]:
    def texture(hh: int, ww: int) -> np.ndarray:
        return np.broadcast_to(color, (hh, ww, 3))
    return texture


def _die_style(rng: np.random.Generator, scene: dict, veins: bool = False) -> dict:
    """A die's look. ``veins``: more marbled and translucent dice (``VEIN_MATERIALS``), the
    marbled ones ``veined``, the translucent ones showing their far face (``far_face``);
    without, the same draws from ``rng`` as before veins were drawn."""
    material = rng.choice(VEIN_MATERIALS if veins else ["solid", "solid", "marbled",
                                                        "translucent"])
    body = _random_color(rng)
    if rng.random() < 0.3:
        body = np.full(3, rng.uniform(200, 250), np.float32)  # white-ish
    elif rng.random() < 0.15:
        body = np.full(3, rng.uniform(15, 50), np.float32)  # black
    lum = float(body.mean())
    pip_kind = rng.choice(["contrast", "gold", "colored", "black", "white"])
    if pip_kind == "gold":
        pip = np.array([40, 170, 215], np.float32) * rng.uniform(0.8, 1.1)
    elif pip_kind == "colored":
        pip = _random_color(rng, (60, 255), (120, 255))
    elif pip_kind == "black":
        pip = np.full(3, rng.uniform(5, 40), np.float32)
    elif pip_kind == "white":
        pip = np.full(3, rng.uniform(215, 255), np.float32)
    else:
        pip = np.full(3, 20.0 if lum > 110 else 235.0, np.float32)
    if abs(float(pip.mean()) - lum) < 50 and pip_kind != "colored":  # keep pips visible
        pip = np.full(3, 20.0 if lum > 110 else 235.0, np.float32)
    far = None
    if veins and material == "marbled":
        texture: Callable[[int, int], np.ndarray] = veined(body, rng)
    elif material == "marbled":
        other = _random_color(rng)
        k = rng.uniform(0.3, 0.7)

        def marbled(hh: int, ww: int) -> np.ndarray:
            n = _smooth_noise(hh, ww, rng, rng.uniform(4, 12))[..., None] * k
            return body[None, None] * (1 - n) + other[None, None] * n
        texture = marbled
    else:
        texture = _solid(body)
    if veins and material == "translucent":
        far = far_face(rng)

    return {
        "body": body, "pip": pip, "texture": texture,
        "corner": float(rng.choice([0.02, rng.uniform(0.1, 0.45)])),
        "pip_r": float(rng.uniform(0.12, 0.21)), "spread": float(rng.uniform(0.95, 1.25)),
        "ring": rng.random() < 0.2,
        "opacity": float(rng.uniform(0.6, 0.85)) if material == "translucent" else 1.0,
        "tint": (body / 255.0)[None, None] if material == "translucent" else 1.0,
        "light": scene["light"], "shadow": scene["shadow"], "shadow_k": scene["shadow_k"],
        "glyph": _glyph(rng), "far": far,
    }


def _finish(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Light, colour cast, blur, noise, downscaling and JPEG."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    grad = 1 + rng.uniform(-0.35, 0.35) * (xx / w - 0.5) + rng.uniform(-0.35, 0.35) * (yy / h - 0.5)
    if rng.random() < 0.4:  # vignetting
        r2 = ((xx / w - 0.5) ** 2 + (yy / h - 0.5) ** 2) * 2
        grad *= 1 - rng.uniform(0.1, 0.5) * r2
    img = img * grad[..., None] * rng.uniform(0.45, 1.3) * rng.uniform(0.8, 1.2, 3)[None, None]
    img = np.clip(img, 0, 255)
    r = rng.random()
    if r < 0.25:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.5, 1.8))
    elif r < 0.4:
        k = int(rng.integers(3, 9))
        line = np.zeros((k, k), np.float32)
        line[k // 2] = 1.0 / k
        rot = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1)
        kern = cv2.warpAffine(line, rot, (k, k))
        img = cv2.filter2D(img, -1, kern / max(kern.sum(), 1e-6))
    img = img + rng.normal(0, rng.uniform(0, 7), img.shape).astype(np.float32)
    out = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.3:
        f = rng.uniform(0.5, 0.9)
        small = cv2.resize(out, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        out = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    if rng.random() < 0.6:
        out = jpeg_roundtrip(out, int(rng.integers(30, 95)))
    return out


def camouflaged(style: dict, floor: np.ndarray, rng: np.random.Generator) -> dict:
    """``style`` made a die the colour of the ``floor`` under it (within 12% a channel): a
    pale die on pale paper, a green one on green felt, whose body barely shows, with a
    faint outline and pips that stand out (dark, or coloured on a light floor).

    >>> rng = np.random.default_rng(2)
    >>> s = camouflaged({"body": np.zeros(3)}, np.array([220.0, 225.0, 230.0]), rng)
    >>> bool(np.all(np.abs(s["body"] - [220.0, 225.0, 230.0]) <= 0.12 * 230.0))
    True
    >>> bool(abs(float(s["pip"].mean()) - float(s["body"].mean())) >= 60), s["opacity"]
    (True, 1.0)
    """
    body = np.clip(floor * rng.uniform(0.88, 1.12, 3), 0, 255).astype(np.float32)
    lum = float(body.mean())
    if lum > 110 and rng.random() < 0.4:
        pip = _random_color(rng, (40, 150), (150, 255))  # red, blue, green pips
        if lum - float(pip.mean()) < 60:
            pip = pip * 0.4
    else:
        pip = np.full(3, rng.uniform(5, 40) if lum > 110 else rng.uniform(215, 255), np.float32)
    return dict(style, body=body, pip=pip.astype(np.float32), texture=_solid(body),
                opacity=1.0, tint=1.0, far=None, edge=float(rng.uniform(0.85, 1.0)),
                shadow_k=float(rng.uniform(0.0, 0.25)))


def render_varied_scene(rng: np.random.Generator, size: tuple[int, int] | None = None,
                        easy: bool | None = None, pressed: bool | None = None,
                        camouflage: bool = False, upright: bool = False,
                        veins: bool = False) -> tuple[np.ndarray, list[VariedDie]]:
    """A BGR scene (width, height = ``size``) and its dice. ``easy``: a few clean, isolated,
    high-contrast dice on dark cloth, many of them sixes (the cases that must never be lost).
    ``pressed``: dice pressed in pairs (seen nearly straight down only); by default in
    ``PRESSED_SCENES`` of the scenes. ``pressed=False`` draws no more from ``rng`` than the
    renders before pairs did: the same seed gives the same scene as then. ``camouflage``:
    every die the colour of the floor under it (``camouflaged``: the die a detector must
    find by its pips and faint outline), seen nearly straight down on a plain floor.
    ``upright``: seen by an upright camera at a steep slant (``UPRIGHT_TILT``), its side
    faces below the top face in the frame, as a webcam over a table or a phone held upright
    sees them (by default the camera is turned any way round). ``veins``: more marbled and
    translucent dice, with sharp veins (``veined``) and far-face pips (``far_face``)."""
    if size is None:
        size = ((640, 480), (640, 640), (720, 576), (853, 640), (480, 640))[int(rng.integers(5))]
    w, h = size
    if easy is None:
        easy = not camouflage and bool(rng.random() < 0.15)
    if easy:
        img = np.broadcast_to(np.full(3, rng.uniform(15, 80), np.float32) *
                              rng.uniform(0.85, 1.15, 3), (h, w, 3)).copy()
        img += rng.normal(0, 3, (h, w, 1)).astype(np.float32)
        n = int(rng.integers(1, 7))
        side = float(math.exp(rng.uniform(math.log(22), math.log(70))))
        tilt = rng.uniform(0, 0.3)
        spacing = 2.2
    elif camouflage:
        img = np.broadcast_to(_random_color(rng, (40, 250), (0, 160)), (h, w, 3)).copy()
        if rng.random() < 0.5:  # pale paper or a white table
            img[:] = rng.uniform(195, 245) * rng.uniform(0.93, 1.07, 3)
        img += rng.normal(0, rng.uniform(1, 6), (h, w, 1)).astype(np.float32)
        n = int(rng.integers(1, 9))
        side = float(math.exp(rng.uniform(math.log(22), math.log(110))))
        tilt = rng.uniform(0, 0.15)
        spacing = rng.uniform(1.0, 2.5)
    else:
        img = _background(h, w, rng)
        n = int(rng.integers(1, 31)) if rng.random() < 0.5 else int(rng.integers(1, 8))
        fit = math.sqrt(w * h / n) / 1.6
        side = float(math.exp(rng.uniform(math.log(20), math.log(min(150, max(21, fit))))))
        tilt = rng.uniform(0, math.radians(45)) if rng.random() < 0.5 else rng.uniform(0, 0.15)
        spacing = rng.uniform(1.0, 1.6)
    if upright:
        tilt = rng.uniform(*UPRIGHT_TILT)
    azim = rng.normal(0, UPRIGHT_ROLL) if upright else rng.uniform(0, 2 * math.pi)
    light = rng.normal(0, 1, 3)
    light[2] = abs(light[2]) + 0.5
    scene = {"light": light / np.linalg.norm(light),
             "shadow": rng.uniform(-0.12, 0.12, 2), "shadow_k": rng.uniform(0.1, 0.6)}
    if camouflage:  # light from above: a top face as light as the floor it matches
        above = np.array([rng.normal(0, 0.15), rng.normal(0, 0.15), 1.0])
        scene["light"] = above / np.linalg.norm(above)
    symbols = rng.random() < 0.15
    if pressed is None:
        pressed = rng.random() < PRESSED_SCENES
    pressed = pressed and tilt < PRESSED_TILT
    centers: list[tuple[float, float]] = []
    turns: list[float] = []
    styles: list[dict] = []
    dice = []
    margin = side * 0.4
    for _ in range(n):
        partner = int(rng.integers(len(centers))) if (
            pressed and centers and rng.random() < PRESSED_DIE) else None
        for _attempt in range(60):
            if partner is None:
                c = (rng.uniform(margin, w - margin), rng.uniform(margin, h - margin))
                clear = spacing * side * 1.15
            else:
                dx, dy = pressed_offset(_rot(turns[partner], tilt, azim), side, rng)
                c = (centers[partner][0] + dx, centers[partner][1] + dy)
                clear = 0.95 * side  # the partner is this near; the rest as usual
                if not (margin <= c[0] <= w - margin and margin <= c[1] <= h - margin):
                    continue
            if all(math.hypot(c[0] - o[0], c[1] - o[1]) >= clear for o in centers):
                break
        else:
            continue
        centers.append(c)
        value = int(rng.choice([6, 6, 5, 1, 2, 3, 4])) if easy else int(rng.integers(1, 7))
        if symbols and rng.random() < 0.7:
            value = SYMBOL
        style = _die_style(rng, scene, veins)
        if partner is not None and rng.random() < 0.5:
            style = styles[partner]  # a pair from one set of dice
        if camouflage:
            y, x = int(min(max(c[1], 0), h - 1)), int(min(max(c[0], 0), w - 1))
            style = camouflaged(style, img[y, x].copy(), rng)
        if easy:  # white with black pips, solid
            white = np.full(3, rng.uniform(215, 250), np.float32)
            style.update(body=white, opacity=1.0, tint=1.0, far=None,
                         pip=np.full(3, rng.uniform(5, 40), np.float32),
                         texture=_solid(white))
        if partner is None:
            s = side * rng.uniform(0.9, 1.1)
            yaw, lean = rng.uniform(0, 2 * math.pi), tilt + rng.uniform(-0.05, 0.05)
        else:  # turned as its partner, seen as it is; its shadow, which would fall on
            # its partner's top face, is left out
            s, yaw, lean = side, turns[partner], tilt
            style = dict(style, shadow_k=0.0)
        top, box, sides = _draw_die(img, c, s, value, _rot(yaw, lean, azim), style, rng)
        turns.append(yaw)
        styles.append(style)
        dice.append(VariedDie(value, top, box, float(s), sides))
    return _finish(img, rng), dice
