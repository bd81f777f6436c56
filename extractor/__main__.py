"""``python -m extractor`` runs the pagesight command."""

import sys

from .cli import main

sys.exit(main())
