# The two commands: `make run` serves the app, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 5000
WORKERS ?= 2
CATALOGS := $(wildcard translations/*/LC_MESSAGES/messages.po)
COMPILED_CATALOGS := $(CATALOGS:.po=.mo)

.PHONY: run install test lint screenshots lighthouse clean

run: install $(COMPILED_CATALOGS)
	$(BIN)/flask --app app db upgrade
	@$(BIN)/flask --app app address --port $(PORT)
	$(BIN)/gunicorn --workers $(WORKERS) --bind 0.0.0.0:$(PORT) app:app

install: $(VENV)/.installed

test: $(VENV)/.installed-dev $(COMPILED_CATALOGS)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/pytest

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The benchmark of docs/PERFORMANCE.md: the app against a minimal Flask baseline under
# wrk, checked against its budgets (exit 1 when one is missed); refreshes that file.
.PHONY: bench
bench: $(VENV)/.installed
	$(BIN)/python -m bench --record docs/PERFORMANCE.md

# The README's phone screenshots, light and dark, into docs/screenshots/ (needs Chromium).
screenshots: $(VENV)/.installed-dev
	$(BIN)/python scripts/screenshots.py

# Lighthouse budgets on the main pages: performance >= 0.95, accessibility and best
# practices 1.00, on a mobile phone. Lighthouse is pinned in package-lock.json.
lighthouse: $(VENV)/.installed-dev
	npm ci --no-audit --no-fund
	$(BIN)/python scripts/lighthouse.py

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit("Python 3.11 or newer is needed" if sys.version_info < (3, 11) else 0)'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: $(BIN)/python requirements.txt
	$(BIN)/pip install --quiet -r requirements.txt
	@touch $@

$(VENV)/.installed-dev: $(VENV)/.installed requirements-dev.txt
	$(BIN)/pip install --quiet -r requirements-dev.txt
	@touch $@

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis node_modules

# Translations (README, "Languages"): pull every marked string into translations/messages.pot,
# merge it into each catalog, and compile them; `make language CODE=fr` starts a new one.
.PHONY: translations language
translations: $(VENV)/.installed
	$(BIN)/python scripts/translations.py update

language: $(VENV)/.installed
	@test -n "$(CODE)" || (echo "Say which language: make language CODE=fr" && exit 1)
	$(BIN)/python scripts/translations.py new $(CODE)

# The compiled catalogs are built from the committed .po files, never committed themselves.
%.mo: %.po $(VENV)/.installed
	$(BIN)/pybabel compile -i $< -o $@
