# Two commands do everything: `make lab` (install, open the tutorial) and `make test` (install, run every test).
# Both build .venv from nothing on first use; pyproject.toml changes trigger a reinstall.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
FIRST_NOTEBOOK := notebooks/01_first_game.ipynb

.PHONY: lab app test test-fast chromium bench notebooks js contract drawing lint clean player-aid worksheet site messages \
	messages-template messages-page messages-page-template puzzles-set

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

lab: $(STAMP)
	$(VENV)/bin/jupyter trust notebooks/*.ipynb  # saved pictures (SVG) show only in trusted notebooks
	# Served from the repository's root (docs/: the glossaries, the player aid), tutorial 1 open. Every cell
	# drawn (binder/lab-settings: no virtual scrolling, under which a tutorial's links land past their heading).
	$(VENV)/bin/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) --ServerApp.root_dir=$(CURDIR) \
		--LabApp.app_settings_dir=$(CURDIR)/binder/lab-settings $(FIRST_NOTEBOOK)

# A classroom's screen: the game against the greedy bot (APP=puzzles: the puzzle trainer; APP=guided: the guided
# first game) as a Voilà app, no code showing, until Ctrl-C (`python -m novaluna_widget app --help` for the rest).
APP ?= game
app: $(STAMP)
	$(PY) -m novaluna_widget app $(APP)

# esbuild lets the tests check that the committed view build matches js/ (node is only for that).
js/node_modules: js/package-lock.json
	@if command -v npm >/dev/null; then cd js && npm ci --no-audit --no-fund --silent && touch node_modules; \
	else echo "npm not found: the test that static/ matches js/ will be skipped"; fi

# Two workers, the CI machine's cores, each given whole files: a notebook's cells run in order, and each
# worker starts its own JupyterLab and Chromium for the browser tests. The two keep both cores busy (93 % of
# the time over a fresh clone's `make test`, 2026-11-29), so a third worker (`make test TEST_WORKERS=3`)
# gains nothing (11 min 19 s against 11 min 18 s when last tried) and costs a JupyterLab and a Chromium
# more. Files go out in collection order, where the files marked `first` lead (xdist's own order, by number
# of tests, sent the longest file last). --nbval: every tutorial runs in a fresh kernel and its saved outputs
# must match.
TEST_WORKERS ?= 2
# What the tests need is made first, side by side: pip's install keeps one core busy, and the in-browser
# site (its own venv and build, which the site's first test made while the other worker waited for a core)
# and Chromium take the other. Python keeps its bytecode caches (git ignores them) even where
# PYTHONDONTWRITEBYTECODE is set: a hundred kernels and servers import the package from the work tree.
test:
	$(MAKE) --no-print-directory -j3 $(STAMP) js/node_modules site chromium
	env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder --nbval

chromium:
	bash .ci/install-chromium.sh

# The inner loop, about a minute: the engine, protocol, widget and coach in Python. No browser, no notebook
# executed, nothing built (the tiers are pytest markers, given in tests/conftest.py). Each worker takes whole
# files, so a module's fixtures (the puzzles made once for a file's tests) are made once, not once a worker;
# nbval is not loaded (its imports cost each process about 2 CPU-seconds, for no notebook).
FAST := not browser and not notebook and not slow
test-fast: $(STAMP) js/node_modules
	$(PY) -m pytest -n 2 --dist loadfile -p no:nbval -m "$(FAST)" tests

bench: $(STAMP)
	for script in bench/*.py; do echo "== $$script"; $(PY) $$script || exit 1; done

# Re-run every notebook in place (after a deliberate change of what they print).
# Widget state is not saved (and any saved before is dropped, with all notebook metadata but the kernel's):
# with it, exported HTML draws the widget with a renderer from a CDN, blank offline, instead of its saved
# picture (tests/test_export.py). NOTEBOOKS picks other files.
NOTEBOOKS ?= notebooks/*.ipynb
notebooks: $(STAMP)
	$(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.store_widget_state=False --ExecutePreprocessor.record_timing=False \
		--ClearMetadataPreprocessor.enabled=True \
		--ClearMetadataPreprocessor.clear_cell_metadata=False \
		--ClearMetadataPreprocessor.preserve_nb_metadata_mask=kernelspec \
		--ClearMetadataPreprocessor.preserve_nb_metadata_mask=language_info $(NOTEBOOKS)
	$(PY) notebooks/keep_pictures.py $(NOTEBOOKS)  # the saved picture, not a view of a model that is gone

# The one-sheet player aid (two sides) in each language, docs/player-aid[.ru|.ja|.fa].pdf, from the engine's pictures and the glossary's words
# (docs/player_aid.py writes the HTML pages and prints them with Chromium).
player-aid: $(STAMP)
	$(PY) docs/player_aid.py

# The puzzle worksheet for teachers in each language, docs/worksheet[.ru|.ja|.fa].pdf (committed; A4, and
# `$(PY) -m novaluna_widget.puzzles.worksheet --paper letter` prints docs/worksheet-letter*.pdf): eight puzzles of a
# fixed seed, one a box, and the answer key with the engine's reasons on pages of their own (printed with
# Chromium; novaluna_widget.puzzles.worksheet.save does the same for any seed, count or kinds).
worksheet: $(STAMP)
	$(PY) -m novaluna_widget.puzzles.worksheet --out docs

# The curated strategy and solo puzzles, novaluna_widget/puzzles/curated.json (bench/puzzles_set.py says how):
# each kind searched in a process of its own until enough are kept or the time is up (resumable: the logs
# bench/puzzles_set.*.jsonl keep every candidate judged), then the file, then the ratings from simulated
# solvers' attempts (bench/puzzles_calibrate.py).
PUZZLES_MINUTES ?= 60
puzzles-set: $(STAMP)
	$(PY) bench/puzzles_set.py --kind strategy --keep 45 --minutes $(PUZZLES_MINUTES) & \
	$(PY) bench/puzzles_set.py --kind solo --keep 35 --minutes $(PUZZLES_MINUTES); wait
	$(PY) bench/puzzles_set.py --write
	$(PY) bench/puzzles_calibrate.py --write

# The view: its words (js/locale.json), the contract's declarations (`make contract`), then the bundle.
js: $(STAMP) contract
	$(PY) js/build_locale.py
	cd js && npm ci && npm run build

# What the page reads and sends, written once in novaluna_widget/_contract.py: js/build_contract.py writes
# its TypeScript declarations (js/contract.d.ts, which `make lint` checks the view against with tsc) and
# the state's keys that may hold null (js/nullable.json, for the Pyodide bridge).
contract: $(STAMP)
	$(PY) js/build_contract.py

# The drawing spec novaluna_widget/drawing.json is the one source of how the game is drawn: the view imports it,
# and js/build_drawing.py derives the static pictures' types from it (novaluna_widget/_render/drawing.py).
drawing: $(STAMP)
	$(PY) js/build_drawing.py

# The message catalogues in novaluna_widget/locale/ (the engine reads the .mo files with the standard library's
# gettext; Babel is needed only here). Extract (from the private folders too: Babel skips names starting with _
# unless told which folders to skip) every sentence made with msg, cmsg, plural or cplural into the
# template, merge it into each language's .po (a new sentence arrives untranslated, never guessed from a similar
# one, and tests/test_i18n.py fails until it is translated), then compile the .mo files.
# `make messages-template POT=file` only extracts (the test that the template is up to date uses it).
# The page's own words (js/, made with t, tc, tn and tnc) are a domain of their own, novaluna_page: the same
# steps, but js/build_locale.py turns its .po files into js/locale.json, which esbuild bundles into the view
# (rebuild it with `make js`). `make messages-page` does only the page's domain.
LOCALE := novaluna_widget/locale
LANGUAGES := ru ja fa
POT ?= $(LOCALE)/novaluna.pot
messages-template: $(STAMP)
	$(VENV)/bin/pybabel -q extract -F babel.cfg --no-default-keywords --ignore-dirs=".* __pycache__" \
		-k msg -k cmsg:1c,2 -k plural:1,2 -k cplural:1c,2,3 \
		--add-location=file --sort-output --no-wrap --project=novaluna_widget --version=0.1.0 \
		--copyright-holder="novaluna_widget engineers" --msgid-bugs-address="the project's issues" \
		-o $(POT) novaluna_widget

PAGE_POT ?= $(LOCALE)/novaluna_page.pot
messages-page-template: $(STAMP)
	$(VENV)/bin/pybabel -q extract -F js/babel.cfg --no-default-keywords \
		-k t -k tc:1c,2 -k tn:1,2 -k tnc:1c,2,3 --add-comments=TRANSLATORS: \
		--add-location=file --sort-output --no-wrap --project=novaluna_widget --version=0.1.0 \
		--copyright-holder="novaluna_widget engineers" --msgid-bugs-address="the project's issues" \
		-o $(PAGE_POT) js

messages-page: messages-page-template
	for lang in $(LANGUAGES); do $(VENV)/bin/pybabel -q update -i $(PAGE_POT) -d $(LOCALE) -D novaluna_page \
		-l $$lang --init-missing --no-fuzzy-matching --ignore-obsolete --ignore-pot-creation-date --no-wrap \
		|| exit 1; done
	$(PY) js/build_locale.py

messages: messages-template messages-page
	for lang in $(LANGUAGES); do $(VENV)/bin/pybabel -q update -i $(POT) -d $(LOCALE) -D novaluna -l $$lang \
		--init-missing --no-fuzzy-matching --ignore-obsolete --ignore-pot-creation-date --no-wrap || exit 1; done
	$(VENV)/bin/pybabel compile -d $(LOCALE) -D novaluna --statistics

# The tutorials as a static JupyterLite site in build/site/: Python runs in the browser (Pyodide), so any
# static web server hosts it and a visitor installs nothing. Its pinned tools live in their own venv;
# site/build.py fetches Pyodide (npm) and the wheels (PyPI) once, and skips the build while its inputs
# are unchanged.
LITE_VENV := build/lite/venv
$(LITE_VENV)/.installed: site/requirements.txt
	rm -rf $(LITE_VENV)
	$(PYTHON) -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/pip install --quiet --no-compile -r site/requirements.txt
	touch $@

site: $(LITE_VENV)/.installed
	$(LITE_VENV)/bin/python site/build.py

lint: $(STAMP) js/node_modules
	$(VENV)/bin/ruff check novaluna_widget tests bench site docs notebooks/keep_pictures.py js/build_locale.py js/build_contract.py js/build_drawing.py
	$(VENV)/bin/ruff format --check novaluna_widget tests bench site docs notebooks/keep_pictures.py js/build_locale.py js/build_contract.py js/build_drawing.py
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports --no-logo
	js/node_modules/.bin/tsc -p js
	cd js && npm run --silent check

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis tests/artifacts build/site build/lite
