"""``python -m device.cli``: the ``bluffbox`` command."""

import sys

from device.cli import main

sys.exit(main())
