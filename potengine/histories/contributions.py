"""The chips put in, and the legality of the betting: step 1 of the audit, and the pots it makes.

The auditor (:mod:`potengine.histories.audit`) checks a hand in six steps; this module holds the
first, which every other step stands on: what each player put in, who folded, and whether the
betting that put it in is legal.

- :func:`contributions_from_lines` adds up the betting lines of a :class:`~.record.HandHistory`
  (street totals: "raises 20 to 40" makes that player's bet 40) into a :class:`LineTotals`, with
  the lines whose chips cannot be (``wrong``) and those that follow a practice other than the
  engine's rules (``irregular``); a straddle counts as a live blind; :func:`dead_posts` and
  :func:`dead_money` are the chips posted dead (in the pot, matching no bet), a reader marking a
  small blind its room counts otherwise than PokerStars with :data:`LIVE_POST` or
  :data:`DEAD_POST`;
- :func:`replay_actions` plays the actions through the engine's hand model
  (:mod:`potengine.play.hand`) under the header's betting structure
  (:func:`structure_from_header`; straddles as the model's own) and says, in a :class:`Replay`,
  which rule an action breaks;
  ``_plainly_legal`` passes the plain no-limit and pot-limit hands without stepping the model;
- ``_pots`` forms the contributions into the engine's pots (``_whole_chips`` first: amounts that
  are not whole chips make none; one player alone putting chips in makes none and has them back),
  which steps 2 to 6 (:mod:`~potengine.histories.pot_check`) compare with the history.

It reads the record alone (no words of a verdict: findings are plain strings), and nothing in
the package below it imports it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from operator import attrgetter
from typing import NamedTuple

from ..chips import Amount, exact_arithmetic
from ..chips import format_amount as fmt
from ..errors import IllegalHandHistoryError, InputError, PotEngineError, message_of, said
from ..play.hand import Hand, start_hand
from ..play.streets import Street
from ..play.structures import NoLimit, PotLimit, RoundView, Structure, structure_from_pokerstars
from ..pots.layout import PotLayout, build_pots, form_pots
from .record import Action, HandHistory

PREFLOP = Street.PRE_FLOP
"""The street name for the betting before the flop (kept here alone: the street names are local)."""


class LineTotals(NamedTuple):
    """What the betting lines add up to: each player's total, the folds, and what is amiss.

    ``wrong`` lists chips that cannot be (more put in than the stack, an all-in mark that does not
    match the stack, a "raises X to Y" whose X is no measure of Y, a call of no size the site uses,
    a blind other than the stakes); ``irregular`` lists lines that follow a practice other than
    the engine's rules (a check facing a bet, a bet facing a bet, a fold by an all-in player).
    """

    contributions: dict[str, Amount]
    folded: frozenset[str]
    wrong: list[str]
    irregular: list[str]


LIVE_POST = "(live)"
"""How a reader ends the text of a small blind its room counts toward the player's bet although
PokerStars would count it dead (a second small blind: see :func:`dead_posts`)."""
DEAD_POST = "(dead)"
"""How a reader ends the text of a small blind its room writes as dead in its own words."""


def dead_posts(hand: HandHistory) -> dict[int, Amount]:
    """The dead part of each blind post, by the post's line number.

    Dead money belongs to the pot but counts toward no bet: the small blind of "posts small & big
    blinds" (or "small and big blinds"), and a second "posts small blind" (a player entering out
    of position, or posting both blinds on two lines). The first small blind posted by a player
    who does not also post a big blind is the live one. A reader whose room counts a small blind
    posted out of turn toward the player's bet ends the action's text with :data:`LIVE_POST`
    (partypoker); one whose room writes a small blind dead in words PokerStars does not use ends
    it with :data:`DEAD_POST`.

    >>> from potengine.histories.pokerstars import read_file
    >>> dead_posts(read_file(DATA / "pokerstars/cash_rake.txt")[2])
    {84: Decimal('0.05')}
    """
    dead: dict[int, Amount] = {}
    posts = hand.posts
    if (
        len(posts) == 2
        and posts[0].kind == "small blind"
        and posts[1].kind == "big blind"
        and posts[0].player != posts[1].player
    ):
        return dead  # the common case, a small blind and a big blind: nothing dead
    big = {a.player for a in posts if a.kind in ("big blind", "blinds")}
    live_small = False
    for a in hand.posts:
        if a.kind == "blinds":
            if hand.big_blind is not None and a.amount > hand.big_blind:
                dead[a.line] = a.amount - hand.big_blind
        elif a.kind == "small blind":
            said = a.text[-len(LIVE_POST) :]
            if said == LIVE_POST:  # the reader's word: this room counts it toward the bet
                continue
            if live_small or a.player in big or said == DEAD_POST:
                dead[a.line] = a.amount
            else:
                live_small = True
    return dead


def dead_money(hand: HandHistory, *, posts: Mapping[int, Amount] | None = None) -> dict[str, Amount]:
    """Chips posted dead, by player: they go into the main pot but match no bet.

    The dead small blinds of :func:`dead_posts` (``posts``, if the caller has them already), and
    a big-blind ante (an ante posted by the big blind alone, for the whole table). Antes that
    every player posts are counted like any other chip: each player's ante is matched by the
    others'.

    >>> from potengine.histories.pokerstars import read_file
    >>> dead_money(read_file(DATA / "pokerstars/tournament_antes.txt")[0])
    {}
    """
    dead: dict[str, Amount] = {}
    antes = [a for a in hand.posts if a.kind == "ante"]
    if len(antes) == 1 and len(hand.players) > 2:
        big = [a.player for a in hand.posts if a.kind == "big blind"]
        if big and antes[0].player == big[0]:
            dead[antes[0].player] = antes[0].amount
    if posts is None:
        posts = dead_posts(hand)
    if posts:
        for a in hand.posts:
            if a.line in posts:
                dead[a.player] = dead.get(a.player, 0) + posts[a.line]
    return dead


def _raise_to(action: Action) -> Amount:
    assert action.to is not None  # the reader gives every raise line its "to" amount
    return action.to


def contributions_from_lines(hand: HandHistory, *, dead: Mapping[int, Amount] | None = None) -> LineTotals:
    """Each player's total put in, the folded players, and the lines that do not add up.

    A street's bets are street totals: "raises 20 to 40" brings that player's bet on the street
    to 40; "calls 18" adds 18; antes and dead blinds count apart from the street's bets. Players
    who put in nothing are left out. The amounts are measured as PokerStars measures them: a
    raise from the largest bet actually made (a short big blind lowers it), a call to the full big
    blind (even when the big blind posted less), and a call never more than what the live
    opponents can still contest. ``dead`` is the hand's :func:`dead_posts`, if the caller has
    them already.

    >>> from potengine.histories.pokerstars import read_file
    >>> hand = read_file(DATA / "pokerstars/side_pots.txt")[0]
    >>> totals = contributions_from_lines(hand)
    >>> totals.contributions, totals.folded, totals.wrong, totals.irregular
    ({'Alice': 40, 'Bilal': 100, 'Chloé': 100}, frozenset(), [], [])
    """
    players = hand.players
    stacks = hand.stacks
    zero = type(hand.chip)(0)  # 0 as an int or a Decimal, like the amounts: like compares faster with like
    spent: dict[str, Amount] = dict.fromkeys(players, zero)
    folded: set[str] = set()
    wrong: list[str] = []
    irregular: list[str] = []
    if dead is None:
        dead = dead_posts(hand)
    w = _where  # a finding's place, built only for a finding
    street = None
    bets: dict[str, Amount] = {}
    current: Amount = 0  # the largest bet actually made on this street
    target: Amount = 0  # what a call must reach (the full big blind at least)
    for action in hand.actions:
        p = action.player
        if action.street != street:
            street, bets, current = action.street, dict.fromkeys(players, zero), 0
            # before the flop a call is to the full big blind, even when the big blind posted less
            target = hand.big_blind if street == PREFLOP and hand.big_blind is not None else 0
        kind = action.kind
        if p in folded:
            irregular.append(said("{where}: {player} acts after folding", where=w(action), player=p))
        # The kinds of line in the order of their frequency: folds and checks first, posts and antes last.
        if kind == "fold":
            if spent[p] and spent[p] == stacks[p]:
                irregular.append(_all_in_folds(action))
            folded.add(p)
            continue  # a fold or a check puts nothing in: the checks of the chips below find nothing new
        if kind == "check":
            if bets[p] < target and spent[p] < stacks[p]:
                irregular.append(
                    said(
                        "{where}: {player} checks facing a bet of {bet}",
                        where=w(action),
                        player=p,
                        bet=fmt(target),
                    )
                )
            continue
        if kind == "call":
            owed = target - bets[p]
            if action.amount != owed and not (action.amount < owed and action.all_in):
                wrong += _call_sized(action, owed, bets, spent, stacks, folded)
            spent[p] += action.amount
            bets[p] += action.amount
        elif kind == "raise":
            to = _raise_to(action)
            if to <= current or action.amount not in (to - current, to - target):
                wrong.append(_raise_sized(action, current))  # the line's own two amounts disagree
            spent[p] += to - bets[p]
            bets[p] = to
            if to > current:
                current = to
            if current > target:
                target = current
        elif kind == "bet" or kind in _BLINDS:
            live = action.amount  # what counts toward the street's bet: a blind's dead part does not
            if kind == "bet":
                if current > 0 and street != PREFLOP:
                    irregular.append(
                        said(
                            "{where}: {player} bets while facing a bet of {bet}",
                            where=w(action),
                            player=p,
                            bet=fmt(current),
                        )
                    )
            else:
                stake = _stake(hand, kind)
                if (
                    stake is not None
                    and action.amount != stake
                    and not (action.all_in or action.line in dead)
                ):
                    wrong.append(_post_sized(action, stake))
                if action.line in dead:
                    live -= dead[action.line]
            spent[p] += action.amount
            bets[p] += live
            if bets[p] > current:
                current = bets[p]
            if current > target:
                target = current
        elif kind == "ante":
            spent[p] += action.amount
        if spent[p] > stacks[p] or (action.all_in and spent[p] != stacks[p]):
            wrong += _beyond_stack(action, spent[p], stacks[p])
    chip = hand.chip
    for p, amount in spent.items():
        if amount and amount % chip:  # (nothing put in is whole chips)
            wrong.append(
                said(
                    "{player} put in {amount}, not a whole number of {chip} chips",
                    player=p,
                    amount=fmt(amount),
                    chip=fmt(chip),
                )
            )
    contributions = {p: amount for p, amount in spent.items() if amount}  # (no amount is negative)
    return LineTotals(contributions, frozenset(folded.intersection(contributions)), wrong, irregular)


_BLINDS = ("small blind", "big blind", "blinds", "button blind", "straddle")
"""The kinds of blind post (an ante is posted too, but toward no bet); a straddle is a live blind."""


def _all_in_folds(action: Action) -> str:
    """The irregularity of a player who folds with every chip in."""
    return said(
        "{where}: {player} is all-in and folds: PokerStars writes a sitting-out player "
        "who is all-in on a blind as folding, out of turn; his chips stay in the pot",
        where=_where(action),
        player=action.player,
    )


def _call_sized(
    action: Action,
    owed: Amount,
    bets: Mapping[str, Amount],
    spent: Mapping[str, Amount],
    stacks: Mapping[str, Amount],
    folded: set[str],
) -> list[str]:
    """The finding of a call of another size than ``owed``, if it is one: less than owed is right
    when it is all the live opponents can still contest."""
    p = action.player
    contest = (
        max((bets[q] + stacks[q] - spent[q] for q in bets if q != p and q not in folded), default=0) - bets[p]
    )
    if action.amount == min(owed, max(contest, 0)):
        return []
    return [
        said(
            "{where}: {player} calls {amount}, but the call was {owed}",
            where=_where(action),
            player=p,
            amount=fmt(action.amount),
            owed=fmt(owed),
        )
    ]


def _post_sized(action: Action, stake: Amount) -> str:
    """The finding of a live blind of another size than the stakes set (``stake``): one sentence
    for each blind :func:`_stake` sizes, so that each language names the blind in its own words."""
    values = {
        "where": _where(action),
        "player": action.player,
        "amount": fmt(action.amount),
        "stake": fmt(stake),
    }
    if action.kind == "small blind":
        return said("{where}: {player} posts {amount}, but the stakes make the small blind {stake}", **values)
    if action.kind == "big blind":
        return said("{where}: {player} posts {amount}, but the stakes make the big blind {stake}", **values)
    return said("{where}: {player} posts {amount}, but the stakes make the button blind {stake}", **values)


def _raise_sized(action: Action, current: Amount) -> str:
    """The finding of a "raises X to Y" whose X is no measure of Y, the bet being ``current``."""
    to = _raise_to(action)
    return said(
        "{where}: {player} raises {amount} to {to}, but the bet was {bet} (a raise to {to} is {more} more)",
        where=_where(action),
        player=action.player,
        amount=fmt(action.amount),
        to=fmt(to),
        bet=fmt(current),
        more=fmt(to - current),
    )


def _beyond_stack(action: Action, spent: Amount, stack: Amount) -> list[str]:
    """The findings of a player whose chips put in do not square with his stack: an all-in mark
    on less than the stack, more put in than the stack (either or both)."""
    p, w = action.player, _where(action)
    found: list[str] = []
    if action.all_in and spent != stack:
        found.append(
            said(
                "{where}: {player} is all-in after putting in {spent}, but started with {stack}",
                where=w,
                player=p,
                spent=fmt(spent),
                stack=fmt(stack),
            )
        )
    if spent > stack:
        found.append(
            said(
                "{where}: {player} has put in {spent}, more than the stack of {stack}",
                where=w,
                player=p,
                spent=fmt(spent),
                stack=fmt(stack),
            )
        )
    return found


def _where(action: Action) -> str:
    """Where a line is, for a finding: its number and its text (built only when needed)."""
    return said("line {line} ({text})", line=action.line, text=action.text)


def _not_replayed(reason: str) -> str:
    """Step 1's note of a hand the hand model does not replay, and why."""
    return said("Not replayed with the hand model ({reason}): totals from the history's lines", reason=reason)


