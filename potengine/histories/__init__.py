"""Hand-history formats: PHH files replayed with the hand model, PokerStars histories read and audited.

* :mod:`~potengine.histories.phh`: the PHH format (replay and write);
* :mod:`~potengine.histories.pokerstars`: reading PokerStars hand histories;
* :mod:`~potengine.histories.audit`: checking a PokerStars history pot by pot with the engine.
"""
