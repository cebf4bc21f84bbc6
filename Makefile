# kotguide: `make run` serves the site, `make test` runs every test (browser tests included).
# Both work on a fresh Debian machine with Python 3.11: they create .venv and install what they need.

PYTHON ?= python3
HOST ?= 127.0.0.1
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
STAMP_RUN := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test
STAMP_PG := $(VENV)/.installed-postgres
SOAK_GAMES ?= 10000
CJK_FONT := /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
LIBZBAR := /usr/share/doc/libzbar0/copyright

.PHONY: run test soak prepare engine lint mutmut bench messages clean serve serve-stop bench-pages load postgres postgres-stop \
	test-postgres check-deploy redis redis-stop test-redis app-user

run: $(STAMP_RUN) prepare
	$(PY) manage.py runserver $(HOST):$(PORT)

# The fast suite: property and fuzz tests derandomized and sized to cover every option set (tests/engine/budget.py);
# the 30 slowest tests and the seconds of each test directory are printed at the end.
test: $(STAMP_TEST) node_modules/axe-core/axe.min.js /usr/bin/chromium /usr/sbin/nginx $(CJK_FONT) $(LIBZBAR) prepare app-user
	$(VENV)/bin/ruff check .
	$(VENV)/bin/pytest -n auto --durations=30

# The long search for rare bugs: the property tests at their full counts, then SOAK_GAMES random games per option set,
# then the request fuzz at eight times its examples, then every step of every narrated scenario and of every lesson
# (in both languages) in Chromium at phone size, then axe on every kind of page in both languages at both widths.
soak: $(STAMP_TEST) node_modules/axe-core/axe.min.js /usr/bin/chromium $(CJK_FONT) prepare
	KOTGUIDE_SOAK=1 $(VENV)/bin/pytest tests/engine/test_properties.py tests/engine/test_cards_properties.py \
	  tests/engine/test_hooks.py tests/engine/test_evolutions.py tests/engine/test_wickedness.py -n auto -p no:randomly -q
	$(PY) -m kotguide.engine soak --games $(SOAK_GAMES)
	FUZZ_SCALE=8 $(VENV)/bin/pytest tests/test_fuzz.py -n auto -p no:randomly -q
	KOTGUIDE_SOAK=1 $(VENV)/bin/pytest tests/browser/test_table.py -k "every_step_of_every_narrated_scenario or every_step_of_every_lesson" \
	  -n auto -q
	KOTGUIDE_SOAK=1 $(VENV)/bin/pytest tests/browser/test_accessibility.py -k any_kind_of_page -n auto -q

bench: $(STAMP_TEST) prepare /usr/bin/wrk app-user
	$(PY) bench/engine.py --no-card-effects
	$(PY) bench/engine.py
	$(PY) bench/search.py
	$(PY) bench/sandbox.py
	$(PY) bench/editor.py
	$(AS_APP_USER) && $(PY) bench/pages.py
	$(PY) bench/odds.py
	$(PY) bench/bots.py
	$(PY) bench/lessons.py

lint: $(STAMP_TEST)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy --strict kotguide/engine

# Mutation testing of the turn loop: mutmut (installed into .venv only) mutates flow.py, guards.py, resolve.py and
# tokyo.py ([tool.mutmut] in pyproject.toml) and runs the engine tests that cover each mutant, in mutants/, on the
# engine's source (KOTGUIDE_PURE_ENGINE: a compiled module would run in place of the mutant). About
# 1,850 mutants: hours on 2 cores; MUTANTS="name …" (as `mutmut results` lists them) runs only those.
mutmut: $(STAMP_TEST)
	$(PY) -m pip install -q mutmut
	KOTGUIDE_PURE_ENGINE=1 nice -n 10 $(VENV)/bin/mutmut run --max-children 2 $(MUTANTS)
	$(VENV)/bin/mutmut results

