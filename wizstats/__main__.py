"""``python -m wizstats``: the same as the ``wizstats`` command."""

import sys

from .cli import main

sys.exit(main())
