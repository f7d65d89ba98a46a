# The two commands: `make run` serves the app, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Every network by default, for phones on the Wi-Fi; HOST=127.0.0.1 behind a reverse proxy.
HOST ?= 0.0.0.0
PORT ?= 5000
WORKERS ?= 2
CATALOGS := $(wildcard translations/*/LC_MESSAGES/messages.po)
COMPILED_CATALOGS := $(CATALOGS:.po=.mo)

.PHONY: run install test pytest lint screenshots lighthouse clean

run: install $(COMPILED_CATALOGS)
	$(BIN)/flask --app app db upgrade
	$(BIN)/flask --app app rebuild --if-stale
	@$(BIN)/flask --app app address --host $(HOST) --port $(PORT)
	$(BIN)/gunicorn --workers $(WORKERS) --bind $(HOST):$(PORT) app:app

# The compiled catalogs too: without them every page is in English.
install: $(VENV)/.installed $(COMPILED_CATALOGS)

test: lint pytest

# Every test in two parts: first all but those that time a live server or kill one, on
# every core at once (pytest-xdist); then those (markers load and crash) alone, so that no
# other test's work lands in what they measure. PYTEST_ARGS narrows both, as .ci/run does.
ALONE := load or crash
pytest: $(VENV)/.installed-dev $(COMPILED_CATALOGS)
	$(BIN)/pytest -n auto -m "not ($(ALONE))" $(PYTEST_ARGS)
	$(BIN)/pytest -m "$(ALONE)" $(PYTEST_ARGS)

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The benchmark of docs/PERFORMANCE.md: the app against a minimal Flask baseline under
# wrk, checked against its budgets (exit 1 when one is missed); refreshes that file.
.PHONY: bench
bench: $(VENV)/.installed
	$(BIN)/python -m bench --record docs/PERFORMANCE.md

# The README's phone screenshots, light and dark, into docs/screenshots/ (needs Chromium).
screenshots: $(VENV)/.installed-dev $(COMPILED_CATALOGS)
	$(BIN)/python scripts/screenshots.py

# Lighthouse budgets on the main pages: performance >= 0.95, accessibility and best
# practices 1.00, on a mobile phone. Lighthouse is pinned in package-lock.json.
lighthouse: $(VENV)/.installed-dev $(COMPILED_CATALOGS)
	npm ci --no-audit --no-fund
	$(BIN)/python scripts/lighthouse.py

# The screen-on fallback's clips, static/keep-awake.{webm,mp4} (needs ffmpeg): one second
# of a black 16x16 picture with a silent sound track, for which phones keep the screen
# on (README, "Which address gives what"). The output is the same byte for byte each time.
.PHONY: keep-awake-clips
CLIP_PICTURE := -f lavfi -i color=c=black:s=16x16:r=10:d=1
CLIP_FLAGS := -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact
keep-awake-clips:
	ffmpeg -loglevel error -y $(CLIP_PICTURE) -f lavfi -t 1 -i anullsrc=r=48000:cl=mono \
		-c:v libvpx -b:v 10k -c:a libopus -b:a 6k $(CLIP_FLAGS) static/keep-awake.webm
	ffmpeg -loglevel error -y $(CLIP_PICTURE) -f lavfi -t 1 -i anullsrc=r=44100:cl=mono \
		-c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -crf 51 \
		-bsf:v filter_units=remove_types=6 -c:a aac -b:a 8k -movflags +faststart \
		$(CLIP_FLAGS) static/keep-awake.mp4

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

# Translations (docs/TRANSLATING.md): pull every marked string into translations/messages.pot,
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
