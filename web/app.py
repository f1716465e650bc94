"""The scoreboard's ASGI app (Starlette): pages, server-sent events, photos; read only.

Routes (all GET/HEAD; anything else is refused):

====================================  ====================================================
``/``                                 the live table of the newest game (updates itself)
``/events``                           server-sent events: ``table`` with the new table
``/games``                            history: every game, newest first
``/games/{id}``                       one game: its table and every ruling with its photos
``/photo/{id}/{n}/{batch}``           the photo the log names for action n (404 otherwise)
``/stats``                            statistics across games, as charts
``/api/live``, ``/api/stats``         the same as JSON (``/api/stats`` = ``bluffbox stats``)
``/static/style.css``, ``/static/live.js``  the two vendored-by-hand files
====================================  ====================================================

:class:`Guard` bounds every request before routing: only GET and HEAD, a path of at most
:data:`MAX_PATH` bytes, a query string of at most :data:`MAX_QUERY` bytes, no body; it adds
a strict Content-Security-Policy (same origin only) to every answer.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from web import render
from web.follow import Follower
from web.stats import collect
from web.store import GameView, StateDir, image_size

MAX_PATH = 256
MAX_QUERY = 512
SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; "
     b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
STATIC = {"style.css": "text/css; charset=utf-8", "live.js": "text/javascript; charset=utf-8"}


class Guard:
    """ASGI middleware: refuse unbounded or writing requests, add security headers."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        status = 0
        headers = dict(scope.get("headers") or ())
        if scope["method"] not in ("GET", "HEAD"):
            status = 405
        elif (len(scope.get("raw_path") or scope["path"].encode()) > MAX_PATH
              or len(scope.get("query_string") or b"") > MAX_QUERY):
            status = 414
        elif headers.get(b"content-length", b"0") not in (b"0", b"") or (
                b"transfer-encoding" in headers):
            status = 413
        if status:
            await Response(f"{status}\n", status, media_type="text/plain",
                           headers={"allow": "GET, HEAD"} if status == 405 else None
                           )(scope, receive, self._secured(send))
            return
        await self.app(scope, receive, self._secured(send))

    @staticmethod
    def _secured(send: Send) -> Send:
        async def wrapped(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()),
                                                  *SECURITY_HEADERS]}
            await send(message)

        return wrapped


def create_app(state_dir: str | Path, logs_dir: str | Path | None = None, *,
               poll_s: float = 0.2, stream_s: float = 300.0, ping_s: float = 15.0,
               max_streams: int = 200) -> ASGIApp:
    """The app over one state directory.

    ``stream_s``: an event stream ends after this long (the browser reconnects at once),
    so no connection is held forever; ``max_streams`` bounds the open streams.
    """
    store = StateDir(state_dir, logs_dir)

    def size(game_id: str, n: int, batch: int) -> tuple[int, int] | None:
        path = store.photo_path(game_id, n, batch)
        return image_size(path) if path is not None else None

    def render_live(game: GameView | None) -> str:
        return render.live_fragment(game, size)

    follower = Follower(store, render_live, poll_s)
    streams = 0
    static = {name: (resources.files("web") / "static" / name).read_bytes() for name in STATIC}

    def not_found(what: str) -> HTMLResponse:
        return HTMLResponse(render.not_found_page(what), 404)

    async def live(request: Request) -> Response:
        follower.poll()
        return HTMLResponse(render.live_page(follower.html, follower.version),
                            headers={"cache-control": "no-store"})

    async def live_json(request: Request) -> Response:
        follower.poll()
        game = store.newest()
        data: dict[str, Any] = {"version": follower.version, "game": None}
        if game is not None:
            last = game.last_ruling
            data["game"] = {
                "id": game.id, "game": game.game, "players": game.players,
                "actions": len(game.steps), "summary": game.summary, "error": game.error,
                "last_ruling": None if last is None else {
                    "n": last.n, "events": list(last.events), "dice": list(last.dice),
                    "photos": [f"/photo/{game.id}/{last.n}/{i}"
                               for i, b in enumerate(last.reading.batches if last.reading
                                                     else ()) if b.photo]},
            }
        return JSONResponse(data, headers={"cache-control": "no-store"})

    async def events(request: Request) -> Response:
        nonlocal streams
        if streams >= max_streams:
            return Response("too many live pages open\n", 503, media_type="text/plain",
                            headers={"retry-after": "5"})
        streams += 1

        async def stream() -> AsyncIterator[str]:
            nonlocal streams
            try:
                loop = asyncio.get_running_loop()
                end = loop.time() + stream_s
                follower.poll()
                seen = follower.version
                yield f"retry: 1000\nevent: table\ndata: {follower.message}\n\n"
                while (left := end - loop.time()) > 0:
                    if await follower.wait(seen, min(ping_s, left)):
                        seen = follower.version
                        yield f"event: table\ndata: {follower.message}\n\n"
                    else:
                        yield ": ping\n\n"
            finally:
                streams -= 1

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"cache-control": "no-store",
                                          "x-accel-buffering": "no"})

    async def history(request: Request) -> Response:
        return HTMLResponse(render.history_page(store.games()))

    async def game(request: Request) -> Response:
        view = store.game(request.path_params["game_id"])
        if view is None:
            return not_found("No such game.")
        return HTMLResponse(render.game_page(view, size))

    async def photo(request: Request) -> Response:
        p = request.path_params
        path = store.photo_path(p["game_id"], p["n"], p["batch"])
        if path is None:
            return not_found("No such photo.")
        return FileResponse(path, headers={"cache-control": "max-age=86400"})

    async def stats_page(request: Request) -> Response:
        return HTMLResponse(render.stats_page(collect(store.games())))

    async def stats_json(request: Request) -> Response:
        return JSONResponse(collect(store.games()).to_json())

    def static_route(name: str) -> Route:
        async def endpoint(request: Request) -> Response:
            return Response(static[name], media_type=STATIC[name],
                            headers={"cache-control": "max-age=3600"})

        return Route(f"/static/{name}", endpoint)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(follower.run())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    routes = [
        Route("/", live), Route("/events", events), Route("/api/live", live_json),
        Route("/games", history), Route("/games/{game_id}", game),
        Route("/photo/{game_id}/{n:int}/{batch:int}", photo),
        Route("/stats", stats_page), Route("/api/stats", stats_json),
        *(static_route(name) for name in STATIC),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.follower = follower
    app.state.store = store
    return Guard(app)
