"""Migrate, seed the demo content and serve: what `make run` starts.

`python -m masthead.serve [--port N] [--no-seed]`; PORT in the environment also works.
"""

from __future__ import annotations

import argparse
import os

import uvicorn

from masthead.app import create_app
from masthead.migrate import upgrade
from masthead.seed import seed_demo
from masthead.settings import Settings


def settings_for(host: str, port: int) -> Settings:
    """The environment's settings. Without MASTHEAD_PUBLIC_URL, readers reach this server where it
    listens: links in mail, share links and the payment sandbox's address follow PORT."""
    settings = Settings()
    if "public_url" in settings.model_fields_set:
        return settings
    return settings.model_copy(update={"public_url": f"http://{host}:{port}"})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--no-seed", action="store_true")
    args = parser.parse_args()

    settings = settings_for(args.host, args.port)
    upgrade(settings.database_url)
    app = create_app(settings)
    if settings.seed_demo and not args.no_seed:
        seed_demo(app.state.runtime)
    print(f"Masthead is serving on http://{args.host}:{args.port}/account", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", access_log=False)


if __name__ == "__main__":
    main()
