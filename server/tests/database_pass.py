"""Which pass this is: `make test` runs the suite on SQLite, and again, the tests that reach a
database, on PostgreSQL when MASTHEAD_TEST_DATABASE_URL names one (tests/conftest.py)."""

from __future__ import annotations

import os


def postgres_pass() -> bool:
    return os.environ.get("MASTHEAD_TEST_DATABASE_URL", "").startswith("postgresql")
