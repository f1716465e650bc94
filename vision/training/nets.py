"""The two networks in torch: the detector and the classifier, each with its export wrapper
(the detector's computes the same in less time, the classifier's has two outputs), starting
from an exported model (``load_onnx_weights``, ``resized``), the detector run on an image,
the ONNX export and the networks' sizes.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn

from vision import model as M


def dw_block(cin: int, cout: int, stride: int = 1, dil: int = 1) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cin, 3, stride, padding=dil, dilation=dil, groups=cin, bias=False),
        nn.BatchNorm2d(cin), nn.ReLU(inplace=True),
        nn.Conv2d(cin, cout, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class Detector(nn.Module):
    """Die centres and sizes: a fine branch at 1/4 of its input and a coarse one at ``coarse``
    (8 or 16) that sees a die's surroundings.

    ``coarse=16`` is the same set of weights arranged for speed: c5's pointwise layer keeps
    every other cell, and c6 and c7 read that half-resolution map with half the dilation
    (the same input cells a dilation of 2 and 4 reads at 1/8), then the coarse features
    are upsampled 4x instead of 2x. cv2.dnn has no fast path for dilated depthwise
    convolutions: 5.3 -> 3.6 ms for a 320x240 pass. Every input side must be a multiple of
    16 (``vision.model.PAD``)."""

    def __init__(self, coarse: int = 8) -> None:
        super().__init__()
        if coarse not in (8, 16):
            raise ValueError(f"coarse stride {coarse}: 8 or 16")
        half = coarse // 8  # 2 when the coarse branch runs at 1/16
        self.c1 = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1, bias=False), nn.BatchNorm2d(16),
                                nn.ReLU(inplace=True))
        self.c2 = dw_block(16, 32, 2)
        self.c3 = dw_block(32, 32)
        self.c4 = dw_block(32, 64, 2)
        self.c5 = dw_block(64, 64)
        self.c5[3].stride = (half, half)  # its pointwise layer keeps every other cell
        self.c6 = dw_block(64, 64, dil=2 // half)
        self.c7 = dw_block(64, 64, dil=4 // half)
        self.up = nn.Upsample(scale_factor=2 * half, mode="nearest")
        self.fuse = nn.Sequential(nn.Conv2d(96, 32, 1, bias=False), nn.BatchNorm2d(32),
                                  nn.ReLU(inplace=True), dw_block(32, 32))
        self.head = nn.Conv2d(32, 2, 1)
        nn.init.constant_(self.head.bias, 0.0)
        with torch.no_grad():
            self.head.bias[0] = -4.0
            self.head.bias[1] = math.log(40.0)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a = self.c3(self.c2(self.c1(x)))
        b = self.c7(self.c6(self.c5(self.c4(a))))
        return self.head(self.fuse(torch.cat([self.up(b), a], dim=1)))


class DetectorExport(nn.Module):
    """A trained detector as it is exported: the same function, which cv2.dnn runs in about
    a tenth less time.

    The fuse layer's 1x1 convolution reads the coarse features upsampled beside the fine
    ones. Split along that concatenation, its coarse half runs before the upsampling (a 1x1
    convolution commutes with a nearest-neighbour upsampling): a quarter of that half's
    multiply-adds, half the channels to upsample, and no concatenation. Its batch norm is
    folded into the two halves (``FUSE_COARSE``, ``FUSE_FINE``: the names
    ``load_onnx_weights`` joins again)."""

    def __init__(self, det: Detector) -> None:
        super().__init__()
        det.eval()
        self.c1, self.c2, self.c3, self.c4 = det.c1, det.c2, det.c3, det.c4
        self.c5, self.c6, self.c7 = det.c5, det.c6, det.c7
        self.up, self.fuse_rest, self.head = det.up, det.fuse[3], det.head
        conv, bn = det.fuse[0], det.fuse[1]
        scale = bn.weight / torch.sqrt(bn.running_var + bn.eps)
        w = conv.weight * scale.reshape(-1, 1, 1, 1)
        coarse = conv.in_channels - det.c3[3].out_channels  # cat([up(coarse), fine])
        self.fuse_coarse = nn.Conv2d(coarse, conv.out_channels, 1)
        self.fuse_fine = nn.Conv2d(conv.in_channels - coarse, conv.out_channels, 1, bias=False)
        with torch.no_grad():
            self.fuse_coarse.weight.copy_(w[:, :coarse])
            self.fuse_coarse.bias.copy_(bn.bias - bn.running_mean * scale)
            self.fuse_fine.weight.copy_(w[:, coarse:])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a = self.c3(self.c2(self.c1(x)))
        b = self.c7(self.c6(self.c5(self.c4(a))))
        fused = torch.relu(self.up(self.fuse_coarse(b)) + self.fuse_fine(a))
        return self.head(self.fuse_rest(fused))


FUSE_COARSE, FUSE_FINE = "/fuse_coarse/", "/fuse_fine/"  # DetectorExport's split layer


def _joined_fuse(nodes: list, init: dict[str, np.ndarray]) -> list[list[np.ndarray]]:
    """The (weight, bias) of each convolution and linear layer of an exported graph, in
    order; ``DetectorExport``'s two fuse halves joined again into the one layer they were
    (its weights over the coarse channels, then the fine ones, at the coarse half's place)."""
    saved: list[list[np.ndarray]] = []
    coarse_at: int | None = None
    for n in nodes:
        if n.op_type not in ("Conv", "Gemm"):
            continue
        arrays = [init[i] for i in n.input[1:3]]
        if FUSE_FINE in n.name:
            if coarse_at is None:
                raise ValueError(f"{n.name}: the fuse layer's fine half before its coarse half")
            w, bias = saved[coarse_at]
            saved[coarse_at] = [np.concatenate([w, arrays[0]], axis=1), bias]
            continue
        if FUSE_COARSE in n.name:
            coarse_at = len(saved)
        saved.append(arrays)
    return saved


def load_onnx_weights(net: nn.Module, path: Path) -> None:
    """Start from an exported model: its convolutions (batch norm folded in) and linear layers
    in order. Each batch norm becomes the identity plus the folded bias, and is frozen (its
    scale and shift still learn): fine-tuning a committed model needs no torch checkpoint."""
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(path))
    init = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    saved = _joined_fuse(list(model.graph.node), init)
    mods = list(net.modules())
    layers = [(m, mods[k + 1] if k + 1 < len(mods) and isinstance(mods[k + 1], nn.BatchNorm2d)
               else None) for k, m in enumerate(mods) if isinstance(m, nn.Conv2d | nn.Linear)]
    if len(layers) != len(saved):
        raise ValueError(f"{path}: {len(saved)} layers, the network has {len(layers)}")
    saved = resized(saved, [tuple(layer.weight.shape) for layer, _ in layers])
    with torch.no_grad():
        for (layer, bn), (w, b) in zip(layers, saved, strict=True):
            layer.weight.copy_(torch.from_numpy(w.copy()))
            if bn is None:
                layer.bias.copy_(torch.from_numpy(b.copy()))
                continue
            bn.weight.fill_(1.0)
            bn.bias.copy_(torch.from_numpy(b.copy()))
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)
    freeze_batch_norm(net)


