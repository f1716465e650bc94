"""What the reader learns from a player's confirmed dice (``bluffbox teach``).

A ``Profile`` keeps the confirmed crops of the player's dice with their faces (pip values
1..6, or face names for symbol dice), a few crops of the background, the dice sizes and a
colour model of dice against background. From the crops it builds a bank of descriptors
(the classifier's features plus the crop's own grey levels, each crop seen turned, shifted
and rescaled), and names a new crop by its nearest neighbours in that bank with a margin
over the next face. What margin is safe is measured when teaching, by naming each picture's
dice from the other pictures only: a profile is only sure where that was never wrong.

Saved as a directory: ``profile.json`` (manifest: format, version, faces, each die's face,
size and crop file, the safe margin), ``crops/NNNN.png`` (the confirmed crops) and
``arrays.npz`` (background crops, colour model, and a cache of the descriptors tagged with
the classifier they came from; a profile taught under another classifier rebuilds them).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision import canonical as K
from vision import model as M
from vision.blobs import Place, die_blobs
from vision.looks import Look
from vision.medians import median
from vision.reference import EmptyTray, TrayLook
from vision.types import Face, parse_face

FORMAT = "bluffbox-dice-profile"
VERSION = 1
MANIFEST = "profile.json"
ARRAYS = "arrays.npz"
NONE = -1  # bank label of background crops: "not a die"
TURNS = 24  # views of each confirmed crop in the bank, this many turns of a full circle
NEG_PER_SHOT = 8  # background crops taken from each teaching picture
TOP = 3  # a face's score: mean of its TOP best similarities
MIN_MARGIN = 0.06  # the least margin over the next face that can make the profile sure
WELL_KNOWN = 2  # teaching pictures of a face before the profile may say a die is not it
FLOOR_SLACK = 0.0  # a best similarity this far under the worst one seen teaching: unsure
SEARCH = 0.06  # a roughly found place is also tried 1 and 2 times this many sides off, each way
SEARCH_OFFSETS = tuple((dx * SEARCH, dy * SEARCH) for dy in range(-2, 3) for dx in range(-2, 3))
BLOB_SIDE = 16  # the colour model looks for dice at a scale where they are this many pixels
LAB_BINS = (8, 16, 16)  # colour model bins over L, a, b
SYMBOL_VIEWS = 3  # views of each taught symbol patch per right-angle turn
SYMBOL_FLOOR_SLACK = 0.15  # symbol dice: read squares found a pixel or two off match less well
MAX_PICTURES = 60  # a profile taught again and again keeps its newest teaching pictures
TAUGHT_SLACK = 0.12  # a taught die's square found this many sides off its place: not it
SYMBOL_JITTER = (1.5, 4.0, 0.04)  # their shift (pixels), turn (degrees), rescale, at most
REALIGN_SHIFT = 0.04  # an unsure symbol die's second look: its square moved by this many sides,
REALIGN_SCALE = (0.93, 1.0)  # rescaled so (the square found with the die's shadow),
REALIGN_TURN = (-3.0, 0.0, 3.0)  # and turned by these degrees
REALIGN = tuple((dx * REALIGN_SHIFT, dy * REALIGN_SHIFT, scale, turn)
                for dy in (-1, 0, 1) for dx in (-1, 0, 1) for scale in REALIGN_SCALE
                for turn in REALIGN_TURN)


class ProfileError(ValueError):
    """A profile directory that cannot be used (missing, broken, or of another version)."""


@dataclass(frozen=True)
class TaughtDie:
    """One confirmed die in a teaching picture: its face, centre and side in pixels."""

    face: Face
    center: tuple[float, float]
    size: float


@dataclass(frozen=True)
class Shot:
    """A teaching picture (BGR) and its confirmed dice."""

    image: np.ndarray
    dice: tuple[TaughtDie, ...]


@dataclass(frozen=True)
class FaceGuess:
    """The profile's naming of one crop: face (None: not a die), confidence 0..1, sure."""

    face: Face | None
    confidence: float
    sure: bool


