# Tavern Jack: `make run` serves on 127.0.0.1:5000 with SQLite; `make test` runs every test.
# Both create the virtual environment and install what they need on a fresh machine.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PYTEST_ARGS ?=
# Test files run in parallel (pytest-xdist), each file in one worker so its module fixtures are
# shared: most tests wait for a server, a browser or a child process, so three workers keep the
# two cores of the target machine busy. `make test TEST_WORKERS=0` runs them one by one. The workers
# take the files longest first (tests/conftest.py: the slow ones, the browser's, then by count of tests).
TEST_WORKERS ?= 3

.PHONY: run test fuzz test-tools bench endgames equilibria poker-equilibrium clean

$(VENV)/.run-stamp: pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit("Python 3.11+ is needed" if sys.version_info < (3, 11) else 0)'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.test-stamp: $(VENV)/.run-stamp
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.run-stamp
	$(VENV)/bin/referee serve $(if $(CONFIG),--config $(CONFIG))

# Browser tests drive Debian's Chromium; the JS verifier's tests run under node (and bench/load.py's
# Node peer, whose pinned socket.io npm installs); the store tests
# start their own PostgreSQL (initdb/pg_ctl; Debian puts them in /usr/lib/postgresql/N/bin), and the
# multi-process tests (tests/scale, tests/cluster) their own redis-server and nginx. Screenshots of
# the browser tests are kept in test-output/artefacts.
test-tools:
	@if [ -x /usr/bin/chromium ]; then echo "chromium: $$(/usr/bin/chromium --version 2>/dev/null)"; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else echo "chromium is missing and apt-get is not usable: browser tests will fail" >&2; fi
	@if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then echo "node: $$(node --version), npm $$(npm --version)"; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; \
	else echo "node or npm is missing and apt-get is not usable: the JS verifier's tests (node) and bench/load.py --peer (npm) will fail" >&2; fi
	@missing=""; \
	if ! command -v initdb >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then missing="$$missing postgresql"; fi; \
	command -v redis-server >/dev/null 2>&1 || missing="$$missing redis-server"; \
	command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$$missing nginx"; \
	if [ -z "$$missing" ]; then echo "postgresql, redis-server, nginx: present"; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	else echo "missing:$$missing and apt-get is not usable: the store tests need postgresql" >&2; fi

# The run ends with its 30 slowest tests (setup, call and teardown apart): the budget is 15 minutes
# on the 2-core machine, and a file is the unit one worker takes (--dist loadfile).
test: $(VENV)/.test-stamp test-tools
	TAVERN_ARTEFACTS=$(CURDIR)/test-output/artefacts $(PY) -m pytest $(if $(filter-out 0,$(TEST_WORKERS)),-n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder) --durations=30 $(PYTEST_ARGS)

# The properties (hypothesis tests) alone, with fresh random examples and FUZZ_SCALE times each one's
# count (tests/support/properties.py); not part of `make test`, whose examples are the same every run.
# A failure prints its seed: rerun it with `make fuzz PYTEST_ARGS=--hypothesis-seed=N`.
FUZZ_SCALE ?= 10
fuzz: $(VENV)/.test-stamp test-tools
	TAVERN_FUZZ=1 TAVERN_FUZZ_SCALE=$(FUZZ_SCALE) TAVERN_ARTEFACTS=$(CURDIR)/test-output/artefacts $(PY) -m pytest $(if $(filter-out 0,$(TEST_WORKERS)),-n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder) $(PYTEST_ARGS)

bench: $(VENV)/.test-stamp
	$(PY) bench/latency.py

# The strong bot's solved heads-up endgames (docs/bots.md): one thread, so a rebuild gives the same bytes.
endgames: $(VENV)/.run-stamp
	OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 $(PY) -m referee.games.liars_dice.bots.endgame_build --out referee/games/liars_dice/bots/endgames/

# The strong bot's heads-up equilibria up to 5 v 5 dice (docs/bots.md): the rounds with wild ones and those
# without in two processes of one thread each (about 1 h 30 min on two cores, 3.6 GB at most), so a rebuild gives the same bytes.
equilibria: $(VENV)/.run-stamp
	OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 $(PY) -m referee.games.liars_dice.bots.recall_build --out referee/games/liars_dice/bots/recall/ --only '*-wild' & \
	OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 $(PY) -m referee.games.liars_dice.bots.recall_build --out referee/games/liars_dice/bots/recall/ --only '*-plain'; \
	status=$$?; wait $$! && exit $$status

# The poker-dice equilibrium the `equilibrium` yardstick plays (docs/bots.md): one linear programme per
# public state (SciPy's HiGHS, the `solve` extra), one thread, so a rebuild gives the same bytes.
$(VENV)/.solve-stamp: $(VENV)/.run-stamp
	$(PY) -m pip install --quiet -e '.[solve]'
	touch $@

poker-equilibrium: $(VENV)/.solve-stamp
	OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 $(PY) -m referee.games.poker_bluff.bots.equilibrium_build

clean:
	rm -rf $(VENV) var test-output
