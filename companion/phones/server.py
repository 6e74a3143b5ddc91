"""The phones' web server: aiohttp on a thread of its own, one WebSocket a phone.

It serves our page (no build step, nothing from the internet) and speaks `wire`'s messages. It never
touches the session: every request goes to the table's owner through `owner(fn)` (which runs `fn` on the
owner's thread and returns a concurrent Future), and the owner pushes each seat's new picture back with
`push`, a thread-safe call. The token decides the seat: it is checked when the link is opened, when the
socket is opened and on every message, so a link replaced meanwhile is closed at once.

Limits: a message is at most `wire.MAX_MESSAGE` bytes of one of two shapes; each connection may send
`RATE` messages a second (bursts of `BURST`), past which it is told so, and closed if it keeps on;
at most `max_connections` sockets in all and `PER_SEAT` a seat; typed join codes are checked at most
`JOIN_TRIES` a minute for each address and `JOIN_BUDGET` a minute from all of them. Every connection is a file of the table's own process (the one
that opens its journal and its screens), so there are at most `MAX_HTTP` of them, `PER_ADDRESS` from
one address, and one that sends no request for `IDLE` seconds is closed. Every answer carries a strict
Content-Security-Policy and the usual headers; no access log is written (a link holds a token).
"""
from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
import threading
from http import HTTPStatus
import time
from collections import defaultdict, deque
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from aiohttp import WSMsgType, web
from aiohttp.web_protocol import RequestHandler

from companion.refusals import BadRequest, InternalError, Refusal

from . import DEFAULT_PORT, wire
from .tokens import Gone, SeatKey, SeatTokens

if TYPE_CHECKING:  # the server's own process imports no session (relay.py)
    from .hub import Hub

log = logging.getLogger("companion.phones")
http_log = logging.getLogger("companion.phones.http")  # aiohttp's own messages, with no token in them (_NoTokens)

PAGE = Path(__file__).with_name("page")
RATE, BURST = 20.0, 40       # messages a second a connection may send, and the burst above it
CLOSE_AFTER = 200            # messages over the rate before the connection is closed
PER_SEAT = 4                 # sockets one seat may hold (a phone and a reload or two)
JOIN_TRIES = 5               # typed codes a minute from one address
JOIN_BUDGET = 30             # and from every address together (a device may take many addresses)
HEARTBEAT = 20.0             # seconds between pings: a sleeping phone's socket is noticed and dropped
MAX_HTTP = 128               # open connections of every kind (pages, joins, sockets) in all
PER_ADDRESS = 32             # of which one address may hold (a phone's browser opens up to 6, and reloads)
IDLE = 15.0                  # seconds a connection may wait without a request (or a join its body)
MAX_BACKLOG = 256 * 1024     # bytes waiting for a phone that does not read them: past it, it is dropped

HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the page's address holds the seat's token
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}

Owner = Callable[[Callable[[], Any]], Future]


@dataclass
class _Bucket:
    """A token bucket: `take()` is False once a connection sends faster than RATE (bursts of BURST)."""

    level: float = BURST
    at: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(BURST, self.level + (now - self.at) * RATE)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


@dataclass(eq=False)
class _Phone:
    ws: web.WebSocketResponse
    key: SeatKey
    transport: Any = None  # its connection: what waits there is what the phone has not read yet
    bucket: _Bucket = field(default_factory=_Bucket)
    picture: wire.Picture | None = None  # the last state sent, so an unchanged picture is not sent again
    held: wire.Held = field(default_factory=wire.Held)  # the action lists it has (their offers)
    over: int = 0

    def text(self, picture: wire.Picture, force: bool = False) -> str | None:
        """What to send for the seat's `picture`: nothing if the phone shows it already, the message without
        its action list if the phone holds that list (the page keeps the last HELD lists, as `held` does),
        the whole message when `force`d (a sync, a refusal)."""
        if not force and self.picture is not None and self.picture.lean == picture.lean:
            return None
        self.picture = picture
        if picture.offer in self.held and not force:
            return picture.lean
        self.held.keep(picture.offer)
        return picture.full()


