"""Build hook: compile the message catalogues into the built package.

Everything else is declared in pyproject.toml. The Dutch, German and Greek ``.po`` catalogues are
committed, their compiled ``.mo`` files are not (see .gitignore); ``make catalogues`` compiles them
in a checkout, and this hook compiles them into whatever ``pip install .`` or ``python -m build``
builds, so that an installed potengine speaks its four languages without ``make``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def compile_catalogues(build_lib: Path) -> list[Path]:
    """Each ``potengine/locale/*/LC_MESSAGES/*.po`` compiled to its ``.mo`` under ``build_lib``."""
    sys.path.insert(0, str(HERE / "tools"))
    from msgfmt import compile_file  # the project's own compiler (tools/msgfmt.py)

    built = []
    for po in sorted((HERE / "potengine" / "locale").glob("*/LC_MESSAGES/*.po")):
        target = Path(build_lib) / po.relative_to(HERE).with_suffix(".mo")
        target.parent.mkdir(parents=True, exist_ok=True)
        built.append(compile_file(po, target))
    return built


class BuildWithCatalogues(build_py):
    """``build_py``, then the catalogues compiled into the build (:func:`compile_catalogues`)."""

    def run(self) -> None:
        super().run()
        compile_catalogues(Path(self.build_lib))


if __name__ == "__main__":  # as setuptools runs it; a test imports compile_catalogues alone
    setup(cmdclass={"build_py": BuildWithCatalogues})