def _stake(hand: HandHistory, kind: str) -> Amount | None:
    """The blind the header's stakes set for a post of ``kind`` (None when the header does not say)."""
    if kind == "small blind":
        return hand.small_blind
    if kind == "big blind" and hand.small_bet is None:
        return hand.big_blind
    if kind == "button blind":  # 6+ Hold'em: the header's "Button Blind" is the bet to call
        return hand.big_blind
    return None


def structure_from_header(hand: HandHistory, small_blind: Amount, big_blind: Amount) -> Structure | None:
    """The engine's betting structure for a PokerStars hand, as the structures read their own
    headers (:func:`potengine.play.structures.structure_from_pokerstars`).

    "Hold'em No Limit" and "Hold'em Pot Limit" are played at the big blind; "Hold'em Limit
    (2/4)" names the small and big bets. ``None`` when the header names no structure the engine
    plays, or a fixed limit without its bets.

    >>> from potengine.histories.pokerstars import read_file
    >>> hand = read_file(DATA / "pokerstars/limit_and_pot_limit.txt")[0]
    >>> type(structure_from_header(hand, 5, 10)).__name__
    'FixedLimit'
    """
    key = (hand.game, repr(big_blind), repr(hand.small_bet), repr(hand.big_bet))  # 0.1 and 0.10 apart
    if key in _STRUCTURES:
        return _STRUCTURES[key]
    try:
        structure = structure_from_pokerstars(
            hand.game, big_blind=big_blind, small_bet=hand.small_bet, big_bet=hand.big_bet
        )
    except InputError:  # a fixed-limit header that gives no small and big bet
        structure = None
    if len(_STRUCTURES) > 1024:  # a bounded cache: stakes repeat from hand to hand
        _STRUCTURES.clear()
    _STRUCTURES[key] = structure
    return structure