def check_face(face: object) -> Face:
    """``parse_face``, raising ``ProfileError``."""
    try:
        return parse_face(face)
    except ValueError as exc:
        raise ProfileError(str(exc)) from None


def classifier_fingerprint() -> int:
    """A checksum of the classifier the descriptors come from."""
    return zlib.crc32((M.MODELS / "classifier.onnx").read_bytes())


def _views(crops: np.ndarray, rng: np.random.Generator, turns: int, jitter: float,
           ) -> np.ndarray:
    """Each crop turned ``turns`` times round (from a random start), shifted and rescaled
    by up to ``jitter``."""
    c = M.CROP / 2
    out = []
    for crop in crops:
        start = rng.uniform(0, 360)
        for k in range(turns):
            angle = start + 360.0 * k / turns
            scale = 1.0 + rng.uniform(-jitter, jitter)
            m = cv2.getRotationMatrix2D((c, c), angle, scale)
            m[:, 2] = m[:, 2] + rng.uniform(-jitter, jitter, 2) * M.CROP / 2
            out.append(cv2.warpAffine(crop, m, (M.CROP, M.CROP), flags=cv2.INTER_LINEAR,
                                      borderMode=cv2.BORDER_REFLECT))
    return np.stack(out) if out else np.zeros((0, M.CROP, M.CROP, 3), np.uint8)


def describe(crops: np.ndarray) -> np.ndarray:
    """(N, CROP, CROP, 3) uint8 crops -> (N, D) unit descriptors: the classifier's features
    and the grey levels of the crop's centre, each half of the weight."""
    if len(crops) == 0:
        return np.zeros((0, 0), np.float32)
    feats = M.classifier_features(crops)
    lo, hi = M.CROP // 5, M.CROP - M.CROP // 5
    grey = np.stack([cv2.cvtColor(c, cv2.COLOR_BGR2GRAY)[lo:hi, lo:hi] for c in crops])
    grey = grey.reshape(len(crops), -1).astype(np.float32)
    grey -= grey.mean(axis=1, keepdims=True)

    def unit(x: np.ndarray) -> np.ndarray:
        return x / (np.linalg.norm(x, axis=1, keepdims=True) + 1e-6)

    return (np.hstack([unit(feats), unit(grey)]) / np.sqrt(2.0)).astype(np.float32)


class ColourModel:
    """P(die | colour) from histograms over Lab of the taught dice and their background."""

    def __init__(self, die: np.ndarray, background: np.ndarray) -> None:
        d = die.astype(np.float64) + 1.0
        b = background.astype(np.float64) + 1.0
        d, b = d / d.sum(), b / b.sum()
        self.die, self.background = die, background
        self._lut = (d / (d + b)).astype(np.float32).ravel()

    @staticmethod
    def _index(lab: np.ndarray) -> np.ndarray:
        nl, na, nb = LAB_BINS
        li = lab[..., 0].astype(np.int32) * nl // 256
        ai = lab[..., 1].astype(np.int32) * na // 256
        bi = lab[..., 2].astype(np.int32) * nb // 256
        return (li * na + ai) * nb + bi

    @classmethod
    def histogram(cls, lab_pixels: np.ndarray) -> np.ndarray:
        """Counts of (N, 3) Lab pixels over the model's bins."""
        return np.bincount(cls._index(lab_pixels), minlength=int(np.prod(LAB_BINS)))

    def die_likelihood(self, image: np.ndarray) -> np.ndarray:
        """Per pixel P(die | colour), 0..1."""
        return self._lut[self._index(cv2.cvtColor(image, cv2.COLOR_BGR2Lab))]


@dataclass
class _Bank:
    descriptors: np.ndarray  # (B, D)
    labels: np.ndarray  # (B,) face index, or NONE
    shots: np.ndarray  # (B,) teaching picture index


