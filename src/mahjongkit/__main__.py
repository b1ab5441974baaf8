"""``python -m mahjongkit``: the command line."""

import sys

try:
    from mahjongkit.cli import main

    sys.exit(main())
except KeyboardInterrupt:  # Ctrl-C while the command line itself is still loading
    sys.exit(130)
