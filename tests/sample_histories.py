"""The project's own PokerStars sample histories, as the tests name them (one list, four test files).

``DATA`` is the folder that ships with the package; ``CORRECT`` the files whose every hand the
site paid right, ``WRONG`` those with a hand paid wrongly on purpose.
"""

from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "potengine" / "histories" / "samples" / "pokerstars"
CORRECT = [
    "side_pots.txt",
    "folded_above_allin.txt",
    "uncalled.txt",
    "split_odd_chip.txt",
    "cash_rake.txt",
    "tournament_antes.txt",
]
WRONG = ["wrong_pot_off_by_one.txt", "wrong_ineligible_payout.txt", "wrong_odd_chip.txt"]
