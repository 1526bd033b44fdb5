"""The live pages' own words: every label, button, hint and status line of the calculator, the
hand-history checker and the dealer drills, in English, Dutch, German and Greek.

The pages' JavaScript writes no sentence of its own: it shows ``labels(language)[key]``, with
``{name}`` placeholders filled in (a seat's number, a run's number). The table is made here, with
the same gettext catalogues as the engine's words (``potengine/locale``: ``tools/messages.py``
finds every ``_("…")`` below, the tests check that each has a translation in every language), and
``tools/build_live.py`` writes it into the site as one file a language, ``live/words-<lang>.json``,
before the engine is loaded: a page shows its labels and its "loading" line in the reader's
language at once, and a page built without the engine (no npm) still says so in that language.

>>> labels("en")["calc.settle"], labels("nl")["calc.settle"], labels("de")["calc.settle"]
('Settle', 'Verdelen', 'Aufteilen')
>>> labels("el")["calc.run_legend"]
'Run {number}: πάτησε τους παίκτες από το καλύτερο χέρι προς το χειρότερο σε αυτό το run'
>>> labels("de")["language.el"], labels("en")["language.de"]  # each language by its own name
('Ελληνικά', 'Deutsch')
"""

from __future__ import annotations

from ..i18n import LANGUAGES, words

NAMES = {"en": "English", "nl": "Nederlands", "de": "Deutsch", "el": "Ελληνικά"}
"""Each language by its own name (what the language switch shows, the same on every page)."""


