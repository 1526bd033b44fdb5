"""Rake: the policy (fixed, percentage with cap, no flop no drop) and where it is taken from."""

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from potengine.errors import InputError, PotEngineError
from potengine.pots.rake import Rake, take_rake

pots = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=6)


def test_percentage_is_exact_and_rounded_down_to_the_chip():
    assert Rake.percentage(5).amount_for(239) == 11  # 11.95
    assert Rake.percentage(5).amount_for(240) == 12
    assert Rake.percentage(Fraction(9, 2)).amount_for(1000) == 45
    cents = Decimal("0.01")
    assert Rake.percentage(Decimal("5")).amount_for(Decimal("2.32"), chip=cents) == Decimal("0.11")
    assert Rake.percentage(5).amount_for(1000, chip=25) == 50
    assert Rake.percentage(5).amount_for(990, chip=25) == 25  # 49.5 -> two 25-chips would be 50 > 49.5


def test_cap_and_no_flop_no_drop():
    policy = Rake.percentage(5, cap=Decimal("3"))
    assert policy.amount_for(Decimal("100.00"), chip=Decimal("0.01")) == Decimal("3")
    assert policy.amount_for(Decimal("100.00"), flop_seen=False, chip=Decimal("0.01")) == 0
    preflop_too = Rake.percentage(5, cap=3, no_flop_no_drop=False)
    assert preflop_too.amount_for(40, flop_seen=False) == 2


def test_fixed_rake_never_more_than_the_pot():
    assert Rake.fixed(2).amount_for(10) == 2
    assert Rake.fixed(2).amount_for(1) == 1
    assert Rake.fixed(2).amount_for(10, flop_seen=False) == 0
    assert Rake.fixed(2, no_flop_no_drop=False).amount_for(10, flop_seen=False) == 2


def test_decimal_pots_give_decimal_rake():
    rake = Rake.percentage(10).amount_for(Decimal("0.50"), chip=Decimal("0.01"))
    assert rake == Decimal("0.05") and isinstance(rake, Decimal)


@pytest.mark.parametrize(
    "bad",
    [4.5, True, "5", Decimal("NaN"), -1, 101],
)
def test_bad_percentages_are_refused(bad):
    with pytest.raises(InputError):
        Rake.percentage(bad)


def test_policy_inputs_are_checked():
    with pytest.raises(InputError, match="cap"):
        Rake.percentage(5, cap=2.5)
    with pytest.raises(InputError, match="not both"):
        Rake(percent=5, amount=2)
    with pytest.raises(InputError, match="fixed rake"):
        Rake.fixed(-1)
    assert issubclass(InputError, PotEngineError)


def test_rake_comes_from_the_main_pot_first():
    assert take_rake([120, 120], 10) == (10, 0)
    assert take_rake([30, 200], 45) == (30, 15)
    assert take_rake([5, 5, 100], 12) == (5, 5, 2)
    assert take_rake([0, 50], 3) == (0, 3)


def test_rake_from_a_history_shape():
    """PokerStars hand 250000000502 in the corpus: 1.35 comes out of the 15.00 main pot only."""
    parts = take_rake([Decimal("15.00"), Decimal("12.00")], Decimal("1.35"), chip=Decimal("0.01"))
    assert parts == (Decimal("1.35"), 0)
    assert Decimal("15.00") - parts[0] == Decimal("13.65")


def test_take_rake_with_a_policy():
    assert take_rake([60, 90, 80], Rake.percentage(10)) == (23, 0, 0)
    assert take_rake([60, 90, 80], Rake.percentage(10, cap=5)) == (5, 0, 0)
    assert take_rake([40, 40], Rake.percentage(5), flop_seen=False) == (0, 0)


def test_take_rake_refuses_bad_amounts():
    with pytest.raises(InputError, match="more than the pots hold"):
        take_rake([40, 40], 81)
    with pytest.raises(InputError, match="whole number of chips"):
        take_rake([40, 40], Decimal("0.5"))
    with pytest.raises(InputError):
        take_rake([40, -1], 1)
    with pytest.raises(InputError):
        take_rake([40], 1.0)


@given(pots, st.data())
def test_parts_add_up_and_drain_pots_in_order(amounts, data):
    total = sum(amounts)
    rake = data.draw(st.integers(min_value=0, max_value=total))
    parts = take_rake(amounts, rake)
    assert sum(parts) == rake
    assert all(0 <= part <= pot for part, pot in zip(parts, amounts, strict=True))
    # a later pot gives something only when every earlier pot is empty
    for i, part in enumerate(parts):
        if part:
            assert all(parts[j] == amounts[j] for j in range(i))


@given(pots, st.integers(0, 100), st.one_of(st.none(), st.integers(0, 500)), st.sampled_from([1, 5, 25]))
def test_policy_never_exceeds_cap_pot_or_percentage(amounts, percent, cap, chip):
    amounts = [a * chip for a in amounts]
    total = sum(amounts)
    rake = Rake.percentage(percent, cap=cap).amount_for(total, chip=chip)
    assert 0 <= rake <= total
    assert rake * 100 <= total * percent
    assert cap is None or rake <= cap
    assert rake % chip == 0 or rake == cap
    assert sum(take_rake(amounts, Rake.percentage(percent, cap=cap), chip=chip)) == rake


@given(st.integers(0, 10_000), st.integers(0, 10_000), st.integers(0, 100))
def test_policy_is_monotone_in_the_pot(a, b, percent):
    low, high = sorted((a, b))
    policy = Rake.percentage(percent, cap=300)
    assert policy.amount_for(low) <= policy.amount_for(high)
