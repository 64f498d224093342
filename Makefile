# Two commands: `make run` starts the bot, `make test` runs lint, types, the dependency audit and
# the whole suite (CI's command). `make test-fast` runs the unit and database tests alone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test test-fast lint types audit unit bench pictures clean

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

# Every installed distribution against PyPI's advisories (tools/audit.py says what it can know).
audit: $(VENV)/.installed-dev
	$(BIN)/python -m tools.audit

unit: $(VENV)/.installed-dev
	$(BIN)/pytest

test: lint types audit unit

test-fast: $(VENV)/.installed-dev
	$(BIN)/pytest tests/unit tests/db

bench: $(VENV)/.installed-dev
	$(BIN)/python -m benchmarks.pairing

# Sample pictures (the bracket, the rating chart, the King of the Hill table) in both languages.
pictures: $(VENV)/.installed
	$(BIN)/python -m tools.pictures artifacts/pictures

clean:
	rm -rf $(VENV)
