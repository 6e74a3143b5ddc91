"""Chronomage: the cooperative table's bookkeeper (rules: the draft rulebook and rulings CM-1..CM-16).

The cards are physical; the companion keeps the books players lose track of: the damage tracker
against the round's power number, the time deck (the timeline's clock), the loot and challenge decks,
every player's weaknesses, spellbook runes and formation space, the 10-time-unit and rune checks on
spells. The table plays as one: the outcome is a shared victory or defeat.

Flow: strategy (`book`, `form`, preparation `spell`s, then `ready`) -> engagement (`reveal`, then the
card's choice / crisis / exploit) -> challenge rounds (`spell`s and `dice` per player; events: `assist`)
-> cleanup (`time SEAT`, `loot SEAT`) -> the next strategy phase, until the boss (it may come up
anywhere in phase III) is beaten or lost (CM-10), or a time card must come from an empty time deck (CM-8). `fail` declares a challenge lost (CM-7);
`reverse` reverses time (CM-9). A revealed card is typed at the table or picked from a timeline
library file (`timeline.py`; the shipped `timelines/example.toml` is example data, not the printed
cards). Either way the journaled reveal carries the card's data and the state keeps the card out. The
timeline's cards and the table's saved cards are read once, when a session starts, and kept with it
(the `cards` option, journaled with the session), so a session resumes, replays and imports the same,
and draws and picks from the same cards, even if its files are edited, broken or deleted afterwards.
A typed card may be saved to the table's own cards (`my_cards.py`), offered among later tables' picks;
it takes an id of its own (a library card's id is the library's, X-15). A saved-cards file that
cannot be used leaves out only its own cards, with a warning naming it (the view's `warnings`).

Bookkeeping the rulings add: the spellbooks are fixed from the table's first preparation spell until
cleanup restores the spells (CM-15; a card that says otherwise is a correction), and no count ever goes
below zero: a time card owed by an empty time deck is the defeat of CM-8, and a table read back at
cleanup's time step with an empty time deck is refused.

Constant spells (CM-13): the table enters the resistances a CONSTANT spell prints with the spell
(`spell 2 3 0 orange=2`); they hold, over the card's, for every roll until cleanup restores the spells
(a later spell's number for a colour replaces an earlier one's); an event ignores them (X-16).

Undo (CM-16): what the table typed or picked (die faces, a card, the anomaly dice, a card picked from
the list) is its own entry, and undo takes it back (the physical dice still show the truth); what the
referee drew (a bare `dice SEAT`, `reveal` or `reverse`) is chance and stops undo (ALL-2).

Notation (one action a line; seats 1..N; dice faces are written sorted):

    book SEAT N                 SEAT's spellbook holds N cards from hand and book (N runes showing)
    form SEAT SPACE             formation space 1..3
    spell SEAT COST RUNES [B]   a spell from SEAT's hand: COST time units, needs RUNES, adds B damage
    spell .. COLOUR=N ..        a CONSTANT spell that sets COLOUR's resistance to N dice (CM-13, X-16)
    ready                       the strategy phase is over: on to the reveal
    reveal                      the referee draws the revealed card from the library
    reveal ID                   the table picks the revealed card from the library
    reveal { id = "..", .. }    the revealed card itself, typed at the table (X-15): a library file's
                                [[card]] fields as one TOML inline table; `power` may give only this
                                table's count, e.g. power = { 3 = 22 }. A bare or picked reveal is
                                completed by the session into this form, so the journal alone replays.
    choose K | choose SEAT K    the group's / one player's option K of a pre-emptive choice
    exploit yes | exploit no    the table attempts or skips an exploit
    dice SEAT                   the referee rolls SEAT's whole handful (a chance action once drawn)
    dice SEAT F F F             a pre-emptive roll: three faces
    dice SEAT F.. / C..         a challenge roll: SEAT's dice, then the round's challenge dice
    assist FROM TO              in an event, FROM (through) gives one die to TO for this round (FROM's to play)
    reverse | reverse A B       reverse time; A B are the two anomaly dice (bare: the referee rolls)
    fail                        the table declares the challenge lost
    time SEAT | loot SEAT       cleanup's time card / loot card goes to SEAT (the loot card's kind not entered, X-17)
    loot SEAT KIND              the loot card goes to SEAT as KIND: `temporary` or its equipment type (robes,
                                staff, ... in lower case); one equipment of each type a player (CM-14)
    loot SEAT TYPE swap|refuse  SEAT already has TYPE: the new card replaces it / is discarded (CM-14)
    discard SEAT KIND           SEAT uses a temporary card, or the table takes out one of SEAT's cards of KIND

A worked monster round (3 players: orange, blue, green; spellbooks of 2, 1 and 0 cards; all on space
2; the Rust Hound's round 1 is green, power 14 for three players, one challenge die):

    spell 1 4 2 3      orange casts a spell costing 4 time units, needing 2 runes, +3 damage (6 units left)
    dice 1 2 5 / 3     orange's 2 dice (resistance 2) and the challenge die: 7 + 3 bonus + 2 runes = 12;
                       the chart's face 3 hits nobody; the tracker shows 12 / 14
    dice 2 1 4 / 5     blue: 5 + 1 rune = 6; face 5 hits space 2: blue gains a purple weakness; 18 / 14
    dice 3 6 / 1       green (resistance 1): 6; face 1 hits space 1 only; the round closes at 24 >= 14:
                       round 2 (purple, power 16) begins, time units and bonuses start again.
    Had the total been 13, every player would have gained a green weakness and round 1 would start again.

State fields (`to_dict`): `phase`, `step`, `time_deck`, `loot_deck`, `challenge_deck` (counts), `done`
(the cards played), `card` (the card out, in its library fields),
`challenge` (the revealed card: id, type, round, this table's power number, challenge dice, colour),
`damage` ({seats: each player's result this round, total, power}), `weaknesses` (per seat: colour ->
count), `formation`, `spellbook` (runes showing), `hands`, `spent`, `loot` (cards a seat), `loot_items` (each seat's cards by kind, oldest
first), `loot_discard` (loot cards used or discarded: the seats', the deck's and these make the box's 2n + 12),
`time_used`, `bonus`,
`rolls`, `through`, `assists`, `preemptive`, `anomaly`, `reversed`, `result` (null, victory, defeat),
`reason`, `last_round` (the closed round's summary, for the tracker), `resistances` (colour -> dice,
set by the constant spells in play).

Rulings where the rulebook and CM-1..CM-16 are silent: X-1..X-17, written once, in `rules.py`
(`companion rules chronomage` prints them; each tested in tests/test_chronomage*.py).

Turn: the table acts as a whole (Turn.table of the seats still awaited); when exactly one seat's dice or
choice are awaited, Turn.seat. Nothing is shuffled by the session: cards are revealed like dice are
rolled, entered or drawn by the referee, so `turn()` is never chance.
"""
from .game import Chronomage

GAME = Chronomage