# The engine's hot modules compiled with mypyc (unless fresh), the database, compiled translations and the search
# index, all derived from the repository.
prepare: $(STAMP_RUN) /usr/bin/msgfmt engine
	$(PY) manage.py compilemessages --ignore=.venv --ignore=node_modules -v 0
	$(PY) manage.py migrate --noinput -v 0
	$(PY) manage.py build_search_index
	$(PY) manage.py build_drawings

# mypyc needs a C compiler and the headers of the venv's Python (Debian's python3-dev, when it is Debian's python3).
engine: $(STAMP_RUN) /usr/bin/gcc
	@$(PY) -c 'import os, sys, sysconfig; sys.exit(not os.path.exists(sysconfig.get_paths()["include"] + "/Python.h"))' \
	  || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-dev)
	$(PY) -m kotguide.engine compile

/usr/bin/gcc:
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc

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

# ---------------------------------------------------------------- production, load, PostgreSQL (docs/deploy.md)

WORKERS ?= 2
THREADS ?= 8
APP_PORT ?= 8001
# Started as root, nginx's and gunicorn's workers run as APP_USER (a system user made here if missing), who owns only
# what the app writes: var/app/ (the SQLite database and the file cache, unless KOTGUIDE_DB, KOTGUIDE_CACHE_DIR,
# DATABASE_URL or REDIS_URL say otherwise) and nginx's cache in var/stack/ (docs/deploy.md, "Who it runs as").
# If that user cannot run .venv's Python (made from one under a directory closed to others, as pyenv's under /root),
# gunicorn runs on APP_PYTHON: a virtualenv of Debian's python3 of the same version that reads .venv's packages.
APP_USER ?= kotguide
APP_PYTHON := var/app-python
AS_ROOT := test "$$(id -u)" = 0
AS_APP_USER := if $(AS_ROOT); then export KOTGUIDE_APP_USER=$(APP_USER); \
  if test -x $(APP_PYTHON)/bin/python; then export KOTGUIDE_APP_PYTHON=$(CURDIR)/$(APP_PYTHON)/bin/python; fi; fi
# nginx (Debian's package) on $(HOST):$(PORT) in front of gunicorn (threaded workers) on 127.0.0.1:$(APP_PORT), both
# detached; `make serve-stop` stops them. Production settings: DJANGO_SECRET_KEY (else one kept in var/secret-key),
# DJANGO_ALLOWED_HOSTS, KOTGUIDE_PUBLIC_ORIGIN, DATABASE_URL, REDIS_URL from the environment. Expects a TLS proxy in
# front; DJANGO_SECURE_SSL_REDIRECT=0 to look at it over plain http. A content change: `make serve` again.
# The production settings' secret key: DJANGO_SECRET_KEY, else the one kept in var/secret-key (made once).
PRODUCTION_KEY := mkdir -p var && { test -n "$$DJANGO_SECRET_KEY" || test -s var/secret-key || \
  (umask 077 && $(PY) -c 'import secrets; print(secrets.token_urlsafe(50))' > var/secret-key); } && \
  export DJANGO_DEBUG=0 DJANGO_SECRET_KEY="$${DJANGO_SECRET_KEY:-$$(cat var/secret-key)}"
serve: $(STAMP_RUN) prepare /usr/sbin/nginx app-user
	$(PRODUCTION_KEY) && $(AS_APP_USER) && \
	  if $(AS_ROOT); then mkdir -p var/app && export KOTGUIDE_DB="$${KOTGUIDE_DB:-$(CURDIR)/var/app/db.sqlite3}" \
	    KOTGUIDE_CACHE_DIR="$${KOTGUIDE_CACHE_DIR:-$(CURDIR)/var/app/cache}"; fi && \
	  $(PY) manage.py migrate --noinput -v 0 && \
	  $(PY) manage.py collectstatic --noinput -v 0 && \
	  $(PY) manage.py check --deploy --fail-level WARNING && \
	  $(PY) manage.py stack start --host $(HOST) --port $(PORT) --app-port $(APP_PORT) --workers $(WORKERS) \
	    --threads $(THREADS)

