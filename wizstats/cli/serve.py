"""``wizstats serve``: the local web app for players at the table (bid advisor and score pad)."""

from __future__ import annotations

import argparse
import ipaddress
import re
import socket
import threading
import webbrowser
from dataclasses import replace

from ..engine import compile_notice_for
from ._common import ASK_KERNELS, CliError, whole_number


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``serve`` command."""
    p = subparsers.add_parser(
        "serve",
        help="start the local web page: click your hand, get the bid; keep the score pad beside it",
        description=(
            "Start a local web server with the bid advisor (with card strength and the questions of\n"
            "'wizstats ask' on their own tabs) and the score pad, and print its address. It listens on\n"
            "127.0.0.1 (this computer only) unless --host says otherwise. Needs the web extra:\n"
            "pip install 'wizstats[web]'. Stop it with Ctrl-C."
        ),
        epilog=(
            "examples:\n"
            "  wizstats serve\n"
            "  wizstats serve --port 9000 --open\n"
            "  wizstats serve --host 0.0.0.0   # phones on the same network may connect: no password!"
        ),
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=whole_number, default=8765, help="port (default: 8765)")
    p.add_argument("--open", action="store_true", help="open the page in the web browser")
    p.add_argument("--workers", type=whole_number, default=1, help="processes computing simulations (default: 1)")
    p.set_defaults(run=run)


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _host(text: str) -> str:
    """The address to listen on: a name or an IP address; an IPv6 address may come in brackets."""
    host = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    if not re.fullmatch(r"[A-Za-z0-9.:%_-]+", host):
        raise CliError(f"--host must be a host name or an IP address, got {text!r}")
    return host


def _check_free(host: str, port: int) -> None:
    """Fail in one line if the address cannot be listened on (in use, unknown host)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        family, kind, proto, _, address = infos[0]
        with socket.socket(family, kind, proto) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(address)
    except OSError as err:
        raise CliError(f"cannot listen on {host}:{port}: {err.strerror or err}") from None


def run(args: argparse.Namespace) -> int:
    """Serve the app until interrupted."""
    try:  # the web extra is optional: imported here, so that its absence is one line
        import uvicorn  # noqa: F401  (here only to say so in one line when the web extra is missing)

        from ..web import LIMITS, create_app, serve
    except ImportError as err:
        missing = f"wizstats serve needs the web extra ({err.name} is missing)"
        raise CliError(f"{missing}: pip install 'wizstats[web]'") from None
    if not 0 < args.port < 65536:
        raise CliError(f"--port must be 1 to 65535, got {args.port}")
    if not 1 <= args.workers <= 64:
        raise CliError(f"--workers must be 1 to 64, got {args.workers}")
    args.host = _host(args.host)
    _check_free(args.host, args.port)
    compile_notice_for(*ASK_KERNELS)  # the workers compile them at start (warm=True): say so, once
    limits = replace(LIMITS, workers=args.workers)
    # bound to IPv4 loopback only loopback names are accepted in the Host header (against DNS rebinding)
    checked = _is_loopback(args.host) and ":" not in args.host
    app = create_app(limits, trusted_hosts=None if checked else ["*"], warm=True)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{'127.0.0.1' if args.host in ('0.0.0.0', '::') else shown}:{args.port}/"
    print(f"wizstats: serving the bid advisor at {url} and the score pad at {url}score (Ctrl-C stops)", flush=True)
    if not _is_loopback(args.host):
        print(f"wizstats: listening on {args.host}: anyone who can reach this address can use the page", flush=True)
    if args.open:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    serve(app, args.host, args.port)  # until Ctrl-C; the workers end cleanly
    return 0
