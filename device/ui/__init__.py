"""Drawing the 128x64 screens: the font, drawing helpers, the generic views (message, menu,
number, players, winner) and :func:`device.ui.views.render`."""