class PhoneServer:
    """Serves one table's phones. `start()` binds (OSError if the port is taken), `stop()` ends it."""

    def __init__(self, hub: Hub, owner: Owner, *, host: str = "0.0.0.0", port: int = DEFAULT_PORT,
                 max_connections: int = 32):
        self.hub, self.owner, self.tokens = hub, owner, hub.tokens
        self.host, self.port, self.max_connections = host, port, max_connections
        self.max_backlog = MAX_BACKLOG
        self.max_http, self.per_address, self.idle = MAX_HTTP, PER_ADDRESS, IDLE
        self._held: dict[str, int] = defaultdict(int)  # address -> open connections
        self.loop: asyncio.AbstractEventLoop | None = None
        self._phones: set[_Phone] = set()
        self._joins: dict[str, deque] = defaultdict(deque)  # address -> its tries in the last minute
        self._all_joins: deque = deque()                        # every address's
        self.join_tries, self.join_budget = JOIN_TRIES, JOIN_BUDGET
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._stopped: asyncio.Event | None = None
        hub.push = self.push
        hub.listening = lambda: bool(self._phones)  # a set read from the owner thread: its size is enough

    # -- from any thread ---------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> int:
        """Start serving on a thread of its own; the port it listens on. OSError if it cannot bind."""
        started: Future = Future()
        self._thread = threading.Thread(target=self._run, args=(started,), name="phone-server", daemon=True)
        self._thread.start()
        self.port = started.result(timeout)
        return self.port

    def stop(self, timeout: float = 5.0) -> None:
        if self.loop is not None and self._stopped is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._stopped.set)
        if self._thread is not None:
            self._thread.join(timeout)

    def push(self, on_table: tuple[int, str] | None, messages: dict[int, wire.Picture]) -> None:
        """Each seat's new picture for the session on the table ((number, uid); None: no game); phones of
        another session are told their link opens nothing now."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._push, on_table, messages)

    def connected(self) -> dict[int, int]:
        """Seat -> number of open sockets, for the game on the table (the touchscreen shows who is on a phone)."""
        session = self.hub.session
        counts: dict[int, int] = {}
        for phone in list(self._phones):
            if _opens(phone.key, session) and self.tokens.is_current(phone.key):
                counts[phone.key.seat] = counts.get(phone.key.seat, 0) + 1
        return counts

    def revoke(self, key: SeatKey) -> None:
        """Close the sockets of a replaced key now (the key itself is already gone from the store)."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self._close_key(key)))

    # -- the server thread -------------------------------------------------------------------------
    def _run(self, started: Future) -> None:
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._serve(started))
        except Exception as exc:  # bind failed: started already carries the error
            if not started.done():
                started.set_exception(exc)
        finally:
            self.loop.close()

    async def _serve(self, started: Future) -> None:
        self._stopped = asyncio.Event()
        app = web.Application(middlewares=[_headers], client_max_size=wire.MAX_MESSAGE)
        app.router.add_get("/", self._page)
        app.router.add_post("/join", self._join)
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/s/{token}", self._seat_page)
        app.router.add_get("/s/{token}/ws", self._socket)
        self._runner = web.AppRunner(app, handle_signals=False, **self._handler_args())
        await self._runner.setup()
        try:  # aiohttp's own handler for each connection, behind a door that counts them (_Door)
            listener = await asyncio.get_running_loop().create_server(lambda: _Door(self), self.host, self.port,
                                                                      reuse_address=True)
        except OSError as exc:
            await self._runner.cleanup()
            started.set_exception(exc)
            return
        started.set_result(listener.sockets[0].getsockname()[1])
        await self._stopped.wait()
        listener.close()
        closing = [asyncio.ensure_future(phone.ws.close(code=1001, message=b"the table stopped")) for phone in self._phones]
        if closing:
            await asyncio.wait(closing, timeout=1.0)
        for phone in list(self._phones):  # one that does not read even its close frame is cut off
            if phone.transport is not None:
                phone.transport.abort()
        await self._runner.cleanup()

    def _handler_args(self) -> dict[str, Any]:
        return {"access_log": None, "logger": http_log, "keepalive_timeout": self.idle}

    async def _owner(self, fn: Callable[[], Any]) -> Any:
        return await asyncio.wrap_future(self.owner(fn))

    async def _page(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(PAGE / "index.html", headers={"Content-Type": "text/html; charset=utf-8"})

    async def _static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        types = {"phone.js": "text/javascript; charset=utf-8", "phone.css": "text/css; charset=utf-8"}
        if name not in types:
            raise web.HTTPNotFound()
        return web.FileResponse(PAGE / name, headers={"Content-Type": types[name]})

    async def _seat_page(self, request: web.Request) -> web.StreamResponse:
        key = self.tokens.seat_of(request.match_info["token"])
        session = self.hub.session  # read only: the owner may swap it, the socket checks again
        if key is None or not _opens(key, session):
            return web.Response(status=403, content_type="text/html", text=_GONE_PAGE, headers={"Cache-Control": "no-store"})
        return await self._page(request)

    async def _join(self, request: web.Request) -> web.StreamResponse:
        """A typed code, exchanged for its seat's link (a few tries a minute for each address, and for all)."""
        now = time.monotonic()
        for tries in (*self._joins.values(), self._all_joins):
            while tries and now - tries[0] > 60:
                tries.popleft()
        for address in [a for a, tries in self._joins.items() if not tries]:
            del self._joins[address]  # an address that stopped trying is forgotten
        tries = self._joins[request.remote or "?"]
        if len(tries) >= self.join_tries or len(self._all_joins) >= self.join_budget:
            return _refused(429, BadRequest("too-many-tries", "Too many codes were tried; wait a minute, or scan the "
                                            "QR code on the table.", "phones/join"))
        tries.append(now)
        self._all_joins.append(now)
        try:
            async with asyncio.timeout(self.idle):  # a body sent a byte at a time holds no connection for long
                data = await request.json()
        except Exception:
            data = None
        code = data.get("code") if isinstance(data, dict) else None
        key = self.tokens.by_code(code) if isinstance(code, str) else None
        session = self.hub.session  # read only: a code opens the game on the table, no other
        if key is not None and not _opens(key, session):  # an archived game's number may be a new game's now
            key = None
        if key is None:
            return _refused(403, BadRequest("unknown-code", "No seat has that code. Check it on the table's screen.",
                                            "phones/join"))
        return web.json_response({"url": f"/s/{key.token}"})

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        key = self.tokens.seat_of(request.match_info["token"])
        if key is None:
            return _refused(403, Gone("unknown-link", "This link does not open any seat.", "phones/token"))
        origin = request.headers.get("Origin")
        if origin != f"{request.scheme}://{request.host}":
            return _refused(403, BadRequest("bad-origin", "A seat's socket is opened only by its own page.", "phones/token"))
        seat_sockets = sum(1 for p in self._phones if p.key == key)
        if len(self._phones) >= self.max_connections or seat_sockets >= PER_SEAT:
            return _refused(503, BadRequest("too-many-connections", "The table has as many phones as it takes.",
                                            "phones/message"))
        ws = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=16 * wire.MAX_MESSAGE)
        await ws.prepare(request)
        phone = _Phone(ws, key, request.transport)
        self._phones.add(phone)
        try:
            await self._sync(phone)
            async for msg in ws:
                if msg.type == WSMsgType.TEXT or msg.type == WSMsgType.BINARY:
                    await self._message(phone, msg.data)
                elif msg.type == WSMsgType.ERROR:
                    break
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self._phones.discard(phone)
        return ws

    async def _message(self, phone: _Phone, data: str | bytes) -> None:
        if not phone.bucket.take():
            phone.over += 1
            if phone.over == 1:
                await self._send(phone, {"type": "error", "error": wire.refusal(BadRequest(
                    "too-fast", f"A phone sends at most {RATE:.0f} messages a second.", "phones/message"))})
            if phone.over >= CLOSE_AFTER:
                await phone.ws.close(code=1008, message=b"too many messages")
            return
        phone.over = 0
        if not self.tokens.is_current(phone.key):
            await self._gone(phone, Gone("link-replaced", "This seat was given a new link: this one no longer works.",
                                         "phones/token"))
            return
        try:
            message = wire.parse(data)
        except Refusal as refusal:
            await self._send(phone, {"type": "error", "error": wire.refusal(refusal)})
            return
        if message["op"] == "sync":  # the last picture pushed is the current one: no work for the table's thread
            if phone.picture is not None:
                await self._send_text(phone, phone.text(phone.picture, force=True))
            else:
                await self._sync(phone, force=True)
            return
        if message["op"] == "log":
            await self._log(phone)
            return
        try:
            answer = await self._owner(lambda: self.hub.play(phone.key, message))
        except Gone as gone:
            await self._gone(phone, gone)
            return
        except Exception:  # a bug must not end the server: the phone is told, the table goes on
            log.exception("a phone's action failed")
            answer = {"type": "refused", "id": message["id"], "error": wire.refusal(InternalError("a phone's action"))}
        await self._send(phone, answer)
        if answer["type"] == "refused":
            await self._sync(phone, force=True)  # what the seat may do instead, at once

    async def _log(self, phone: _Phone) -> None:
        try:
            answer = await self._owner(lambda: self.hub.log(phone.key))
        except Gone as gone:
            await self._gone(phone, gone)
            return
        except Refusal as refusal:  # a journal that no longer reads back: said, the table goes on
            answer = {"type": "error", "error": wire.refusal(refusal)}
        await self._send(phone, answer)

    async def _sync(self, phone: _Phone, force: bool = False) -> None:
        try:
            picture = await self._owner(lambda: self.hub.sync(phone.key))
        except Gone as gone:
            await self._gone(phone, gone)
            return
        text = phone.text(picture, force)
        if text is not None:
            await self._send_text(phone, text)

    def _push(self, on_table: tuple[int, str] | None, messages: dict[int, wire.Picture]) -> None:
        for phone in list(self._phones):
            if phone.ws.closed:
                continue
            if (phone.key.session, phone.key.uid) != on_table:
                asyncio.ensure_future(self._gone(phone, Gone("not-on-table", NOT_ON_TABLE, "phones/token")))
                continue
            picture = messages.get(phone.key.seat)
            text = None if picture is None else phone.text(picture)
            if text is not None:
                asyncio.ensure_future(self._send_text(phone, text))

    async def _send(self, phone: _Phone, message: dict[str, Any]) -> None:
        await self._send_text(phone, wire.dumps(message))

    async def _send_text(self, phone: _Phone, text: str) -> None:
        if phone.transport is not None and phone.transport.get_write_buffer_size() > self.max_backlog:
            # it has not read what it was sent (asleep, or never reading): drop it rather than keep piling up
            # its pictures; the page reconnects by itself and gets its current one at once
            self._phones.discard(phone)
            phone.transport.abort()
            return
        try:
            await phone.ws.send_str(text)
        except (ConnectionError, RuntimeError):
            self._phones.discard(phone)

    async def _gone(self, phone: _Phone, gone: Refusal) -> None:
        self._phones.discard(phone)
        try:
            await self._send(phone, {"type": "gone", "error": wire.refusal(gone)})
            await phone.ws.close(code=4001, message=gone.code.encode())
        except (ConnectionError, RuntimeError):
            pass

    async def _close_key(self, key: SeatKey) -> None:
        for phone in [p for p in self._phones if p.key == key]:
            await self._gone(phone, Gone("link-replaced", "This seat was given a new link: this one no longer works.",
                                         "phones/token"))


