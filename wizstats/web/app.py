"""The ASGI app: two pages, their static files, and the JSON API (Starlette).

Routes (every answer is JSON except the pages and their files):

- ``GET /``, ``GET /score``: the bid advisor (tabs: bid, card strength, questions) and the score pad, each
  its body in the head they share (:data:`PAGES`).
- ``GET /static/NAME``: a file of the package's ``static/`` folder, looked up by exact name.
- ``GET /api/bid``, ``/api/strength``, ``/api/ask``, ``/api/ask/{question}``: what the CLI's
  ``--format json`` prints for the same arguments (:mod:`wizstats.web.commands`).
- ``POST /api/score``: a score sheet (CSV body) checked and totalled.
- ``GET /api/plan``: the hand sizes of a game (for the score pad); ``GET /api/info``: defaults and caps;
  ``GET /api/health``: answers at once, also while every worker is busy.

Bad input answers 400 with ``{"error": "<the CLI's message>"}``; a full queue 503; anything
unexpected 500 with a one-line error and no traceback (the server's log has it).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import signal
import string
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from importlib import resources
from types import FrameType
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .. import __version__
from ..players import DEFAULT_POLICY, POLICIES
from ..rules import Rules
from .commands import read_params, run_command, run_score
from .jobs import Busy, Gone, JobPool
from .limits import LIMITS, Limits, check_limits

__all__ = ["create_app", "serve"]

log = logging.getLogger("wizstats.web")

MEDIA_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
PAGES = {"/": ("index.html", "bid advisor", "bid.js"), "/score": ("score.html", "score pad", "score.js")}
"""Each page by its path: the file of its body, its title, and its script; ``static/page.html`` is the head they share."""
LOOPBACK_HOSTS = ["127.0.0.1", "localhost"]
"""Host headers accepted when the server is bound to loopback (against DNS rebinding)."""


def _static_files() -> dict[str, tuple[bytes, str]]:
    """Every file of the package's ``static/`` folder by name, read once: nothing outside it is ever served."""
    folder = resources.files(__package__) / "static"
    files = {}
    for item in folder.iterdir():
        suffix = "." + item.name.rpartition(".")[2]
        if item.is_file() and suffix in MEDIA_TYPES:
            files[item.name] = (item.read_bytes(), MEDIA_TYPES[suffix])
    return files


def _pages(files: dict[str, tuple[bytes, str]]) -> dict[str, bytes]:
    """Each page by its path, whole: its body (``static/index.html``, ``static/score.html``) in ``static/page.html``."""
    frame = string.Template(files["page.html"][0].decode("utf-8"))
    return {
        path: frame.substitute(title=title, script=script, body=files[body][0].decode("utf-8")).encode("utf-8")
        for path, (body, title, script) in PAGES.items()
    }


