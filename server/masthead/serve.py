"""Migrate, seed the demo content and serve: what `make run` starts.

`python -m masthead.serve [--port N] [--no-seed]`; PORT in the environment also works.
"""

from __future__ import annotations

import argparse
import os

import uvicorn
from fastapi import FastAPI

from masthead.app import create_app
from masthead.migrate import upgrade
from masthead.production import ProductionRefused, refuse_unsafe_settings
from masthead.seed import seed_demo
from masthead.settings import Settings


def settings_for(host: str, port: int) -> Settings:
    """The environment's settings. Without MASTHEAD_PUBLIC_URL, readers reach this server where it
    listens: links in mail, share links and the payment sandbox's address follow PORT."""
    settings = Settings()
    if "public_url" in settings.model_fields_set:
        return settings
    return settings.model_copy(update={"public_url": f"http://{host}:{port}"})


KEEP_ALIVE_SECONDS = 75  # as nginx's default
# A live-comments stream (comments/live) stays open until its reader leaves, and uvicorn's
# shutdown waits for every open answer: after this long it cancels them (their EventSource
# reconnects, to another process), so a restart or a test server's end never hangs.
SHUTDOWN_GRACE_SECONDS = 5


def server_config(app: FastAPI, host: str, port: int) -> uvicorn.Config:
    """uvicorn's own X-Forwarded-For handling is off (it trusts 127.0.0.1 by default): the app
    applies MASTHEAD_TRUSTED_PROXIES itself (create_app), so tests and servers see one rule.

    Idle keep-alive connections are kept KEEP_ALIVE_SECONDS, longer than the clients and load
    balancers in front keep theirs (60 s for most): with uvicorn's 5 s, a client reusing a
    connection just as the server closed it got a reset (seen in the e2e specs' API calls;
    behind a balancer it is a 502)."""
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        proxy_headers=False,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        timeout_graceful_shutdown=SHUTDOWN_GRACE_SECONDS,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--no-seed", action="store_true")
    args = parser.parse_args()

    settings = settings_for(args.host, args.port)
    try:
        refuse_unsafe_settings(settings)
        upgrade(settings.database_url)
        app = create_app(settings)
    except ProductionRefused as refused:
        raise SystemExit(str(refused)) from None
    if settings.seed_demo and not args.no_seed:
        seed_demo(app.state.runtime)
    print(f"Masthead is serving on http://{args.host}:{args.port}/account", flush=True)
    server = uvicorn.Server(server_config(app, args.host, args.port))
    server.run()
    if not server.started:  # as uvicorn.run: the port was taken, or the app failed to start
        raise SystemExit(3)


if __name__ == "__main__":
    main()
