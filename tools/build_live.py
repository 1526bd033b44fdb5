"""Put the live pages' engine into the site: the Pyodide runtime (from npm) and a potengine wheel.

``make book`` runs this before ``jupyter-book build``. It writes ``_build/live/live/`` (Sphinx
copies ``_build/live`` into the site's root through ``html_extra_path``, so the files are served
as ``live/...``):

* ``pyodide/``: the Pyodide core runtime only (no packages), from the npm package ``pyodide`` at
  the pinned :data:`PYODIDE_VERSION`, fetched with the machine's ``npm pack`` and checked against
  the pinned sha512 before anything is unpacked; the tarball is cached in ``_build/cache``;
* ``potengine-<version>-py3-none-any.whl``: the package as a pure-Python wheel, built here with
  the standard library (the page unpacks it into Pyodide itself: no micropip, no package index);
* the pages' scripts and style from ``web/``;
* ``words-<lang>.json`` for English, Dutch, German and Greek: the pages' labels
  (:func:`potengine.present.labels.labels`, from the same gettext catalogues as the engine's
  words, compiled here first), read by the pages before the engine starts, and written whether
  npm is there or not;
* ``build-info.json``: what was built, read by the pages first, with the name of this build's
  shared engine (:func:`engine_name`, which every page of a visit connects to). Without npm (or with
  ``POTENGINE_NO_NPM=1``) it says so, the pages show a notice instead of the live engine and the
  rest of the site builds as usual; ``--require`` or ``POTENGINE_REQUIRE_LIVE=1`` (CI) makes a
  missing npm an error instead.

Usage: python tools/build_live.py [--out _build/live] [--require]
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(1, str(ROOT))  # potengine itself, for the labels

from msgfmt import compile_po, parse_po  # noqa: E402

PYODIDE_VERSION = "314.0.7"
PYODIDE_SHA512 = "0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
"""npm's ``dist.integrity`` of pyodide-314.0.7.tgz (``npm view pyodide@314.0.7 dist.integrity``)."""
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
"""The core runtime: the loader, the interpreter and the standard library. The lock file (119 kB,
the list of Pyodide's packages, none of which the pages load) stays out: the worker passes its
``info`` part to ``loadPyodide`` (``lockFileContents``), which saves a download and a round trip."""
SNAPSHOT_SCRIPT = ROOT / "tools" / "live_snapshot.mjs"
SAMPLE_HISTORIES = ROOT / "potengine" / "histories" / "samples" / "pokerstars"
OFFLINE_FILES = {"sw.js", "potengine-offline.js"}
"""web/ files that tools/offline.py puts into the site's root and _static, not into live/."""
FIXED_TIME = (2026, 1, 1, 0, 0, 0)  # wheel entries get one date: the same source, the same wheel


def say(message: str) -> None:
    print(f"build_live: {message}", flush=True)


def find_npm() -> str | None:
    """The machine's npm, or None when it is missing (or hidden with POTENGINE_NO_NPM=1)."""
    if os.environ.get("POTENGINE_NO_NPM"):
        return None
    return shutil.which("npm")


