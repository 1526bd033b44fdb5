"""Test set-up: a non-interactive matplotlib backend, the hypothesis profiles, and the browser
tests' fixtures (the harness itself is ``browser.py``).

Property tests take their number of examples from the profile, never from their own ``@settings``
(a test that is costly per example scales the profile's number down, e.g.
``max_examples=settings.default.max_examples // 8``). The default profile is small, for every
``make test``; ``HYPOTHESIS_PROFILE=thorough make test`` runs 25 times more examples.
"""

import os
import threading
from collections.abc import Iterator
from functools import partial
from http.server import ThreadingHTTPServer

import matplotlib
import pytest
from browser import CHROMIUM, SITE, Watched, _Quiet
from hypothesis import HealthCheck, settings

matplotlib.use("Agg")

settings.register_profile(
    "default", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=5_000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


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


@pytest.fixture
def watched(browser, server) -> Iterator[Watched]:
    page = Watched(browser, server)
    yield page
    try:
        page.check()
    finally:
        page.close()
