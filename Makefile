# Two commands set everything up on a fresh machine with Python 3.11:
#   make book   virtual environment + install + execute every notebook + build the site (_build/html)
#   make test   unit, property and doctest tests, and nbval over every notebook in book/
# and one for readers who want to change the examples:
#   make lab    open the notebooks in JupyterLab, in the same environment
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: book pdf test lab bench notebooks clean help serve live
.DEFAULT_GOAL := help

help:
	@echo "make book   - build the static site into _build/html (creates .venv, executes every notebook)"
	@echo "make test   - ruff and mypy, then unit, property and doctest tests, and nbval over every notebook"
	@echo "make lab    - open the notebooks in JupyterLab in the project's environment"
	@echo "make bench  - run the benchmarks against the peers and print the ratios"
	@echo "make serve  - serve the built site on http://localhost:8000 (the live pages need http)"
	@echo "make notebooks - re-execute the notebooks in place (after an engine change)"
	@echo "make pdf    - the whole book as one PDF, _build/pdf/book.pdf (make book builds it too)"

$(STAMP): requirements.txt pyproject.toml potengine/__init__.py  # the version lives in __init__.py
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	$(BIN)/python -m pip install --quiet --no-deps -e .
	$(BIN)/python -m pip check
	@touch $@

# Every notebook is executed afresh (execute_notebooks: force, --all: no stale outputs after an
# engine change); -W turns every warning, including a failing cell, into an error.
book: $(STAMP)
	rm -rf _build/html _build/.doctrees _build/jupyter_execute
	$(BIN)/python tools/build_live.py
	$(BIN)/jupyter-book build . --all -W --keep-going
	$(BIN)/python .ci/check_site.py _build/html
	$(MAKE) pdf
	$(BIN)/python tools/offline.py _build/html  # the service worker's list, with the PDF

# The live pages' engine alone (Pyodide from npm + the potengine wheel) into _build/live; `make book`
# runs it too. Without npm it says so and the pages show a notice (POTENGINE_REQUIRE_LIVE=1: fail).
live: $(STAMP)
	$(BIN)/python tools/build_live.py

# Browsers run WebAssembly only over http, not from file://.
serve:
	$(or $(wildcard $(BIN)/python),$(PYTHON)) tools/serve.py 8000

# The whole book as one PDF: every page of the built site, in the order of _toc.yml, printed by
# Debian's headless Chromium (installed here when missing: Jupyter Book's own PDF builders download
# a browser or need a large TeX install) and joined with pdfunite; then checked to hold the title
# of every chapter. The site's print stylesheet drops the navigation.
PDF_DIR := _build/pdf
pdf: $(STAMP)
	@test -f _build/html/index.html || { echo "make pdf prints the built site: run make book"; exit 1; }
	@command -v chromium >/dev/null && command -v pdfunite >/dev/null || \
	  (apt-get update -qq && apt-get install -y -qq chromium poppler-utils)
	rm -rf $(PDF_DIR) && mkdir -p $(PDF_DIR)
	n=10; for page in book/intro $$(sed -n 's/^ *- file: //p' _toc.yml); do n=$$((n + 1)); \
	  chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer --virtual-time-budget=5000 \
	    --print-to-pdf=$(PDF_DIR)/page$$n.pdf file://$(CURDIR)/_build/html/$$page.html 2>/dev/null \
	    || exit 1; done
	pdfunite $(PDF_DIR)/page*.pdf $(PDF_DIR)/book.pdf && rm $(PDF_DIR)/page*.pdf
	REQUIRE_PDF=1 $(BIN)/python -m pytest -q -o addopts="" -p no:cacheprovider tests/test_site.py

# Lint and type check first (configured in pyproject.toml), then the tests.
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m pytest

lab: $(STAMP)
	$(BIN)/python -m pip install --quiet -r requirements-lab.txt
	$(BIN)/jupyter lab book/ $(if $(filter 0,$(shell id -u)),--allow-root,)

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

notebooks: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace book/*/*.ipynb
	$(BIN)/python .ci/normalise_notebooks.py book/*/*.ipynb

clean:
	rm -rf _build .pytest_cache .hypothesis
