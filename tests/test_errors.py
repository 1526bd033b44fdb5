"""Bad input is refused before any chip moves, with a message that names what is wrong."""

from decimal import Decimal

import pytest

from potengine import InputError, PotEngineError, build_pots, parse_ranking, settle

C3 = {"Alice": 40, "Bilal": 100, "Chloé": 100}
R3 = ["Alice", "Chloé", "Bilal"]


@pytest.mark.parametrize(
    ("contributions", "needle"),
    [
        ({"Alice": -1, "Bilal": 10}, "Alice's contribution must not be negative, got -1"),
        (
            {"Alice": 2.5, "Bilal": 10},
            "Alice's contribution must be a whole number of chips (int) or an exact Decimal, "
            "not the float 2.5",
        ),
        (
            {"Alice": "40", "Bilal": 10},
            "Alice's contribution must be a whole number of chips (int) or an exact Decimal, "
            "not the str '40'",
        ),
        ({"Alice": True, "Bilal": 10}, "not the bool True"),
        ({"Alice": Decimal("NaN"), "Bilal": 10}, "Alice's contribution must be a finite amount"),
        ({"Alice": 10}, "at least two players"),
        ({"": 10, "Bilal": 10}, "player names must be non-empty strings"),
        ({3: 10, "Bilal": 10}, "player names must be non-empty strings, got 3"),
    ],
)
def test_bad_amounts_and_players(contributions, needle):
    with pytest.raises(InputError) as info:
        settle(contributions, ranking=list(contributions))
    assert needle in str(info.value)


def test_contributions_must_be_a_mapping():
    with pytest.raises(InputError, match="must be a mapping"):
        build_pots([("Alice", 40), ("Bilal", 40)])


@pytest.mark.parametrize(
    ("ranking", "needle"),
    [
        (["Alice", "Chloé", "Eve"], "ranking names 'Eve', who is not seated"),
        (["Alice", "Chloé", "Bilal", "Alice"], "ranking names 'Alice' twice"),
        ([("Alice", "Chloé"), "Chloé", "Bilal"], "ranking names 'Chloé' twice"),
        (["Alice", "Chloé"], "ranking leaves out live player(s) 'Bilal'"),
        (["Alice", (), "Bilal", "Chloé"], "empty tie group"),
        ("Alice", "ranking must be a list of players"),
        (["Alice", 7, "Bilal", "Chloé"], "ranking entries must be player names, got 7"),
    ],
)
def test_bad_rankings(ranking, needle):
    with pytest.raises(InputError) as info:
        settle(C3, ranking=ranking)
    assert needle in str(info.value)


def test_folded_player_must_not_be_ranked():
    with pytest.raises(InputError, match="ranking names 'Bilal', who folded"):
        settle(C3, ranking=R3, folded=["Bilal"])


def test_folded_player_must_be_seated_and_listed_once():
    with pytest.raises(InputError, match="folded player 'Eve' is not seated"):
        settle(C3, ranking=R3, folded=["Eve"])
    with pytest.raises(InputError, match="folded player 'Bilal' is listed twice"):
        settle(C3, ranking=["Alice", "Chloé"], folded=["Bilal", "Bilal"])


def test_folded_may_be_a_single_name():
    r = settle(C3, ranking=["Alice", "Chloé"], folded="Bilal")
    assert r.folded == {"Bilal"}


def test_everyone_folded_is_refused():
    with pytest.raises(InputError, match="every player folded"):
        settle({"A": 10, "B": 10}, folded=["A", "B"])


def test_button_must_be_seated():
    with pytest.raises(InputError, match="button 'Eve' is not seated"):
        settle(C3, ranking=R3, button="Eve")


@pytest.mark.parametrize(
    ("chip", "needle"),
    [
        (30, "chip 30 does not divide Alice's contribution of 40"),
        (0, "chip must be positive, got 0"),
        (-5, "chip must not be negative, got -5"),
        (0.5, "chip must be a whole number of chips (int) or an exact Decimal, not the float 0.5"),
    ],
)
def test_bad_chip(chip, needle):
    with pytest.raises(InputError) as info:
        settle(C3, ranking=R3, chip=chip)
    assert needle in str(info.value)


