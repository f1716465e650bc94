"""The hardware adapters: buttons (gpiozero), camera sources, display (luma), eyes,
sd_notify, photos, and :func:`device.hw.hardware.open_hardware`. Imports only the core."""
