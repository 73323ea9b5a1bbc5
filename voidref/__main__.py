"""``python -m voidref``: the command line."""

import sys

from voidref.cli import main

sys.exit(main())
