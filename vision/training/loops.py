"""The training loops: the detector's (focal loss on the heat map, smooth L1 on the log size)
and the classifier's (soft targets, distillation from exported teachers, weight averaging).
"""

from __future__ import annotations

import time
from pathlib import Path

import cv2
import numpy as np
import torch
import torch.nn.functional as F

from vision import model as M
from vision.training.examples import (
    FORESHORTEN,
    PART,
    cls_example,
    det_example,
    face_crop,
    part_of,
)
from vision.training.nets import WIDTHS, Classifier, Detector, load_onnx_weights
from vision.training.samples import FOLDERS, UPRIGHT, Sample


def focal_loss(logit: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    p = torch.sigmoid(logit).clamp(1e-4, 1 - 1e-4)
    pos = target.ge(0.99).float()
    neg = 1.0 - pos
    pos_loss = -torch.log(p) * (1 - p) ** 2 * pos
    neg_loss = -torch.log(1 - p) * p ** 2 * (1 - target) ** 4 * neg
    n = pos.sum().clamp(min=1.0)
    return (pos_loss.sum() + neg_loss.sum()) / n


def peak_target(t: np.ndarray) -> np.ndarray:
    """Make each gaussian's maximum cell exactly 1 (the positive for the focal loss)."""
    heat = t[0]
    mx = cv2.dilate(heat, np.ones((3, 3), np.uint8))
    peaks = (heat == mx) & (heat > 0.3)
    heat[peaks] = 1.0
    return t


def train_detector(samples: list[Sample], synth: list[Sample], steps: int, rng: np.random.Generator,
                   init: Path | None = None, init_onnx: Path | None = None,
                   foreshorten: float = FORESHORTEN, peak_lr: float | None = None,
                   coarse: int = 8, teacher_onnx: Path | None = None) -> Detector:
    """The detector, trained on the labelled dice's heat and sizes, or (``teacher_onnx``)
    taught to give an exported detector's outputs (``detector_distillation``)."""
    net = Detector(coarse)
    teacher = None
    if teacher_onnx is not None:
        teacher = Detector()
        load_onnx_weights(teacher, teacher_onnx)
        teacher.eval()
    lr = 3e-3
    if init is not None:  # fine-tune from an earlier run
        net.load_state_dict(torch.load(init))
        lr = 1e-3
    if init_onnx is not None:  # fine-tune an exported model
        load_onnx_weights(net, init_onnx)
        lr = 1e-3
    lr = peak_lr or lr
    opt = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps, pct_start=0.1)
    pools = [[s for s in samples if s.kind == k] for k in FOLDERS] + [synth]
    weights = np.array([0.25, 0.3, 0.2, 0.25])  # table-white, tray, felt, synthetic
    weights = weights * np.array([len(p) > 0 for p in pools])
    weights = weights / weights.sum()
    batch = 16
    t0 = time.time()
    for step in range(steps):
        xs, ts = [], []
        for _ in range(batch):
            pool = pools[rng.choice(len(pools), p=weights)]
            x, t = det_example(pool[rng.integers(len(pool))], rng, foreshorten)
            xs.append(x)
            ts.append(peak_target(t))
        x = torch.from_numpy(np.stack(xs))
        t = torch.from_numpy(np.stack(ts))
        out = net(x)
        if teacher is None:
            lh = focal_loss(out[:, 0], t[:, 0])
            mask = t[:, 2]
            ls = (F.smooth_l1_loss(out[:, 1], t[:, 1], reduction="none") * mask).sum()
            ls = ls / mask.sum().clamp(min=1)
        else:
            with torch.no_grad():
                taught = teacher(x)
            lh, ls = detector_distillation(out, taught)
        loss = lh + 2.0 * ls
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 100 == 0 or step == steps - 1:
            print(f"det {step:5d} heat {lh.item():.3f} size {ls.item():.3f} "
                  f"{time.time() - t0:.0f}s", flush=True)
    return net.eval()


def detector_distillation(out: torch.Tensor, taught: torch.Tensor,
                          ) -> tuple[torch.Tensor, torch.Tensor]:
    """(heat loss, size loss) of a detector's outputs (N, 2, H, W) against a teacher's: the
    teacher's heat as soft targets (cross-entropy less its own entropy, so 0 when equal),
    and its log sizes wherever it sees some die (weighted by its heat).

    >>> t = torch.tensor([[[[3.0, -6.0]], [[3.5, 2.0]]]])
    >>> [round(v.item(), 6) for v in detector_distillation(t.clone(), t)]
    [0.0, 0.0]
    """
    target = torch.sigmoid(taught[:, 0])
    lh = (F.binary_cross_entropy_with_logits(out[:, 0], target, reduction="sum")
          - F.binary_cross_entropy_with_logits(taught[:, 0], target, reduction="sum"))
    lh = lh / target.sum().clamp(min=1.0)
    weight = target / target.sum().clamp(min=1e-6)
    ls = (F.smooth_l1_loss(out[:, 1], taught[:, 1], reduction="none") * weight).sum()
    return lh, ls


