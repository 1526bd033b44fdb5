"""Strip what makes stored notebooks differ from run to run: execution timestamps.

`make notebooks` re-executes every notebook in place and then runs this, so a re-run that changes
no number changes no file. Usage: python .ci/normalise_notebooks.py book/*.ipynb
"""

from __future__ import annotations

import sys

import nbformat


def normalise(path: str) -> bool:
    nb = nbformat.read(path, as_version=4)
    changed = False
    for cell in nb.cells:
        if "execution" in cell.metadata:
            del cell.metadata["execution"]
            changed = True
    if changed:
        nbformat.write(nb, path)
    return changed


if __name__ == "__main__":
    touched = [p for p in sys.argv[1:] if normalise(p)]
    print(f"normalised {len(touched)} of {len(sys.argv) - 1} notebooks")
