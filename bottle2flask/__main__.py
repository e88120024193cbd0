"""python -m bottle2flask: the same as the bottle2flask command."""

import sys

from .cli import main

sys.exit(main())
