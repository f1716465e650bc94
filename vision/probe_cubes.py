"""Dice drawn as solid cubes seen by a camera at a slant, for the ``slanted-cubes`` probe.

The other probes draw each die as a flat square, and ``slanted-wood`` warps the whole flat
scene as a slanted camera would: no die there shows a side face. A real camera looking down
at a slant sees one or two side faces of every die beside its top face, each with its own
pips (the issue's slanted webcam: "side-face pips get added to the top face, 4 read as 5").
Here each die is a cube on the table, its six faces numbered as a real die's (opposite
faces sum to seven), projected through a pinhole camera ``TILT`` degrees off straight down:
every face the camera sees is its pip texture warped onto the face's projected corners,
lit by a lamp (side faces darker than the top, or lighter when they face the lamp), and the
cube casts a shadow on the table away from the lamp. The label is the top face's value, at
the projected centre of the top face, its side the square root of that face's projected
area.

Drawn apart from the training renders (``vision.varied_scenes`` draws its slanted cubes by
its own affine shear of flat faces): a true perspective projection of a cube, per face.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.synthetic import PIP_LAYOUT

TILT = (25.0, 50.0)  # the camera's view, degrees from straight down
TEXTURE = 96  # a face's pip texture, pixels across
EDGE = 0.06  # a face's bevel: the band along its edges drawn darker (x its side)

# A cube's faces: outward normal and corners (in the unit cube [-0.5, 0.5]^2 x [0, 1]), in
# the order the texture's corners (0,0), (1,0), (1,1), (0,1) map to.
_TOP = (0.0, 0.0, 1.0), ((-0.5, -0.5, 1), (0.5, -0.5, 1), (0.5, 0.5, 1), (-0.5, 0.5, 1))
_SIDES = (
    ((1.0, 0.0, 0.0), ((0.5, -0.5, 1), (0.5, 0.5, 1), (0.5, 0.5, 0), (0.5, -0.5, 0))),
    ((0.0, 1.0, 0.0), ((0.5, 0.5, 1), (-0.5, 0.5, 1), (-0.5, 0.5, 0), (0.5, 0.5, 0))),
    ((-1.0, 0.0, 0.0), ((-0.5, 0.5, 1), (-0.5, -0.5, 1), (-0.5, -0.5, 0), (-0.5, 0.5, 0))),
    ((0.0, -1.0, 0.0), ((-0.5, -0.5, 1), (0.5, -0.5, 1), (0.5, -0.5, 0), (-0.5, -0.5, 0))),
)


@dataclass(frozen=True)
class Camera:
    """A pinhole camera: focal length and principal point (pixels), the rotation whose rows
    are the camera's axes in table coordinates, and its centre on them."""

    focal: float
    principal: tuple[float, float]
    axes: np.ndarray  # (3, 3)
    centre: np.ndarray  # (3,)

    def project(self, points: np.ndarray) -> np.ndarray:
        """(N, 2) pixel positions of (N, 3) table points in front of the camera.

        >>> cam = looking_down(40.0, 1000.0, 300.0, (640.0, 360.0))
        >>> cam.project(np.zeros((1, 3))).round(1).tolist()  # the point it looks at
        [[640.0, 360.0]]
        """
        seen = (np.asarray(points, np.float64) - self.centre) @ self.axes.T
        return self.focal * seen[:, :2] / seen[:, 2:3] + np.array(self.principal)


def looking_down(tilt: float, focal: float, distance: float,
                 principal: tuple[float, float]) -> Camera:
    """A camera ``distance`` from the table point (0, 0, 0), which it looks at, ``tilt``
    degrees off straight down, from the table's -y side; image right is table +x."""
    t = np.radians(tilt)
    centre = np.array([0.0, -distance * np.sin(t), distance * np.cos(t)])
    forward = -centre / distance
    right = np.cross(forward, [0.0, 0.0, 1.0])
    right /= np.linalg.norm(right)
    down = np.cross(forward, right)
    return Camera(focal, principal, np.stack([right, down, forward]), centre)


def side_values(rng: np.random.Generator, top: int) -> list[int]:
    """The four side faces of a die showing ``top``, in order round it (+x, +y, -x, -y):
    opposite faces sum to seven.

    >>> sides = side_values(np.random.default_rng(0), 3)
    >>> sorted(sides), sides[0] + sides[2], sides[1] + sides[3]
    ([1, 2, 5, 6], 7, 7)
    """
    ring = [v for v in range(1, 7) if v not in (top, 7 - top)]
    a = int(rng.choice(ring))
    b = int(rng.choice([v for v in ring if v not in (a, 7 - a)]))
    return [a, b, 7 - a, 7 - b]