_STRUCTURES: dict[tuple[str, str, str, str], Structure | None] = {}


class Replay(NamedTuple):
    """What :func:`replay_actions` found: whether it ran, notes, and the rule departures."""

    ran: bool
    notes: list[str]
    problems: list[str]
    illegal: IllegalHandHistoryError | None


_PLAYER = attrgetter("player")


REPLAYED = said("Replayed with the hand model: every action is legal and the totals agree")


def replay_actions(
    hand: HandHistory,
    contributions: Mapping[str, Amount],
    *,
    fast: bool = True,
    dead: Mapping[int, Amount] | None = None,
) -> Replay:
    """Play the history's actions through the hand model of :mod:`potengine.play.hand`.

    Unlike :func:`potengine.histories.phh.replay` (which returns the played hand), this returns
    a :class:`Replay`: whether the replay ran, notes, and problems: an action the engine refuses
    (``illegal``: an :class:`IllegalHandHistoryError` naming the hand, the line and the rule), or a
    player whose total differs from the lines' street totals. Hands the model cannot set up the
    same way (dead or missing blinds, blinds out of position, a dead button, uneven antes, a cap)
    are not replayed; the contributions then come from the lines alone.

    With ``fast`` (the default), a plain no-limit or pot-limit hand (no all-in blind, no dead
    blind, no straddle) whose every action is in turn and of a legal size by the rules of the
    hand model is passed without stepping the immutable model through it; anything else, and
    every doubt, goes to the model, which names the rule. (Tests keep the two in agreement on
    every hand of the PokerStars corpus and of every room's real files.)
    ``dead`` is the hand's :func:`dead_posts`, if the caller has them already.

    >>> from potengine.histories.pokerstars import read_file
    >>> hand = read_file(DATA / "pokerstars/uncalled.txt")[1]
    >>> replay_actions(hand, contributions_from_lines(hand).contributions)[:3]
    (True, ['Replayed with the hand model: every action is legal and the totals agree'], [])
    """
    setup = _replayable(hand, dead)
    if isinstance(setup, str):
        return Replay(False, [_not_replayed(setup)], [], None)
    dealt, small, big, ante_posts, antes, big_blind_ante, straddles, sb, bb, structure = setup
    plain = type(structure) in _PLAIN and not big_blind_ante and not straddles
    if fast and plain and small.amount == sb and big.amount == bb:
        n, b = len(dealt), dealt.index(hand.button)
        sb_seat, bb_seat = (b, 1 - b) if n == 2 else ((b + 1) % n, (b + 2) % n)
        if (
            dealt[sb_seat] == small.player
            and dealt[bb_seat] == big.player
            and _plainly_legal(hand, dealt, b, sb_seat, bb_seat, sb, bb, ante_posts, structure)
        ):
            return Replay(True, [REPLAYED], [], None)
    try:
        game = start_hand(
            {p: hand.stack(p) for p in dealt},
            small_blind=sb,
            big_blind=bb,
            button=hand.button,
            ante=max(antes or {a.amount for a in ante_posts}, default=0),
            big_blind_ante=big_blind_ante,
            chip=hand.chip,
            structure=structure,
            game=("omaha-hi-lo" if hand.hi_lo else "omaha") if hand.omaha else "holdem",
            straddles=straddles or None,
        )
    except PotEngineError as err:
        return Replay(False, [_not_replayed(message_of(err))], [], None)
    sb_seat, bb_seat = game.setup.small_blind_seat, game.setup.big_blind_seat
    if dealt[sb_seat] != small.player or dealt[bb_seat] != big.player:
        return Replay(False, [_not_replayed(said("blinds out of the usual position"))], [], None)
    played = _played(hand, game, dealt)
    if isinstance(played, Replay):
        return played
    return _compared(played, contributions)


