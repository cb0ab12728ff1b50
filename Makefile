# Masthead: `make run` serves the demo; `make test` runs every check.
# Every target is idempotent: a second run only redoes what changed.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
PORT ?= 8000
PY_VERSION ?= python3
UV_VERSION := 0.13.9
TOOLS := var/tools
UV := $(TOOLS)/bin/uv
VENV := server/.venv
PY := $(VENV)/bin/python
PG_TEST_URL ?= postgresql+psycopg://postgres@127.0.0.1:5432/masthead_test
TEST_WORKERS ?= 2
export UV_PYTHON_DOWNLOADS := never
export UV_PROJECT_ENVIRONMENT := $(CURDIR)/$(VENV)
# Python keeps its compiled modules (__pycache__, ignored by git): with the machine's
# PYTHONDONTWRITEBYTECODE=1 every process compiled every module again, a dozen seconds of
# each test worker's start, the server's and every command the tests run.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run run-scaled test setup build lint typecheck typecheck-py typecheck-ts test-py test-py-sqlite test-py-postgres test-py-scaled test-py-sqlite-then-web test-web \
	test-e2e api-types check-api-types chromium bench clean

run: setup build
	$(PY) -m masthead.serve --port $(PORT)

# Past one process: WEB web processes and WORKERS job workers on the local PostgreSQL and
# Redis (masthead/scaled.py; MASTHEAD_DATABASE_URL and MASTHEAD_REDIS_URL move them).
WEB ?= 2
WORKERS ?= 1
run-scaled: setup build
	$(PY) -m masthead.scaled --web $(WEB) --workers $(WORKERS) --port $(PORT)

setup: $(VENV)/.synced node_modules/.installed

$(UV):
	$(PY_VERSION) -m venv $(TOOLS)
	$(TOOLS)/bin/pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)

# --compile-bytecode: the installed packages' modules compiled once, here, beside npm's install,
# instead of by each of the test passes' four workers at once as they first import them.
$(VENV)/.synced: server/pyproject.toml server/uv.lock | $(UV)
	cd server && ../$(UV) sync --frozen --python $(PY_VERSION) --quiet --compile-bytecode
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

WEB_SOURCES := $(shell find web/src web/account.html web/admin.html web/vite.config.ts -type f 2>/dev/null)
WIDGET_SOURCES := $(shell find widget/src widget/vite.config.ts widget/tsconfig.build.json -type f 2>/dev/null)
build: web/dist/account.html widget/dist/squatch.min.js

# One build writes both entries: the account area (account.html) and the staff console (admin.html).
web/dist/account.html: node_modules/.installed $(WEB_SOURCES)
	npm run --silent build

# The publisher pages' islands: their own entry and config (web/site.vite.config.ts).
SITE_SOURCES := $(shell find web/src/site web/src/account/mobileApp.ts web/site.vite.config.ts -type f 2>/dev/null)
build: web/dist-site/.vite/manifest.json

web/dist-site/.vite/manifest.json: node_modules/.installed $(SITE_SOURCES)
	npm run --silent build:site

widget/dist/squatch.min.js: node_modules/.installed $(WIDGET_SOURCES)
	npm run --silent build:widget

# The OpenAPI document is the one description of the API; the front end's types come from it.
api-types: $(VENV)/.synced node_modules/.installed
	$(PY) -m masthead.openapi > web/src/api/openapi.json
	npm run --silent gen:api
	$(PY) -m masthead.spec_texts | node web/src/api/gen-spec-texts.mjs

check-api-types: $(VENV)/.synced node_modules/.installed
	@tmp=$$(mktemp -d); \
	$(PY) -m masthead.openapi > $$tmp/openapi.json; \
	npx openapi-typescript $$tmp/openapi.json -o $$tmp/schema.d.ts >/dev/null 2>&1; \
	$(PY) -m masthead.spec_texts | node web/src/api/gen-spec-texts.mjs $$tmp/specTexts.ts || exit 1; \
	if ! diff -q $$tmp/openapi.json web/src/api/openapi.json >/dev/null || \
	   ! diff -q $$tmp/schema.d.ts web/src/api/schema.d.ts >/dev/null || \
	   ! diff -q $$tmp/specTexts.ts web/src/api/specTexts.ts >/dev/null; then \
	  echo "web/src/api/openapi.json, schema.d.ts or specTexts.ts is stale: run 'make api-types'"; exit 1; \
	fi; echo "API types are up to date"

