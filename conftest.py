"""Doctests read the project's own sample files through ``DATA``, so they pass from any directory."""

from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "potengine" / "histories" / "samples"


@pytest.fixture(autouse=True)
def _doctest_data(doctest_namespace: dict[str, object]) -> None:
    doctest_namespace["DATA"] = DATA