def _error(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


class _Server:
    """The app's state: the pools, the answer cache, the static files."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.heavy = JobPool(limits.workers, limits.queue, processes=True)
        self.light = JobPool(limits.light_threads, limits.light_queue, processes=False)
        self.cache: OrderedDict[str, tuple[int, Any]] = OrderedDict()
        self.files = _static_files()
        self.pages = _pages(self.files)

    async def answer(
        self, request: Request, pool: JobPool, fn: Callable[..., tuple[int, Any]], *args: Any, cache: bool = True
    ) -> Response:
        """Run a job and answer its ``(status, body)``; busy: 503. ``cache``: remember the answer by its arguments."""
        key = hashlib.sha256(repr((fn.__name__, args)).encode()).hexdigest() if cache else None
        if key is not None and key in self.cache:
            self.cache.move_to_end(key)
            status, body = self.cache[key]
        else:
            try:
                status, body = await pool.run(fn, *args, disconnected=request.is_disconnected)
            except Busy as err:
                return JSONResponse({"error": str(err)}, status_code=503, headers={"Retry-After": "1"})
            except Gone:
                return _error(499, "the client went away")
            if key is not None and status < 500:
                self.cache[key] = (status, body)
                if len(self.cache) > self.limits.cache_size:
                    self.cache.popitem(last=False)
        return JSONResponse(body, status_code=status)

    async def simulation(self, request: Request, endpoint: str, name: str | None = None) -> Response:
        try:
            values = read_params(endpoint, request.query_params.multi_items())
            check_limits(endpoint, values, self.limits)
        except ValueError as err:
            return _error(400, str(err))
        pool = self.light if endpoint == "ask-list" else self.heavy
        return await self.answer(request, pool, run_command, endpoint, values, name)

    async def warm(self) -> None:
        """A tiny bid, so that the worker loads (or compiles) the kernels before the first real one."""
        values = read_params("bid", [("hand", "W,R12,B3"), ("trump", "R5"), ("n", "20")])
        with contextlib.suppress(Busy):  # the server stopped first
            await self.heavy.run(run_command, "bid", values)

    def stop(self) -> None:
        """The server was asked to stop: end the simulations now, so requests in flight get 503 at once."""
        self.heavy.stop()

    def close(self) -> None:
        """End the worker processes and threads and release what they hold (called again: nothing to do)."""
        self.heavy.close()
        self.light.close()


def _routes(server: _Server) -> list[Route]:
    async def page(request: Request) -> Response:
        return Response(server.pages[request.url.path.rstrip("/") or "/"], media_type=MEDIA_TYPES[".html"])

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in server.files:
            return _error(404, f"no static file {name!r}")
        content, media_type = server.files[name]
        return Response(content, media_type=media_type, headers={"Cache-Control": "no-cache"})

    async def health(request: Request) -> Response:
        return JSONResponse(
            {
                "status": "ok",
                "version": __version__,
                "computing_or_waiting": server.heavy.in_flight,
                "capacity": server.heavy.capacity,
            }
        )

    async def info(request: Request) -> Response:
        return JSONResponse(
            {
                "version": __version__,
                "default_policy": DEFAULT_POLICY,
                "policies": {name: p.doc for name, p in POLICIES.items()},
                "limits": server.limits.public(),
            }
        )

    async def bid(request: Request) -> Response:
        return await server.simulation(request, "bid")

    async def strength(request: Request) -> Response:
        return await server.simulation(request, "strength")

    async def ask(request: Request) -> Response:
        question = request.path_params.get("question")
        return await server.simulation(request, "ask" if question else "ask-list", question)

    async def score(request: Request) -> Response:
        try:
            values = read_params("score", request.query_params.multi_items())
        except ValueError as err:
            return _error(400, str(err))
        text = await _body_text(request, server.limits.max_body_bytes)
        return await server.answer(request, server.light, run_score, values, text, cache=False)

    async def plan(request: Request) -> Response:
        return await server.answer(request, server.light, _plan, dict(request.query_params))

    return [
        *(Route(path, page) for path in PAGES),
        Route("/static/{name}", static),
        Route("/api/health", health),
        Route("/api/info", info),
        Route("/api/bid", bid),
        Route("/api/strength", strength),
        Route("/api/ask", ask),
        Route("/api/ask/{question}", ask),
        Route("/api/score", score, methods=["POST"]),
        Route("/api/plan", plan),
    ]


async def _body_text(request: Request, limit: int) -> str:
    """The request body as text, refused (413) past ``limit`` bytes, whatever the headers claim."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise HTTPException(413, f"the score sheet is larger than {limit:,} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise HTTPException(413, f"the score sheet is larger than {limit:,} bytes")
        chunks.append(chunk)
    try:
        return b"".join(chunks).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise HTTPException(400, "the score sheet is not UTF-8 text") from None


def _plan(query: dict[str, str]) -> tuple[int, Any]:
    """The hand sizes of a game: ``players`` (default 4), ``tournament`` (0/1): ``(status, body)``."""
    unknown = sorted(set(query) - {"players", "tournament"})
    if unknown:
        return 400, {"error": f"unknown parameter {unknown[0]!r} (known: players, tournament)"}
    players, tournament = query.get("players", "4"), query.get("tournament", "0").lower()
    if not players.isdigit():
        return 400, {"error": f"players must be a whole number, got {players!r}"}
    if tournament not in ("0", "1", "true", "false", "yes", "no", ""):
        return 400, {"error": f"tournament must be 0 or 1, got {tournament!r}"}
    try:
        n = int(players)
        rules = Rules.tournament(n) if tournament in ("1", "true", "yes") else Rules(n)
    except ValueError as err:
        return 400, {"error": str(err)}
    return 200, {"players": n, "hand_sizes": list(rules.schedule), "rules": rules.describe()}


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return _error(exc.status_code, str(exc.detail))


class _SecurityHeaders:
    """ASGI middleware adding :data:`SECURITY_HEADERS` to every HTTP response."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [
                    (k.lower().encode(), v.encode())
                    for k, v in SECURITY_HEADERS.items()
                    if k.lower().encode() not in names
                ]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def _unexpected(request: Request, exc: Exception) -> Response:
    log.error("unexpected error on %s", request.url.path, exc_info=exc)
    return _error(500, f"internal error ({type(exc).__name__}); the server's log has the details")


def create_app(limits: Limits = LIMITS, *, trusted_hosts: list[str] | None = None, warm: bool = False) -> Starlette:
    """The web app (an ASGI application: run it with uvicorn, or ``wizstats serve``).

    Parameters
    ----------
    limits
        The caps on sample sizes, worker processes, queues and request sizes.
    trusted_hosts
        Host headers accepted (default: loopback names only, against DNS rebinding); ``["*"]`` any.
    warm
        Load the simulation kernels in the worker at start, so the first bid comes quickly.

    Examples
    --------
    >>> app = create_app()
    >>> app.state.server.limits.max_n, "index.html" in app.state.server.files
    (20000, True)
    """
    server = _Server(limits)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        warming = asyncio.ensure_future(server.warm()) if warm else None  # while the first page loads
        try:
            yield
        finally:
            if warming is not None:
                warming.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await warming
            server.close()

    app = Starlette(
        routes=_routes(server),
        middleware=[
            Middleware(_SecurityHeaders),
            Middleware(TrustedHostMiddleware, allowed_hosts=trusted_hosts or LOOPBACK_HOSTS),
        ],
        exception_handlers={HTTPException: _http_error, Exception: _unexpected},
        lifespan=lifespan,
    )
    app.state.server = server
    return app


def serve(app: Starlette, host: str, port: int) -> None:
    """Serve ``app`` (made by :func:`create_app`) with uvicorn until Ctrl-C or SIGTERM; then end its workers.

    The first Ctrl-C stops the simulations at once, so a request in flight gets 503 ("the server
    is stopping") instead of holding the shutdown for as long as it computes (minutes while the
    kernels compile); the worker processes, which ignore Ctrl-C, are ended by the server, and
    their pool is shut down and waited for before this returns (no process, no "leaked
    semaphore" left). It returns normally after either signal, also after a second Ctrl-C
    (uvicorn's "force quit").
    """
    import uvicorn

    server: _Server = app.state.server

    class Uvicorn(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            server.stop()
            super().handle_exit(sig, frame)

    handled = (signal.SIGINT, signal.SIGTERM)
    previous = {sig: signal.getsignal(sig) for sig in handled}
    for sig in handled:  # uvicorn raises the signal it stopped on again when done: here it ends quietly
        signal.signal(sig, _stopped)
    try:
        Uvicorn(uvicorn.Config(app, host=host, port=port, log_level="warning")).run()
    finally:
        server.close()
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _stopped(signum: int, frame: FrameType | None) -> None:
    """The handler left while :func:`serve` runs: the signal was handled (uvicorn stopped)."""
