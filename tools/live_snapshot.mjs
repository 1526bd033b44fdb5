// Run by tools/build_live.py with the machine's Node.js (npm's own), on the Pyodide runtime it is
// putting into the site:
//
//   node live_snapshot.mjs trace    PYODIDE_DIR WHEEL OUT.json
//     start Pyodide with its whole standard library, import every module of potengine, run each
//     entry point the live pages call (good and bad input), and write the standard-library files
//     the engine used (what Python imported, and every module those import, statically: a module
//     imported only on a rare path is kept too);
//   node live_snapshot.mjs snapshot PYODIDE_DIR WHEEL STDLIB.zip OUT.bin
//     start Pyodide with that trimmed standard library, import what the live pages call (every
//     entry point run once), and write a memory snapshot of the interpreter: a page restores it
//     instead of starting Python and compiling potengine's modules again (Pyodide's loadPyodide
//     options _makeSnapshot / _loadSnapshot), then unpacks the wheel for any module imported later.
//
// A snapshot restores only into the 480 pages (30 MiB) of memory pyodide.asm.wasm starts with
// (loadPyodide copies it in without growing the memory; a bigger one is a RangeError and the page
// starts Python the usual way, seconds later). Importing every module of potengine (the readers of
// ten rooms, the cards' equity, the hand model) grows Python's memory past that, so the snapshot
// holds only what the pages use; tools/build_live.py refuses a snapshot that would not fit.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [mode, runtime, wheelPath, ...rest] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const lockFileContents = JSON.parse(process.env.POTENGINE_LOCK);

const IMPORT_ALL = `
import importlib, pkgutil, potengine
for info in pkgutil.walk_packages(potengine.__path__, "potengine."):
    if not info.name.endswith("__main__"):
        try:
            importlib.import_module(info.name)
        except ImportError:  # the parts for numpy and matplotlib: not in the browser
            pass
import potengine.present.live
`;

// The snapshot's exercise audits only the first hands of the samples (their first 20,000
// characters, cut before a hand): enough to warm the reader's caches, and all of them would grow
// Python's memory past the 480 pages. The trace reads them all.
function firstHands(text, most = 20000) {
  if (text.length <= most) return text;
  const cut = text.lastIndexOf("\nPokerStars ", most);
  return cut > 0 ? text.slice(0, cut) : text.slice(0, most);
}
const SAMPLE = process.env.POTENGINE_SAMPLE_HISTORY || "";

const EXERCISE = `
import json, sys
from potengine.present import live
text = ${JSON.stringify(mode === "snapshot" ? firstHands(SAMPLE) : SAMPLE)}
calls = [
    ("calculate", [{"players": "Alice:20,Bilal:50,Chloé:90,David:90,Emma:35", "folded": "Emma",
                    "ranking": "Alice>Bilal>David=Chloé", "button": "David", "chip": "1"}]),
    ("calculate", [{"players": "Ann:0.25,Bo:0.50", "ranking": "Ann>Bo", "chip": "0.01"}]),
    ("calculate", [{"players": "Ann:10,Bo:10", "hands": "Ann:AsKs,Bo:7h7d", "board": "2c 7d 9h Qs Jd"}]),
    ("calculate", [{"players": "Ann:x"}]),
    ("count_hands", [text]),
    ("audit_document", [text, "sample.txt"]),
    ("new_drill", [1, 1]), ("new_drill", [5, 7]), ("new_drill", [9, 1]),
    ("mark_drill", [1, 1, {}]),
]
for name, args in calls:
    try:
        live.call(name, json.dumps(args))
    except Exception as err:  # what a page would show as a bug: say it, keep tracing
        print("live_snapshot:", name, "raised", repr(err), file=sys.stderr)
for hand in live.audit_hands_json(text, "sample.txt"):
    pass
import gc
gc.collect()
`;

