"""``python -m mahjongkit``: the command line."""

import sys

from mahjongkit.cli import main

sys.exit(main())