def resized(saved: list[list[np.ndarray]], shapes: list[tuple[int, ...]],
            seed: int = 0) -> list[list[np.ndarray]]:
    """Layers' (weight, bias) made to ``shapes``, computing what they computed.

    Where a layer has fewer outputs than the saved one, it keeps the outputs with the
    largest weights (the next layer keeps the matching inputs): a slimmer network starts
    from a wider trained one. Where it has more, the new outputs copy saved ones, and the
    next layer splits each copied input's weights among its copies in random shares that
    sum to one (function-preserving widening, "Net2WiderNet"; the unequal shares let the
    copies learn apart): a wider network starts computing what the trained one did.

    >>> w = np.arange(3.0)[:, None, None, None] * np.ones((3, 1, 1, 1))  # outputs 0, 1, 2
    >>> nxt = np.ones((1, 3, 1, 1))
    >>> out = resized([[w, np.zeros(3)], [nxt, np.zeros(1)]], [(2, 1, 1, 1), (1, 2, 1, 1)])
    >>> out[0][0].ravel().tolist(), out[1][0].shape
    ([1.0, 2.0], (1, 2, 1, 1))
    >>> wide = resized([[w, np.zeros(3)], [nxt, np.zeros(1)]], [(5, 1, 1, 1), (1, 5, 1, 1)])
    >>> x = np.array([1.0, 2.0, 3.0])
    >>> float(nxt.ravel() @ (w.ravel() * x[0]))  # the saved pair on input 1
    3.0
    >>> round(float(wide[1][0].ravel() @ (wide[0][0].ravel() * x[0])), 9)  # the same
    3.0
    """
    rng = np.random.default_rng(seed)
    out: list[list[np.ndarray]] = []
    kept: np.ndarray | None = None
    shares: tuple[np.ndarray, np.ndarray] | None = None
    for (w, b), shape in zip(saved, shapes, strict=True):
        if kept is not None:
            w = w[:, kept]
        if shares is not None:
            copied, share = shares
            w = w[:, copied] * share.reshape((1, -1) + (1,) * (w.ndim - 2))
        kept, shares = None, None
        if w.shape[0] > shape[0]:
            strength = np.abs(w.reshape(w.shape[0], -1)).sum(axis=1)
            kept = np.sort(np.argsort(-strength)[:shape[0]])
            w, b = w[kept], b[kept]
        elif w.shape[0] < shape[0]:
            n = w.shape[0]
            copied = np.concatenate([np.arange(n), rng.integers(0, n, shape[0] - n)])
            share = rng.uniform(0.5, 1.5, shape[0])
            share /= np.bincount(copied, weights=share, minlength=n)[copied]
            w, b = w[copied], b[copied]
            shares = (copied, share.astype(w.dtype))
        if w.shape != shape:
            raise ValueError(f"a saved layer of shape {w.shape} cannot become {shape}")
        out.append([w, b])
    return out


