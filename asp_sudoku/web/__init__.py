"""`asp-sudoku serve`: a local web page and a small JSON API, the optional extra
`asp-sudoku[web]` (Starlette and uvicorn).

Only this package imports Starlette and uvicorn, and only when a server starts: the command line
imports `serve` and `missing` from here when `serve` is run, never otherwise.  `app` builds the
ASGI application, `ask` reads requests, `answer` runs the commands, `picture` draws, and
`assemble` puts the page together from the folder `page/` (its markup, style and scripts).
"""

from __future__ import annotations

import socket
import sys
from importlib.util import find_spec
from typing import TextIO

EXTRA = 'pip install "asp-sudoku[web]"'
LOOPBACK = ["127.0.0.1", "localhost", "::1", "[::1]"]


def missing() -> str | None:
    """The name of a package of the web extra that is not installed, or None."""
    for name in ("starlette", "uvicorn"):
        if find_spec(name) is None:
            return name
    return None


def serve(host: str = "127.0.0.1", port: int = 8000, *, out: TextIO | None = None) -> None:
    """Serve the page and the API on `host`:`port` (0: a free port) until Ctrl-C; prints the URL."""
    import uvicorn

    from asp_sudoku.web.app import create_app

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)  # connections wait from now on: the address printed below answers at once
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    print(f"asp-sudoku: the page is at http://{shown}:{bound}/ (Ctrl-C stops the server)", file=out or sys.stdout, flush=True)
    hosts = LOOPBACK if host in LOOPBACK else None  # a page served to this machine only answers to its names
    config = uvicorn.Config(create_app(hosts), log_level="warning", timeout_graceful_shutdown=2)
    uvicorn.Server(config).run(sockets=[sock])


__all__ = ["EXTRA", "missing", "serve"]
