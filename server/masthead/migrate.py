"""Run Alembic migrations to head: `python -m masthead.migrate`."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from masthead.settings import Settings

SERVER_DIR = Path(__file__).resolve().parents[1]


def alembic_config(database_url: str) -> Config:
    config = Config(str(SERVER_DIR / "alembic.ini"))
    config.set_main_option("script_location", str(SERVER_DIR / "migrations"))
    config.set_main_option("sqlalchemy.url", database_url.replace("%", "%%"))
    return config


def upgrade(database_url: str) -> None:
    if database_url.startswith("sqlite:///"):
        Path(database_url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
    command.upgrade(alembic_config(database_url), "head")


if __name__ == "__main__":
    upgrade(Settings().database_url)
