"""What an installed potengine carries: its catalogues compiled by the build (setup.py's hook),
the sample hands of every room. ``pip install .`` must not need ``make`` to speak four languages."""

from __future__ import annotations

import gettext
import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def setup_module_of_the_project():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("potengine_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not __main__: setup() is not run
    return module


def test_the_build_compiles_every_catalogue_into_the_built_package(tmp_path: Path) -> None:
    built = setup_module_of_the_project().compile_catalogues(tmp_path)
    languages = sorted(p.parts[-3] for p in built)
    assert languages == ["de", "el", "nl"]
    for path in built:
        assert path.is_relative_to(tmp_path) and path.suffix == ".mo"
    with (tmp_path / "potengine/locale/de/LC_MESSAGES/potengine.mo").open("rb") as handle:
        assert gettext.GNUTranslations(handle).gettext("Main pot") == "Hauptpot"


def test_the_package_data_takes_every_room_s_samples() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"potengine.histories" = ["samples/*/*.txt"' in text
    assert "include tools/msgfmt.py" in (ROOT / "MANIFEST.in").read_text(encoding="utf-8")


@pytest.mark.skipif(
    not os.environ.get("POTENGINE_SLOW"), reason="builds a wheel (about 30 s): set POTENGINE_SLOW=1"
)
def test_a_wheel_built_from_the_committed_files_alone_speaks_four_languages(tmp_path: Path) -> None:
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    source = tmp_path / "source"
    for name in files.stdout.splitlines():
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    assert not list(source.glob("potengine/locale/*/LC_MESSAGES/*.mo"))  # never committed
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(source), "-w", str(wheels)], check=True
    )
    [wheel] = wheels.glob("potengine-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for language in ("nl", "de", "el"):
        assert f"potengine/locale/{language}/LC_MESSAGES/potengine.mo" in names
    assert "potengine/histories/samples/pokerstars/side_pots.txt" in names