app-user: $(STAMP_RUN)
	@mkdir -p var && chmod 755 var  # the app's user reaches its Python and var/app (a cache may have made var 0700)
	@if $(AS_ROOT) && ! id -u $(APP_USER) >/dev/null 2>&1; then \
	  useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin $(APP_USER); \
	fi
	@if $(AS_ROOT) && ! runuser -u $(APP_USER) -- $(PY) -c '' 2>/dev/null && ! test -x $(APP_PYTHON)/bin/python; then \
	  version=$$($(PY) -c 'import sys; print("%d.%d" % sys.version_info[:2])'); \
	  if test "$$(/usr/bin/python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')" = "$$version"; then \
	    /usr/bin/python3 -m venv --without-pip $(APP_PYTHON) && \
	    echo "import site; site.addsitedir('$$($(PY) -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')')" \
	      > $(APP_PYTHON)/lib/python$$version/site-packages/kotguide-venv.pth; \
	  else echo "warning: $(APP_USER) cannot run $(PY) and Debian's python3 is not $$version (docs/deploy.md)"; fi; \
	fi

serve-stop: $(STAMP_RUN)
	DJANGO_DEBUG=0 DJANGO_SECRET_KEY=stop $(PY) manage.py stack stop

/usr/sbin/nginx:
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light

# `manage.py check --deploy` with the production settings of the environment (the key as `make serve` has it).
check-deploy: $(STAMP_RUN)
	$(PRODUCTION_KEY) && $(PY) manage.py check --deploy --fail-level WARNING

# Rule pages from gunicorn against the same HTML as a static file, side by side (wrk, 127.0.0.1 only).
bench-pages: $(STAMP_RUN) prepare /usr/bin/wrk /usr/sbin/nginx app-user
	$(AS_APP_USER) && $(PY) bench/pages.py

# A bounded load run (LOAD_SECONDS, default 120) on pages, search and sandbox steps, 127.0.0.1 only.
LOAD_SECONDS ?= 120
load: $(STAMP_RUN) prepare /usr/bin/wrk /usr/sbin/nginx app-user
	$(AS_APP_USER) && $(PY) bench/load.py --seconds $(LOAD_SECONDS)

/usr/bin/wrk:
	apt-get update -qq && apt-get install -y -qq wrk

# A throwaway PostgreSQL cluster from Debian's packages on 127.0.0.1:$(PG_PORT), data in $(PG_DATA).
PG_PORT ?= 54329
PG_DATA ?= $(CURDIR)/var/pg
PG_URL := postgres://kotguide:kotguide@127.0.0.1:$(PG_PORT)/kotguide
PG_AS = $$(test "$$(id -u)" = 0 && echo runuser -u postgres --)
PG_BIN = $$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)

# var/ may be 0700 (Django's file cache creates it under umask 077): the postgres user only needs to pass through it.
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql)
	@set -e; bin=$(PG_BIN); as="$(PG_AS)"; \
	mkdir -p "$(PG_DATA)"; chmod a+x "$(dir $(PG_DATA))"; \
	if [ ! -s "$(PG_DATA)/PG_VERSION" ]; then \
	  test -z "$$as" || chown postgres: "$(PG_DATA)"; \
	  pw=$$(mktemp); echo kotguide > $$pw; test -z "$$as" || chown postgres: $$pw; \
	  $$as $$bin/initdb -D "$(PG_DATA)" -U kotguide --pwfile=$$pw --auth=scram-sha-256 -E UTF8 --locale=C.UTF-8 >/dev/null; \
	  rm -f $$pw; \
	fi; \
	if ! $$as $$bin/pg_ctl -D "$(PG_DATA)" status >/dev/null 2>&1; then \
	  $$as $$bin/pg_ctl -D "$(PG_DATA)" -l "$(PG_DATA)/server.log" -w -t 60 start -o \
	    "-c listen_addresses=127.0.0.1 -p $(PG_PORT) -c unix_socket_directories='' -c fsync=off \
	     -c synchronous_commit=off -c full_page_writes=off" >/dev/null; \
	fi; \
	PGPASSWORD=kotguide $$bin/psql -h 127.0.0.1 -p $(PG_PORT) -U kotguide -d postgres -tAc \
	  "SELECT 1 FROM pg_database WHERE datname = 'kotguide'" | grep -q 1 || \
	  PGPASSWORD=kotguide $$bin/createdb -h 127.0.0.1 -p $(PG_PORT) -U kotguide kotguide; \
	echo "PostgreSQL on 127.0.0.1:$(PG_PORT): DATABASE_URL=$(PG_URL)"

