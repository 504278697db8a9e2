"""The ASGI application (Starlette): the page at `/` and the JSON API at `/api/<command>`.

Each API request is read and checked (`ask`), then answered in a worker thread of its own
(`answer`), watched from here: when the client goes away (the page is closed, its Stop button
aborts the fetch) or the request's time is up, the search is stopped through clingo
(`asp_sudoku.solving.watch`) and the thread ends.  `count` and `candidates` with
`"stream": true` answer NDJSON: a progress line every quarter second
(`{"progress": {"solutions": N, "seconds": S}}`), then the answer object.

At most MAX_RUNS searches run at once; one more is told the server is busy (503).  A picture
(`/api/picture`) searches nothing, so it takes no search slot: it has slots of its own
(MAX_DRAWINGS pictures drawn at once, the worst a request can ask for takes about half a second),
and a picture waits for its turn for DRAW_WAIT seconds at most before it is told so.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from asp_sudoku.core.safe_text import one_line
from asp_sudoku.solving.watch import Watch
from asp_sudoku.web.answer import answer
from asp_sudoku.web.ask import MAX_BODY, OPTIONS, Ask, BadRequest, read_ask
from asp_sudoku.web.assemble import build_page

MAX_RUNS = 4  # searches at once; more requests are told to wait (503)
GRACE = 5.0  # seconds past a request's time limit before the server stops it itself
PROGRESS_EVERY = 0.25  # seconds between progress lines of a streamed answer
POLL = 0.05  # seconds between looks at the worker and the client
MAX_DRAWINGS = 2  # pictures drawn at once (the machine's work, not a search's: no search slot)
DRAW_WAIT = 10.0  # seconds a picture waits for its turn before it is told the server is busy


class Job:
    """One request answered in a worker thread; `done` is set when `outcome` is ready."""

    def __init__(self, ask: Ask, slots: threading.BoundedSemaphore) -> None:
        self.ask = ask
        self.watch = Watch()
        self.done = threading.Event()
        self.outcome: dict[str, Any] | BaseException | None = None
        self.started = time.perf_counter()
        self.deadline = self.started + ask.timeout + GRACE
        self._slots = slots
        # (made in the request's coroutine: the worker thread wakes it through the loop)
        self._loop = asyncio.get_running_loop()
        self._finished = asyncio.Event()
        threading.Thread(target=self._run, name=f"asp-sudoku-web-{ask.command}", daemon=True).start()

    def _run(self) -> None:
        try:
            self.outcome = answer(self.ask, self.watch)
        except BaseException as exc:  # handed to the request's coroutine
            self.outcome = exc
        finally:
            self._slots.release()
            self.done.set()
            try:
                self._loop.call_soon_threadsafe(self._finished.set)
            except RuntimeError:  # the loop has closed: nobody waits
                pass

    async def finished_within(self, seconds: float) -> bool:
        """Wait until the job is done, at most `seconds`; whether it is done.  (Every answer
        waited a whole POLL of 50 ms before: a 13 ms check took 55 ms, a scripted client got
        18 answers a second.)"""
        if not self.done.is_set():
            try:
                await asyncio.wait_for(self._finished.wait(), seconds)
            except TimeoutError:
                pass
        return self.done.is_set()

    def step(self) -> None:
        """Stop the search when it has overrun its time (the library's limit should have)."""
        if time.perf_counter() > self.deadline:
            self.watch.stop.set()

    def response(self) -> Response:
        """The finished job's answer."""
        if isinstance(self.outcome, BadRequest):
            return _error(self.outcome.message, self.outcome.status)
        if isinstance(self.outcome, BaseException):
            return _error(_internal(self.outcome), 500)
        return JSONResponse(self.outcome)


def _internal(exc: BaseException) -> str:
    return f"internal error: {type(exc).__name__}: {one_line(str(exc), 300)}"


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> bytes:
    """The request's body, or BadRequest (413) past MAX_BODY bytes."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise BadRequest(f"the request is larger than the limit of {MAX_BODY} bytes", 413)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise BadRequest(f"the request is larger than the limit of {MAX_BODY} bytes", 413)
        chunks.append(chunk)
    return b"".join(chunks)


def create_app(hosts: list[str] | None = None) -> Starlette:
    """The application: `GET /` the page, `POST /api/<command>` the API.  `hosts`: the only
    Host headers answered (a page of another site that a DNS trick points at 127.0.0.1 is not)."""
    slots = threading.BoundedSemaphore(MAX_RUNS)
    drawing = threading.BoundedSemaphore(MAX_DRAWINGS)
    page = build_page()  # page/page.html with its style and scripts written in, once

    async def home(request: Request) -> Response:
        return HTMLResponse(page)

    async def api(request: Request) -> Response:
        command = request.path_params["command"]
        if command not in OPTIONS:
            known = ", ".join(f"/api/{c}" for c in OPTIONS)
            return _error(f"no such endpoint /api/{one_line(command, 40)} (the API: {known})", 404)
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":  # and so another site's page cannot post here unasked (CORS)
            return _error('send the request as JSON, with the header "Content-Type: application/json"', 415)
        try:
            body = await _body(request)
            # read in a thread: a large puzzle takes a while to read, and the other requests
            # (the page itself) must not wait for it
            ask = await asyncio.to_thread(read_ask, command, body)
        except BadRequest as exc:
            return _error(exc.message, exc.status)
        if command == "picture":  # draws what other answers found: no search, no search slot
            if not await _turn(drawing, DRAW_WAIT):
                return _error(f"the server is busy drawing pictures ({MAX_DRAWINGS} at a time) and this one "
                              f"waited {DRAW_WAIT:g} s for its turn; try again soon", 503)
            job = Job(ask, drawing)
        elif slots.acquire(blocking=False):
            job = Job(ask, slots)
        else:
            return _error(f"the server is busy: {MAX_RUNS} searches are running; try again soon", 503)
        if ask.stream:
            return StreamingResponse(_stream(job), media_type="application/x-ndjson")
        try:
            while not await job.finished_within(POLL):
                job.step()
                if await request.is_disconnected():
                    job.watch.stop.set()  # nobody is waiting for the answer: stop the search
                    return Response(status_code=499)
        except asyncio.CancelledError:
            job.watch.stop.set()
            raise
        return job.response()

    async def http_error(request: Request, exc: Exception) -> Response:
        """Starlette's own refusals (no such path, a GET to the API) as the API's JSON errors."""
        status = getattr(exc, "status_code", 500)
        if status == 405:
            if request.url.path.startswith("/api/"):
                return _error(f"{request.method} is not answered here: the API takes POST with a JSON body", 405)
            return _error(f"{request.method} is not answered here: the page takes GET, the API POST to /api/<command>", 405)
        return _error(f"no such page {one_line(request.url.path, 60)} (the page is /, the API /api/<command>)", status)

    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=hosts)] if hosts else []
    return Starlette(
        routes=[Route("/", home), Route("/api/{command}", api, methods=["POST"])],
        middleware=middleware,
        exception_handlers={HTTPException: http_error},
    )


async def _turn(slots: threading.BoundedSemaphore, wait: float) -> bool:
    """Take one of `slots`, waiting for one to come free for `wait` seconds at most (the event
    loop goes on meanwhile); whether one was taken.  The job started with it gives it back."""
    until = time.perf_counter() + wait
    while not slots.acquire(blocking=False):
        if time.perf_counter() >= until:
            return False
        await asyncio.sleep(POLL)
    return True


async def _stream(job: Job) -> AsyncIterator[bytes]:
    """NDJSON: progress lines while the job runs, then its answer (or `{"error": ...}`).  When
    the client goes away Starlette cancels this generator, and the search is stopped."""
    try:
        last = 0.0
        while not await job.finished_within(POLL):
            job.step()
            now = time.perf_counter()
            if now - last >= PROGRESS_EVERY:
                last = now
                seconds = round(now - job.started, 3)
                yield _line({"progress": {"solutions": job.watch.found, "seconds": seconds}})
        outcome = job.outcome
        if isinstance(outcome, BadRequest):
            yield _line({"error": outcome.message})
        elif isinstance(outcome, BaseException):
            yield _line({"error": _internal(outcome)})
        else:
            assert outcome is not None
            yield _line(outcome)
    finally:
        if not job.done.is_set():
            job.watch.stop.set()


def _line(obj: dict[str, Any]) -> bytes:
    return (json.dumps(obj, ensure_ascii=False) + "\n").encode("utf-8")