class Profile:
    """A player's dice as taught: confirmed crops, background crops, sizes, colours."""

    def __init__(self, faces: Sequence[Face], crops: np.ndarray, sizes: np.ndarray,
                 shots: np.ndarray, negatives: np.ndarray, negative_shots: np.ndarray,
                 colour: ColourModel, margin: float | None = None,
                 floor: float | None = None, cache: tuple[int, np.ndarray] | None = None,
                 patches: np.ndarray | None = None, look: Look = Look.AS_SEEN) -> None:
        self.faces: tuple[Face, ...] = tuple(check_face(f) for f in faces)
        self.kinds = tuple(sorted(set(self.faces), key=lambda f: (isinstance(f, str), str(f))))
        if not self.faces:
            raise ProfileError("a profile needs at least one confirmed die")
        if len({type(f) for f in self.faces}) > 1:
            raise ProfileError("a profile holds either pip values or face names, not both")
        self.crops, self.sizes, self.shots = crops, sizes.astype(np.float32), shots
        self.negatives, self.negative_shots, self.colour = negatives, negative_shots, colour
        self.look = look  # how its crops (and every frame read with it) are shown
        if self.symbols and look is not Look.AS_SEEN:
            raise ProfileError("symbol dice are read as seen")
        if self.symbols:  # symbol dice: canonical patches of each die's own square
            if patches is None or len(patches) != len(self.faces):
                patches = np.stack([_crop_patch(c, colour) for c in crops])
            self.patches = patches.astype(np.float32)
            self._bank = self._symbol_bank()
        else:
            self.patches = np.zeros((0, K.SIDE, K.SIDE), np.float32)
            self._bank = self._build_bank(cache)
        if margin is None or floor is None:
            margin, floor = self._calibrate()
        self.margin, self.floor = float(margin), float(floor)

    # ----- what the profile knows
    @property
    def symbols(self) -> bool:
        """True for symbol dice (faces are names), False for pip dice."""
        return isinstance(self.faces[0], str)

    @property
    def well_known(self) -> frozenset[Face]:
        """The faces confirmed in at least ``WELL_KNOWN`` teaching pictures: a face seen
        once may have been seen on one die of a set only (the red die's five, never the
        cream one's), so the profile cannot say a die is not that face."""
        pictures: dict[Face, set[int]] = {}
        for face, shot in zip(self.faces, self.shots.tolist(), strict=True):
            pictures.setdefault(face, set()).add(int(shot))
        return frozenset(f for f, seen in pictures.items() if len(seen) >= WELL_KNOWN)

    @property
    def side(self) -> float:
        """The median side of the taught dice, in pixels."""
        return float(median(self.sizes))

    # ----- teaching
    @classmethod
    def teach(cls, shots: Sequence[Shot], seed: int = 0, reference: EmptyTray | None = None,
              look: Look = Look.AS_SEEN) -> Profile:
        """Learn from teaching pictures and their confirmed dice (``reference``: the empty
        tray they were taken on, if known, to find symbol dice's squares), the pictures
        shown in ``look`` (``vision.teach.choose_look``)."""
        rng = np.random.default_rng(seed)
        faces: list[Face] = []
        crops, sizes, shot_ids, negs, neg_ids = [], [], [], [], []
        places: list[tuple[int, tuple[float, float], float]] = []
        die_hist = np.zeros(int(np.prod(LAB_BINS)), np.int64)
        bg_hist = np.zeros_like(die_hist)
        for i, shot in enumerate(shots):
            if shot.image is None or shot.image.ndim != 3 or min(shot.image.shape[:2]) < 8:
                raise ProfileError(f"teaching picture {i + 1} is not a colour image")
            image = look.shown(shot.image)
            h, w = image.shape[:2]
            lab = cv2.cvtColor(image, cv2.COLOR_BGR2Lab)
            yy, xx = np.mgrid[0:h, 0:w]
            inside = np.zeros((h, w), bool)
            near = np.zeros((h, w), bool)
            for d in shot.dice:
                faces.append(check_face(d.face))
                crops.append(M.crop_uint8(image, d.center, d.size))
                sizes.append(d.size)
                shot_ids.append(i)
                places.append((i, d.center, d.size))
                r2 = (xx - d.center[0]) ** 2 + (yy - d.center[1]) ** 2
                inside |= r2 < (0.38 * d.size) ** 2
                near |= r2 < (0.9 * d.size) ** 2
            die_hist += ColourModel.histogram(lab[inside])
            bg_hist += ColourModel.histogram(lab[~near])
            side = float(median([d.size for d in shot.dice])) if shot.dice else min(h, w) / 10
            free = np.argwhere(~cv2.dilate(near.astype(np.uint8), np.ones((3, 3), np.uint8),
                                           iterations=max(1, int(side / 3))).astype(bool))
            free = free[(free[:, 0] > side) & (free[:, 0] < h - side)
                        & (free[:, 1] > side) & (free[:, 1] < w - side)]
            for y, x in free[rng.choice(len(free), min(NEG_PER_SHOT, len(free)), replace=False)]:
                negs.append(M.crop_uint8(image, (float(x), float(y)), side))
                neg_ids.append(i)
        empty = np.zeros((0, M.CROP, M.CROP, 3), np.uint8)
        colour = ColourModel(die_hist, bg_hist)
        patches = None
        if faces and isinstance(faces[0], str):  # symbol dice: each die's own square, upright
            patches = np.stack([_image_patch(shots[i].image, c, size, colour, reference)
                                for i, c, size in places])
        return cls(faces, np.stack(crops) if crops else empty, np.array(sizes),
                   np.array(shot_ids, np.int32), np.stack(negs) if negs else empty,
                   np.array(neg_ids, np.int32), colour, patches=patches, look=look)

    def joined(self, later: Profile, keep: int = MAX_PICTURES) -> Profile:
        """This profile taught more: its dice and ``later``'s, as one profile (the margin
        and floor measured again over both). At most ``keep`` teaching pictures are kept,
        the newest; the colour model keeps every picture's colours. Pip dice and symbol
        dice do not mix (``ProfileError``).

        >>> import numpy as np
        >>> img = np.full((120, 160, 3), 90, np.uint8)
        >>> one = Profile.teach([Shot(img, (TaughtDie(3, (40.0, 60.0), 30.0),))])
        >>> two = one.joined(one)
        >>> len(two.faces), two.shots.tolist()
        (2, [0, 1])
        >>> len(one.joined(one, keep=1).faces)
        1
        """
        if later.symbols != self.symbols:
            raise ProfileError("pip dice and symbol dice cannot be taught into one profile")
        if later.look is not self.look:
            raise ProfileError(f"dice taught {self.look.value} and {later.look.value} cannot "
                               "be taught into one profile")
        if keep < 1:
            raise ValueError(f"a profile keeps at least one teaching picture, not {keep}")
        first = int(self.shots.max()) + 1 if len(self.shots) else 0
        shots = np.concatenate([self.shots, later.shots + first]).astype(np.int32)
        neg_shots = np.concatenate([self.negative_shots, later.negative_shots + first])
        pictures = np.unique(np.concatenate([shots, neg_shots]))
        oldest = int(pictures[-keep]) if len(pictures) > keep else int(pictures[0])
        kept, kept_neg = shots >= oldest, neg_shots >= oldest
        # renumber the kept pictures 0, 1, 2 ... in their order
        renumber = {int(p): k for k, p in enumerate(pictures[pictures >= oldest])}

        def numbered(ids: np.ndarray) -> np.ndarray:
            return np.array([renumber[int(i)] for i in ids], np.int32)

        faces = [f for f, k in zip([*self.faces, *later.faces], kept, strict=True) if k]
        colour = ColourModel(self.colour.die + later.colour.die,
                             self.colour.background + later.colour.background)
        return type(self)(faces, np.concatenate([self.crops, later.crops])[kept],
                          np.concatenate([self.sizes, later.sizes])[kept], numbered(shots[kept]),
                          np.concatenate([self.negatives, later.negatives])[kept_neg],
                          numbered(neg_shots[kept_neg]), colour,
                          patches=(np.concatenate([self.patches, later.patches])[kept]
                                   if self.symbols else None), look=self.look)

    def _build_bank(self, cache: tuple[int, np.ndarray] | None) -> _Bank:
        rng = np.random.default_rng(0)
        per, neg_turns = TURNS, 4
        views = np.concatenate([_views(self.crops, rng, per, 0.06),
                                _views(self.negatives, rng, neg_turns, 0.1)])
        fp = classifier_fingerprint()
        if cache is not None and cache[0] == fp and len(cache[1]) == len(views):
            desc = cache[1]
        else:
            desc = describe(views)
        index = {f: k for k, f in enumerate(self.kinds)}
        labels = np.concatenate([np.repeat([index[f] for f in self.faces], per),
                                 np.full(len(self.negatives) * neg_turns, NONE)])
        shots = np.concatenate([np.repeat(self.shots, per),
                                np.repeat(self.negative_shots, neg_turns)])
        return _Bank(desc, labels.astype(np.int32), shots.astype(np.int32))

    def _symbol_bank(self) -> _Bank:
        """Each taught patch in its four right-angle turns, each slightly shifted, turned
        and rescaled ``SYMBOL_VIEWS`` times (the square is found to a pixel or two)."""
        rng = np.random.default_rng(0)
        views = _patch_views(self.patches, rng, SYMBOL_VIEWS, SYMBOL_JITTER, turned=True)
        per = 4 * SYMBOL_VIEWS
        index = {f: k for k, f in enumerate(self.kinds)}
        labels = np.repeat([index[f] for f in self.faces], per).astype(np.int32)
        desc = K.describe(views)
        self._centre = desc.mean(axis=0)  # what every face's patch shares: the die's body
        return _Bank(self._symbol_describe(views), labels,
                     np.repeat(self.shots, per).astype(np.int32))

    def _symbol_describe(self, patches: np.ndarray | list[np.ndarray]) -> np.ndarray:
        """Symbol patches' descriptors less what every taught face shares (the die's body,
        edges and corners), so that two faces differ by their glyphs only."""
        desc = K.describe(patches) - self._centre
        return desc / (np.linalg.norm(desc, axis=1, keepdims=True) + 1e-6)

    def _scores(self, desc: np.ndarray, leave_out: np.ndarray | None = None,
                ) -> np.ndarray:
        """(N, kinds + 1) face scores (last column: not a die); -1 where nothing to compare."""
        # einsum, not BLAS: for a few rows BLAS's thread start-up costs more than the sums
        sim = np.einsum("id,bd->ib", desc, self._bank.descriptors)
        if leave_out is not None:
            sim = np.where(self._bank.shots[None, :] == leave_out[:, None], -2.0, sim)
        out = np.full((len(desc), len(self.kinds) + 1), -1.0, np.float32)
        for k in [*range(len(self.kinds)), NONE]:
            cols = sim[:, self._bank.labels == k]
            if cols.shape[1]:
                n = min(TOP, cols.shape[1])
                top = np.partition(cols, cols.shape[1] - n, axis=1)[:, -n:]
                valid = top > -1.5
                out[:, k] = np.where(valid.any(axis=1), (top * valid).sum(1)
                                     / np.maximum(valid.sum(1), 1), -1.0)
        return out

    def _calibrate(self) -> tuple[float, float]:
        """The safe margin and similarity floor, from naming each picture's dice from the
        other pictures (jittered views, as a detector would crop them)."""
        if len(set(self.shots.tolist())) < 2:
            return 2 * MIN_MARGIN, 0.0
        rng = np.random.default_rng(1)
        if self.symbols:
            views = _patch_views(self.patches, rng, 4, SYMBOL_JITTER)
            scores = self._scores(self._symbol_describe(views), np.repeat(self.shots, 4))
        else:
            views = _views(self.crops, rng, 4, 0.1)
            scores = self._scores(describe(views), np.repeat(self.shots, 4))
        truth = np.repeat([self.kinds.index(f) for f in self.faces], 4)
        best, margin, top = _best(scores)
        wrong = best != truth
        need = max(MIN_MARGIN, float(margin[wrong].max()) + 0.01 if wrong.any() else 0.0)
        right = ~wrong
        slack = SYMBOL_FLOOR_SLACK if self.symbols else FLOOR_SLACK
        floor = float(np.quantile(top[right], 0.02)) - slack if right.any() else 0.0
        return need, floor

    # ----- reading
    def name(self, image: np.ndarray, places: Sequence[Place], search: bool = False,
             tray: TrayLook | None = None) -> list[tuple[Place, FaceGuess]]:
        """Name the die (or no die) at each (centre, side) place of a BGR image.

        Symbol dice: each die's own square is found near the place (``vision.canonical``;
        ``tray``, the image against the empty tray, helps) and its upright patch compared
        with the taught ones in four right-angle turns; no square found: no die.

        With ``search`` (places found roughly, e.g. as colour blobs) each place is also
        tried shifted by up to ``2 * SEARCH`` sides each way; the best-matching crop is kept,
        and it is sure only if the crop as found names the same face (a lucky crop between
        two faces does not make it sure).
        """
        if not places:
            return []
        if self.symbols:
            return self._name_symbols(image, places, tray)
        offsets = SEARCH_OFFSETS if search else ((0.0, 0.0),)
        n = len(offsets)
        tries = [((c[0] + dx * s, c[1] + dy * s), s) for c, s in places for dx, dy in offsets]
        crops = np.stack([M.crop_uint8(image, c, s) for c, s in tries])
        scores = self._scores(describe(crops))
        out = []
        for i in range(len(places)):
            block = scores[i * n:(i + 1) * n]
            k = int(np.argmax(block.max(axis=1)))
            b = int(np.argmax(block[k]))
            others = np.delete(block[k], b)
            mg = float(block[k, b] - (others.max() if len(others) else -1.0))
            if int(np.argmax(block[n // 2])) != b:  # the crop as found disagrees
                mg = min(mg, 0.0)
            face = None if b == len(self.kinds) else self.kinds[b]
            conf = float(np.clip(0.5 * mg / self.margin, 0.0, 1.0))
            sure = bool(mg >= self.margin and block[k, b] >= self.floor)
            out.append((tries[i * n + k], FaceGuess(face, round(conf, 3), sure)))
        return out

    def _name_symbols(self, image: np.ndarray, places: Sequence[Place],
                      tray: TrayLook | None) -> list[tuple[Place, FaceGuess]]:
        squares = [K.locate(image, c, self.side, self.colour.die, LAB_BINS, tray)
                   for c, _ in places]
        found = [i for i, q in enumerate(squares) if q is not None]
        out = [(p, FaceGuess(None, 0.0, False)) for p in places]
        if not found:
            return out
        patches = [K.canonical(image, q) for i, q in enumerate(squares) if q is not None]
        best, margin, top = _best(self._scores(self._symbol_describe(patches)))
        for j, i in enumerate(found):
            q = squares[i]
            assert q is not None
            b, mg = int(best[j]), float(margin[j])
            if top[j] >= self.floor and mg < self.margin:  # unsure: a second look
                b2, mg2 = self._realigned(image, q)
                if b2 == b:
                    mg = max(mg, mg2)
            conf = float(np.clip(0.5 * mg / self.margin, 0.0, 1.0))
            sure = bool(mg >= self.margin and top[j] >= self.floor)
            out[i] = ((q.center, q.side), FaceGuess(self.kinds[b], round(conf, 3), sure))
        return out

    def _realigned(self, image: np.ndarray, q: K.Square) -> tuple[int, float]:
        """A second look at a die named unsurely: its square shifted, rescaled and turned a
        little (the square is found a pixel or two off, or with its shadow); each face
        scored by its best-matching view. The best face and its margin over the next."""
        views = [K.canonical(image, K.Square((q.center[0] + dx * q.side,
                                              q.center[1] + dy * q.side),
                                             q.side * scale, q.angle + turn))
                 for dx, dy, scale, turn in REALIGN]
        faces = self._scores(self._symbol_describe(views))[:, :len(self.kinds)].max(axis=0)
        order = np.argsort(-faces)
        second = float(faces[order[1]]) if len(order) > 1 else -1.0
        return int(order[0]), float(faces[order[0]]) - second

    def places(self, image: np.ndarray) -> list[Place]:
        """Die-sized blobs of die colour (for dice the detector missed)."""
        f = min(1.0, BLOB_SIDE / self.side)  # looked at where a die is BLOB_SIDE pixels
        small = cv2.resize(image, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        p = cv2.GaussianBlur(self.colour.die_likelihood(small), (5, 5), 0)
        found = die_blobs((p > 0.5).astype(np.uint8), self.side * f)
        return [((c[0] / f, c[1] / f), s / f) for c, s in found]

    # ----- saving
    def save(self, directory: Path | str) -> Path:
        """Write the profile into ``directory`` (made if needed); return the manifest path."""
        d = Path(directory)
        (d / "crops").mkdir(parents=True, exist_ok=True)
        dice = []
        for i, (face, crop, size, shot) in enumerate(zip(self.faces, self.crops, self.sizes,
                                                         self.shots, strict=True)):
            name = f"crops/{i:04d}.png"
            if not cv2.imwrite(str(d / name), crop):
                raise ProfileError(f"cannot write {d / name}")
            dice.append({"face": face, "size": round(float(size), 2), "shot": int(shot),
                         "crop": name})
        np.savez_compressed(d / ARRAYS, negatives=self.negatives,
                            negative_shots=self.negative_shots, die_colour=self.colour.die,
                            background_colour=self.colour.background,
                            fingerprint=np.array(classifier_fingerprint(), np.int64),
                            descriptors=self._bank.descriptors,
                            patches=self.patches.astype(np.float16))
        manifest = {"format": FORMAT, "version": VERSION, "faces": list(self.kinds),
                    "margin": self.margin, "floor": self.floor, "look": self.look.value,
                    "dice": dice}
        path = d / MANIFEST
        path.write_text(json.dumps(manifest, indent=1) + "\n")
        return path

    @classmethod
    def load(cls, directory: Path | str) -> Profile:
        """Read a profile directory; a missing or broken one raises ``ProfileError``."""
        d = Path(directory)
        path = d / MANIFEST
        if not path.is_file():
            raise ProfileError(f"{d}: not a dice profile (no {MANIFEST}; make one with "
                               "bluffbox teach)")
        try:
            manifest = json.loads(path.read_text())
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ProfileError(f"{path}: unreadable ({exc}); teach the dice again") from exc
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise ProfileError(f"{path}: not a bluffbox dice profile")
        if manifest.get("version") != VERSION:
            raise ProfileError(f"{path}: profile version {manifest.get('version')!r}, this "
                               f"bluffbox reads version {VERSION}; teach the dice again")
        try:
            dice = manifest["dice"]
            faces = [check_face(x["face"]) for x in dice]
            sizes = np.array([float(x["size"]) for x in dice])
            shots = np.array([int(x["shot"]) for x in dice], np.int32)
            crops = []
            for x in dice:
                crop = cv2.imread(str(d / str(x["crop"])), cv2.IMREAD_COLOR)
                if crop is None or crop.shape != (M.CROP, M.CROP, 3):
                    raise ProfileError(f"{d / str(x['crop'])}: missing or not a "
                                       f"{M.CROP}x{M.CROP} crop")
                crops.append(crop)
            with np.load(d / ARRAYS) as arrays:
                negatives = arrays["negatives"]
                negative_shots = arrays["negative_shots"]
                colour = ColourModel(arrays["die_colour"], arrays["background_colour"])
                cache = (int(arrays["fingerprint"]), arrays["descriptors"])
                patches = arrays["patches"] if "patches" in arrays.files else None
            margin, floor = float(manifest["margin"]), float(manifest["floor"])
            look = Look(manifest.get("look", Look.AS_SEEN.value))  # older profiles: as seen
        except ProfileError:
            raise
        except (OSError, KeyError, TypeError, ValueError, zlib.error) as exc:
            raise ProfileError(f"{d}: broken profile ({type(exc).__name__}: {exc}); "
                               "teach the dice again") from exc
        empty = np.zeros((0, M.CROP, M.CROP, 3), np.uint8)
        return cls(faces, np.stack(crops) if crops else empty, sizes, shots, negatives,
                   negative_shots, colour, margin, floor, cache, patches, look)


def _image_patch(image: np.ndarray, center: tuple[float, float], size: float,
                 colour: ColourModel, reference: EmptyTray | None = None) -> np.ndarray:
    """The canonical patch of the taught die at ``center``: its own square where one is
    found there (within ``TAUGHT_SLACK`` of the taught place and size), else the taught
    place turned as its edges are."""
    tray = None if reference is None else reference.look(image)
    q = K.locate(image, center, size, colour.die, LAB_BINS, tray)
    if q is None or (np.hypot(q.center[0] - center[0], q.center[1] - center[1])
                     > TAUGHT_SLACK * size or abs(q.side - size) > TAUGHT_SLACK * size):
        q = K.placed(image, center, size)
    return K.canonical(image, q)


def _crop_patch(crop: np.ndarray, colour: ColourModel) -> np.ndarray:
    """The canonical patch from a saved crop (the die centred, CROP / CROP_FACTOR across)."""
    c = (M.CROP / 2, M.CROP / 2)
    return _image_patch(crop, c, M.CROP / M.CROP_FACTOR, colour)


def _patch_views(patches: np.ndarray, rng: np.random.Generator, n: int,
                 jitter: tuple[float, float, float], turned: bool = False) -> np.ndarray:
    """``n`` views of each patch (the first as it is), shifted, turned and rescaled by up
    to ``jitter``; with ``turned``, each also in its four right-angle turns."""
    c = K.SIDE / 2
    shift, angle, scale = jitter
    out: list[np.ndarray] = []
    for p in patches:
        for k in range(n):
            a = rng.uniform(-angle, angle) if k else 0.0
            m = cv2.getRotationMatrix2D((c, c), a, 1.0 + (rng.uniform(-scale, scale) if k else 0))
            if k:
                m[:, 2] = m[:, 2] + rng.uniform(-shift, shift, 2)
            v = cv2.warpAffine(p, m, (K.SIDE, K.SIDE), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
            out.extend(K.turns(v) if turned else [v])
    return np.asarray(out, np.float32).reshape(len(out), K.SIDE, K.SIDE)


def _best(scores: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per row: the best column, its margin over the runner-up, and its score."""
    order = np.argsort(-scores, axis=1)
    rows = np.arange(len(scores))
    top = scores[rows, order[:, 0]]
    second = scores[rows, order[:, 1]] if scores.shape[1] > 1 else np.full(len(scores), -1.0)
    return order[:, 0], top - second, top
