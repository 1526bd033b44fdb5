"""The live pages in a real browser: headless Chromium (Debian's) driven by Playwright for Python.

Each test opens a page of the built site (``make book``) from a local http server, types into the
form, clicks, and compares what the page shows with the engine run here in CPython on the same
input. Every test also records every request the page (and its engine worker) makes and fails on
any request outside the site's own origin, and on any console error or uncaught exception.

Without the built live pages, Chromium or Playwright, these tests are skipped with the reason;
with ``POTENGINE_REQUIRE_LIVE=1`` (set by ``.ci/run``) they fail instead: CI never skips them.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import threading
import zipfile
from collections.abc import Iterator
from decimal import Decimal
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlencode, urlsplit

import pytest

from potengine.cli import main as cli_main
from potengine.drills import deal
from potengine.pots.settlement import settle
from potengine.present.exports import settlement_json
from potengine.present.live import audit_document, calculate, count_hands

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"
CHROMIUM = os.environ.get("POTENGINE_CHROMIUM", "/usr/bin/chromium")
SHARED = ROOT.parent / "shared"
REAL_CORPUS = SHARED / "data" / "pokerstars-real"
REQUIRED = bool(os.environ.get("POTENGINE_REQUIRE_LIVE"))
TIMEOUT = 120_000  # ms: the first start of Pyodide on a busy machine


def _missing() -> str | None:
    info = SITE / "live" / "build-info.json"
    if not info.exists() or not (SITE / "book" / "calculator.html").exists():
        return f"the site with its live pages is not built ({info} missing): run `make book` first"
    built = json.loads(info.read_text(encoding="utf-8"))
    if not built.get("live"):
        return "the site was built without the live pages' engine (npm was missing at `make book`)"
    stale = _stale_engine(SITE / "live" / built["wheel"])
    if stale:
        return f"the live pages' engine is older than the sources ({stale} differs): run `make book` first"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM}: `apt-get install -y chromium` (CI does it in .ci/run)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (requirements.txt)"
    return None


def _stale_engine(wheel: Path) -> str | None:
    """The first file of the package that differs between the site's wheel and ``potengine/``
    (the pages run the wheel the last `make book` built, the tests compare it with the sources)."""
    if not wheel.exists():
        return wheel.name
    with zipfile.ZipFile(wheel) as archive:
        inside = {
            n: archive.read(n) for n in archive.namelist() if n.startswith("potengine/") and n.endswith(".py")
        }
    here = {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in (ROOT / "potengine").rglob("*.py")}
    return next(
        (name for name in sorted(inside.keys() | here.keys()) if inside.get(name) != here.get(name)), None
    )


_REASON = _missing()
if _REASON and REQUIRED:
    raise RuntimeError(f"browser tests required (POTENGINE_REQUIRE_LIVE=1) but {_REASON}")
pytestmark = pytest.mark.skipif(_REASON is not None, reason=f"browser tests skipped: {_REASON}")


class _Quiet(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
        ".json": "application/json",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The built site on a local http server; yields its origin, e.g. ``http://127.0.0.1:41234``."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(SITE)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--disable-default-apps",
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
            ],
        )
        yield browser
        browser.close()


class Watched:
    """A page whose requests and console are recorded; :meth:`check` fails on anything foreign."""

    def __init__(self, browser, origin: str, width: int = 1200, height: int = 900) -> None:
        self.origin = origin
        self.requests: list[str] = []
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.context = browser.new_context(
            viewport={"width": width, "height": height}, service_workers="block"
        )
        self.context.route("**/*", self._route)
        self.context.on("request", lambda request: self._seen(request.url))
        self.page = self.context.new_page()
        self.page.set_default_timeout(TIMEOUT)
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda err: self.errors.append(f"uncaught: {err}"))
        self.page.on(
            "worker", lambda worker: worker.on("console", self._console) if hasattr(worker, "on") else None
        )

    def _seen(self, url: str) -> None:
        self.requests.append(url)
        parts = urlsplit(url)
        if parts.scheme in {"data", "blob", "about"}:
            return
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.foreign.append(url)

    def _route(self, route) -> None:
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in {"http", "https"} and f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.foreign.append(url)
            route.abort()
        else:
            route.continue_()

    def _console(self, message) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def open(self, path: str, query: dict[str, str] | None = None, state: str = "ready,done") -> None:
        url = f"{self.origin}/{path}" + (f"?{urlencode(query)}" if query else "")
        self.page.goto(url)
        self.wait_state(state)

    def wait_state(self, states: str, root: str = ".potengine-live") -> None:
        wanted = states.split(",")
        self.page.wait_for_function(
            "([sel, wanted]) => { const r = document.querySelector(sel);"
            " return r && wanted.includes(r.dataset.state); }",
            arg=[root, wanted],
        )

    def check(self) -> None:
        assert not self.foreign, f"requests outside the site: {self.foreign[:5]}"
        assert not self.errors, f"console errors: {self.errors[:5]}"
        assert any(url.endswith(".wasm") for url in self.requests), "Pyodide never loaded"

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def watched(browser, server) -> Iterator[Watched]:
    page = Watched(browser, server)
    yield page
    try:
        page.check()
    finally:
        page.close()


# ----------------------------------------------------------------------------------------------
# The calculator
# ----------------------------------------------------------------------------------------------

NAMES = ["Alice", "Bilal", "Chloé", "David", "Emma", "Farid", "Grace"]


def random_table(rng: random.Random) -> dict[str, str]:
    """The calculator's fields for a random hand: 2–7 players, folds, ties, a button, a chip."""
    n = rng.randint(2, 7)
    names = NAMES[:n]
    decimal = rng.random() < 0.25
    chip = rng.choice(["0.25", "0.5"]) if decimal else rng.choice(["1", "1", "5"])
    unit = Decimal(chip)
    amounts = [unit * rng.randint(1, 60) for _ in names]
    folded = [p for p in names if rng.random() < 0.25]
    live = [p for p in names if p not in folded]
    if not live:
        folded.pop()
        live = [p for p in names if p not in folded]
    top = max(a for p, a in zip(names, amounts, strict=True) if p in live)
    # a folded player faced a bet: never more in than the most a live player put in
    amounts = [min(a, top) if p in folded else a for p, a in zip(names, amounts, strict=True)]
    order = list(live)
    rng.shuffle(order)
    groups: list[list[str]] = []
    for name in order:
        if groups and rng.random() < 0.3:
            groups[-1].append(name)
        else:
            groups.append([name])
    return {
        "players": ", ".join(f"{p}:{a if decimal else int(a)}" for p, a in zip(names, amounts, strict=True)),
        "folded": ", ".join(folded),
        "button": rng.choice(names),
        "chip": chip,
        "ranking": " > ".join(" = ".join(g) for g in groups),
    }