DISTILL_T = 2.0  # temperature of the teacher's and the student's logits (``--teacher-onnx``)
AVERAGE_EVERY = 20  # steps between the weights a weight-averaged fine-tune takes in
UPRIGHT_SHARE = 0.12  # share of a classifier batch that is upright renders, if any
CLS_BATCH = 64  # crops in a classifier batch
BATCH_KINDS = ("tray-colored", "table-white", "felt-trays", "synthetic", "hard", UPRIGHT)
BATCH_SHARES = (0.25, 0.13, 0.15, 0.2, 0.12, UPRIGHT_SHARE)  # of each batch, the kinds' dice
#                                  (a kind with none is left out); the rest are easy negatives


def easy_negatives(part_share: float, kinds: frozenset[str] = frozenset(BATCH_KINDS)) -> int:
    """How many easy negatives a classifier batch holds with ``part_share`` of it "part of a
    die" crops and dice of ``kinds``; below 0, the shares ask for more than a batch.

    >>> easy_negatives(0.0, frozenset(BATCH_KINDS) - {UPRIGHT}), easy_negatives(0.1)
    (9, -5)
    """
    taken = sum(round(CLS_BATCH * f) for k, f in zip(BATCH_KINDS, BATCH_SHARES, strict=True)
                if k in kinds)
    return CLS_BATCH - taken - round(CLS_BATCH * part_share)


def soft_targets(classes: list[int], smoothing: float) -> torch.Tensor:
    """Class probabilities: one-hot (smoothed) for labels, flat over the six values for
    :data:`PART` crops (it is a die, but which value is unknown)."""
    t = torch.full((len(classes), 7), smoothing / 7)
    for row, c in enumerate(classes):
        if c == PART:
            t[row] = torch.tensor([0.0] + [1 / 6] * 6)
        else:
            t[row, c] += 1.0 - smoothing
    return t


