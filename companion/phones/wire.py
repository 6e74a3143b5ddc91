"""What goes over a phone's WebSocket: JSON objects, one a message.

To a phone (built on the table's thread from the engine, never from the full state):
    {"type": "state", ...}     the seat's whole picture: view, its own legal actions as values (each with its
                               `label` in the table's words, `choices`), the cards' words, the turn,
                               the events of the last change it may see, an `offer` id (below); sent
                               only when that picture changed, and without its `actions` when the phone
                               already holds the list of that offer (`Picture`, `HELD`)
    {"type": "log", "lines": [{"entry", "text", "board": [TEXT]}]}   the seat's log (asked for), its last
                               LOG_LINES sentences: the public ones and its own secrets, as `companion log --seat`
    {"type": "done", "id"}     the phone's action `id` was played
    {"type": "refused", "id", "error": {code, reason, rule, rule_text}}   it was not, and nothing changed
    {"type": "error", "error": {...}}   a message that is not one (bad JSON, shape, size, rate)
    {"type": "gone", "error": {...}}    this link no longer works (a new one was given, the game ended
                                        or is not on the table); the server closes the connection
From a phone:
    {"op": "sync"}                                  send me my state again
    {"op": "log"}                                   send me my log
    {"op": "play", "id": ID, "action": TEXT, "offer": OFFER}

`offer` names the seat's choices (its legal actions) when the phone drew them. A play
carrying another offer is refused as `stale-offer`: the phone chose from choices that have changed.
Another seat acting meanwhile (a simultaneous pick) leaves this seat's choices, and so its offer, as
they were, so picks made at the same time never refuse each other. The message bytes are a function of
what the seat may know only (keys sorted, no clock), which the leak test checks on the wire.
"""
from __future__ import annotations

import hashlib
import json
import re
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any, Iterable

from companion import rules, words
from companion.core import BadRequest, OutcomeKind, Refusal

