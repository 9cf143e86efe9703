# Two entry points: `make run` (set up, start the web app) and `make test` (set up, run the tests).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: setup compiler browser postgres run test test-slow lint bench play clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

setup: $(VENV)/.installed

# installed again (and the optional builds compiled again, which takes a minute or two)
# only when what the install reads changes; an edited rule module runs from its source
# (clanboard/compiled.py) until `python setup.py build_ext --inplace` or a clean setup
$(VENV)/.installed: pyproject.toml setup.py clanboard/compiled.py \
		clanboard/games/schotten_totten/_playout.c | $(BIN)/python compiler
	$(BIN)/pip install -q -e '.[dev,web,bot,rl,cluster,postgres]'
	touch $@

# a C compiler and Python's headers build the compiled playout kernel (optional: without
# them the install still works on the Python rules); installed when missing and we are root
compiler:
	@if { ! command -v cc >/dev/null || ! $(PY) -c 'import os, sys, sysconfig; \
		sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'; } \
		&& [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc python3-dev >/dev/null; \
	fi

# Debian's chromium drives the browser tests (installed when missing and we are root)
browser:
	@if [ ! -x /usr/bin/chromium ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi
	@# a Japanese font, so that the screenshots of the ja pages show text, not empty boxes
	@if ! fc-list :lang=ja 2>/dev/null | grep -q . && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-ipafont-gothic >/dev/null; \
	fi

# Debian's PostgreSQL server: the tests start a throwaway cluster of it (initdb in a temp
# dir, its own port) to run the storage and server suites on it too (installed when missing
# and we are root; Debian keeps its programs in /usr/lib/postgresql/<version>/bin)
postgres:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && [ "$$(id -u)" = 0 ] \
		&& command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	fi

run: setup
	$(BIN)/clanboard serve --host $(HOST) --port $(PORT)

test: setup browser postgres
	$(BIN)/ruff check .
	$(BIN)/mypy clanboard tests
	@# random order; the seed is printed first (-q hides pytest-randomly's own header)
	@seed=$${RANDOMLY_SEED:-$$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}; \
	echo "test order: --randomly-seed=$$seed (make test RANDOMLY_SEED=$$seed repeats it)"; \
	$(BIN)/python -m pytest -n 2 -q --durations=25 -p randomly --randomly-seed=$$seed

test-slow: setup
	$(BIN)/python -m pytest -q -m slow

bench: setup
	$(BIN)/clanboard bench

play: setup
	$(BIN)/clanboard play schotten-totten --variant tactics --vs heuristic

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
	find clanboard -name '*.so' -delete
	rm -f clanboard_*__mypyc*.so
