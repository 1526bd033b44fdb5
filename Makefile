# Two commands set everything up on a fresh machine with Python 3.11:
#   make book   virtual environment + install + execute every notebook + build the site (_build/html)
#   make test   unit, property and doctest tests, and nbval over every notebook in book/
# and one for readers who want to change the examples:
#   make lab    open the notebooks in JupyterLab, in the same environment
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# make test's processes: each test file runs whole in one of them (its notebook cells in order,
# its browser and server once); TEST_JOBS=0 runs everything in this one process
TEST_JOBS ?= 2

.PHONY: book pdf test lab bench notebooks clean help serve live catalogues
.DEFAULT_GOAL := help

help:
	@echo "make book   - build the static site into _build/html (creates .venv, executes every notebook)"
	@echo "make test   - ruff and mypy, then unit, property and doctest tests, and nbval over every notebook"
	@echo "make lab    - open the notebooks in JupyterLab in the project's environment"
	@echo "make bench  - run the benchmarks against the peers and print the ratios"
	@echo "make serve  - serve the built site on http://localhost:8000 (the live pages need http)"
	@echo "make notebooks - re-execute the notebooks in place (after an engine change)"
	@echo "make pdf    - the printed book (A4, Letter) and the one-page cheat sheet, into _build/html/downloads"

$(STAMP): requirements.txt pyproject.toml potengine/__init__.py  # the version lives in __init__.py
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	$(BIN)/python -m pip install --quiet --no-deps -e .
	$(BIN)/python -m pip check
	@touch $@

# The message catalogues: the Dutch, German and Greek .po files (committed) compiled into the .mo
# files gettext reads (not committed), by tools/msgfmt.py (standard library only, so no GNU gettext
# is needed); every target that runs the engine depends on them. tools/build_live.py compiles them
# again into the browser's wheel. After changing a message in the source: tools/messages.py --update.
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard potengine/locale/*/LC_MESSAGES/potengine.po))

catalogues: $(CATALOGUES)

potengine/locale/%.mo: potengine/locale/%.po tools/msgfmt.py
	$(PYTHON) tools/msgfmt.py $< -o $@

# Every notebook is executed afresh (execute_notebooks: force, --all: no stale outputs after an
# engine change); -W turns every warning, including a failing cell, into an error. Then the pages a
# dealer uses in Dutch, German and Greek (book/locale/*/LC_MESSAGES/*.po) into _build/html/nl, /de,
# /el, from the stored outputs (tools/build_languages.py --update after a change to those pages).
book: $(STAMP) catalogues
	rm -rf _build/html _build/.doctrees _build/jupyter_execute
	$(BIN)/python tools/build_live.py
	$(BIN)/jupyter-book build . --all -W --keep-going
	$(BIN)/python tools/build_languages.py  # the Dutch, German and Greek sites: no notebook run again
	$(MAKE) pdf
	$(BIN)/python tools/offline.py _build/html  # the service worker's list, with the PDF
	$(BIN)/python .ci/check_site.py _build/html

# The live pages' engine alone (Pyodide from npm + the potengine wheel) into _build/live; `make book`
# runs it too. Without npm it says so and the pages show a notice (POTENGINE_REQUIRE_LIVE=1: fail).
live: $(STAMP) catalogues
	$(BIN)/python tools/build_live.py

# Browsers run WebAssembly only over http, not from file://.
serve:
	$(or $(wildcard $(BIN)/python),$(PYTHON)) tools/serve.py 8000

# The printed book: tools/build_pdf.py puts every page of the built site, in the order of _toc.yml,
# into one print document (title page, contents, page numbers, bookmarks) and prints it with Debian's
# headless Chromium through Playwright (installed here when missing: Jupyter Book's own PDF builders
# download a browser or need a large TeX install), in A4 and Letter, and the cheat sheet on one A4
# page. The PDFs go into the site (_build/html/downloads/), which links them from the front page and
# the cheat sheet: `make book` prints them before .ci/check_site.py checks those links.
# tests/test_pdf.py then reads them (REQUIRE_PDF=1: fail rather than skip).
pdf: $(STAMP)
	@test -f _build/html/index.html || { echo "make pdf prints the built site: run make book"; exit 1; }
	@command -v chromium >/dev/null && command -v pdftotext >/dev/null || \
	  (apt-get update -qq && apt-get install -y -qq chromium poppler-utils)
	$(BIN)/python tools/build_pdf.py _build/html
	REQUIRE_PDF=1 $(BIN)/python -m pytest -q -o addopts="" -p no:cacheprovider tests/test_pdf.py

# Lint and type check first (configured in pyproject.toml), then the tests.
test: $(STAMP) catalogues
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadfile

lab: $(STAMP) catalogues
	$(BIN)/python -m pip install --quiet -r requirements-lab.txt
	$(BIN)/jupyter lab book/ $(if $(filter 0,$(shell id -u)),--allow-root,)

bench: $(STAMP) catalogues
	$(BIN)/python -m pip install --quiet -r requirements-bench.txt
	$(BIN)/python benchmarks/run.py

notebooks: $(STAMP) catalogues
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace book/*/*.ipynb
	$(BIN)/python .ci/normalise_notebooks.py book/*/*.ipynb

clean:
	rm -rf _build .pytest_cache .hypothesis $(CATALOGUES)
