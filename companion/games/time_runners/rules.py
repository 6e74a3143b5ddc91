"""Time Runners rules reference: one sentence per rule and house ruling, in our own words.

TR-1..TR-18 follow the project's rulings numbering; X-1..X-14 are this engine's rulings where they are silent
(here only: the package docstring points here); the other ids name refusals that are not a numbered rule of
their own.
"""

RULES: dict[str, str] = {
    "TR-1": "The track runs from space 0 (Start) to 60 (Goal), one lap of the clock; runners begin on 0.",
    "TR-2": "Each space belongs to an hour zone: spaces 0-5 are one o'clock, then every five spaces the next hour, up to 56-59 for twelve.",
    "TR-3": "The hand of time starts at twelve and always points at one hour from 1 to 12.",
    "TR-4": "Two to six runners play; seats take turns clockwise.",
    "TR-5": "The deck is 70 cards: 46 normal and 24 instant Set hour, Change position and +/-1, 2, 3 hour cards.",
    "TR-6": "Setup shuffles the deck and deals six cards each; an empty draw pile is refilled by shuffling the discards; the 70 cards are always all accounted for.",
    "TR-7": "A hand is secret: its owner sees its cards, the others only how many it holds.",
    "TR-8": "Everyone rolls to start; the single highest roller goes first, and only those tied for highest roll again.",
    "TR-9": "A turn begins with the runner in turn drawing back up to six cards.",
    "TR-10": "Then the runner in turn rolls the die once (1 to 6) and moves.",
    "TR-11": "A runner standing in the zone of the hour the hand points at runs backward by the roll, never past Start; otherwise forward.",
    "TR-12": "Overshooting 60 bounces back the extra steps; landing exactly on 60 wins at once and ends the game.",
    "TR-13": "After moving, the runner in turn plays at least one card (their own instants count) and then may end the turn.",
    "TR-14": "Set hour points the hand at a chosen hour; +N/-N turn it that many hours around the dial; Change position swaps places with another runner; played cards are discarded.",
    "TR-15": "Instant cards may be played by anyone at any moment of a running game, but not during setup and not after it ends.",
    "TR-16": "Normal cards are played only by the runner in turn, and only after moving.",
    "TR-17": "The roll reads the hour at the moment it is rolled; cards played later only matter for later rolls.",
    "TR-18": "The screen's hour is the truth: while the sensed clock hand disagrees, the next roll waits until the hand is turned; the table may switch the sensor check off.",
    "card-not-held": "A player can only play a card they hold.",
    "hand-out-of-sync": "The physical clock hand must show the screen's hour before the next roll (TR-18).",
    "sensor-already-off": "The sensor check can only be switched to the other setting, off or on (TR-18).",
    "notation": "Actions are written roll, roll N, play SEAT CODE [ARG], end, shuffle CODE..., sensor off|on, words separated by single spaces.",
    "unknown-action": "Only Time Runners actions can be played at a Time Runners table.",
    "X-1": "A player holding no card after moving may end the turn without playing: TR-13 cannot be met, and blocking the game helps nobody.",
    "X-2": "Instants during the roll-off are refused: setup has not finished until the first player is known (TR-15).",
    "X-3": "Roll-off rolls wait for no clock-hand sensor: nothing can move the hand before the first turn, a misreading sensor must not block setup, and TR-18 speaks of the next roll of play.",
    "X-4": "A winning move ends the game at once: the player does not have to play a card (TR-12 beats TR-13).",
    "X-5": "Change position with a runner on the same space is allowed: a legal, if useless, card play that counts for TR-13.",
    "X-6": "No swap can put a runner on 60: a runner on 60 has already ended the game, so swaps never win.",
    "X-7": "An instant played before rolling does not count toward the player's minimum: TR-13 counts the plays after moving.",
    "X-8": "`end` and `roll` are always by the player in turn and carry no seat; roll-off rolls are by the seat shown as current.",
    "X-9": "The table may switch the sensor check off or on at any time from the deal to the end, but only to the other setting; off keeps the latest reading, on checks it again.",
    "X-10": "A sensor reading of no hand seen, once sensing has started, counts as out of sync (fail safe).",
    "X-11": "The hand reading is an observation, not an action: it is not journaled or saved, and the session gives it again to a state it rebuilds.",
    "X-12": "A shuffle is not listed among the legal actions (70! orders): while one is due nothing else is accepted; the referee draws it, or the table types any order of the right cards.",
    "X-13": "The discard pile is public, since cards are played face up: views show its size and top card, not the draw order.",
    "X-14": "A roll without a value is refused: the session draws the die first.",
}
