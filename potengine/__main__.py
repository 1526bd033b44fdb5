"""``python -m potengine``: the command line of :mod:`potengine.cli` (``audit`` and ``settle``)."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