postgres-stop:
	@bin=$(PG_BIN); as="$(PG_AS)"; $$as $$bin/pg_ctl -D "$(PG_DATA)" -m fast stop 2>/dev/null || true

$(STAMP_PG): pyproject.toml $(STAMP_TEST)
	$(PY) -m pip install -q -e '.[test,postgres]'
	touch $@

# The database-backed tests (every test file that asks for the database) against that PostgreSQL.
DB_TESTS = $(shell grep -lE 'django_db|[(, ]db[,)]|transactional_db|live_server' tests/test_*.py)
test-postgres: $(STAMP_PG) postgres prepare
	DATABASE_URL=$(PG_URL) $(VENV)/bin/pytest -m "not browser" $(DB_TESTS)

# A throwaway Redis from Debian's package on 127.0.0.1:$(REDIS_PORT) (no persistence), for the shared cache.
REDIS_PORT ?= 63790
REDIS_DIR ?= $(CURDIR)/var/redis
REDIS_URL_LOCAL := redis://127.0.0.1:$(REDIS_PORT)/0
redis:
	@test -x /usr/bin/redis-server || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server)
	@mkdir -p "$(REDIS_DIR)"; \
	if ! redis-cli -p $(REDIS_PORT) ping >/dev/null 2>&1; then \
	  redis-server --bind 127.0.0.1 --port $(REDIS_PORT) --daemonize yes --save '' --appendonly no \
	    --dir "$(REDIS_DIR)" --pidfile "$(REDIS_DIR)/redis.pid" --logfile "$(REDIS_DIR)/redis.log"; \
	  for i in $$(seq 50); do redis-cli -p $(REDIS_PORT) ping >/dev/null 2>&1 && break; sleep 0.1; done; \
	fi; echo "Redis on 127.0.0.1:$(REDIS_PORT): REDIS_URL=$(REDIS_URL_LOCAL)"

redis-stop:
	@test ! -s "$(REDIS_DIR)/redis.pid" || kill $$(cat "$(REDIS_DIR)/redis.pid") 2>/dev/null || true

# The cache and rate-limit tests against that Redis.
test-redis: $(STAMP_TEST) redis prepare
	REDIS_URL=$(REDIS_URL_LOCAL) $(VENV)/bin/pytest -m "not browser" -p no:randomly tests/test_cache.py tests/test_serving.py \
	  tests/test_step_regions.py

# Japanese text in the browser tests and screenshots: Debian's Noto CJK fonts.
$(CJK_FONT):
	apt-get update -qq && apt-get install -y -qq fonts-noto-cjk

# Debian's zbar, which pyzbar loads: the tests read the QR code of a shared position back.
$(LIBZBAR):
	apt-get update -qq && apt-get install -y -qq libzbar0

# Debian's Chromium: Playwright cannot download its own browser here.
/usr/bin/chromium:
	apt-get update -qq && apt-get install -y -qq chromium

/usr/bin/msgfmt:
	apt-get update -qq && apt-get install -y -qq gettext

# axe-core for the accessibility checks, from the npm registry (pinned in package-lock.json).
node_modules/axe-core/axe.min.js: package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	touch $@

clean: postgres-stop redis-stop serve-stop
	rm -rf $(VENV) node_modules staticfiles db.sqlite3 var/pg
