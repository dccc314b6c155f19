# Two commands do everything: `make lab` (install, open the tutorial) and `make test` (install, run every test).
# Both build .venv from nothing on first use; pyproject.toml changes trigger a reinstall.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
FIRST_NOTEBOOK := notebooks/01_first_game.ipynb

.PHONY: lab test bench notebooks js lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

lab: $(STAMP)
	$(VENV)/bin/jupyter trust notebooks/*.ipynb  # saved pictures (SVG) show only in trusted notebooks
	$(VENV)/bin/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) $(FIRST_NOTEBOOK)

# esbuild lets the tests check that the committed view build matches js/ (node is only for that).
js/node_modules: js/package-lock.json
	@if command -v npm >/dev/null; then cd js && npm ci --no-audit --no-fund --silent && touch node_modules; \
	else echo "npm not found: the test that static/ matches js/ will be skipped"; fi

test: $(STAMP) js/node_modules
	bash .ci/install-chromium.sh
	$(PY) -m pytest

bench: $(STAMP)
	for script in bench/*.py; do echo "== $$script"; $(PY) $$script || exit 1; done

# Re-run every notebook in place (after a deliberate change of what they print).
notebooks: $(STAMP)
	$(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/*.ipynb

js:
	cd js && npm ci && npm run build

lint: $(STAMP)
	$(VENV)/bin/ruff check novaluna_widget tests bench
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports --no-logo

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis tests/artifacts