def test_decimal_chip_must_divide_decimal_amounts():
    with pytest.raises(InputError, match="chip 0.5 does not divide A's contribution of 1.25"):
        settle({"A": Decimal("1.25"), "B": Decimal("1.5")}, ranking=["A", "B"], chip=Decimal("0.5"))


def test_a_pot_nobody_can_win_is_refused():
    # Rule: chips above the largest live contribution, matched only among folded players, would
    # form a pot that no live player reached. That cannot happen in a real hand.
    with pytest.raises(InputError) as info:
        build_pots({"A": 40, "B": 100, "C": 100}, folded=["B", "C"])
    assert "a pot nobody can win" in str(info.value) and "B (100), C (100)" in str(info.value)


def test_two_folded_players_above_every_live_bet_are_refused():
    # Regression: the uncalled part goes back to a folded bettor, but what two folded players
    # matched between them above every live bet would still be a pot nobody can win.
    with pytest.raises(InputError, match=r"a pot nobody can win.*C \(90\)"):
        build_pots({"A": 40, "B": 90, "C": 100}, folded=["B", "C"])


def test_showdown_without_ranking_is_refused():
    with pytest.raises(InputError, match=r"3 players reach the showdown \(Alice, Bilal, Chloé\)"):
        settle(C3)


def test_errors_are_value_errors():
    assert issubclass(InputError, PotEngineError) and issubclass(PotEngineError, ValueError)


def test_parse_ranking():
    assert parse_ranking("Alice > Chloé = Bilal") == ["Alice", ("Chloé", "Bilal")]
    with pytest.raises(InputError, match="empty name"):
        parse_ranking("Alice > = Bilal")


def test_bad_dead_money():
    with pytest.raises(InputError, match="BB's dead money \\(40\\) is more than BB put in \\(30\\)"):
        settle({"BB": 30, "SB": 30}, ranking=["BB", "SB"], dead={"BB": 40})
    with pytest.raises(InputError, match="dead money of 'Eve', who is not seated"):
        settle({"BB": 30, "SB": 30}, ranking=["BB", "SB"], dead={"Eve": 5})
    with pytest.raises(InputError, match="BB.s dead money must not be negative, got -5"):
        settle({"BB": 30, "SB": 30}, ranking=["BB", "SB"], dead={"BB": -5})


def test_amounts_are_bounded_so_arithmetic_stays_exact():
    with pytest.raises(InputError, match="Alice's contribution is larger than 10\\^15 chips"):
        settle({"Alice": 10**16, "Bilal": 10}, ranking=["Alice", "Bilal"])
    with pytest.raises(InputError, match="more than 6 decimal places"):
        settle(
            {"Alice": Decimal("1e-7"), "Bilal": Decimal("1")},
            ranking=["Alice", "Bilal"],
            chip=Decimal("1e-7"),
        )
    # At the bounds every sum is exact, even in the default 28-digit Decimal context.
    big = Decimal("999999999999999.999999")
    r = settle(
        {"A": big, "B": big, "C": Decimal("0.000001")},
        ranking=[("A", "B")],
        folded=["C"],
        chip=Decimal("0.000001"),
        button="A",
    )
    assert r.payouts == {"A": big, "B": Decimal(10**15), "C": 0}  # the odd unit to B
    assert r.total == sum(r.payouts.values()) == Decimal("1999999999999999.999999")


def test_flop_seen_and_folded_types():
    with pytest.raises(InputError, match="flop_seen must be True or False"):
        settle({"A": 10, "B": 10}, ranking=["A", "B"], flop_seen=0)
    with pytest.raises(InputError, match="folded must be a list of players"):
        settle({"A": 10, "B": 10}, ranking=["A", "B"], folded=None)
