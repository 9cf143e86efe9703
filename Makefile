# Two entry points: `make run` (set up, start the web app) and `make test` (set up, run the tests).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: setup run test test-slow lint bench play clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

setup: $(BIN)/python
	$(BIN)/pip install -q -e '.[dev,web,rl]'

run: setup
	$(BIN)/clanboard serve --host $(HOST) --port $(PORT)

test: setup
	$(BIN)/ruff check clanboard tests bench
	$(BIN)/mypy clanboard
	$(BIN)/python -m pytest -n 2 -q

test-slow: setup
	$(BIN)/python -m pytest -q -m slow

bench: setup
	$(BIN)/clanboard bench

play: setup
	$(BIN)/clanboard play schotten-totten --variant tactics --vs heuristic

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