def cli_json(fields: dict[str, str]) -> str:
    """What ``potengine settle ... --json`` prints for the calculator's fields."""
    argv = ["settle"]
    for item in fields["players"].split(","):
        name, _, amount = item.rpartition(":")
        argv.append(f"{name.strip()}={amount.strip()}")
    for name in filter(None, (n.strip() for n in fields["folded"].split(","))):
        argv += ["--folded", name]
    argv += ["--button", fields["button"], "--chip", fields["chip"], "--ranking", fields["ranking"], "--json"]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = cli_main(argv)
    assert status == 0, argv
    return out.getvalue()


def fill(page, fields: dict[str, str]) -> None:
    for name in ("players", "folded", "button", "chip", "ranking", "hands", "board"):
        page.fill(f"#calc-{name}", fields.get(name, ""))


def settle_in_page(watched: Watched, fields: dict[str, str]) -> None:
    page = watched.page
    runs = int(page.get_attribute("#pot-calculator", "data-runs") or 0)
    fill(page, fields)
    page.click("#calc-settle")
    page.wait_for_function(f"document.querySelector('#pot-calculator').dataset.runs === '{runs + 1}'")


def test_calculator_opens_from_the_url_query_with_the_split_settled(watched: Watched) -> None:
    query = {
        "players": "Alice:40,Bilal:100,Chloé:100",
        "ranking": "Alice>Chloé>Bilal",
        "folded": "",
        "button": "Chloé",
        "chip": "1",
    }
    watched.open("book/calculator.html", query, state="done")
    page = watched.page
    shown = page.text_content("#settlement-json")
    assert shown + "\n" == cli_json(query)
    assert json.loads(shown)["payouts"] == {"Alice": 120, "Bilal": 0, "Chloé": 120}
    assert "Side pot 1" in page.inner_text("#calc-tables")
    assert "2 × (100 − 40) = 120" in page.inner_text("#calc-tables")
    assert "Check: paid 240 + returned 0 = 240 put in." in page.inner_text("#calc-explanation")
    assert page.locator("#calc-check").inner_text().count("✓") == 6
    assert page.locator("#calc-pictures svg").count() == 2


def test_calculator_agrees_with_the_command_line_on_random_tables(watched: Watched) -> None:
    watched.open("book/calculator.html")
    rng = random.Random(2026)
    tables = [random_table(rng) for _ in range(36)]
    for fields in tables:
        settle_in_page(watched, fields)
        shown = watched.page.text_content("#settlement-json")
        assert shown + "\n" == cli_json(fields), fields
        # The link carries the inputs: the URL query now holds this table's fields.
        url = watched.page.url
        assert urlencode({"players": fields["players"]}) in url