class _Door(asyncio.Protocol):
    """One connection, handed to aiohttp's handler if the table and its address hold few enough already;
    else closed at once, so no device can take the files the table needs for its journal and screens."""

    def __init__(self, server: PhoneServer):
        self.server, self.handler, self.address = server, None, ""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        held, server = self.server._held, self.server
        address = str((transport.get_extra_info("peername") or ("?",))[0])
        if sum(held.values()) >= server.max_http or held[address] >= server.per_address:
            transport.abort()
            return
        held[address] += 1
        self.address = address
        self.handler = _Handler(server._runner.server, loop=server.loop, **server._handler_args())
        self.handler.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.handler is not None:
            held = self.server._held
            held[self.address] -= 1
            if held[self.address] <= 0:
                del held[self.address]
            self.handler.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.handler is not None:
            self.handler.data_received(data)

    def eof_received(self) -> bool | None:
        return self.handler.eof_received() if self.handler is not None else None

    def pause_writing(self) -> None:
        if self.handler is not None:
            self.handler.pause_writing()

    def resume_writing(self) -> None:
        if self.handler is not None:
            self.handler.resume_writing()


class _Handler(RequestHandler):
    """aiohttp's handler of one connection, but a request it cannot read (a bad request line, a header too
    long) or a crash is answered with the status alone and our headers: aiohttp's own answer repeats the raw
    request line, a seat's token with it, and goes round the middleware that adds the headers."""

    def handle_error(self, request, status: int = 500, exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        super().handle_error(request, status, exc, message)  # logs it (tokens cut, _NoTokens); refuses if sent
        try:
            phrase = HTTPStatus(status).phrase
        except ValueError:  # a status HTTP names no phrase for
            phrase = "Error"
        response = web.Response(status=status, text=phrase, headers=HEADERS)
        response.force_close()
        return response


class _NoTokens(logging.Filter):
    """aiohttp logs a request it cannot parse with the request's raw first line, and that line may hold a
    seat's token (`/s/TOKEN`): the record is kept, with every such path cut to `/s/...`."""

    LINK = re.compile(r"/s/[^\s'\"\\/?#]+")

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = self.LINK.sub("/s/...", record.getMessage()), ()
        if record.exc_info:
            record.exc_text = self.LINK.sub("/s/...", logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        return True


http_log.addFilter(_NoTokens())


def _host_ok(host: str) -> bool:
    """A Host a phone uses for the table: an address, `localhost` or a `.local` name (a page of another name
    that resolves here, DNS rebinding, is turned away before anything is read)."""
    if host.startswith("["):  # [an IPv6 address]:port
        name = host[1:host.find("]")] if "]" in host else ""
    else:
        name = host.rsplit(":", 1)[0]
    name = name.rstrip(".").lower()
    if name == "localhost" or name.endswith(".local"):
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@web.middleware
async def _headers(request: web.Request, handler) -> web.StreamResponse:
    try:
        if not _host_ok(request.host):
            raise web.HTTPMisdirectedRequest(reason="Open the table by its address or its .local name.")
        response = await handler(request)
    except web.HTTPException as exc:  # a 404 or 405: a plain answer, with the same headers
        response = web.Response(status=exc.status, text=exc.reason)
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def _opens(key: SeatKey, session) -> bool:
    """Whether `key` is a seat of `session`, the game on the table (None: none): its number and its identity."""
    return session is not None and (key.session, key.uid) == (session.id, session.uid)


def _refused(status: int, refusal: Refusal) -> web.Response:
    return web.json_response({"error": wire.refusal(refusal)}, status=status)


NOT_ON_TABLE = "This link belongs to a game that is not on the table now; it opens again when the game does."
_GONE_PAGE = ("<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>"
              "<title>Board Companion</title><p style='font:1.3rem sans-serif;padding:1rem'>This link no longer "
              "opens a seat. Ask the table for its QR code again.</p>")