def labels(language: str = "en") -> dict[str, str]:
    """Every label of the live pages in ``language``, by key (templates: ``{name}`` placeholders
    are the page's to fill in); the drill levels' titles are the engine's
    (:data:`potengine.drills.LEVELS`).

    >>> table = labels("nl")
    >>> table["calc.seat_name"], table["drill.level.1"]
    ('Stoel {seat}: naam', 'Twee spelers, één all-in')
    """
    from ..drills import LEVELS

    _ = words(language)
    table = {
        # the page's language and the engine's status (web/live.mjs)
        "live.language": _("Language"),
        "live.unavailable": _(
            "This copy of the site was built without the engine for the browser (npm was missing when "
            "it was built), so this page cannot run here. The same engine runs on the command line: "
            "potengine settle / potengine audit."
        ),
        "live.loading": _(
            "Loading the engine: Python and potengine run in your browser (about 12 MB the first time, "
            "then kept for the whole book); nothing you type leaves this page…"
        ),
        "live.failed": _("The engine could not start in this browser: {error}"),
        "live.ready": _(
            "Engine ready (Python in Pyodide {version}, loaded in {seconds} s). Everything is computed "
            "in your browser."
        ),
        # the calculator (web/calculator.mjs): the rows
        "calc.players_legend": _("Players in seat order (clockwise), and what each put in during the hand"),
        "calc.add": _("+ Add a player"),
        "calc.player": _("Player {number}"),
        "calc.seat_name": _("Seat {seat}: name"),
        "calc.chips": _("chips"),
        "calc.seat_chips": _("Seat {seat}: chips put in {name}"),
        "calc.cards_hint": _("hole cards, e.g. As Ks"),
        "calc.seat_cards": _("Seat {seat}: hole cards"),
        "calc.remove": _("Remove seat {seat}"),
        "calc.folded": _("folded"),
        # how often the hand is run
        "calc.runs_legend": _("Run it (the rest of the board dealt more than once)"),
        "calc.runs_group": _("Run it"),
        "calc.once": _("Once"),
        "calc.twice": _("Twice"),
        "calc.three_times": _("Three times"),
        "calc.bomb": _("Bomb pot: two boards dealt at once"),
        # the order of hands
        "calc.showdown_legend": _("Showdown: tap the players from the best hand to the worst"),
        "calc.run_legend": _("Run {number}: tap the players from the best hand to the worst on this run"),
        "calc.board_legend": _(
            "Board {number}: tap the players from the best hand to the worst on this board"
        ),
        "calc.tie": _("= Tie with the last"),
        "calc.tie_mark": _("(tie)"),
        "calc.undo": _("Undo"),
        "calc.clear": _("Clear"),
        # the button, the chip, the cards
        "calc.more": _("Button, smallest chip, cards"),
        "calc.button_label": _("The button (odd chips go to the first winner left of it)"),
        "calc.button_default": _("The last seat (default)"),
        "calc.chip_label": _("Smallest chip in play"),
        "calc.chip_hint": _("empty: chosen from the amounts"),
        "calc.use_cards": _("I have the cards: let them decide instead of the order"),
        "calc.board": _("The board"),
        "calc.board_hint": _("e.g. 2c 7d 9h Qs Jd"),
        "calc.run_board": _("Run {number}'s board (all five cards, shared ones too)"),
        "calc.bomb_board": _("Board {number} (five cards)"),
        # the quick field
        "calc.quick": _("Type it instead (for a keyboard)"),
        "calc.players_label": _(
            "Players and chips, one a line or separated by commas: Alice 40, Alice:40 or Alice=40; "
            "decimals with a point or a comma; add “folded” after a player who folded"
        ),
        "calc.players_hint": _("Alice 40\nBilal 100\nChloé 100\nDavid 30 folded"),
        "calc.ranking_label": _("Showdown, best first: > beats, = ties (names in any case)"),
        "calc.run_ranking_label": _(
            "Run {number}'s showdown, best first: > beats, = ties (names in any case)"
        ),
        "calc.board_ranking_label": _(
            "Board {number}'s showdown, best first: > beats, = ties (names in any case)"
        ),
        "calc.run_ranking": _("Run {number}'s showdown, best first"),
        "calc.board_ranking": _("Board {number}'s showdown, best first"),
        "calc.ranking_hint": _("e.g. Alice > Chloé = Bilal"),
        "calc.ranking2_hint": _("e.g. Chloé > Alice > Bilal"),
        "calc.quick_fill": _("Fill in and settle"),
        # settling, the result
        "calc.settle": _("Settle"),
        "calc.tableside": _("Table-side: push pot by pot"),
        "calc.link": _("Link to this hand"),
        "calc.result_pots": _("Pots, winners and payouts"),
        "calc.result_words": _("In words"),
        "calc.result_check": _("The six-step check"),
        "calc.result_pictures": _("Where the chips went in and came out"),
        "calc.result_json": _("The settlement as JSON (as potengine settle --json prints it)"),
        # table-side mode
        "calc.push_of": _("Push {number} of {count}"),
        "calc.pushes_all": _("Every push, in order: {count}"),
        "calc.previous": _("‹ Previous"),
        "calc.next": _("Next ›"),
        "calc.all_at_once": _("All at once"),
        "calc.one_at_a_time": _("One at a time"),
        "calc.close": _("Close"),
        # the hand-history checker (web/history.mjs)
        "hist.open": _("Open a file:"),
        "hist.paste": _("…or paste the hands:"),
        "hist.input": _("Hand histories"),
        "hist.check": _("Check every hand"),
        "hist.count": _("{done} of {total} hands: {tally}"),
        "hist.audit_json": _("The audit as JSON (as potengine audit --json prints it)"),
        "verdict.consistent": _.p("verdict", "consistent"),
        "verdict.irregular": _.p("verdict", "irregular"),
        "verdict.wrong": _.p("verdict", "wrong"),
        "verdict.unsupported": _.p("verdict", "unsupported"),
        "verdict.unreadable": _.p("verdict", "unreadable"),
        # the dealer drills (web/drills.mjs)
        "drill.level": _("Level"),
        "drill.new": _("New situation"),
        "drill.heading": _("Level {level}: {title} (drill {seed})"),
        "drill.seat": _("Seat"),
        "drill.player": _("Player"),
        "drill.put_in": _("Put in"),
        "drill.folded": _("folded"),
        "drill.button": _("button"),
        "drill.run_twice": _("Run twice."),
        "drill.run_times": _("Run {count} times."),
        "drill.chip": _("Smallest chip: {chip}."),
        "drill.showdown": _("Showdown, best first:"),
        "drill.run_showdown": _("Run {number}, best first:"),
        "drill.how_many": _("First: how many pots does the dealer make?"),
        "drill.amount": _("Amount"),
        "drill.won_by": _("Won by:"),
        "drill.pot_won_by": _("{pot}: won by"),
        "drill.part_won_by": _("{pot}, run {number}: won by"),
        "drill.this_pot": _("This pot is:"),
        "drill.pot_run_or_once": _("{pot}: run or paid once"),
        "drill.mode_twice": _("Run twice"),
        "drill.mode_times": _("Run {count} times"),
        "drill.paid_once": _("Paid once"),
        "drill.part": _("Run {number}'s part"),
        "drill.receives": _("Each player receives"),
        "drill.check": _("Check my answer"),
        "drill.rule_missed": _("Rule missed: {rule}."),
        "drill.all_right": _("All right!"),
        "drill.right_of": _("{right} of {total} right"),
        "drill.wrote": _("you wrote “{given}”, the engine says {expected}"),
        "drill.nothing": _("nothing"),
        "drill.how": _("How the engine settles it"),
        "drill.session": _(
            "This session: {all_right} of {drills} drills all right, {right} of {items} answers right."
        ),
    }
    for level, title in LEVELS.items():
        table[f"drill.level.{level}"] = title.in_language(language)
    for code in LANGUAGES:
        table[f"language.{code}"] = NAMES[code]
    return table
