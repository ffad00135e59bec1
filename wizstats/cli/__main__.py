"""``python -m wizstats.cli``: the same as the ``wizstats`` command."""

import sys

from . import main

sys.exit(main())
