"""Dice finding and pip counting on numpy BGR images (numpy + OpenCV only)."""