MAX_MESSAGE = 4096  # bytes: a phone sends a few short fields
#: action lists a phone keeps by their offer, the last ones it received in full (the page keeps as many)
HELD = 4
#: the newest sentences of a seat's log a phone is sent (a phone shows the end of a long game)
LOG_LINES = 500
_ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def choices(session, seat: int, actions, view: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The seat's actions as its phone shows them: each one's JSON form with its `label` (and the `ask` it
    answers), worded by the game as the touchscreen words them (companion/words.py)."""
    view = session.view(seat) if view is None else view
    game, names, out = session.game, session.names, []
    for action in actions:
        choice = {**action.to_json(), "label": words.label(game, action, view, names)}
        ask = words.ask(game, action, view, names)
        if ask:
            choice["ask"] = ask
        out.append(choice)
    return out


def offer_of(session, seat: int, actions, view: dict[str, Any]) -> str:
    """A short id of the seat's choices now, as worded: same choices, same id (whoever else is still to act).
    Their words are the actions' and what of the view the game words them from (`words.context`), so
    the id is made without wording them, and a list held is never shown with stale words."""
    context = repr(words.context(session.game, view))
    text = "\n".join([str(session.id), str(seat), context, *map(str, actions)])  # an action's text is one line
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def own_actions(session, seat: int) -> list:
    """The actions a phone may play: those that belong to its seat, not the table's (the touchscreen's)."""
    return seats_actions(session).get(seat, [])


def seats_actions(session) -> dict[int, list]:
    """Every seat's own actions now, from one pass over the legal actions.

    A chance outcome typed in (a die's face, a shuffled pile) is a phone's only in a cooperative game,
    where players enter their own dice and have nobody to beat; against opponents, a private screen that
    could name its own die would be a loaded die. The bare action the referee completes (`roll`) stays."""
    state, mine = session.state, {}
    entered_by_players = session.game.type.outcome == OutcomeKind.COOPERATIVE
    for action in state.legal_actions():
        if action.chance and not action.incomplete and not entered_by_players:
            continue
        actor = state.actor(action)
        if actor is not None:
            mine.setdefault(actor, []).append(action)
    return mine


@dataclass(eq=False)
class Picture:
    """A seat's state message, encoded once: `lean` is it without its action list (what a phone already
    holding the list of `offer` is sent), `actions` that list as JSON. `full()` is the whole message,
    as `dumps` would write it: "actions" comes first of its sorted keys."""

    lean: str
    offer: str
    actions: str
    _full: str | None = field(default=None, repr=False)

    def full(self) -> str:
        if self._full is None:
            self._full = '{"actions":' + self.actions + "," + self.lean[1:]
        return self._full


class Held:
    """The action lists a phone holds, by offer: the last HELD it was sent whole, the oldest forgotten
    first. The page keeps them (phone.js) and the server keeps the same account of each socket."""

    def __init__(self):
        self.lists: OrderedDict[str, Any] = OrderedDict()

    def __contains__(self, offer: str) -> bool:
        return offer in self.lists

    def keep(self, offer: str, actions: Any = None) -> None:
        self.lists.setdefault(offer, actions)
        while len(self.lists) > HELD:
            self.lists.popitem(last=False)

    def fill(self, message: dict[str, Any]) -> dict[str, Any]:
        """A message received, as the page takes it: a state's list kept, or given back from its offer
        (KeyError: the table sent a list's offer this phone does not hold)."""
        if message.get("type") == "state":
            if "actions" in message:
                self.keep(message["offer"], message["actions"])
            else:
                message["actions"] = self.lists[message["offer"]]
        return message


def picture(session, seat: int, events: list[dict[str, Any]], actions: list, offer: str, view: dict[str, Any],
            encoded: str | None = None) -> Picture:
    """Seat `seat`'s picture (`encoded`: its worded action list's JSON, if already made for this offer)."""
    lean = dumps(_lean(session, seat, events, offer, view))
    return Picture(lean, offer, dumps(choices(session, seat, actions, view)) if encoded is None else encoded)


def _lean(session, seat: int, events: list[dict[str, Any]], offer: str, view: dict[str, Any]) -> dict[str, Any]:
    """The state message but its action list."""
    game = session.game
    table = session.table or {}
    names = [str(n) for n in table.get("names", [])][:game.players] if isinstance(table.get("names"), list) else []
    names += [f"Seat {s}" for s in range(len(names) + 1, game.players + 1)]
    outcome = session.outcome()
    return {
        "type": "state", "session": session.id, "seat": seat,
        "game": {"id": game.id, "title": game.title, "type": game.type.to_dict(), "players": game.players},
        "names": names, "turn": session.turn().to_dict(), "view": view, "offer": offer,
        "cards": words.cards(game, view, seat, session.names),
        "events": session.told(session.events_for(events or [], seat)),
        "outcome": None if outcome is None else outcome.to_dict(),
    }


def log_message(told: Iterable[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
    """A seat's log (`gamelog.told_log`) as its phone is sent it: the newest LOG_LINES sentences."""
    lines = deque(({"entry": n, "text": e["text"], "board": [s["text"] for s in e["board"]]} for n, e in told),
                  maxlen=LOG_LINES)
    return {"type": "log", "lines": list(lines)}


def refusal(refusal: Refusal) -> dict[str, Any]:
    """A refusal as a phone shows it: the reason, and the cited rule's sentence."""
    text = rules.explain(refusal.rule) if refusal.rule else None
    return {**refusal.as_dict(), "rule_text": text}


def parse(raw: str | bytes) -> dict[str, Any]:
    """A phone's message, checked: one of the two shapes above, else BadRequest saying what is wrong."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise BadRequest("bad-message", "A message is UTF-8 JSON text.", "phones/message") from None
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise BadRequest("message-too-big", f"A message is at most {MAX_MESSAGE} bytes.", "phones/message")
    try:
        message = json.loads(raw)
    except RecursionError:
        raise BadRequest("bad-message", "The message is nested too deeply.", "phones/message") from None
    except ValueError:
        raise BadRequest("bad-message", "The message is not JSON.", "phones/message") from None
    if not isinstance(message, dict) or not isinstance(message.get("op"), str):
        raise BadRequest("bad-message", 'A message is a JSON object with an "op": "sync", "log" or "play".', "phones/message")
    op = message["op"]
    if op in ("sync", "log"):
        _exactly(message, {"op"})
    elif op == "play":
        _exactly(message, {"op", "id", "action", "offer"})
        if not isinstance(message["id"], str) or not _ID.fullmatch(message["id"]):
            raise BadRequest("bad-message", "A play's id is 1 to 64 letters, digits or _.:-", "phones/message")
        if not isinstance(message["action"], str) or not 0 < len(message["action"]) <= 200:
            raise BadRequest("bad-message", "A play's action is the text of one of the offered actions.", "phones/message")
        if not isinstance(message["offer"], str) or len(message["offer"]) > 64:
            raise BadRequest("bad-message", "A play's offer is the offer of the state it was chosen from.", "phones/message")
    else:
        raise BadRequest("bad-message", f"There is no op {op[:20]!r}; a phone sends sync, log or play.", "phones/message")
    return message


def _exactly(message: dict[str, Any], keys: set[str]) -> None:
    if set(message) != keys:
        extra = sorted(set(message) - keys) or sorted(keys - set(message))
        raise BadRequest("bad-message", f"A {message['op']} message has exactly {', '.join(sorted(keys))} "
                         f"(not {str(extra[0])[:20]!r}).", "phones/message")