def train_classifier(samples: list[Sample], items: list, steps: int, rng: np.random.Generator,
                     init_onnx: Path | None = None, smoothing: float = 0.0,
                     part_share: float = 0.0, foreshorten: float = FORESHORTEN,
                     lr: float | None = None, widths: tuple[int, ...] = WIDTHS,
                     teachers: tuple[Path, ...] = (), lamps: float = 0.0,
                     average_from: int | None = None, glints: float = 0.0,
                     smear: float = 0.0, teach_clean: bool = False,
                     neighbours: float = 0.0, pressed_negatives: bool = False,
                     dark: float = 0.0, sides: list | None = None,
                     side_share: float = 0.0) -> Classifier:
    """Train (or fine-tune, ``init_onnx``) a classifier. With ``teachers`` (exported
    classifiers) it also learns the mean of their logits on the same crops (distillation,
    half of the loss, at temperature ``DISTILL_T``): a slimmer network learns what the wider
    one knows, its confidence included, or one network what several know together. With
    ``average_from`` (a fine-tune only: its batch norms are frozen, so an average of weights
    needs no new statistics) the learning rate stays at its peak after the warm-up, and the
    network returned is the mean of its weights every ``AVERAGE_EVERY`` steps from that
    step on (stochastic weight averaging, which seeks a flatter optimum; tried in round 16,
    it read no better once calibrated: see the README). With ``teach_clean`` the teachers
    read each crop before its smear and its dark turn (``dark``): a smeared or turned crop
    is taught what the still, unturned one shows, as surely as the teachers read that
    (consistency), and any other crop what it was. A
    share ``neighbours`` of the dice's crops shows another labelled die, any of them,
    pressed against the die (``examples.cls_example``, ``augment.pressed_crop``): real faces
    touching, of every kind; with ``pressed_negatives``, as many of the negatives' crops too
    (the floor beside a die is still no die). A share ``dark`` of the crops has its
    lightness turned over (``--dark-dice``, ``camera_changes.dark_dice``). A share
    ``side_share`` of each batch is crops of ``sides`` (``examples.side_face_items``: the
    renders' side faces in view, ``--side-faces``), taught a flat value distribution and
    never their teachers' reads (a teacher reads a side face's pips as the die's value)."""
    if average_from is not None and init_onnx is None:
        raise ValueError("weight averaging needs a fine-tune (--init-cls-onnx)")
    net = Classifier(widths)
    guides = [M.open_network(t) for t in teachers]
    if init_onnx is not None:  # fine-tune an exported model
        load_onnx_weights(net, init_onnx)
    if lr is None:
        lr = 3e-3 if init_onnx is None else 1e-3
    opt = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=5e-4)
    sched: torch.optim.lr_scheduler.LRScheduler
    if average_from is None:
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps,
                                                    pct_start=0.1)
    else:
        warm = max(1, steps // 10)
        sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda i: min(1.0, (i + 1) / warm))
    averaged = (torch.optim.swa_utils.AveragedModel(net) if average_from is not None
                else None)
    kinds, share = BATCH_KINDS, BATCH_SHARES  # upright renders only with --upright
    pos = {k: [it for it in items if it[4] > 0 and samples[it[0]].kind == k] for k in kinds}
    pos["hard"] = [(*it[:4], 0) for it in items if it[4] < 0]
    neg = [it for it in items if it[4] == 0]
    everyone = [it for it in items if it[4] > 0]
    if easy_negatives(part_share, frozenset(k for k in kinds if pos[k])) < 0:
        raise ValueError(f"a part share of {part_share} leaves no room in a batch of "
                         f"{CLS_BATCH} crops for the dice and easy negatives")
    print({k: len(v) for k, v in pos.items()}, len(neg), "easy negatives")
    batch = CLS_BATCH
    t0 = time.time()
    for step in range(steps):
        chosen = []
        for k, frac in zip(kinds, share, strict=True):
            if not pos[k]:
                continue
            chosen += [pos[k][j] for j in rng.integers(len(pos[k]), size=round(batch * frac))]
        chosen += [part_of(everyone[j], rng)
                   for j in rng.integers(len(everyone), size=round(batch * part_share))]
        first_side = len(chosen)
        if sides and side_share > 0:  # no draw when off: earlier recipes' batches stay
            chosen += [sides[j] for j in rng.integers(len(sides), size=round(batch * side_share))]
        side_rows = range(first_side, len(chosen))
        chosen += [neg[k] for k in rng.integers(len(neg), size=batch - len(chosen))]
        still: list[np.ndarray] | None = [] if teach_clean else None
        pressed: list[np.ndarray | None] = [None] * len(chosen)
        if neighbours > 0:  # no draw when off: earlier recipes' batches stay as they were
            for n, j in enumerate(rng.integers(len(everyone), size=len(chosen))):
                takes = chosen[n][4] > 0 or (pressed_negatives and chosen[n][4] == 0)
                if takes and rng.random() < neighbours:
                    pressed[n] = face_crop(samples[everyone[j][0]], everyone[j])
        x = torch.from_numpy(np.stack([cls_example(samples[it[0]], it, rng, True, foreshorten,
                                                  lamps, glints, smear, still, near, dark)
                                       for it, near in zip(chosen, pressed, strict=True)]))
        seen_by_guides = x.numpy() if still is None else np.stack(still)
        out = net(x)
        loss = F.cross_entropy(out, soft_targets([it[4] for it in chosen], smoothing))
        if guides:
            feed, logits = {M.NETWORK_INPUT: seen_by_guides}, [M.CLASSIFIER_OUTPUTS[0]]
            said = [guide.run(logits, feed)[0].reshape(len(chosen), -1) for guide in guides]
            taught = torch.from_numpy(np.mean(said, axis=0))
            apart = F.kl_div(F.log_softmax(out / DISTILL_T, dim=1),
                             F.softmax(taught / DISTILL_T, dim=1), reduction="none")
            if len(side_rows):  # side faces: the flat target only
                apart[side_rows.start:side_rows.stop] = 0.0
            kd = apart.sum() / len(chosen) * DISTILL_T ** 2  # "batchmean"
            loss = 0.5 * loss + 0.5 * kd
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if averaged is not None and average_from is not None and step >= average_from \
                and (step - average_from) % AVERAGE_EVERY == 0:
            averaged.update_parameters(net)
        if step % 100 == 0 or step == steps - 1:
            print(f"cls {step:5d} loss {loss.item():.3f} {time.time() - t0:.0f}s", flush=True)
    if averaged is not None:
        net.load_state_dict(averaged.module.state_dict())
    return net.eval()
