"""Presentation: the engine's results in words, as HTML tables and as charts.

Everything here reads the model and nothing in the model reads it.

* :mod:`~potengine.present.words`: a settlement told as a dealer would tell it;
* :mod:`~potengine.present.tables`: HTML tables (shown by Jupyter for settlements, pots, checks);
* :mod:`~potengine.present.charts`: matplotlib charts of contributions, pots and payouts;
* :mod:`~potengine.present.hand_charts`: charts of a hand played street by street.

The two chart modules need matplotlib (the ``charts`` extra); the others only the standard library.
"""
