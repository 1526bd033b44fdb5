"""Hand-history formats: PHH files replayed with the hand model, every room's histories read and audited.

* :mod:`~potengine.histories.phh`: the PHH format (replay and write);
* :mod:`~potengine.histories.rooms`: decoding any file, recognising its room, cutting its hands;
* :mod:`~potengine.histories.record`: the neutral hand record every room's reader fills;
* :mod:`~potengine.histories.pokerstars` (and one module per other room): the readers;
* :mod:`~potengine.histories.stated`: what a room does not state, filled in and said so;
* :mod:`~potengine.histories.audit`: checking a history pot by pot with the engine (the entry
  points; the work is divided between :mod:`~potengine.histories.contributions`,
  :mod:`~potengine.histories.winners`, :mod:`~potengine.histories.pot_check`,
  :mod:`~potengine.histories.verdicts` and :mod:`~potengine.histories.audit_json`).
* :mod:`~potengine.histories.ohh` and :mod:`~potengine.histories.convert`: any room's hands
  written as Open Hand History JSON (and read back) or PHH.
"""

from importlib.resources import files
from importlib.resources.abc import Traversable


def sample(name: str, room: str = "pokerstars") -> Traversable:
    """A hand history the project wrote itself (for the book and the tests), by name, in the
    format of ``room`` (a name of :data:`potengine.histories.rooms.ROOMS`: one folder each).

    The files ship with the package, so the chapter "Was my pot split right?" runs outside a
    clone too; :func:`potengine.histories.pokerstars.read_file` and ``open`` take the result.

    >>> sample("side_pots.txt").read_text(encoding="utf-8").startswith("PokerStars Hand #")
    True
    """
    return files(__name__).joinpath("samples", room, name)
