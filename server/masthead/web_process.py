"""One web process of a topology past one process: `python -m masthead.web_process --port N`.

Start it once per core (`make run-scaled` does; on a machine of several, the process manager
does: a systemd template, container replicas). Each process listens on a socket of its own on
the shared port, with SO_REUSEPORT, so the kernel spreads new connections over the processes
evenly (by a hash of each connection's addresses). With one socket shared by every process
(`uvicorn --workers N`), whichever process woke first took the connections: a round of wrk's
32 keep-alive connections went 32 to 0 and the other process sat idle (bench/scaled_load.py
prints the split).

It neither migrates nor seeds: whoever starts the topology does that once, before.
"""

from __future__ import annotations

import argparse
import socket

import uvicorn

from masthead.app import create_app
from masthead.production import ProductionRefused
from masthead.serve import server_config

BACKLOG = 2048  # uvicorn's own default


def reuse_port_socket(host: str, port: int) -> socket.socket:
    """A listening socket on host:port that other processes may bind as well."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind(address)
    sock.listen(BACKLOG)
    return sock


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    try:
        app = create_app()
    except ProductionRefused as refused:
        raise SystemExit(str(refused)) from None
    server = uvicorn.Server(server_config(app, args.host, args.port))
    server.run(sockets=[reuse_port_socket(args.host, args.port)])
    if not server.started:
        raise SystemExit(3)


if __name__ == "__main__":
    main()
