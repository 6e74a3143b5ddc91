"""Phones as private hands: a seat's secrets and choices on that player's own phone, over the LAN.

The touchscreen stays the public table; a phone joined by its seat's link (a QR code shown behind that
seat's curtain) becomes that seat's private hand. The pieces, one idea each:

- `tokens`: the per-seat capabilities (a random token in the join link, a short code to type instead).
- `wire`: what goes over the WebSocket: a seat's message built from the engine's `view(seat)` and the
  seat's typed legal actions, and the checked shape of what a phone may send.
- `hub`: the owner's side: it answers a seat from the session and plays a phone's action through it.
- `server`: the aiohttp server on its own thread (the page, one WebSocket a phone, limits, headers).
- `relay`, `child`: that server in a process of its own, as the app runs it, talking to the table over
  a socket pair (`relay` is the table's side, `child` the process).
- `join`: the table's addresses, the join link and its QR code (segno).

The messages are documented in companion/PHONES.md. This package imports no Kivy: `ui/` starts it
after the first frame, and `companion serve` runs it beside the referee with no screen at all.
"""

#: the phones' port (the Pi's service allows binding this one only: systemd/board-companion.service)
DEFAULT_PORT = 8765