def test_calculator_with_cards_agrees_with_the_engine(watched: Watched) -> None:
    fields = {
        "players": "Alice:40, Bilal:100, Chloé:100",
        "hands": "Alice:AsAh, Bilal:KdKc, Chloé:7s6s",
        "board": "2c 7d 9h Qs 3h",
        "chip": "1",
    }
    watched.open("book/calculator.html")
    settle_in_page(watched, fields)
    expected = settle(
        {"Alice": 40, "Bilal": 100, "Chloé": 100},
        hands={"Alice": "AsAh", "Bilal": "KdKc", "Chloé": "7s6s"},
        board="2c 7d 9h Qs 3h",
    )
    assert json.loads(watched.page.text_content("#settlement-json")) == settlement_json(expected)
    assert "pair of aces" in watched.page.inner_text("#calc-explanation").lower()


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"players": "Alice:40, Bilal:x", "ranking": "Alice > Bilal"}, "players"),
        ({"players": "Alice:40, Bilal:100", "ranking": "Alice > Eve"}, "ranking"),
        ({"players": "Alice:40, Bilal:100", "ranking": "Alice > Bilal", "button": "Zoe"}, "button"),
        ({"players": "Alice:40, Bilal:100", "ranking": "Alice > Bilal", "chip": "0"}, "chip"),
        ({"players": "Alice:40, Bilal:100", "folded": "Eve", "ranking": "Alice > Bilal"}, "folded"),
        (
            {"players": "Alice:40, Bilal:100", "hands": "Alice:AsAs, Bilal:KdKc", "board": "2c 7d 9h Qs 3h"},
            "hands",
        ),
    ],
)
def test_bad_input_gets_the_engines_message_beside_its_field(watched: Watched, fields, field) -> None:
    watched.open("book/calculator.html")
    settle_in_page(watched, fields)
    page = watched.page
    expected = calculate(fields)
    assert not expected["ok"] and list(expected["errors"]) == [field]
    assert page.text_content(f"#calc-{field}-error") == expected["errors"][field]
    assert page.get_attribute("#pot-calculator", "data-state") == "invalid"
    assert page.text_content("#settlement-json") == ""
    assert "Traceback" not in page.inner_text("body")


# ----------------------------------------------------------------------------------------------
# The hand-history checker
# ----------------------------------------------------------------------------------------------


def check_history(watched: Watched, text: str | None = None, file: Path | None = None) -> str:
    watched.open("book/history_checker.html")
    page = watched.page
    if file is not None:
        page.set_input_files("#history-file", str(file))
        page.wait_for_function("document.querySelector('#history-input').value.length > 0")
    else:
        page.evaluate("text => { document.querySelector('#history-input').value = text; }", text)
    page.click("#history-check")
    watched.wait_state("done,invalid", "#history-checker")
    return page.text_content("#audit-json")


def test_checker_agrees_with_the_engine_on_the_test_histories(watched: Watched) -> None:
    names = ["wrong_pot_off_by_one.txt", "side_pots.txt", "unreadable.txt", "split_odd_chip.txt"]
    text = "\n\n".join(
        (ROOT / "potengine/histories/samples/pokerstars" / n).read_text(encoding="utf-8") for n in names
    )
    shown = check_history(watched, text=text)
    assert json.loads(shown) == json.loads(audit_document(text, "pasted.txt"))
    page = watched.page
    assert page.locator("#history-results .live-hand-bad").count() >= 1
    assert page.locator("#history-results .live-hand-unreadable").count() == 1
    assert page.get_attribute("#history-progress", "value") == page.get_attribute("#history-progress", "max")


def test_checker_reads_an_opened_file(watched: Watched) -> None:
    path = ROOT / "potengine/histories/samples/pokerstars/wrong_odd_chip.txt"
    shown = check_history(watched, file=path)
    assert json.loads(shown) == json.loads(audit_document(path.read_text(encoding="utf-8"), path.name))
    first = watched.page.locator("#history-results details").first
    assert "wrong" in first.inner_text()
    assert first.locator("svg").count() == 2  # the pictures of the engine's pots


@pytest.mark.skipif(
    not REAL_CORPUS.is_dir(), reason=f"the shared real hand-history corpus is not at {REAL_CORPUS}"
)  # a mark, not pytest.skip() in the body: the page fixture's checks would fail on a page never opened
def test_checker_agrees_with_the_engine_on_the_real_corpus(watched: Watched) -> None:
    """Every UTF-8 file of the shared corpus of real hands, pasted as one large text."""
    corpus = REAL_CORPUS
    texts = []
    for path in sorted(corpus.glob("*.txt")):
        with contextlib.suppress(UnicodeDecodeError):  # one file is not UTF-8: the page reads UTF-8
            texts.append(path.read_bytes().decode("utf-8-sig"))
    text = "\n\n".join(texts)
    assert len(texts) > 100
    shown = check_history(watched, text=text)
    assert json.loads(shown) == json.loads(audit_document(text, "pasted.txt"))
    hands = count_hands(text)
    assert hands > 1000
    assert watched.page.text_content("#history-count").startswith(f"{hands} of {hands} hands")
    assert watched.page.locator("#history-results details").count() == hands


