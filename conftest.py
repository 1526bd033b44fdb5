"""Doctests read the project's own sample files through ``DATA``, so they pass from any directory."""

from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "potengine" / "histories" / "samples"


@pytest.fixture(autouse=True)
def _doctest_data(doctest_namespace: dict[str, object]) -> None:
    doctest_namespace["DATA"] = DATA


SLOWEST_FIRST = (
    "test_browser_offline.py",
    "test_browser_languages.py",
    "test_browser_book.py",
    "test_browser_calculator.py",
    "test_browser_checker.py",
    "test_pokerkit_differential.py",
    "test_browser_drills.py",
    "test_browser.py",
    "test_front_page.py",
)
"""The test files that take a minute or more, slowest first (``pytest --durations``)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slowest files first: ``make test``'s two processes each take a whole file at a time
    (``--dist loadfile``), so a long file taken last would keep one busy after the other is done;
    taken first, the many short files fill in around them. Within a file the order is unchanged."""
    rank = {name: i for i, name in enumerate(SLOWEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))
