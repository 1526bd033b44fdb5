"""Property tests: thousands of random tables of 2 to 10 players, with folds, all-ins and ties.

Tables are drawn as a real hand would leave them: any number of live players, folded players who
put in no more than the deepest live player (or one folded bettor above everyone, called all-in for
less, who mucked at the showdown), a chip size dividing every amount, a ranking with
random ties, and a button anywhere.
"""

import os
import re
import subprocess
import sys
from decimal import Decimal
from itertools import pairwise
from pathlib import Path

from hypothesis import given, reject
from hypothesis import strategies as st

from potengine import Added, CashOut, Fee, InputError, Insurance, Rake, settle
from potengine.pots.layout import build_pots


@st.composite
def tables(draw, max_players=10):
    n = draw(st.integers(2, max_players))
    players = [f"P{i}" for i in range(n)]
    chip = draw(st.sampled_from([1, 1, 5, 25]))
    folded = draw(st.lists(st.sampled_from(players), unique=True, max_size=n - 1))
    live = [p for p in players if p not in folded]
    units = {p: draw(st.integers(0, 400)) for p in live}
    if max(units.values()) == 0:
        units[live[0]] = draw(st.integers(1, 400))
    top = max(units.values())
    for p in folded:
        units[p] = draw(st.integers(0, top))
    if folded and draw(st.booleans()):
        # A bettor called all-in for less who mucks at the showdown: the one folded player above
        # every live bet, who gets the unmatched part back.
        units[folded[0]] = top + draw(st.integers(1, 400))
    contributions = {p: units[p] * chip for p in players}
    tier = {p: draw(st.integers(0, 3)) for p in live}  # few tiers: many ties
    ranking = [tuple(p for p in live if tier[p] == t) for t in sorted(set(tier.values()))]
    button = draw(st.sampled_from(players))
    return contributions, ranking, folded, button, chip