# ----------------------------------------------------------------------------------------------
# The drills
# ----------------------------------------------------------------------------------------------


def answer_drill(page, answer: dict) -> None:
    for i, pot in enumerate(answer["pots"]):
        page.fill(f"#drill-pot-{i}-amount", pot["amount"])
        winners = {w.strip() for w in pot["winners"].split(",")}
        for box in page.locator(f"input[data-pot='{i}']").all():
            box.set_checked(box.get_attribute("value") in winners)
    for box in page.locator("input[data-player]").all():
        box.fill(answer["payouts"][box.get_attribute("data-player")])
    page.click("#drill-check")


def test_a_drill_answered_right_then_wrong(watched: Watched) -> None:
    level, seed = 5, 4242
    watched.open("book/dealer_drills.html", {"level": str(level), "seed": str(seed)}, state="asking")
    page = watched.page
    drill = deal(level, seed)
    rows = page.locator("#drill-situation tbody tr")
    assert rows.count() == len(drill.contributions)
    assert drill.ranking_text in page.inner_text("#drill-situation")
    right = drill.answer()
    answer_drill(page, right)
    watched.wait_state("marked", "#dealer-drill")
    marks = json.loads(page.text_content("#drill-json"))
    assert all(item["ok"] for item in marks) and len(marks) == len(right["pots"]) * 2 + len(right["payouts"])
    assert "1 of 1 drills all right" in page.text_content("#drill-score")
    wrong = json.loads(json.dumps(right))
    first = next(iter(wrong["payouts"]))
    wrong["payouts"][first] = str(int(wrong["payouts"][first]) + 1)
    page.evaluate("document.querySelector('#dealer-drill').dataset.state = 'asking'")
    answer_drill(page, wrong)
    watched.wait_state("marked", "#dealer-drill")
    marks = json.loads(page.text_content("#drill-json"))
    assert [m["what"] for m in marks if not m["ok"]] == [f"{first}: receives"]
    assert "0 of 2 drills" not in page.text_content("#drill-score")
    assert "1 of 2 drills all right" in page.text_content("#drill-score")
    assert "Check: paid" in page.inner_text("#drill-marks")


def test_new_drill_puts_its_seed_in_the_url(watched: Watched) -> None:
    watched.open("book/dealer_drills.html", state="asking")
    page = watched.page
    page.select_option("#drill-level", "2")
    page.evaluate("document.querySelector('#dealer-drill').dataset.state = 'waiting'")
    page.click("#drill-new")
    watched.wait_state("asking", "#dealer-drill")
    query = dict(part.split("=") for part in urlsplit(page.url).query.split("&"))
    assert query["level"] == "2"
    drill = deal(2, int(query["seed"]))
    assert page.locator("#drill-situation tbody tr").count() == len(drill.contributions) == 3


# ----------------------------------------------------------------------------------------------
# Phone width
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "query", "state"),
    [
        (
            "book/calculator.html",
            {
                "players": "Alice:40,Bilal:100,Chloé:100,David:30",
                "folded": "David",
                "ranking": "Alice>Chloé=Bilal",
                "button": "Chloé",
                "chip": "1",
            },
            "done",
        ),
        ("book/history_checker.html", None, "ready"),
        ("book/dealer_drills.html", {"level": "5", "seed": "7"}, "asking"),
    ],
)
def test_pages_fit_a_phone(browser, server, path, query, state, tmp_path) -> None:
    watched = Watched(browser, server, width=390, height=844)
    try:
        watched.open(path, query, state=state)
        page = watched.page
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"{path} is {overflow} px wider than a 390 px phone"
        form_width = page.evaluate("document.querySelector('.potengine-live').getBoundingClientRect().right")
        assert form_width <= 390
        shots = ROOT / "_build" / "screenshots"
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / f"phone-{Path(path).stem}.png"), full_page=True)
        watched.check()
    finally:
        watched.close()


def test_a_site_built_without_npm_shows_a_notice_instead_of_the_engine(browser, server) -> None:
    """What `make book` without npm produces: build-info.json says so, the page explains itself."""
    watched = Watched(browser, server)
    try:
        watched.context.route("**/live/build-info.json", lambda route: route.fulfill(json={"live": False}))
        for path in ("book/calculator.html", "book/history_checker.html", "book/dealer_drills.html"):
            watched.open(path, state="unavailable")
            assert "built without the engine" in watched.page.inner_text(".live-status")
        assert not any(url.endswith(".wasm") for url in watched.requests)
        assert not watched.foreign and not watched.errors, (watched.foreign, watched.errors)
    finally:
        watched.close()