// The pages' other languages. For the trace, every call in each (so that the trimmed standard
// library holds what they use); for the snapshot, only their catalogues read and kept in memory
// (a restored page reads no catalogue file): every call three times more would grow Python's
// memory past the 480 pages a snapshot must fit in.
const LANGUAGES = `
import json, sys
from potengine.present import live
calls = [
    ("calculate", [{"players": "Alice:20,Bilal:50,Chloé:90,David:90,Emma:35", "folded": "Emma",
                    "ranking": "Alice>Bilal>David=Chloé", "button": "David", "chip": "1"}]),
    ("calculate", [{"players": "Ann:x"}]),
    ("calculate", [{"players": "Ann:50,Bo:51,Cy:50", "runs": "2", "bomb": "1", "ranking": "Ann>Bo>Cy",
                    "ranking2": "Cy>Bo=Ann", "button": "Ann"}]),
    ("new_drill", [5, 7]), ("mark_drill_pots", [6, 3, "2"]), ("mark_drill", [6, 3, {}]),
    ("survey", ["Poker Hand #RC1: x"]),
]
for language in ("nl", "de", "el"):
    for name, args in calls:
        try:
            live.call(name, json.dumps(args), language)
        except Exception as err:
            print("live_snapshot:", name, language, "raised", repr(err), file=sys.stderr)
`;
const CATALOGUES = `
from potengine.i18n import words
for language in ("nl", "de", "el"):
    words(language)
import gc
gc.collect()
`;

const TRACE = `
import json, modulefinder, sys, zipfile
ZIP = "/lib/python%d%d.zip" % sys.version_info[:2]
names = set(zipfile.ZipFile(ZIP).namelist())
used = set()
def add(path):
    if path and path.startswith(ZIP + "/"):
        inner = path[len(ZIP) + 1:]
        used.add(inner)
        # the __init__ of every package on the way
        parts = inner.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            init = "/".join(parts[:i]) + "/__init__.py"
            if init in names:
                used.add(init)
for module in list(sys.modules.values()):
    add(getattr(getattr(module, "__spec__", None), "origin", None) or getattr(module, "__file__", None))
# Static closure: every module the used ones import, anywhere in their code (read from the zip).
zipfile.ZipFile(ZIP).extractall("/tmp/stdlib")
finder = modulefinder.ModuleFinder(path=["/tmp/stdlib"] + [p for p in sys.path if not p.startswith(ZIP)])
for inner in sorted(used):
    if inner.endswith(".py"):
        try:
            finder.load_file("/tmp/stdlib/" + inner)
        except Exception:
            pass
# ...except the interpreter's tools for people at a terminal (debugger, help, test runners, REPL)
# and the network and process modules, which a page never reaches; what ran above is always kept.
TOOLS = {"_pyrepl", "pdb", "pydoc", "pydoc_data", "doctest", "unittest", "multiprocessing",
         "xmlrpc", "http", "email", "urllib", "tarfile", "asyncio", "concurrent", "subprocess"}
for module in finder.modules.values():
    if module.__file__ and module.__file__.startswith("/tmp/stdlib/"):
        inner = module.__file__[len("/tmp/stdlib/"):]
        if inner.split("/")[0].removesuffix(".py") not in TOOLS:
            add(ZIP + "/" + inner)
json.dumps(sorted(used & names))
`;

const options = { indexURL: `${runtime}/`, lockFileContents, stdout: () => {}, stderr: (m) => console.error(m) };
if (mode === "trace") {
  const pyodide = await loadPyodide(options);
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel");
  pyodide.runPython(IMPORT_ALL);
  pyodide.runPython(EXERCISE);
  pyodide.runPython(LANGUAGES);
  writeFileSync(rest[0], pyodide.runPython(TRACE));
} else if (mode === "snapshot") {
  const pyodide = await loadPyodide({ ...options, stdLibURL: rest[0], _makeSnapshot: true });
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel");
  pyodide.runPython("import potengine.present.live");  // the rest: what the exercise imports
  pyodide.runPython(EXERCISE);  // every entry point once: the page's first call finds warm caches
  pyodide.runPython(CATALOGUES);
  writeFileSync(rest[1], pyodide.makeMemorySnapshot());
} else {
  console.error("usage: node live_snapshot.mjs trace|snapshot ...");
  process.exit(2);
}