_PLAIN = (NoLimit, PotLimit)
"""The structures :func:`_plainly_legal` passes: their minimum is the same, and the pot limit's
maximum is asked of the structure itself."""


_Setup = tuple[
    list[str], Action, Action, list[Action], set[Amount], bool, dict[str, Amount], Amount, Amount, Structure
]
"""What the hand model is set up with, for :func:`replay_actions`: the players dealt in (seat
order), the small and the big blind's posts, the ante posts, their amounts (all-in antes left
out), whether the ante is a big-blind ante, each straddler's straddle, the blinds the stakes set,
and the structure."""


def _replayable(hand: HandHistory, dead: Mapping[int, Amount] | None) -> _Setup | str:
    """The set-up of the hand model for ``hand``, or why the model cannot be set up the same way
    (in words: "Not replayed with the hand model (...)" is written around them)."""
    acting = set(map(_PLAYER, hand.actions))
    dealt = list(filter(acting.__contains__, hand.players))  # seat order
    posts = hand.posts
    if hand.cap is not None:
        return said("a game capped at {cap} a player", cap=fmt(hand.cap))
    if dead is None:
        dead = dead_posts(hand)
    if dead or len(dealt) < 2 or hand.button not in dealt:
        return said("dead blinds or a dead button")
    ante_posts: list[Action] = []
    small: list[Action] = []
    big: list[Action] = []
    straddles: dict[str, Amount] = {}
    for a in posts:
        if a.kind == "small blind":
            small.append(a)
        elif a.kind == "big blind":
            big.append(a)
        elif a.kind == "ante":
            ante_posts.append(a)
        elif a.kind == "straddle":  # the straddler's bet: `to` when the reader gives it (GGPoker's
            straddles[a.player] = a.to if a.to is not None else a.amount  # re-straddle adds to it)
    antes = {a.amount for a in ante_posts if not a.all_in} if ante_posts else set()
    if len(antes) > 1 or len(small) != 1 or len(big) != 1:
        if not big and any(a.kind == "button blind" for a in posts):
            return said("a button blind, as in 6+ Hold'em")
        return said("missing or extra blinds, or uneven antes")
    big_blind_ante = len(ante_posts) == 1 and ante_posts[0].player == big[0].player and len(dealt) > 2
    if ante_posts and not big_blind_ante and len(ante_posts) != len(dealt):
        return said("only some players posted an ante")
    if hand.small_bet is not None:
        sb, bb = small[0].amount, big[0].amount  # a limit header names the bets: the blinds are posted
    else:
        sb = hand.small_blind if hand.small_blind is not None else small[0].amount
        bb = hand.big_blind if hand.big_blind is not None else big[0].amount
    try:
        structure = structure_from_header(hand, sb, bb)
    except PotEngineError as err:
        return message_of(err)
    if structure is None:
        return said("the header names no betting structure")
    return dealt, small[0], big[0], ante_posts, antes, big_blind_ante, straddles, sb, bb, structure