@given(tables(), st.data())
def test_chips_are_conserved_with_dead_money_and_rake(table, data):
    """Paid + returned + withheld = put in, on every table, with dead money and rake drawn too."""
    contributions, ranking, folded, button, chip = table
    owner = data.draw(st.sampled_from(list(contributions)))
    dead = {owner: data.draw(st.integers(0, contributions[owner] // chip)) * chip}
    rake = data.draw(
        st.one_of(
            st.none(),
            st.integers(0, 20).map(lambda units: Rake.fixed(units * chip)),
            st.builds(
                Rake.percentage,
                st.integers(0, 10),
                cap=st.one_of(st.none(), st.integers(1, 10).map(lambda units: units * chip)),
            ),
        )
    )
    flop_seen = data.draw(st.booleans())
    try:
        r = settle(
            contributions,
            ranking=ranking,
            folded=folded,
            button=button,
            chip=chip,
            dead=dead,
            rake=rake,
            flop_seen=flop_seen,
        )
    except InputError as error:
        # The dead part can leave folded players above every live bet: not a real hand.
        assert "a pot nobody can win" in str(error)
        reject()
    total = sum(contributions.values())
    paid, returned = sum(r.winnings.values()), sum(r.refunds.values())
    assert paid + returned + r.withheld == total
    assert sum(r.payouts.values()) + r.withheld == total
    assert sum(p.amount for p in r.pots) + returned == total
    assert sum(r.net.values()) == -r.withheld
    assert r.withheld % chip == 0 and r.withheld >= 0
    if rake is None or not flop_seen:
        assert r.withheld == 0
    for pot in r.pots:
        assert sum(pot.shares.values()) + pot.rake == pot.amount


@given(tables())
def test_nobody_wins_from_an_opponent_more_than_he_put_in(table):
    contributions, ranking, folded, button, chip = table
    r = settle(contributions, ranking=ranking, folded=folded, button=button, chip=chip)
    for p, mine in contributions.items():
        at_risk = mine - r.refunds.get(p, 0)
        cap = sum(min(at_risk, theirs) for q, theirs in contributions.items() if q != p)
        assert -mine <= r.net[p] <= cap
        if p in folded:
            assert r.winnings[p] == 0
            assert r.payouts[p] == r.refunds.get(p, 0)


@given(tables())
def test_each_pot_goes_to_its_best_eligible_hands(table):
    contributions, ranking, folded, button, chip = table
    r = settle(contributions, ranking=ranking, folded=folded, button=button, chip=chip)
    place = {p: i for i, tier in enumerate(ranking) for p in tier}
    for pot in r.pots:
        assert set(pot.winners) <= set(pot.eligible)
        assert set(pot.shares) == set(pot.winners)
        assert not set(pot.eligible) & set(folded)
        assert all(contributions[p] - r.refunds.get(p, 0) >= pot.high for p in pot.eligible)
        best = min(place[p] for p in pot.eligible)
        assert set(pot.winners) == {p for p in pot.eligible if place[p] == best}


@given(tables())
def test_odd_chips_differ_by_at_most_one_unit_and_start_left_of_the_button(table):
    contributions, ranking, folded, button, chip = table
    r = settle(contributions, ranking=ranking, folded=folded, button=button, chip=chip)
    seats = list(contributions)
    b = seats.index(button)
    order = seats[b + 1 :] + seats[: b + 1]
    for pot in r.pots:
        shares = [pot.shares[p] for p in order if p in pot.winners]
        assert all(s % chip == 0 for s in shares)
        assert max(shares) - min(shares) <= chip
        assert shares == sorted(shares, reverse=True)  # the extra chips go to the first in order


@given(tables())
def test_the_audit_holds_on_every_engine_settlement(table):
    contributions, ranking, folded, button, chip = table
    r = settle(contributions, ranking=ranking, folded=folded, button=button, chip=chip)
    assert r.audit().ok


@given(tables(), st.sampled_from([Decimal("0.01"), Decimal("0.5"), Decimal("0.25")]))
def test_decimal_chips_settle_like_whole_chips_scaled(table, unit):
    """Metamorphic: cents settle exactly like integer chips, scaled by the unit."""
    contributions, ranking, folded, button, chip = table
    whole = settle(contributions, ranking=ranking, folded=folded, button=button, chip=chip)
    scaled = {p: c * unit for p, c in contributions.items()}
    exact = settle(scaled, ranking=ranking, folded=folded, button=button, chip=chip * unit)
    assert {p: v * unit for p, v in whole.payouts.items()} == exact.payouts
    assert all(isinstance(v, Decimal) for v in exact.payouts.values())


@given(tables())
def test_pots_have_strictly_shrinking_eligibility(table):
    """Adjacent tiers with the same eligible players would be one pot."""
    contributions, _, folded, _, _ = table
    layout = build_pots(contributions, folded=folded)
    for lower, upper in pairwise(layout.pots):
        assert set(upper.eligible) < set(lower.eligible)
        assert lower.high == upper.low
    assert len(layout.refunds) <= 1


@given(tables(), st.data())
def test_dead_money_is_conserved_in_the_main_pot_and_never_returned(table, data):
    contributions, ranking, folded, button, chip = table
    player = data.draw(st.sampled_from(list(contributions)))
    dead = {player: data.draw(st.integers(0, contributions[player] // chip)) * chip}
    try:
        r = settle(contributions, ranking=ranking, folded=folded, button=button, chip=chip, dead=dead)
    except InputError as error:
        # The dead part left a folded player above every live bet: not a real hand.
        assert "a pot nobody can win" in str(error)
        reject()
    assert sum(r.payouts.values()) == sum(contributions.values())
    assert r.refunds.get(player, 0) <= contributions[player] - dead[player]
    if r.pots:
        assert r.pots[0].contributions.get(player, 0) >= min(dead[player], r.pots[0].amount)
    assert r.audit().ok


@given(tables(), st.data())
def test_chips_are_conserved_with_fees_added_money_and_side_payments(table, data):
    """Paid + returned + rake + fees = put in + added, on every table, with fees per hand (main
    pot first or in proportion) or per pot, added money, rake, one or two runs, and cash-outs or
    insurance; the nets and the room's take sum to zero; the audit holds."""
    contributions, ranking, folded, button, chip = table
    live = [p for p in contributions if p not in folded]
    count = len(build_pots(contributions, folded).pots)
    names = ["Main pot"] + [f"Side pot {i}" for i in range(1, count)]
    fees = data.draw(
        st.lists(
            st.builds(
                Fee,
                st.sampled_from(["jackpot", "bad-beat drop", "tax"]),
                st.integers(0, 6).map(lambda units: units * chip),
                per=st.sampled_from(["hand", "pot"]),
                spread=st.sampled_from(["main pot first", "in proportion"]),
                pot=st.one_of(st.none(), st.sampled_from(names)) if count else st.none(),
            ),
            max_size=3,
        )
    )
    added = data.draw(
        st.lists(
            st.builds(
                Added,
                st.sampled_from(["cash drop", "splash"]),
                st.integers(0, 40).map(lambda units: units * chip),
                pot=st.sampled_from(names) if count else st.just("Main pot"),
            ),
            max_size=2,
        )
    )
    rake = data.draw(st.one_of(st.none(), st.integers(0, 5).map(lambda units: units * chip)))
    contested = [p for p in live if any(p in pot.eligible and len(pot.eligible) > 1
                                        for pot in build_pots(contributions, folded).pots)]  # fmt: skip
    side = []
    for player in (
        data.draw(st.lists(st.sampled_from(contested), unique=True, max_size=2)) if contested else ()
    ):
        amount = data.draw(st.integers(0, 100)) * chip
        if data.draw(st.booleans()):
            side.append(CashOut(player, amount, fee=data.draw(st.integers(0, 3)) * chip))
        else:
            side.append(Insurance(player, amount, payout=data.draw(st.integers(0, 100)) * chip))
    runs = [ranking, ranking[::-1]] if data.draw(st.booleans()) and len(live) > 1 else None
    try:
        r = settle(
            contributions,
            None if runs else ranking,
            folded=folded,
            button=button,
            chip=chip,
            rake=rake,
            fees=fees,
            added=added,
            side_payments=side,
            runs=runs,
        )
    except InputError as error:
        # Fees drawn larger than the pots hold (or a rake with no pot) are refused, by name.
        assert "more than" in str(error)
        reject()
    total = sum(contributions.values())
    added_total = sum(item.amount for item in added)
    paid, returned = sum(r.winnings.values()), sum(r.refunds.values())
    assert paid + returned + r.rake + sum(r.fees.values()) == total + added_total
    assert r.added_total == added_total
    # A fee per pot is taken from every pot the settlement has: the players' pots, or the one pot
    # the room's added money makes when no chip of theirs was called.
    assert sum(r.fees.values()) == sum(
        fee.amount * (len(r.pots) if fee.per == "pot" and fee.pot is None else 1) for fee in fees
    )
    for pot in r.pots:
        assert sum(pot.shares.values()) + pot.rake + sum(pot.fees.values()) == pot.amount
        assert set(pot.shares) <= set(pot.eligible)
        if pot.runs:
            assert sum(part.amount for part in pot.runs) == pot.awarded
    assert sum(r.net.values()) + r.house == 0
    for payment in side:
        if isinstance(payment, CashOut):
            assert (
                r.net[payment.player]
                == payment.amount + r.refunds.get(payment.player, 0) - contributions[payment.player]
            )
    assert r.audit().ok


def test_every_property_test_takes_its_examples_from_the_profile():
    """A literal ``max_examples=N`` overrides the profile: HYPOTHESIS_PROFILE=thorough would not
    raise it. Costly tests scale the profile's number instead (``settings.default.max_examples``)."""
    fixed = [
        f"{path.name}:{number}"
        for path in sorted(Path(__file__).parent.glob("*.py"))
        if path.name != "conftest.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"max_examples\s*=\s*\d", line)
    ]
    assert fixed == []


def test_the_thorough_profile_runs_many_more_examples():
    code = "import conftest; from hypothesis import settings; print(settings.default.max_examples)"
    counts = {}
    for profile in ("default", "thorough"):
        env = {**os.environ, "HYPOTHESIS_PROFILE": profile}
        done = subprocess.run(
            [sys.executable, "-c", code],
            cwd=Path(__file__).parent,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        counts[profile] = int(done.stdout)
    assert counts["thorough"] >= 10 * counts["default"]
