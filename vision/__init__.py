"""Dice finding and pip counting on numpy BGR images (numpy, OpenCV, and ONNX Runtime for the
reader's networks: ``vision.model``)."""