def fetch_pyodide(npm: str, cache: Path) -> Path:
    """The pinned pyodide tarball, from the cache or ``npm pack``, with its sha512 checked."""
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists():
        say(f"fetching pyodide {PYODIDE_VERSION} with npm pack")
        subprocess.run(
            [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(cache), "--silent"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    digest = base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
    if digest != PYODIDE_SHA512:
        tarball.unlink()
        raise SystemExit(
            f"build_live: {tarball.name} has sha512 {digest}, expected {PYODIDE_SHA512}: "
            "refusing to put it in the site"
        )
    return tarball


def unpack_runtime(tarball: Path, target: Path) -> dict[str, object]:
    """Only the core runtime files, from the tarball's ``package/`` folder, into ``target``; return
    the lock file's ``info`` with no packages (what ``loadPyodide`` needs of it)."""
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball, "r:gz") as archive:
        for name in RUNTIME_FILES:
            member = archive.getmember(f"package/{name}")
            source = archive.extractfile(member)
            assert source is not None
            (target / name).write_bytes(source.read())
        lock = archive.extractfile(archive.getmember("package/pyodide-lock.json"))
        assert lock is not None
        return {"info": json.load(lock)["info"], "packages": {}}


def run_node(command: list[str], env: dict[str, str]) -> None:
    """Run Node.js; on failure raise with the last lines it wrote (not its minified sources)."""
    done = subprocess.run(command, env=env, timeout=900, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        lines = [line.strip()[:200] for line in done.stderr.splitlines() if line.strip()]
        raise ValueError(f"{Path(command[1]).name} {command[2]} failed: " + " | ".join(lines[-6:]))


CODECS = frozenset(
    f"encodings/{name}.py" for name in ("utf_16", "utf_16_le", "utf_16_be", "utf_8_sig", "cp1252", "latin_1")
)
"""Codecs kept in the trimmed standard library whatever the trace saw: Python finds a codec by its
name when a text is first decoded with it (``potengine.histories.rooms.decode``: UTF-16 files, and
Windows-1252 lines), so an import trace of the entry points misses those no sample file needed."""


def initial_pages(wasm: bytes) -> int:
    """The pages (64 KiB each) of memory a WebAssembly module starts with (its memory section).

    >>> initial_pages(b"\\0asm\\1\\0\\0\\0" + bytes([5, 4, 1, 1, 0xE0, 0x03]))
    480
    """

    def number(at: int) -> tuple[int, int]:
        value = shift = 0
        while True:
            byte = wasm[at]
            at += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                return value, at

    at = 8
    while at < len(wasm):
        section = wasm[at]
        size, at = number(at + 1)
        if section == 5:  # memory: a count, then the first memory's flags and initial pages
            return number(number(at)[1] + 1)[0]
        at += size
    raise ValueError("no memory section")


def trim_and_snapshot(node: str, runtime: Path, live: Path, wheel: str, lock: dict[str, object]) -> dict:
    """Keep only the standard library the engine uses, and write a memory snapshot of Python with
    the modules the live pages use imported (``tools/live_snapshot.mjs``, run by Node.js on this
    very runtime); a snapshot bigger than the memory the runtime starts with is refused.

    The trimmed ``python_stdlib.zip`` replaces Pyodide's; the snapshot is gzipped (the worker
    unpacks it with the browser's ``DecompressionStream``, whatever the server does). Returns what
    ``build-info.json`` says about both; on any failure, nothing is changed and the pages start
    Python the usual way."""
    env = {
        **os.environ,
        "POTENGINE_LOCK": json.dumps(lock),
        "POTENGINE_SAMPLE_HISTORY": "\n\n".join(
            p.read_text(encoding="utf-8", errors="replace") for p in sorted(SAMPLE_HISTORIES.glob("*.txt"))
        ),
    }
    full = runtime / "python_stdlib.zip"
    work = live.parent / "snapshot-work"
    work.mkdir(exist_ok=True)
    try:
        script = [node, str(SNAPSHOT_SCRIPT)]
        run_node([*script, "trace", str(runtime), str(live / wheel), str(work / "used.json")], env)
        used = sorted(set(json.loads((work / "used.json").read_text(encoding="utf-8"))) | CODECS)
        trimmed = work / "python_stdlib.zip"
        with zipfile.ZipFile(full) as source, zipfile.ZipFile(trimmed, "w", zipfile.ZIP_DEFLATED) as out:
            for name in used:
                info = zipfile.ZipInfo(name, FIXED_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                out.writestr(info, source.read(name), compresslevel=9)
        snapshot = work / "snapshot.bin"
        run_node([*script, "snapshot", str(runtime), str(live / wheel), str(trimmed), str(snapshot)], env)
        # A snapshot restores only into the memory the runtime starts with (it is not grown first).
        pages = snapshot.stat().st_size // 65536  # the memory, whole pages, after a short header
        room = initial_pages((runtime / "pyodide.asm.wasm").read_bytes())
        if pages > room:
            raise ValueError(
                f"the snapshot needs {pages} pages of memory and pyodide.asm.wasm starts with {room}: "
                "it would not restore (tools/live_snapshot.mjs: exercise less before the snapshot)"
            )
    except (OSError, subprocess.SubprocessError, ValueError) as err:
        say(f"no memory snapshot ({err}): the pages start Python the usual way")
        return {}
    full_size = full.stat().st_size
    shutil.copy2(trimmed, full)
    name = f"snapshot-{hashlib.sha256(snapshot.read_bytes()).hexdigest()[:12]}.bin.gz"
    with open(snapshot, "rb") as raw, gzip.GzipFile(live / name, "wb", compresslevel=6, mtime=0) as packed:
        shutil.copyfileobj(raw, packed)
    shutil.rmtree(work)
    say(
        f"standard library trimmed to {len(used)} files ({full_size / 1e6:.2f} -> "
        f"{full.stat().st_size / 1e6:.2f} MB); snapshot {name} ({(live / name).stat().st_size / 1e6:.1f} MB)"
    )
    return {"snapshot": name, "stdlib_files": len(used)}


def compile_catalogues() -> None:
    """Bring every ``.mo`` in step with its ``.po`` (what ``make catalogues`` does), so that the
    labels written next are those of the committed catalogues."""
    for po in sorted((ROOT / "potengine" / "locale").glob("*/LC_MESSAGES/potengine.po")):
        mo = compile_po(parse_po(po.read_text(encoding="utf-8"), str(po)))
        target = po.with_suffix(".mo")
        if not target.is_file() or target.read_bytes() != mo:
            target.write_bytes(mo)


def write_labels(live: Path) -> list[str]:
    """One ``words-<lang>.json`` a language in ``live``: the pages' labels; return the names."""
    compile_catalogues()
    from potengine.i18n import LANGUAGES, translator
    from potengine.present.labels import labels

    translator.cache_clear()  # catalogues compiled just now
    names = []
    for language in LANGUAGES:
        name = f"words-{language}.json"
        text = json.dumps(labels(language), ensure_ascii=False, indent=0, sort_keys=True)
        (live / name).write_text(text + "\n", encoding="utf-8")
        names.append(name)
    return names


def project_version() -> str:
    """The one source of the version: ``__version__`` in potengine/__init__.py."""
    text = (ROOT / "potengine" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__\s*=\s*"([^"]+)"', text, re.MULTILINE)
    if not match:
        raise SystemExit("build_live: no __version__ in potengine/__init__.py")
    return match.group(1)


def build_wheel(target: Path) -> str:
    """``potengine`` as a pure-Python wheel (every ``.py`` file of the package, and the message
    catalogues compiled here from their ``.po`` files, so the wheel speaks Dutch, German and Greek
    without ``make catalogues``); return its name."""
    version = project_version()
    name = f"potengine-{version}-py3-none-any.whl"
    dist_info = f"potengine-{version}.dist-info"
    files: list[tuple[str, bytes]] = []
    for path in sorted((ROOT / "potengine").rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        files.append((path.relative_to(ROOT).as_posix(), path.read_bytes()))
    for po in sorted((ROOT / "potengine" / "locale").glob("*/LC_MESSAGES/potengine.po")):
        mo = compile_po(parse_po(po.read_text(encoding="utf-8"), str(po)))
        files.append((po.with_suffix(".mo").relative_to(ROOT).as_posix(), mo))
    files.append(
        (f"{dist_info}/METADATA", f"Metadata-Version: 2.1\nName: potengine\nVersion: {version}\n".encode())
    )
    files.append(
        (
            f"{dist_info}/WHEEL",
            (
                b"Wheel-Version: 1.0\nGenerator: tools/build_live.py\nRoot-Is-Purelib: true\n"
                b"Tag: py3-none-any\n"
            ),
        )
    )
    record = []
    for arcname, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{arcname},sha256={digest},{len(data)}")
    record.append(f"{dist_info}/RECORD,,")
    files.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))
    target.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target / name, "w", zipfile.ZIP_DEFLATED) as wheel:
        for arcname, data in files:
            info = zipfile.ZipInfo(arcname, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            wheel.writestr(info, data)
    return name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "_build" / "live"))
    parser.add_argument("--require", action="store_true", help="fail when npm is missing (CI)")
    args = parser.parse_args(argv)
    args.require = args.require or bool(os.environ.get("POTENGINE_REQUIRE_LIVE"))
    out = Path(args.out)
    live = out / "live"
    if live.exists():
        shutil.rmtree(live)
    live.mkdir(parents=True)
    for source in sorted((ROOT / "web").iterdir()):
        if source.suffix in {".mjs", ".js", ".css"} and source.name not in OFFLINE_FILES:
            shutil.copy2(source, live / source.name)
    info: dict[str, object] = {"live": False, "words": write_labels(live)}
    npm = find_npm()
    if npm is None:
        if args.require:
            say("npm is missing: the live pages need it to vendor the Pyodide runtime")
            return 1
        say(
            "npm not found: building the site WITHOUT the live pages' engine (the calculator, "
            "checker and drills show a notice); install npm and run `make book` again to include it"
        )
    else:
        lock = unpack_runtime(fetch_pyodide(npm, out.parent / "cache"), live / "pyodide")
        wheel = build_wheel(live)
        info = {**info, "live": True, "pyodide": PYODIDE_VERSION, "wheel": wheel, "lock": lock}
        node = shutil.which("node")
        if node and not os.environ.get("POTENGINE_NO_SNAPSHOT"):
            info.update(trim_and_snapshot(node, live / "pyodide", live, wheel, lock))
        say(f"pyodide {PYODIDE_VERSION} (sha512 checked) and {wheel} are in {live}")
    if info["live"]:
        info["engine"] = engine_name(live, info)
    (live / "build-info.json").write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
    return 0