def face_texture(value: int, body: np.ndarray, pip: np.ndarray, turn: int) -> np.ndarray:
    """A face's texture: ``value`` pips of colour ``pip`` on ``body`` (BGR), its layout
    turned ``turn`` quarter turns, the edges a little darker (the bevel)."""
    n = TEXTURE
    tex = np.empty((n, n, 3), np.float32)
    tex[:] = body
    edge = int(EDGE * n)
    tex[:edge] *= 0.8
    tex[-edge:] *= 0.8
    tex[:, :edge] *= 0.8
    tex[:, -edge:] *= 0.8
    for x, y in PIP_LAYOUT[value]:
        for _ in range(turn % 4):
            x, y = -y, x
        centre = (int(n / 2 + x * 0.52 * n), int(n / 2 + y * 0.52 * n))
        cv2.circle(tex, centre, int(0.09 * n), tuple(float(c) for c in pip), -1, cv2.LINE_AA)
    return tex


def _paste(img: np.ndarray, tex: np.ndarray, quad: np.ndarray, light: float) -> None:
    """``tex`` warped onto the image quadrilateral ``quad`` (4, 2), times ``light``."""
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 1
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 1
    h, w = img.shape[:2]
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return
    n = tex.shape[0]
    src = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float32)
    warp = cv2.getPerspectiveTransform(src, (quad - [x0, y0]).astype(np.float32))
    size = (x1 - x0, y1 - y0)
    face = cv2.warpPerspective(tex, warp, size, flags=cv2.INTER_AREA)
    cover = cv2.warpPerspective(np.ones((n, n), np.float32), warp, size)[..., None]
    roi = img[y0:y1, x0:x1]
    roi[:] = roi * (1 - cover) + face * light * cover


@dataclass(frozen=True)
class Cube:
    """A die on the table: the face on top, the side faces round it (``side_values``), its
    centre on the table and turn about the vertical (degrees), its side (table units)."""

    top: int
    sides: tuple[int, ...]
    at: tuple[float, float]
    turn: float
    side: float

    def rotation(self) -> np.ndarray:
        """The cube's turn about the vertical, as a (3, 3) rotation."""
        a = np.radians(self.turn)
        return np.array([[np.cos(a), -np.sin(a), 0], [np.sin(a), np.cos(a), 0], [0, 0, 1]])

    def corners(self, face: tuple[tuple[float, float, float], ...]) -> np.ndarray:
        """A face's corners (4, 3) on the table."""
        return (np.array(face) * self.side) @ self.rotation().T + [self.at[0], self.at[1], 0.0]

    def normal(self, n: tuple[float, float, float]) -> np.ndarray:
        """A face's outward normal ``n`` (the unit cube's) on the table."""
        return self.rotation() @ np.array(n)


def draw_cube(img: np.ndarray, cam: Camera, cube: Cube, body: np.ndarray, pip: np.ndarray,
              lamp: np.ndarray, rng: np.random.Generator) -> tuple[tuple[float, float], float]:
    """Draw ``cube`` (its shadow, then every face the camera sees) into ``img``; the top
    face's projected centre and the square root of its projected area."""
    every = np.concatenate([cube.corners(c) for _, c in (_TOP, *_SIDES)])
    shadow = every - every[:, 2:3] / lamp[2] * lamp  # along the lamp's rays to the table
    hull = cv2.convexHull(cam.project(shadow).astype(np.float32)).astype(np.int32)
    mask = np.zeros(img.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, hull, (255,), cv2.LINE_AA)
    img *= 1 - 0.45 * cv2.GaussianBlur(mask, (0, 0), 2.0)[..., None].astype(np.float32) / 255
    faces = [(_TOP, cube.top)] + list(zip(_SIDES, cube.sides, strict=True))
    for (n, corners), value in faces:
        at, out = cube.corners(corners), cube.normal(n)
        if float(out @ (cam.centre - at.mean(axis=0))) <= 0:
            continue  # faces away from the camera
        light = 0.55 + 0.45 * max(0.0, float(out @ lamp))
        tex = face_texture(value, body, pip, int(rng.integers(4)))
        _paste(img, tex, cam.project(at), light)
    top = cam.project(cube.corners(_TOP[1]))
    d1, d2 = top[2] - top[0], top[3] - top[1]
    area = 0.5 * abs(float(d1[0] * d2[1] - d1[1] * d2[0]))
    (x, y), = cam.project(cube.corners(((0.0, 0.0, 1.0),)))
    return (float(x), float(y)), float(np.sqrt(area))


def on_table(cam: Camera, pixel: tuple[float, float]) -> tuple[float, float]:
    """The table point (z = 0) the camera sees at ``pixel``.

    >>> cam = looking_down(30.0, 900.0, 250.0, (640.0, 360.0))
    >>> x, y = on_table(cam, (800.0, 500.0))
    >>> cam.project(np.array([[x, y, 0.0]])).round(3).tolist()
    [[800.0, 500.0]]
    """
    ray = cam.axes.T @ np.array([(pixel[0] - cam.principal[0]) / cam.focal,
                                 (pixel[1] - cam.principal[1]) / cam.focal, 1.0])
    t = -cam.centre[2] / ray[2]
    return float(cam.centre[0] + t * ray[0]), float(cam.centre[1] + t * ray[1])