def freeze_batch_norm(net: nn.Module) -> None:
    """Batch norms use their stored statistics (eval mode) while the rest trains."""
    for m in net.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.eval()


WIDTHS = (24, 48, 64, 64, 96)  # the classifier's convolutions before the feature layer
SLIM = (16, 32, 64, 64, 96)  # ``--widths slim``: two thirds of the cost, as cv2.dnn runs it
WIDE = (36, 72, 96, 96, 144)  # ``--widths wide``: half as wide again, about twice the cost


class Classifier(nn.Module):
    def __init__(self, widths: tuple[int, ...] = WIDTHS) -> None:
        super().__init__()

        def conv(cin: int, cout: int) -> list[nn.Module]:
            return [nn.Conv2d(cin, cout, 3, 1, 1, bias=False), nn.BatchNorm2d(cout),
                    nn.ReLU(inplace=True)]

        a, b, c, d, e = widths
        self.body = nn.Sequential(
            *conv(3, a), nn.MaxPool2d(2),
            *conv(a, b), nn.MaxPool2d(2),
            *conv(b, c), *conv(c, d), nn.MaxPool2d(2),
            *conv(d, e), *conv(e, M.FEATURES),
            nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.head = nn.Sequential(nn.Dropout(0.2), nn.Linear(M.FEATURES, 7))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.body(x))


class ClassifierExport(nn.Module):
    """The classifier with its two ONNX outputs: logits and penultimate features."""

    def __init__(self, net: Classifier) -> None:
        super().__init__()
        self.net = net

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        f = self.net.body(x)
        return self.net.head(f), f


def detect_np(det: Detector, image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    with torch.no_grad():
        out = det(torch.from_numpy(M.det_input(image)))[0].numpy()
    h = -(-image.shape[0] // M.STRIDE)
    w = -(-image.shape[1] // M.STRIDE)
    return 1 / (1 + np.exp(-out[0, :h, :w])), np.exp(out[1, :h, :w])


def export(net: nn.Module, path: Path, shape: tuple[int, ...], dynamic: dict,
           outputs: tuple[str, ...] = ("y",)) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(net, torch.zeros(shape), str(path), input_names=["x"],
                      output_names=list(outputs), opset_version=11, dynamic_axes=dynamic,
                      do_constant_folding=True, dynamo=False)
    print(f"wrote {path} ({path.stat().st_size // 1024} KiB)")


def model_stats(net: nn.Module, shape: tuple[int, ...]) -> tuple[int, int]:
    """(parameters, multiply-adds) of one forward pass on an input of ``shape``."""
    macs = [0]

    def hook(m: nn.Module, _inp: tuple, out: torch.Tensor) -> None:
        if isinstance(m, nn.Conv2d):
            k = m.kernel_size[0] * m.kernel_size[1] * m.in_channels // m.groups
            macs[0] += int(out.numel()) * k
        elif isinstance(m, nn.Linear):
            macs[0] += int(out.numel()) * m.in_features

    handles = [m.register_forward_hook(hook) for m in net.modules()
               if isinstance(m, nn.Conv2d | nn.Linear)]
    with torch.no_grad():
        net.eval()(torch.zeros(shape))
    for h in handles:
        h.remove()
    return sum(p.numel() for p in net.parameters()), macs[0]