# ruff, then the boundaries: import-linter's contracts (server/.importlinter).
lint: setup
	cd server && .venv/bin/ruff check masthead tests migrations architecture
	cd server && .venv/bin/ruff format --check masthead tests migrations architecture
	cd server && .venv/bin/lint-imports --no-cache

typecheck: typecheck-py typecheck-ts

typecheck-py: setup
	cd server && .venv/bin/mypy

typecheck-ts: setup
	npm run --silent typecheck

# Everything, the wire contract (tests/contract) first, as below; the coverage phase of the
# contract runs on PostgreSQL only (its module says why).
test-py-sqlite: setup
	cd server && .venv/bin/python -m pytest -p no:cacheprovider -n $(TEST_WORKERS) \
		--ignore=tests/scaled tests/contract tests

# The tests that reach a database, on PostgreSQL: the rest ran on SQLite already
# (tests/conftest.py). Under CI=true an unreachable PostgreSQL fails the run. The contract
# first: its few long tests (10 s each) handed out last kept one worker busy while the other
# had nothing left to do.
test-py-postgres: setup
	cd server && MASTHEAD_TEST_DATABASE_URL=$(PG_TEST_URL) .venv/bin/python -m pytest \
		-p no:cacheprovider -n $(TEST_WORKERS) --ignore=tests/scaled tests/contract tests

# The scaled topology's tests (tests/scaled: real web processes and job workers on PostgreSQL
# and Redis, killed and restarted) in one test process, so they share the processes they start
# (tests/scaled/conftest.py); xdist would start them once per worker.
test-py-scaled: setup
	cd server && MASTHEAD_TEST_DATABASE_URL=$(PG_TEST_URL) .venv/bin/python -m pytest \
		-p no:cacheprovider tests/scaled

# The two passes run side by side, each in TEST_WORKERS processes (pytest-xdist; a database
# per process, tests/conftest.py): whichever pass ends first leaves its cores to the other.
test-py: setup
	$(MAKE) --no-print-directory --output-sync=target -j2 test-py-sqlite test-py-postgres
	$(MAKE) --no-print-directory test-py-scaled

# `make test`'s Python phase, with the PostgreSQL pass beside it (see test below): the SQLite
# pass, then Vitest, then the scaled tests, which end about when the PostgreSQL pass does.
test-py-sqlite-then-web: test-py-sqlite
	$(MAKE) --no-print-directory test-web
	$(MAKE) --no-print-directory test-py-scaled

# The web and widget unit tests in one Vitest run (vitest.config.ts: its two projects).
test-web: setup
	npm run --silent test:unit

chromium:
	@command -v chromium >/dev/null || [ -x /usr/bin/chromium ] || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

test-e2e: setup build chromium
	npm run --silent e2e

# The Python and npm installs side by side. Then the static checks and the build, longest
# first: tsc's projects (about half a minute) on one core while mypy, the API types, the
# linters and the build take the other. Then the two Python passes side by side, and the
# Vitest run as soon as the SQLite pass ends: the PostgreSQL pass, longer (the wire contract),
# ends on two workers that wait on the database and leave a core a fifth idle. Then
# Playwright, which keeps both cores busy on its own.
test:
	$(MAKE) --no-print-directory --output-sync=target -j2 setup
	$(MAKE) --no-print-directory --output-sync=target -j2 \
		typecheck-ts typecheck-py check-api-types lint build chromium
	$(MAKE) --no-print-directory --output-sync=target -j2 test-py-postgres test-py-sqlite-then-web
	$(MAKE) --no-print-directory test-e2e
	@echo "All checks passed."

# The renewal run (across two worker processes) and the scaled topology's load run need the
# local PostgreSQL, as reader_search.py does; scaled_load.py needs Redis too (make run-scaled).
PG_BENCH_URL ?= postgresql+psycopg://postgres@127.0.0.1:5432/postgres
bench: setup build chromium
	@command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
	$(PY) bench/identity_load.py
	node bench/widget_size.mjs
	$(PY) bench/analytics_ingest.py
	node bench/widget_timing.mjs
	$(PY) bench/billing_subscribe.py
	$(PY) bench/billing_renewals.py --database-url $(PG_BENCH_URL)
	$(PY) bench/site_load.py
	$(PY) bench/comment_counts.py
	$(PY) bench/comment_thread.py
	node bench/comments_client_size.mjs
	node bench/site_js.mjs
	$(PY) bench/reader_search.py
	$(PY) bench/profanity_check.py
	$(PY) bench/scaled_load.py

clean:
	rm -rf var web/dist web/dist-site widget/dist
