"""Outbox worker process: `python -m masthead.worker [--once]`.

Production runs web processes with MASTHEAD_WORKER=off and any number of these beside them;
claims are safe across processes. SIGTERM or Ctrl-C stops after the job in hand.
"""

from __future__ import annotations

import argparse
import logging
import signal
import threading
from types import FrameType

from masthead.jobs.runner import drain_once, run_until_stopped
from masthead.logs import configure as configure_logs
from masthead.production import ProductionRefused, refuse_unsafe_production
from masthead.settings import Settings
from masthead.wiring import build_process_runtime

log = logging.getLogger("masthead.worker")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--once", action="store_true", help="drain what is due, then exit")
    args = parser.parse_args(argv)
    settings = Settings()
    configure_logs(settings.log_format)
    runtime = build_process_runtime(settings)
    try:
        # A worker delivers mail and charges cards: it refuses production's unsafe settings
        # just as the web processes do (the dev mailbox would swallow readers' mail).
        try:
            refuse_unsafe_production(settings, runtime.engine)
        except ProductionRefused as refused:
            raise SystemExit(str(refused)) from None
        if args.once:
            total = 0
            while (count := drain_once(runtime)) > 0:
                total += count
            log.info("processed %s outbox jobs", total)
            return
        stop = threading.Event()

        def _stop(signum: int, _frame: FrameType | None) -> None:
            log.info("received %s; stopping after the job in hand", signal.Signals(signum).name)
            stop.set()

        signal.signal(signal.SIGTERM, _stop)
        signal.signal(signal.SIGINT, _stop)
        log.info("outbox worker started")
        run_until_stopped(runtime, stop)
    finally:
        runtime.engine.dispose()


if __name__ == "__main__":
    main()