def engine_name(live: Path, info: dict[str, object]) -> str:
    """The name the pages give their shared engine: one per build of the engine.

    A page connects to a SharedWorker of the same address and name that is already running (the
    engine an earlier page of the visit started). A new build must not be answered by the engine of
    the last one, so the name holds a hash of what the worker runs: its script, the wheel and the
    snapshot.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     live = Path(folder)
    ...     _ = (live / "engine-worker.mjs").write_text("// worker")
    ...     _ = (live / "potengine.whl").write_bytes(b"wheel")
    ...     first = engine_name(live, {"wheel": "potengine.whl", "snapshot": "s-1.bin.gz"})
    ...     again = engine_name(live, {"wheel": "potengine.whl", "snapshot": "s-1.bin.gz"})
    ...     other = engine_name(live, {"wheel": "potengine.whl", "snapshot": "s-2.bin.gz"})
    >>> first == again, first == other, first.startswith("potengine-")
    (True, False, True)
    """
    digest = hashlib.sha256()
    digest.update((live / "engine-worker.mjs").read_bytes())
    digest.update((live / str(info["wheel"])).read_bytes())
    digest.update(str(info.get("snapshot", "")).encode())
    return f"potengine-{digest.hexdigest()[:12]}"


if __name__ == "__main__":
    sys.exit(main())
