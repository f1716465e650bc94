"""Probe scenes: dice drawn by code the networks never trained on, to check that the reader
generalises (``scripts/bench-vision`` prints a row for each; tests check the easy ones).

The training renders (``vision.synthetic``, ``vision.varied_scenes``) draw their own way;
these are drawn apart from them: each die is rasterised four times larger with its own
rounded outline and pips, turned, shrunk, and blended onto a floor, and a whole scene may be
seen through a slanted camera (a perspective warp). Kinds, after the issue's unseen
scenes:

* ``dark-cloth``: white dice about 30 px across on dark grey cloth, straight down, 720x576.
* ``slanted-wood``: a red die with yellow pips and a cream die with red pips on grey wood
  grain, a wide camera looking down at a slant, 1280x720.
* ``lone-dice``: the issue's "never lose an easy die": one to three dice of one of six
  colourings (white, black, red, blue with gold pips, green, ivory with red pips), 25 to
  150 px across, well apart on a plain floor (dark, light, mid grey or speckled, with a
  colour cast), straight down, at 640x480 or 1280x960.
* ``touching-dice``: the dark cloth's other failure, "two touching dice become one": one to
  three pairs of dice 26-60 px of those colourings, each pair touching edge to edge (slid
  along the edge) or corner to corner, on a plain floor, straight down, 720x576.

* ``pale-floor``: dice the colour of their floor, white or pastel on paper or a white
  table: one to four dice 26-90 px well apart, or one or two touching pairs, their bodies
  within a few grey levels of the floor, pips black or coloured, straight down, 720x576:
  a die found by its pips alone.
* ``spotted-floor``: one to four dice 28-60 px of the six colourings, well apart, on a
  plain floor with pip-sized spots: scattered (crumbs, ink, a speckled laminate) or printed
  in rows (a polka-dot tablecloth), straight down, 720x576: a spot on the floor is what a
  one on a die the floor's colour looks like.
* ``glossy-dice``: one to four glossy dice 30-70 px of the six colourings under a lamp: a
  hard shadow cast away from it, the face lit unevenly, and a glint of pip size on the
  face, clear of the pips, on a plain floor, straight down, 720x576: a glint is what a pip
  looks like.

* ``slanted-cubes``: two or three dice drawn as solid cubes (``vision.probe_cubes``) seen by
  a wide camera 25-50 degrees off straight down, 1280x720, each showing its top face and
  one or two side faces with their own pips, a shadow cast away from the lamp; half the
  scenes the issue's red die with yellow pips and cream die with red pips, the rest of one
  of the six colourings; on grey wood grain, a plain cloth or paper: the slanted webcam's
  side faces, which ``slanted-wood`` (flat dice, the whole scene warped) does not draw.

* ``large-dice`` (round 34): one die, or two side by side, 100-220 px, of those colourings,
  on a plain floor, 640x480: a camera close over them.
* ``tray-on-table`` (round 35): one or two dice of those colourings, 30-80 px, well apart in
  a plain square tray 200-400 px across, dark on a light table or light on a dark one,
  640x480: the frame's spread, the table against the tray, flattens a die's contrast.

* ``marbled-dice`` (round 64): two to five marbled or translucent dice 36-80 px, each of
  its own look, well apart on felt of any colour, straight down, 720x576: the felt
  photos' materials without their piles. Marbled faces swirl two colours in sharp veins
  (the training renders' marble is soft clouds); translucent ones let the felt show
  through, with their far face's pips faint inside. Pips gold, white, black or red, always
  unlike the face's colours, as dice makers ink them.
* ``marbled-set`` (round 64): the same, one player's set under a box: every scene's dice
  drawn from one set of six looks on one felt, one size (``marbled_set``): what a profile
  of a player's dice (``bluffbox teach``; ``scripts/bench-vision --teach K``) is for.

``specks_on_paper(seed)`` is a floor with no die at all: white paper with 8-30 dark or
coloured specks of pip size, where a reader should find nothing.

``empty_tray(probe, seed)`` is the same scene's floor without its dice, as another frame of
the same camera shows it: the box's empty-tray reference (``vision.reference``) for it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

import cv2
import numpy as np

from vision.images import jpeg_roundtrip
from vision.probe_cubes import TILT, Cube, draw_cube, looking_down, on_table, side_values
from vision.synthetic import PIP_LAYOUT

SUPER = 4  # dice are drawn this many times larger, then shrunk


class Probe(Enum):
    DARK_CLOTH = "dark-cloth"
    SLANTED_WOOD = "slanted-wood"
    LONE_DICE = "lone-dice"
    TOUCHING_DICE = "touching-dice"
    PALE_FLOOR = "pale-floor"
    SPOTTED_FLOOR = "spotted-floor"
    GLOSSY_DICE = "glossy-dice"
    SLANTED_CUBES = "slanted-cubes"
    LARGE_DICE = "large-dice"
    TRAY_ON_TABLE = "tray-on-table"
    MARBLED_DICE = "marbled-dice"
    MARBLED_SET = "marbled-set"


@dataclass(frozen=True)
class ProbeDie:
    value: int
    center: tuple[float, float]
    side: float


def _canvas(side: float) -> tuple[np.ndarray, int, float]:
    """An empty drawing canvas for one die of ``side`` px, ``SUPER`` times larger: (canvas,
    its middle, half the die's side there)."""
    n = int(side * SUPER * 1.6) | 1
    return np.zeros((n, n), np.uint8), n // 2, side * SUPER / 2


def _turned(layer: np.ndarray, angle: float) -> np.ndarray:
    """A canvas layer turned by ``angle`` about its middle, shrunk to the scene's scale, as
    coverage 0..1."""
    n = layer.shape[0]
    turn = cv2.getRotationMatrix2D((n // 2, n // 2), angle, 1.0)
    small = cv2.resize(cv2.warpAffine(layer, turn, (n, n)), None, fx=1 / SUPER, fy=1 / SUPER,
                       interpolation=cv2.INTER_AREA)
    return small.astype(np.float32) / 255.0


PIP_AT = 0.52  # a pip's offset from the face's centre (x the half side) per layout step
PIP_RADIUS = 0.17  # ... and its radius (x the half side)


def _die_layers(value: int, side: float, angle: float) -> tuple[np.ndarray, np.ndarray]:
    """(body, pips) coverage masks 0..1 of one die, ``side`` px, turned by ``angle``."""
    body, m, h = _canvas(side)
    r = int(side * SUPER * 0.13)
    for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        cv2.circle(body, (int(m + dx * (h - r)), int(m + dy * (h - r))), r, (255,), -1)
    cv2.rectangle(body, (int(m - h + r), int(m - h)), (int(m + h - r), int(m + h)), 255, -1)
    cv2.rectangle(body, (int(m - h), int(m - h + r)), (int(m + h), int(m + h - r)), 255, -1)
    pips = np.zeros_like(body)
    for px, py in PIP_LAYOUT[value]:
        centre = (int(m + px * h * 2 * PIP_AT), int(m + py * h * 2 * PIP_AT))
        cv2.circle(pips, centre, int(h * PIP_RADIUS), (255,), -1)
    return _turned(body, angle), _turned(pips, angle)


def _blend(img: np.ndarray, die: ProbeDie, angle: float, face: np.ndarray,
           pip: np.ndarray) -> None:
    body, pips = _die_layers(die.value, die.side, angle)
    n = body.shape[0]
    x0, y0 = int(die.center[0] - n / 2), int(die.center[1] - n / 2)
    roi = img[y0:y0 + n, x0:x0 + n]
    b, p = body[..., None], pips[..., None]
    shade = np.linspace(1.0, 0.88, n, dtype=np.float32)[None, :, None]  # light from one side
    roi[:] = roi * (1 - b) + face * shade * b
    roi[:] = roi * (1 - p) + pip * p


Blend = Callable[[np.ndarray, ProbeDie, float, np.ndarray, np.ndarray], None]


def _no_dice(img: np.ndarray, die: ProbeDie, angle: float, face: np.ndarray,
             pip: np.ndarray) -> None:
    """A ``Blend`` that draws nothing: the scene's floor alone."""


def _places(rng: np.random.Generator, n: int, side: float, w: int, h: int,
            apart: float = 1.9) -> list[tuple[float, float]]:
    """Up to ``n`` centres ``apart`` x ``side`` from each other, inside the frame (fewer
    when a thousand tries find no room)."""
    out: list[tuple[float, float]] = []
    for _ in range(1000):
        if len(out) == n:
            break
        c = (float(rng.uniform(side * 1.5, w - side * 1.5)),
             float(rng.uniform(side * 1.5, h - side * 1.5)))
        if all(np.hypot(c[0] - a, c[1] - b) > side * apart for a, b in out):
            out.append(c)
    return out


def _finish(img: np.ndarray, rng: np.random.Generator, blur: float) -> np.ndarray:
    img = cv2.GaussianBlur(img, (0, 0), blur)
    img = np.clip(img + rng.normal(0, 2.0, img.shape), 0, 255).astype(np.uint8)
    return jpeg_roundtrip(img, int(rng.integers(70, 92)))


def dark_cloth(rng: np.random.Generator, blend: Blend = _blend,
               ) -> tuple[np.ndarray, list[ProbeDie]]:
    """White dice about 30 px across on dark grey cloth, straight down, 720x576."""
    w, h = 720, 576
    grey = rng.uniform(40, 75)
    weave = cv2.GaussianBlur(rng.normal(0, 12, (h, w)).astype(np.float32), (0, 0), 1.2)
    img = np.repeat((grey + weave)[..., None], 3, axis=2)
    side = float(rng.uniform(26, 36))
    values = [int(v) for v in rng.integers(1, 7, int(rng.integers(2, 7)))]
    dice = [ProbeDie(v, c, side) for v, c in zip(values, _places(rng, len(values), side, w, h),
                                                  strict=True)]
    for d in dice:
        face = np.array([235, 238, 240], np.float32) * rng.uniform(0.85, 1.05)
        blend(img, d, float(rng.uniform(0, 90)), face, np.array([25, 25, 30], np.float32))
    return _finish(img, rng, 0.7), dice


def _wood_grain(rng: np.random.Generator, w: int, h: int, tones: tuple[float, float],
                ) -> np.ndarray:
    """A grey wood-grain floor, ``w`` x ``h``, its mean grey level drawn from ``tones``."""
    x = np.arange(w, dtype=np.float32)[None, :]
    y = np.arange(h, dtype=np.float32)[:, None]
    grain = np.sin(y / rng.uniform(5, 9) + 3 * np.sin(x / rng.uniform(150, 260)))
    tone = rng.uniform(*tones) + 14 * grain + rng.normal(0, 4, (h, w))
    return np.stack([tone * 1.02, tone, tone * 0.97], axis=2).astype(np.float32)


def slanted_wood(rng: np.random.Generator, blend: Blend = _blend,
                 ) -> tuple[np.ndarray, list[ProbeDie]]:
    """A red die with yellow pips and a cream die with red pips on grey wood grain, seen by a
    wide camera looking down at a slant, 1280x720."""
    w, h = 1280, 720
    floor = _wood_grain(rng, w, h, (105, 140))
    img = floor.copy()
    side = float(rng.uniform(60, 110))
    spots = _places(rng, 2, side, w, h)
    red = (ProbeDie(int(rng.integers(1, 7)), spots[0], side),
           np.array([40, 35, 190], np.float32), np.array([40, 210, 235], np.float32))
    cream = (ProbeDie(int(rng.integers(1, 7)), spots[1], side),
             np.array([200, 225, 235], np.float32), np.array([40, 40, 180], np.float32))
    for d, face, pip in (red, cream):
        blend(img, d, float(rng.uniform(0, 90)), face, pip)
    # the slant: the far edge of the table shrinks towards the top of the frame
    k = float(rng.uniform(0.12, 0.25)) * w
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    dst = np.array([[k, 0], [w - k, 0], [w, h], [0, h]], np.float32)
    warp = cv2.getPerspectiveTransform(src, dst)
    view = np.asarray(cv2.warpPerspective(img, warp, (w, h)), np.float32)
    seen = np.asarray(cv2.warpPerspective(np.ones((h, w), np.float32), warp, (w, h)))[..., None]
    img = view * seen + floor * (1 - seen)  # the floor goes on beyond the warped view
    moved = []
    for d, _, _ in (red, cream):
        pt = cv2.perspectiveTransform(np.array([[d.center]], np.float32), warp)[0, 0]
        moved.append(ProbeDie(d.value, (float(pt[0]), float(pt[1])), d.side))
    return _finish(img, rng, 1.0), moved


COLOURINGS = (  # (face, pips) BGR
    ((235, 238, 240), (25, 25, 30)), ((30, 30, 35), (235, 235, 235)),
    ((40, 35, 190), (235, 235, 235)), ((150, 60, 20), (60, 200, 230)),
    ((60, 150, 40), (235, 235, 235)), ((200, 225, 235), (40, 40, 180)))


def lone_dice(rng: np.random.Generator, blend: Blend = _blend,
              ) -> tuple[np.ndarray, list[ProbeDie]]:
    """One to three dice of one colouring, 25-150 px across, well apart on a plain floor,
    straight down, 640x480 or 1280x960."""
    w, h = (640, 480) if rng.random() < 0.5 else (1280, 960)
    side = float(np.exp(rng.uniform(np.log(25), np.log(min(150, h / 4)))))
    speckled = rng.random() < 0.25
    floor = float(rng.choice([50.0, 128.0, 215.0]))
    grain = rng.normal(0, 18 if speckled else 3, (h, w, 1)).astype(np.float32)
    img = np.full((h, w, 3), floor, np.float32) + grain
    if speckled:
        img = np.asarray(cv2.GaussianBlur(img, (0, 0), 1.0), np.float32)
    img = img * rng.uniform(0.85, 1.15, 3).astype(np.float32)  # a colour cast
    face, pip = (np.array(c, np.float32) for c in COLOURINGS[int(rng.integers(len(COLOURINGS)))])
    spots = _places(rng, int(rng.integers(1, 4)), side, w, h, apart=3.0)
    dice = [ProbeDie(int(rng.integers(1, 7)), c, side) for c in spots]
    for d in dice:
        blend(img, d, float(rng.uniform(0, 90)), face, pip)
    return _finish(np.clip(img, 0, 255), rng, 0.6), dice


def _pair(rng: np.random.Generator, centre: tuple[float, float], side: float, angle: float,
          ) -> tuple[tuple[float, float], tuple[float, float]]:
    """Centres of two dice of ``side`` turned by ``angle`` touching at ``centre``: edge to
    edge, slid along the edge by up to half a side, or corner to corner; a gap of 0-10%."""
    a = np.deg2rad(angle)
    along, across = np.array([np.cos(a), np.sin(a)]), np.array([-np.sin(a), np.cos(a)])
    gap = 1.0 + float(rng.uniform(0.0, 0.1))
    if rng.random() < 0.6:
        step = along * side * gap + across * side * float(rng.uniform(-0.5, 0.5))
    else:
        step = (along + across * float(rng.choice([-1.0, 1.0]))) * side * gap
    c = np.array(centre)
    first, second = c - step / 2, c + step / 2
    return (float(first[0]), float(first[1])), (float(second[0]), float(second[1]))


def touching_dice(rng: np.random.Generator, blend: Blend = _blend,
                  ) -> tuple[np.ndarray, list[ProbeDie]]:
    """One to three pairs of touching dice of one colouring, 26-60 px, on a plain floor,
    straight down, 720x576."""
    w, h = 720, 576
    side = float(rng.uniform(26, 60))
    floor = float(rng.choice([55.0, 128.0, 210.0]))
    img = np.full((h, w, 3), floor, np.float32) + rng.normal(0, 4, (h, w, 1)).astype(np.float32)
    img = img * rng.uniform(0.9, 1.1, 3).astype(np.float32)
    face, pip = (np.array(c, np.float32) for c in COLOURINGS[int(rng.integers(len(COLOURINGS)))])
    dice = _touching_pairs(img, rng, blend, int(rng.integers(1, 4)), side, face, pip)
    return _finish(np.clip(img, 0, 255), rng, 0.7), dice


def _touching_pairs(img: np.ndarray, rng: np.random.Generator, blend: Blend, n: int,
                    side: float, face: np.ndarray, pip: np.ndarray) -> list[ProbeDie]:
    """Up to ``n`` pairs of touching dice of ``side`` px drawn into ``img``, each pair
    turned alike (``_pair``), the pairs well apart."""
    h, w = img.shape[:2]
    dice: list[ProbeDie] = []
    for spot in _places(rng, n, side * 2, w, h, apart=2.2):
        angle = float(rng.uniform(0, 90))
        for c in _pair(rng, spot, side, angle):
            d = ProbeDie(int(rng.integers(1, 7)), c, side)
            blend(img, d, angle, face, pip)
            dice.append(d)
    return dice


def _apart_dice(img: np.ndarray, rng: np.random.Generator, blend: Blend, n: int, side: float,
                face: np.ndarray, pip: np.ndarray) -> list[ProbeDie]:
    """Up to ``n`` dice of ``side`` px drawn into ``img`` well apart (2.5 sides), each of
    any value, turned any way."""
    h, w = img.shape[:2]
    dice = []
    for c in _places(rng, n, side, w, h, apart=2.5):
        d = ProbeDie(int(rng.integers(1, 7)), c, side)
        blend(img, d, float(rng.uniform(0, 90)), face, pip)
        dice.append(d)
    return dice


PALE_PIPS = ((25, 25, 30), (40, 40, 180), (150, 60, 20), (40, 120, 40))  # BGR


def pale_floor(rng: np.random.Generator, blend: Blend = _blend,
               ) -> tuple[np.ndarray, list[ProbeDie]]:
    """One to four dice 26-90 px, well apart, or one or two touching pairs, their faces
    the colour of a pale floor (white paper, a white or pastel table) within a few grey
    levels, pips black or coloured, straight down, 720x576."""
    w, h = 720, 576
    side = float(np.exp(rng.uniform(np.log(26), np.log(90))))
    floor = (rng.uniform(200, 240) * rng.uniform(0.92, 1.08, 3)).astype(np.float32)
    img = np.full((h, w, 3), 1.0, np.float32) * floor + rng.normal(0, 3, (h, w, 1)).astype(
        np.float32)
    face = np.clip(floor + rng.uniform(-25, 20, 3), 0, 255).astype(np.float32)
    pip = np.array(PALE_PIPS[int(rng.integers(len(PALE_PIPS)))], np.float32)
    if rng.random() < 0.5:
        dice = _touching_pairs(img, rng, blend, int(rng.integers(1, 3)), side, face, pip)
    else:
        dice = _apart_dice(img, rng, blend, int(rng.integers(1, 5)), side, face, pip)
    return _finish(np.clip(img, 0, 255), rng, 0.7), dice


def _spots(img: np.ndarray, rng: np.random.Generator, side: float) -> None:
    """Pip-sized spots on the floor ``img``: 10-40 scattered, or a polka-dot print (rows of
    spots 0.6-1.6 dice sides apart, every other row shifted by half), dark or coloured."""
    h, w = img.shape[:2]
    floor = img[0, 0].copy()
    ink = (255.0 - floor if rng.random() < 0.3 else rng.uniform(0, 255, 3)).astype(np.float32)
    radius = max(1.5, side * float(rng.uniform(0.06, 0.14)))
    if rng.random() < 0.5:
        spots = [(float(rng.uniform(0, w)), float(rng.uniform(0, h)))
                 for _ in range(int(rng.integers(10, 41)))]
    else:
        step = side * float(rng.uniform(0.6, 1.6))
        x0, y0 = (float(v) for v in rng.uniform(0, step, 2))
        spots = [(x + (step / 2 if row % 2 else 0.0), y)
                 for row, y in enumerate(np.arange(y0, h, step)) for x in np.arange(x0, w, step)]
    for x, y in spots:
        cv2.circle(img, (int(x * SUPER), int(y * SUPER)), int(radius * SUPER),
                   tuple(float(v) for v in ink), -1, cv2.LINE_AA, shift=2)


def spotted_floor(rng: np.random.Generator, blend: Blend = _blend,
                  ) -> tuple[np.ndarray, list[ProbeDie]]:
    """One to four dice 28-60 px of one colouring, well apart, on a plain floor with
    pip-sized spots (``_spots``), straight down, 720x576."""
    w, h = 720, 576
    side = float(rng.uniform(28, 60))
    floor = rng.uniform(40, 240, 3).astype(np.float32)
    img = np.full((h, w, 3), 1.0, np.float32) * floor
    _spots(img, rng, side)
    img += rng.normal(0, 3, (h, w, 1)).astype(np.float32)
    face, pip = (np.array(c, np.float32) for c in COLOURINGS[int(rng.integers(len(COLOURINGS)))])
    dice = _apart_dice(img, rng, blend, int(rng.integers(1, 5)), side, face, pip)
    return _finish(np.clip(img, 0, 255), rng, 0.7), dice


def _glint(value: int, side: float, angle: float, rng: np.random.Generator) -> np.ndarray:
    """A lamp's glint on a glossy die's face: a small bright ellipse (half-axes 0.05-0.12 and
    0.03-0.08 of the side) on the face, clear of its pips, turned with the die; coverage
    0..1 (none where a hundred tries find no room)."""
    layer, m, h = _canvas(side)
    pips = [(x * 2 * PIP_AT, y * 2 * PIP_AT) for x, y in PIP_LAYOUT[value]]  # half sides
    a, b = float(rng.uniform(0.1, 0.24)), float(rng.uniform(0.06, 0.16))
    tilt = float(rng.uniform(0, 180))
    for u, v in rng.uniform(-0.7, 0.7, (100, 2)):
        if all(np.hypot(u - x, v - y) > PIP_RADIUS + a + 0.06 for x, y in pips):
            cv2.ellipse(layer, (int(m + u * h), int(m + v * h)), (int(a * h), int(b * h)),
                        tilt, 0, 360, (255,), -1)
            break
    return _turned(cv2.GaussianBlur(layer, (0, 0), SUPER), angle)


def glossy_dice(rng: np.random.Generator, blend: Blend = _blend,
                ) -> tuple[np.ndarray, list[ProbeDie]]:
    """One to four glossy dice 30-70 px of one colouring under a lamp, well apart on a plain
    floor, straight down, 720x576: each casts a hard shadow away from the lamp and shows a
    glint (``_glint``, 60-100% white) on its face. Shadows and glints are drawn only with
    the dice (the empty tray has neither)."""
    w, h = 720, 576
    side = float(rng.uniform(30, 70))
    floor = rng.uniform(30, 200, 3).astype(np.float32)
    img = np.full((h, w, 3), 1.0, np.float32) * floor + rng.normal(0, 3, (h, w, 1)).astype(
        np.float32)
    face, pip = (np.array(c, np.float32) for c in COLOURINGS[int(rng.integers(len(COLOURINGS)))])
    lamp = rng.normal(0, 1, 2)
    lamp /= np.linalg.norm(lamp)
    dice = []
    for c in _places(rng, int(rng.integers(1, 5)), side, w, h, apart=2.6):
        d = ProbeDie(int(rng.integers(1, 7)), c, side)
        angle = float(rng.uniform(0, 90))
        away = (-lamp * side * float(rng.uniform(0.15, 0.4))).astype(int)
        glint = _glint(d.value, side, angle, rng) * float(rng.uniform(0.6, 1.0))
        if blend is _no_dice:
            continue
        body, _ = _die_layers(d.value, side, angle)
        n = body.shape[0]
        x0, y0 = int(c[0] - n / 2), int(c[1] - n / 2)
        img[y0 + away[1]:y0 + away[1] + n, x0 + away[0]:x0 + away[0] + n] *= (
            1 - 0.55 * body[..., None])
        blend(img, d, angle, face, pip)
        roi = img[y0:y0 + n, x0:x0 + n]
        roi[:] = roi * (1 - glint[..., None]) + 255.0 * glint[..., None]
        dice.append(d)
    return _finish(np.clip(img, 0, 255), rng, 0.7), dice


CUBE_SIDE = 16.0  # a cube's side on the table (mm)
ISSUE_PAIR = (((40, 35, 190), (40, 210, 235)), ((200, 225, 235), (40, 40, 180)))  # BGR


def slanted_cubes(rng: np.random.Generator, blend: Blend = _blend,
                  tilt: tuple[float, float] = TILT) -> tuple[np.ndarray, list[ProbeDie]]:
    """Two or three dice as solid cubes on a table, seen by a wide camera at a slant
    (``vision.probe_cubes``; ``tilt``: the camera's least and most degrees off straight
    down), 1280x720: top and side faces, a lamp's shading and shadows."""
    w, h = 1280, 720
    kind = int(rng.integers(3))
    if kind == 0:
        img = _wood_grain(rng, w, h, (100, 145))
    else:  # a plain cloth or paper
        colour = rng.uniform(40, 120, 3) if kind == 1 else rng.uniform(190, 235) * rng.uniform(
            0.94, 1.06, 3)
        img = np.ones((h, w, 3), np.float32) * colour.astype(np.float32) + rng.normal(
            0, 4, (h, w, 1)).astype(np.float32)
    focal = float(rng.uniform(0.7, 1.0)) * w
    side_px = float(rng.uniform(55, 100))
    cam = looking_down(float(rng.uniform(*tilt)), focal, focal * CUBE_SIDE / side_px,
                       (w / 2, h / 2))
    up = np.radians(rng.uniform(40, 70))
    round_ = rng.uniform(0, 2 * np.pi)
    lamp = np.array([np.cos(up) * np.cos(round_), np.cos(up) * np.sin(round_), np.sin(up)])
    n = int(rng.integers(2, 4))
    colourings = ISSUE_PAIR if rng.random() < 0.5 else (COLOURINGS[int(rng.integers(6))],) * 2
    dice = []
    cubes: list[Cube] = []
    for pixel in _places(rng, 6, side_px, w, h, apart=2.4):
        if len(cubes) == n:
            break
        at = on_table(cam, pixel)
        if any(np.hypot(at[0] - c.at[0], at[1] - c.at[1]) < 2.2 * CUBE_SIDE for c in cubes):
            continue
        top = int(rng.integers(1, 7))
        cubes.append(Cube(top, tuple(side_values(rng, top)), at, float(rng.uniform(0, 90)),
                          CUBE_SIDE))
    cubes.sort(key=lambda c: c.at[1], reverse=True)  # the far ones first: near ones cover them
    for i, cube in enumerate(cubes):
        body, pip = (np.array(c, np.float32) for c in colourings[i % len(colourings)])
        if blend is _no_dice:
            continue
        centre, side = draw_cube(img, cam, cube, body, pip, lamp, rng)
        dice.append(ProbeDie(cube.top, centre, side))
    return _finish(np.clip(img, 0, 255), rng, float(rng.uniform(0.6, 1.1))), dice


def large_dice(rng: np.random.Generator, blend: Blend = _blend,
               sides: tuple[float, float] = (100.0, 220.0), two_up_to: float = 200.0,
               ) -> tuple[np.ndarray, list[ProbeDie]]:
    """One die, or two side by side (when no larger than ``two_up_to``), ``sides`` px across
    (a camera close over them: the issue asks for 25-150 px), of one colouring, on a plain
    floor, straight down, 640x480."""
    w, h = 640, 480
    side = float(rng.uniform(*sides))
    floor = float(rng.choice([50.0, 128.0, 215.0]))
    img = np.full((h, w, 3), floor, np.float32) + rng.normal(0, 3, (h, w, 1)).astype(np.float32)
    img = img * rng.uniform(0.85, 1.15, 3).astype(np.float32)  # a colour cast
    face, pip = (np.array(c, np.float32) for c in COLOURINGS[int(rng.integers(len(COLOURINGS)))])
    two = side <= two_up_to and rng.random() < 0.5  # a die's drawing spans 1.6 x its side
    cy = h / 2 + rng.uniform(-0.1, 0.1) * h
    spots = ([(w / 2 - 0.68 * side, cy), (w / 2 + 0.68 * side, cy)] if two
             else [(w / 2 + rng.uniform(-0.1, 0.1) * w, cy)])
    dice = [ProbeDie(int(rng.integers(1, 7)), c, side) for c in spots]
    for d in dice:
        blend(img, d, float(rng.uniform(0, 90)), face, pip)
    return _finish(np.clip(img, 0, 255), rng, 0.6), dice


def tray_on_table(rng: np.random.Generator, blend: Blend = _blend,
                  ) -> tuple[np.ndarray, list[ProbeDie]]:
    """One or two dice of one colouring, 30-80 px (at most a quarter of the tray), well apart
    in a plain square tray 200-400 px across, dark on a light table or light on a dark one,
    straight down, 640x480 (a dice tray on the table under the box)."""
    w, h = 640, 480
    dark = rng.random() < 0.7
    table, tray = (rng.uniform(150, 230, 3), rng.uniform(20, 100, 3)) if dark else (
        rng.uniform(30, 90, 3), rng.uniform(140, 220, 3))
    img = np.full((h, w, 3), table, np.float32)
    side = float(rng.uniform(200, min(400, h - 20)))
    cx, cy = w / 2 + rng.uniform(-0.15, 0.15) * w, h / 2 + rng.uniform(-0.05, 0.05) * h
    x0, y0 = int(cx - side / 2), int(max(5, cy - side / 2))
    cv2.rectangle(img, (x0, y0), (x0 + int(side), min(h - 5, y0 + int(side))), tray.tolist(), -1)
    img += rng.normal(0, 3, (h, w, 1)).astype(np.float32)
    die = float(rng.uniform(30, min(80.0, (side - 10) / 4)))  # room for two, well apart
    face, pip = (np.array(c, np.float32) for c in COLOURINGS[int(rng.integers(len(COLOURINGS)))])
    inner = int(min(side, h - 10 - y0))
    spots = _places(rng, int(rng.integers(1, 3)), die, int(side) - 10, inner - 10, apart=2.5)
    dice = [ProbeDie(int(rng.integers(1, 7)), (x0 + 5 + x, y0 + 5 + y), die) for x, y in spots]
    for d in dice:
        blend(img, d, float(rng.uniform(0, 90)), face, pip)
    return _finish(np.clip(img, 0, 255), rng, 0.6), dice


MARBLE_PIPS = ((50, 185, 225), (235, 235, 235), (25, 25, 30), (40, 40, 190))  # gold, white,
# black, red (BGR)
PIP_CONTRAST = 110.0  # the least distance (BGR levels) of a face's colours from its pips'
PIP_GREY_CONTRAST = 60.0  # ... and of their grey levels
GREY = np.array([0.114, 0.587, 0.299], np.float32)  # BGR -> grey


def _smooth(rng: np.random.Generator, n: int, blur: float) -> np.ndarray:
    """An ``n`` x ``n`` field of smooth noise, unit spread, its grain ``blur`` px."""
    field = cv2.GaussianBlur(rng.normal(0, 1, (n, n)).astype(np.float32), (0, 0), blur)
    return np.asarray(field / max(float(field.std()), 1e-6), np.float32)


def _unlike(rng: np.random.Generator, pip: np.ndarray) -> np.ndarray:
    """A colour at least ``PIP_CONTRAST`` from ``pip``, and ``PIP_GREY_CONTRAST`` in grey:
    dice makers ink pips to be seen."""
    while True:
        colour = rng.uniform(20, 235, 3).astype(np.float32)
        if (float(np.linalg.norm(colour - pip)) >= PIP_CONTRAST
                and abs(float((colour - pip) @ GREY)) >= PIP_GREY_CONTRAST):
            return colour


@dataclass(frozen=True)
class MarbledStyle:
    """One marbled or translucent die's look: its pips' colour and, marbled, a body colour
    swirled with veins of another (``sharp``: the veins' sharpening power), or, translucent,
    its tint and the share of the floor seen through it."""

    pip: tuple[float, float, float]
    body: tuple[float, float, float]
    vein: tuple[float, float, float] | None  # None: translucent
    sharp: float = 2.0
    through: float = 0.0


def marbled_style(rng: np.random.Generator) -> MarbledStyle:
    """A die of a marbled set: gold, white, black or red pips; 60% marbled, 40% translucent;
    every colour of its face unlike its pips' (``_unlike``)."""
    pip = np.array(MARBLE_PIPS[int(rng.integers(len(MARBLE_PIPS)))], np.float32)
    body = _unlike(rng, pip)
    if rng.random() < 0.4:
        return MarbledStyle(_bgr(pip), _bgr(body), None, through=float(rng.uniform(0.35, 0.65)))
    return MarbledStyle(_bgr(pip), _bgr(body), _bgr(_unlike(rng, pip)),
                        sharp=float(rng.uniform(1.5, 4.0)))


def _bgr(colour: np.ndarray) -> tuple[float, float, float]:
    return float(colour[0]), float(colour[1]), float(colour[2])


def _marbled(rng: np.random.Generator, n: int, side: float, style: MarbledStyle) -> np.ndarray:
    """A marbled face texture, ``n`` x ``n`` x 3: the style's body colour swirled with its
    veins (sine bands bent by smooth noise, sharpened), as stone-look dice are; each die's
    swirls its own."""
    base, vein = np.array(style.body, np.float32), np.array(style.vein, np.float32)
    y, x = np.mgrid[0:n, 0:n].astype(np.float32)
    a = float(rng.uniform(0, np.pi))
    bands = (x * np.cos(a) + y * np.sin(a)) / max(side, 1.0) * float(rng.uniform(3, 8))
    t = 0.5 + 0.5 * np.sin(bands + float(rng.uniform(2, 5)) * _smooth(rng, n, side / 5))
    t = t ** style.sharp
    return (base * (1 - t[..., None]) + vein * t[..., None]).astype(np.float32)


def _translucent(rng: np.random.Generator, roi: np.ndarray, d: ProbeDie, angle: float,
                 style: MarbledStyle) -> np.ndarray:
    """A translucent face over ``roi``: the floor seen through the style's tint, and the far
    face's pips (the opposite value, turned and shifted a little) faintly through it."""
    n = roi.shape[0]
    pip = np.array(style.pip, np.float32)
    face = roi * style.through + np.array(style.body, np.float32) * (1 - style.through)
    _, far = _die_layers(7 - d.value, d.side, angle + 90)
    shift = rng.uniform(-0.08, 0.08, 2) * d.side
    move = np.array([[1, 0, shift[0]], [0, 1, shift[1]]], np.float32)
    far = cv2.warpAffine(far, move, (n, n))
    ghost = cv2.GaussianBlur(far, (0, 0), d.side / 30)[..., None] * float(
        rng.uniform(0.15, 0.35))
    return np.asarray(face * (1 - ghost) + pip * ghost, np.float32)


def _felt(rng: np.random.Generator, colour: np.ndarray, w: int, h: int) -> np.ndarray:
    """A felt floor of ``colour``: fine fibres and uneven dye."""
    return np.asarray(np.ones((h, w, 3), np.float32) * colour
                      + 10 * _smooth(rng, max(w, h), 0.8)[:h, :w, None]
                      + 6 * _smooth(rng, max(w, h), 30)[:h, :w, None], np.float32)


def _felt_colour(rng: np.random.Generator) -> np.ndarray:
    """Any felt: coloured, or black to grey."""
    return (rng.uniform(10, 200, 3) if rng.random() < 0.7 else
            rng.uniform(10, 160) * rng.uniform(0.92, 1.08, 3)).astype(np.float32)


def _marbled_scene(rng: np.random.Generator, blend: Blend, felt: np.ndarray,
                   style_of: Callable[[], MarbledStyle], sides: tuple[float, float] = (36, 80),
                   ) -> tuple[np.ndarray, list[ProbeDie]]:
    """Two to five dice ``sides`` px (one size a scene) of ``style_of()``'s looks, well
    apart on ``felt``, straight down, 720x576."""
    w, h = 720, 576
    img = _felt(rng, felt, w, h)
    side = float(rng.uniform(*sides))
    dice = []
    for c in _places(rng, int(rng.integers(2, 6)), side, w, h, apart=2.2):
        d = ProbeDie(int(rng.integers(1, 7)), c, side)
        angle = float(rng.uniform(0, 90))
        style = style_of()
        if blend is _no_dice:
            continue
        body, pips = _die_layers(d.value, side, angle)
        n = body.shape[0]
        x0, y0 = int(c[0] - n / 2), int(c[1] - n / 2)
        roi = img[y0:y0 + n, x0:x0 + n]
        face = (_marbled(rng, n, side, style) if style.vein is not None
                else _translucent(rng, roi, d, angle, style))
        b, p = body[..., None], pips[..., None]
        roi[:] = roi * (1 - b) + face * b
        roi[:] = roi * (1 - p) + np.array(style.pip, np.float32) * p
        dice.append(d)
    return _finish(np.clip(img, 0, 255), rng, 0.7), dice


def marbled_dice(rng: np.random.Generator, blend: Blend = _blend,
                 ) -> tuple[np.ndarray, list[ProbeDie]]:
    """Two to five marbled or translucent dice 36-80 px, each of its own look
    (``marbled_style``), well apart on felt of any colour (black and dark felt too),
    straight down, 720x576: the felt photos' materials without their piles. A marbled face
    swirls two colours (``_marbled``); a translucent one lets 35-65% of the felt through
    and shows its far face's pips faintly (``_translucent``). Pips gold, white, black or
    red."""
    return _marbled_scene(rng, blend, _felt_colour(rng), lambda: marbled_style(rng))


MARBLED_SET_SEED = 7  # the marbled set's dice and felt
MARBLED_SET_DICE = 6


def marbled_set() -> tuple[tuple[MarbledStyle, ...], np.ndarray, float]:
    """One player's marbled set (``MARBLED_SET_DICE`` dice's looks), the felt of their tray
    and the dice's side in the box's frames (36-80 px)."""
    rng = np.random.default_rng(MARBLED_SET_SEED)
    styles = tuple(marbled_style(rng) for _ in range(MARBLED_SET_DICE))
    return styles, _felt_colour(rng), float(rng.uniform(36, 80))


def marbled_set_dice(rng: np.random.Generator, blend: Blend = _blend,
                     ) -> tuple[np.ndarray, list[ProbeDie]]:
    """``marbled_dice`` of one player under a box: every scene's dice from one set
    (``marbled_set``) on the same felt, a little brighter or dimmer each time, the same
    size within 5% (the camera does not move): what a profile of their dice (``bluffbox
    teach``) is for."""
    styles, felt, side = marbled_set()
    lit = felt * np.float32(rng.uniform(0.9, 1.1))
    return _marbled_scene(rng, blend, lit, lambda: styles[int(rng.integers(len(styles)))],
                          (0.95 * side, 1.05 * side))


DRAW = {Probe.DARK_CLOTH: dark_cloth, Probe.SLANTED_WOOD: slanted_wood,
        Probe.LONE_DICE: lone_dice, Probe.TOUCHING_DICE: touching_dice,
        Probe.PALE_FLOOR: pale_floor, Probe.SPOTTED_FLOOR: spotted_floor,
        Probe.GLOSSY_DICE: glossy_dice, Probe.SLANTED_CUBES: slanted_cubes,
        Probe.LARGE_DICE: large_dice, Probe.TRAY_ON_TABLE: tray_on_table,
        Probe.MARBLED_DICE: marbled_dice, Probe.MARBLED_SET: marbled_set_dice}


def probe_scene(probe: Probe, seed: int, tilt: tuple[float, float] | None = None,
                ) -> tuple[np.ndarray, list[ProbeDie]]:
    """One scene of ``probe``: the BGR image and the dice drawn in it; ``tilt``: the
    slanted-cubes scene ``seed`` seen by a camera this many degrees off straight down (the
    same dice, floor and lamp), else ValueError.

    >>> img, dice = probe_scene(Probe.DARK_CLOTH, 3)
    >>> img.shape, 2 <= len(dice) <= 6
    ((576, 720, 3), True)
    >>> [d.value for d in probe_scene(Probe.SLANTED_CUBES, 3, (10.0, 10.0))[1]] == [
    ...     d.value for d in probe_scene(Probe.SLANTED_CUBES, 3, (45.0, 45.0))[1]]
    True
    """
    if tilt is None:
        return DRAW[probe](_scene_rng(probe, seed))
    if probe is not Probe.SLANTED_CUBES:
        raise ValueError(f"only the slanted-cubes probe has a camera tilt, not {probe.value}")
    return slanted_cubes(_scene_rng(probe, seed), tilt=tilt)


def _scene_rng(probe: Probe, seed: int, *stream: int) -> np.random.Generator:
    """The random stream that draws scene ``seed`` of ``probe`` (``stream``: another one of
    the same scene)."""
    return np.random.default_rng([seed, list(Probe).index(probe), *stream])


EMPTY_NOISE = 2.0  # the empty tray's frame: its own sensor noise (grey levels), then JPEG


def empty_tray(probe: Probe, seed: int) -> np.ndarray:
    """The floor of ``probe_scene(probe, seed)`` without its dice, as another frame of the
    same camera shows it (its own sensor noise): the box's empty-tray reference for it.

    >>> img, dice = probe_scene(Probe.DARK_CLOTH, 3)
    >>> floor = empty_tray(Probe.DARK_CLOTH, 3)
    >>> floor.shape == img.shape, int(np.abs(floor.astype(int) - img).max()) > 100
    (True, True)
    """
    floor, _ = DRAW[probe](_scene_rng(probe, seed), _no_dice)
    noise = _scene_rng(probe, seed, 1).normal(0, EMPTY_NOISE, floor.shape)
    return jpeg_roundtrip(np.clip(floor + noise, 0, 255).astype(np.uint8), 85)


def specks_on_paper(seed: int) -> np.ndarray:
    """White paper with 8-30 dark or coloured specks of pip size, no die, 720x576.

    >>> specks_on_paper(1).shape
    (576, 720, 3)
    """
    rng = np.random.default_rng(seed)
    h, w = 576, 720
    paper = rng.uniform(200, 240) * rng.uniform(0.92, 1.08, 3)
    img = np.ones((h, w, 3), np.float32) * paper + rng.normal(0, 3, (h, w, 1))
    r = int(rng.uniform(3, 7))
    for _ in range(int(rng.integers(8, 30))):
        c = (int(rng.uniform(20, w - 20)), int(rng.uniform(20, h - 20)))
        ink = rng.choice([[25, 25, 30], [40, 40, 180], [150, 60, 20]])
        cv2.circle(img, c, r, tuple(float(v) for v in ink), -1, cv2.LINE_AA)
    soft = cv2.GaussianBlur(np.clip(img, 0, 255), (0, 0), 0.7)
    return jpeg_roundtrip(soft.astype(np.uint8), 85)
