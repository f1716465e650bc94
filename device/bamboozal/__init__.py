"""The BamBoozal pot on the box: setup, flow and screens (no camera, no simulator needed)."""
