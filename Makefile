# kotguide: `make run` serves the site, `make test` runs every test (browser tests included).
# Both work on a fresh Debian machine with Python 3.11: they create .venv and install what they need.

PYTHON ?= python3
HOST ?= 127.0.0.1
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
STAMP_RUN := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test
SOAK_GAMES ?= 10000

.PHONY: run test soak prepare lint bench messages clean

run: $(STAMP_RUN) prepare
	$(PY) manage.py runserver $(HOST):$(PORT)

test: $(STAMP_TEST) node_modules/axe-core/axe.min.js /usr/bin/chromium prepare
	$(VENV)/bin/ruff check .
	$(VENV)/bin/pytest -n auto

soak: $(STAMP_TEST)
	$(PY) -m kotguide.engine soak --games $(SOAK_GAMES)

bench: $(STAMP_TEST) prepare
	$(PY) bench/engine.py
	$(PY) bench/search.py
	$(PY) bench/sandbox.py

lint: $(STAMP_TEST)
	$(VENV)/bin/ruff check .

# The database, compiled translations and the search index, all derived from the repository.
prepare: $(STAMP_RUN) /usr/bin/msgfmt
	$(PY) manage.py compilemessages --ignore=.venv --ignore=node_modules -v 0
	$(PY) manage.py migrate --noinput -v 0
	$(PY) manage.py build_search_index

messages: $(STAMP_RUN) /usr/bin/msgfmt
	$(PY) manage.py makemessages -l ja --ignore=.venv --ignore=node_modules --ignore=staticfiles --no-location

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(STAMP_RUN): pyproject.toml | $(PY)
	$(PY) -m pip install -q -e .
	touch $@

$(STAMP_TEST): pyproject.toml $(STAMP_RUN)
	$(PY) -m pip install -q -e '.[test]'
	touch $@

# Debian's Chromium: Playwright cannot download its own browser here.
/usr/bin/chromium:
	apt-get update -qq && apt-get install -y -qq chromium

/usr/bin/msgfmt:
	apt-get update -qq && apt-get install -y -qq gettext

# axe-core for the accessibility checks, from the npm registry (pinned in package-lock.json).
node_modules/axe-core/axe.min.js: package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	touch $@

clean:
	rm -rf $(VENV) node_modules staticfiles db.sqlite3
