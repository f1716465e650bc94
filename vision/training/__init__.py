"""What ``vision.train`` runs to train the reader's two networks. Needs torch (and onnx), in
the training venv only, never on the Pi: ``nets`` and ``loops`` import torch (``samples``,
``augment`` and ``examples`` only numpy and OpenCV, but they are the training's own). Pytest
skips the package, and only ``vision.train`` may import it (the ``.importlinter`` contract
``training-only-for-the-trainer``): the reader and the box never need torch.

* ``samples``: the labelled photos and synthetic renders as training samples.
* ``augment``: colour and light jitter, lamps, glints, squeezes and smears of an image.
* ``examples``: the detector's training examples and the classifier's crops and inputs.
* ``nets``: the detector and classifier in torch, loading exported ones, ONNX export, sizes.
* ``loops``: the losses and the detector's and classifier's training loops.

Dependencies point one way: ``loops`` -> ``examples`` -> ``augment``, ``samples``, and
``loops`` -> ``nets``; the recipe and the command line (``main``, ``--stats``) are in
``vision/train.py``.
"""
