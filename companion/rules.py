"""The project's rules reference: every rule id a refusal or an undo stop cites, in one sentence.

Ids are `<game id>/<RULE>` (looked up in that game's `Game.rules`) or one of the core ids below.
The sentences are ours: short summaries, never the rule texts themselves.
"""
from __future__ import annotations

CORE_RULES: dict[str, str] = {
    "ALL-1": "A refused action changes nothing, and says why with a stable code, a sentence and the rule.",
    "ALL-2": "Chance outcomes (dice, shuffles, draws) are journaled, so a replay is exact and undo never rolls or deals again.",
    "ALL-3": "A table may correct the state by hand; the correction must be a possible position and is journaled and undoable.",
    "protocol/json": "A request is one JSON object on one line.",
    "protocol/request": "A request names an op and gives its fields with the right types.",
    "protocol/new": "A new game names a registered game, a player count in its range and options from its schema.",
    "protocol/notation": "An action is a line of text in the game's notation.",
    "protocol/player": "Asked for a seat, the referee answers only what that seat may know and accepts only that seat's actions.",
    "protocol/view": "A view is asked for a seat at the table, or null for what the whole table sees.",
    "protocol/sense": "Hardware observations are accepted only by games that have sensors.",
    "protocol/hint": "A hint asks the game's computer player for an action of the seat to move.",
    "protocol/session": "Most requests need an open session: start one or resume one.",
    "protocol/undo": "Undo takes back the last undoable entry; a computer's reply goes back with the move before it.",
    "protocol/redo": "Redo plays again what was undone, until something new is played.",
    "journal": "The journal is one SQLite file; a damaged or foreign file is left untouched.",
    "journal/one-place": "A session is played from one place at a time: an action from a copy that another program "
                         "on the same journal has moved on is refused, and that copy is brought to the journal's position.",
    "journal/one-writer": "One program writes a journal at a time: a table (the app, `companion serve` or `companion "
                          "referee`) holds it while it runs, and another program that would write it is refused; "
                          "reading it stays open to all.",
    "phones/token": "A phone acts and sees only as the seat whose join link or code it holds; a new link for the seat "
                    "stops the old one at once, and a link of a game not on the table opens nothing.",
    "phones/seat": "A phone plays only its own seat's actions; what belongs to the whole table is done on the touchscreen.",
    "phones/offer": "A phone's action must come from the choices it was last shown; if that seat's choices changed "
                    "meanwhile, it is refused and the phone shows the new ones.",
    "phones/message": "A phone sends small JSON messages of a fixed shape, at a bounded rate.",
    "phones/join": "A typed join code is checked a few times a minute at most; after that the table's QR code is the way in.",
    "export": "An export is the session header, which counts the entries, then one JSON line per entry; import checks every entry by the rules and the count.",
}


def explain(rule: str) -> str | None:
    """The sentence for `rule`, or None if the reference has none."""
    if rule in CORE_RULES:  # (the phones' server process explains these without importing the games)
        return CORE_RULES[rule]
    from companion import games
    game_id, _, local = rule.partition("/")
    cls = games.REGISTRY.get(game_id)
    if cls is None or not local:
        return None
    return cls.rules.get(local) or (cls.players_rule() if local == "players" else None)


def reference(game_id: str) -> dict[str, str]:
    """Every rule of a game, in its order, then the rules every game shares."""
    from companion import games
    cls = games.game_class(game_id)
    return {f"{cls.id}/players": cls.players_rule(), **{f"{cls.id}/{k}": v for k, v in cls.rules.items()},
            **{k: v for k, v in CORE_RULES.items() if k.startswith("ALL-")}}
