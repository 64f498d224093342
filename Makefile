# Two commands: `make run` starts the bot, `make test` runs lint, types, the dependency audit and
# the whole suite (CI's command). `make test-fast` runs the unit and database tests alone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test test-fast lint types layers audit unit bench pictures clean chromium postgresql screenshots

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip setuptools

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]'
	touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	@$(BIN)/python -m bot

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

types: $(VENV)/.installed-dev
	$(BIN)/mypy bot db rules handlers tests benchmarks tools

# The layering: no import cycle among bot/ handlers/ rules/ db/ (type-checking imports too), no
# bot → handlers but in the composition root bot/main.py, no handler calling a repository or
# opening a transaction (tools/layers.py; `python -m tools.layers --report` lists everything).
layers: $(VENV)/.installed-dev
	$(BIN)/python -m tools.layers

# Every installed distribution against PyPI's advisories (tools/audit.py says what it can know).
audit: $(VENV)/.installed-dev
	$(BIN)/python -m tools.audit

unit: $(VENV)/.installed-dev chromium postgresql
	$(BIN)/pytest

test: lint types layers audit unit

test-fast: $(VENV)/.installed-dev postgresql
	$(BIN)/pytest tests/unit tests/db tests/service

bench: $(VENV)/.installed-dev
	$(BIN)/python -m benchmarks.pairing

# Sample pictures (the bracket, the rating chart, the King of the Hill table) in both languages.
pictures: $(VENV)/.installed
	$(BIN)/python -m tools.pictures artifacts/pictures

clean:
	rm -rf $(VENV)

# Headless Chromium for the web board's browser tests (tests/e2e/test_web_board.py): Debian's
# package, installed when missing (as root, as CI runs); Playwright drives it, never downloading
# a browser of its own. The emoji font draws the board's 👑 and 🏆.
chromium:
	@test -x /usr/bin/chromium || { apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-color-emoji; }

# PostgreSQL for the tests' PostgreSQL half (issue 28): Debian's server, installed when missing
# (as root, as CI runs). The tests start a throw-away cluster of their own on a loopback port
# and stop it at the end (tests/pg.py); where it cannot be installed, that half is skipped and
# the run's summary says so.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } || \
		echo "PostgreSQL could not be installed: the tests' PostgreSQL half will be skipped"

# The screenshots of the web board (phone and TV, both kinds) in artifacts/screenshots/.
screenshots: $(VENV)/.installed-dev chromium
	$(BIN)/pytest tests/e2e/test_web_board.py tests/e2e/test_web_page.py
	@ls artifacts/screenshots/