def _played(hand: HandHistory, game: Hand, dealt: Sequence[str]) -> Hand | Replay:
    """The hand model after the history's actions (the posts are the model's own), or the
    :class:`Replay` of the first action it refuses."""
    for action in hand.actions[len(hand.posts) :]:
        try:
            if action.kind == "fold":
                game = game.fold(action.player)
            elif action.kind == "check":
                game = game.check(action.player)
            elif action.kind == "call":
                game = game.call(action.player)
            elif action.kind == "bet":
                seat = dealt.index(action.player)
                game = game.bet(action.player, game.bets[seat] + action.amount)
            elif action.kind == "raise":
                game = game.raise_to(action.player, _raise_to(action))
        except PotEngineError as err:  # IllegalActionError, or an amount the model refuses
            where = said("line {line} ({text})", line=action.line, text=action.text)
            problem = said("{where}: the hand model refuses it: {error}", where=where, error=message_of(err))
            illegal = IllegalHandHistoryError(
                said("hand #{hand_id}, {problem}", hand_id=hand.hand_id, problem=problem)
            )
            return Replay(True, [], [problem], illegal)
    return game


def _compared(game: Hand, contributions: Mapping[str, Amount]) -> Replay:
    """The :class:`Replay` of a hand the model played through: its totals against the lines'."""
    problems: list[str] = []
    notes: list[str] = [REPLAYED]
    if game.actor is not None:
        problems.append(
            said("the history stops, but the hand model still waits for {player} to act", player=game.to_act)
        )
    model = {p: a for p, a in game.contributions.items() if a}
    if model != {p: a for p, a in contributions.items() if a} and not problems:
        gone = [p for p, out in zip(game.setup.players, game.folded, strict=True) if out]
        if _same_pots(model, contributions, gone):
            notes = [
                said(
                    "Replayed with the hand model: every action is legal; the history calls only what "
                    "the live opponents can contest (PokerStars' practice), the model calls in full and "
                    "returns the rest: the same pots"
                )
            ]
        else:
            for player, amount in game.contributions.items():
                if amount != contributions.get(player, 0):
                    problems.append(
                        said(
                            "{player}: the hand model makes {amount} put in, the history's lines {lines}",
                            player=player,
                            amount=fmt(amount),
                            lines=fmt(contributions.get(player, 0)),
                        )
                    )
    return Replay(True, [] if problems else notes, problems, None)


