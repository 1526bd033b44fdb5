"""Hand-history formats: PHH files replayed with the hand model, PokerStars histories read and audited.

* :mod:`~potengine.histories.phh`: the PHH format (replay and write);
* :mod:`~potengine.histories.pokerstars`: reading PokerStars hand histories;
* :mod:`~potengine.histories.audit`: checking a PokerStars history pot by pot with the engine
  (the entry points; the work is divided between :mod:`~potengine.histories.contributions`,
  :mod:`~potengine.histories.winners`, :mod:`~potengine.histories.pot_check`,
  :mod:`~potengine.histories.verdicts` and :mod:`~potengine.histories.audit_json`).
"""

from importlib.resources import files
from importlib.resources.abc import Traversable


def sample(name: str) -> Traversable:
    """A PokerStars hand history the project wrote itself (for the book and the tests), by name.

    The files ship with the package, so the chapter "Was my pot split right?" runs outside a
    clone too; :func:`potengine.histories.pokerstars.read_file` and ``open`` take the result.

    >>> sample("side_pots.txt").read_text(encoding="utf-8").startswith("PokerStars Hand #")
    True
    """
    return files(__name__).joinpath("samples", "pokerstars", name)