def _plainly_legal(
    hand: HandHistory,
    dealt: list[str],
    button: int,
    sb_seat: int,
    bb_seat: int,
    sb: Amount,
    bb: Amount,
    ante_posts: list[Action],
    structure: Structure,
) -> bool:
    """True only for a plain no-limit or pot-limit hand (the caller checks the structure) whose
    every action is in turn and of a legal size.

    The rules are the hand model's for that simple case: action clockwise from the big blind's
    left before the flop and from the button's left after it, skipping folded and all-in players;
    a check only when nothing is owed; a call of exactly what is owed (or all-in for less); a bet
    of at least the big blind; a raise by at least the largest raise of the round; under pot
    limit, a bet or raise no larger than the structure's own maximum
    (:meth:`~potengine.play.structures.PotLimit.bounds`, asked with the round as the model sees
    it); no action once one player is left; every round complete. A short all-in raise, a raise
    nobody could answer, an all-in blind or ante, a stack run dry without its mark, or anything
    else returns False: the model then decides, and names the rule.
    """
    limited = type(structure) is not NoLimit  # pot limit: the maximum is the structure's
    posts = hand.posts
    for post in posts:
        if post.all_in:
            return False
    ante = ante_posts[0].amount if ante_posts else 0
    # What each player can still put in: his stack less the ante, then less each street's bets.
    stacks: Mapping[str, Amount] = {p: hand.stacks[p] - ante for p in dealt} if ante else hand.stacks
    n = len(dealt)
    left = (*range(1, n), 0)  # the seat to the left of each seat
    live = n  # the players who have not folded
    out: set[str] = set()  # all-in players: they act no more
    acting = set(dealt)  # the live players who are not all-in: they alone still act
    zero = type(hand.chip)(0)  # 0 as an int or a Decimal, like the amounts: like compares faster with like
    bets: dict[str, Amount] = dict.fromkeys(dealt, zero)
    bets[dealt[sb_seat]], bets[dealt[bb_seat]] = sb, bb
    if sb >= stacks[dealt[sb_seat]] or bb >= stacks[dealt[bb_seat]]:
        return False  # a blind of the whole stack without its all-in mark: the model decides
    current, step, seat = bb, bb, bb_seat  # seat: who acted last
    owe = set(dealt)  # who must still act this round
    street = PREFLOP
    pot = ante * n + sb + bb  # every chip in the middle (pot limit's measure)
    raises = 1  # full bets and raises this round (pre-flop the big blind counts as the bet)
    for action in hand.actions[len(posts) :]:
        if action.street != street:
            if owe - out or len(acting) < 2:
                return False
            street, current, step, raises = action.street, zero, bb, 0
            stacks = {p: stacks[p] - bets[p] for p in acting}
            bets = dict.fromkeys(acting, zero)
            owe = set(acting)
            seat = button  # left of the button first (heads-up, the button is the small blind)
        if not acting:
            return False
        seat = left[seat]
        while dealt[seat] not in acting:  # the next player clockwise still in the hand and not all-in
            seat = left[seat]
        p = action.player
        if dealt[seat] != p or (p not in owe and bets[p] == current) or live < 2:
            return False
        owe.discard(p)
        kind = action.kind
        if kind == "fold":
            live -= 1
            acting.discard(p)
            continue  # a fold or a check puts nothing in: the stack checks below find nothing new
        if kind == "check":
            if bets[p] != current:
                return False
            continue
        if kind == "call":
            owed = current - bets[p]
            if owed <= 0 or not (action.amount == owed or (action.all_in and action.amount < owed)):
                return False
            bets[p] += action.amount
            pot += action.amount
        elif kind in ("bet", "raise"):
            to = bets[p] + action.amount if kind == "bet" else _raise_to(action)
            if (kind == "bet") != (current == 0) or to - current < step or len(acting) < 2:
                return False  # (p acts, so another acting player is one besides p)
            if limited:
                view = RoundView(street, current, bets[p], step, current, pot, raises, live)
                bounds = structure.bounds(view)
                if bounds is None or bounds.high is None or to > bounds.high:
                    return False
            pot += to - bets[p]
            step, current, bets[p] = to - current, to, to
            raises += 1
            owe = acting - {p}
        else:
            return False
        if action.all_in:
            if bets[p] != stacks[p]:
                return False
            out.add(p)
            acting.discard(p)
        elif bets[p] >= stacks[p]:
            return False  # all-in without the mark: the model decides
    if live == 1:
        return True
    if any(bets[q] < current for q in acting) or (owe - out and len(acting) > 1):
        return False
    return street is Street.RIVER or len(acting) < 2


def _same_pots(model: Mapping[str, Amount], lines: Mapping[str, Amount], folded: Iterable[str]) -> bool:
    """Whether two sets of contributions make the same pots (they differ only in returned chips)."""
    try:
        ours = build_pots(model, [p for p in folded if p in model])
        theirs = build_pots({p: a for p, a in lines.items() if a}, [p for p in folded if p in lines])
    except PotEngineError:
        return False
    return [(p.amount, p.eligible) for p in ours.pots] == [(p.amount, p.eligible) for p in theirs.pots]


def _whole_chips(amounts: Iterable[Amount], chip: Amount) -> bool:
    """Whether every amount is a whole number of chips of size ``chip``."""
    for amount in amounts:  # noqa: SIM110 - a plain loop is faster than all() over a generator
        if amount % chip:
            return False
    return True


def _pots(contributions: dict[str, Amount], folded: frozenset[str], dead: dict[str, Amount]) -> PotLayout:
    """The pots of the lines' contributions, by the trusted path (:func:`form_pots`): the reader
    gives whole, non-negative amounts and every folded player and dead post is one who put chips
    in, so :func:`build_pots`' checks would only repeat the reader's."""
    if len(contributions) == 1 and not dead:
        # one player alone put chips in (a walk; or the other blind was never posted and
        # everybody folded to him): no pot, his chips go back to him
        return PotLayout(tuple(contributions), contributions, folded, (), dict(contributions))
    if len(contributions) < 2:
        return build_pots(contributions, folded, dead=dead)  # names the problem
    for amount in contributions.values():
        if type(amount) is not int:  # a Decimal: exact arithmetic
            with exact_arithmetic("the pots"):
                return form_pots(contributions, folded, dead)
    return form_pots(contributions, folded, dead)
