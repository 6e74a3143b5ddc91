"""Legends of the Arena: the referee for the Arena brawler (rules: the project's Legends rule text, LA-1..LA-9).

It resolves every exchange (Speed order with Initiative ties, Block, Fatigue, Push tokens from each
Legend's track, slides, Edge Recovery, Knock Outs, Stocks or Knock Outs scored) so the table never
argues about arithmetic. Options: `mode` teams|ffa|3v3|2v2v2 (LA-11: teams for 2 and 4 players, 3v3 and 2v2v2 for 6, ffa for
3 to 6; the default is teams for 2 and 4, ffa for 3 and 5, 3v3 for 6),
`zombies` (LA-13: Lord Grym's pieces at most, 1..8, default 4),
`legends` (one Legend id per seat: alysia fitz hilda lucius zephyr sabo lord-grym tikkit), `cards`
digital|physical (LA-8), `values` (LA-3, below). Legend data: one JSON file per Legend in `data/`.

Typed values (LA-3): a table types its board's real values (Push track, basic deck, card Speeds) once;
`data.save_values` checks them and keeps them in `<data dir>/legends/<id>.json` ($COMPANION_DATA, else
the XDG data directory, as the journal). A game reads them only when it is created: the `values`
option's default `saved` becomes the canonical JSON text of the typed values of the Legends in play
(`{}` when none; see `values`), and that text is what the journal header and an export keep. So a
resume after the values were edited, or an import on another machine, builds the same Legends and
replays to the same state; edited values apply from the next game.

Notation (one action per line, single spaces; card ids lowercase with hyphens, `left` is toward
space 0, `right` toward space 6):

    pick SEAT CARD CARD CARD   digital: the seat's three secret cards in resolution order; other seats
                               see `pick SEAT ? ? ?`; accepted from every seat still to pick, any order
                               (LA-12: Tikkit's Edit first when he holds one; one card for Quick Fix)
    reveal SEAT CARD           physical: the card the seat turned up this exchange; the exchange resolves
                               once every seat has revealed (any basic, or the Legend's own cards)
    draw SEAT CARD             digital, chance: the top card of the seat's Meter (the session draws it);
                               other seats see `draw SEAT ?`
    reshuffle SEAT yes|no      digital: the seat's Meter is empty; shuffle its Specials into a new one?
                               physical: `yes` only, the empty printed Meter was shuffled (LA-15)
    face SEAT left|right       "you may turn" (Defensive Pivot, Back, Shot) and the facing after a
                               Knock Out; keeping the facing is `face` with the current direction
    target SEAT WHO            the striker's (or diver's) pick among foes still tied after the tie-breaks
    do SEAT move WHO DIR N | turn WHO DIR | strike FORCE RANGE|any | block N | fatigue WHO ±N |
       push WHO DIR N | initiative | done
                               one step of a card the engine cannot read (LA-4), by the card's owner

Rulings: LA-* are the project's; R-1..R-23 are this engine's own, where the rule text and LA-* are
silent. Each is one sentence in `rules.RULES` (`companion rules legends-of-the-arena` prints them) and
has a test.
The Meter is kept unordered: each draw is a chance outcome among its Specials, and its Ultimates wait
stacked at its bottom (R-12).

LA-11: the printed box seats 2 to 6. 3v3 has 3 Stocks a team; in 2v2v2 (2 Stocks a team) a team with
no Stock left leaves the Arena (`eliminated` lists the teams in the order they went out, and the
ranking is that order reversed) and the last team with a Stock wins. Every team mode breaks targeting
ties as Teams does. The Chaotic Colosseum variants are not offered: no text we have gives their rules.

LA-16: computer Legends (`computer.py`, levels `cpu`, `greedy`, `random`; digital cards) choose from their
own seat's view (`search.py`): another seat's unrevealed picks are guessed from its basics (or its hand,
for a teammate), mostly as the one-exchange heuristic picker (`heuristic.py`) would pick them; each option
is played out through the engine to the end of the sequence against the same guesses and the best average
kept, within a hard time budget. A card only the table can resolve (LA-4) is asked of the table ("Fitz
plays Tenderize: apply it from the card."), never declared done by the computer.
`python -m tools.bench_legends` prints its strength, seat by seat.

LA-15: with physical cards the referee keeps the public bookkeeping (Meter sizes, Specials discarded
since the last reshuffle, Ultimates played, basics shown this sequence; `piles.PhysicalCards`) and refuses a card played
again too soon, a Special or Ultimate when every card drawn from the Meter is played (the Meter's
count, its discards and removed cards never add up to more than its size) and an Ultimate still under
the Specials (R-12: none drawn while the Meter holds as many cards as its Specials); `reshuffle SEAT yes`
records an empty printed Meter shuffled again.

LA-14: Lucius's form (`form` of his Legend in the state, "human" at the start) picks the side of each
double-sided card (`sides` in his data file): its name on every screen and in the `resolve` event
(`side`); the card texts are not given, so they resolve from the primitives panel, where `do SEAT form
FORM` flips him. A draw reaching his two stacked Ultimates takes the current form's (`form` of each).

LA-12: Tikkit's Edits (`edit: true` in his data file, no Speed; `edits.py`). Digital: holding an Edit he
picks `pick SEAT EDIT CARD CARD CARD` (others see `pick SEAT ? ? ? ?`; the Edit stays out of every other
view until exchange 1 is revealed); physical: his first reveal of a sequence is the Edit (`reveal SEAT
double-time`), then his card. Exchange 1 reveals it and it resolves (event `edit`) before any card. Double
Time: Step and Back move twice one space (each move recomputed from his facing, so an Edge met on the
first space recovers him and the second goes on from there). Perfect Timing: his cards resolve in the
exchange of his fastest pick (ties: the earlier), fastest first, each at its own Speed among the others'
(`later` holds those still to come); physical: his three reveals are entered in exchange 1, his whole
stack turned up. Quick Fix: after exchange 1 he draws (digital; physical: his Meter is one card
shorter), then digital seats add `pick SEAT CARD` in secret (a seat with no action left adds none) and
exchange 4 follows; physical tables reveal a fourth card in exchange 4 from every seat. Let's Do That
Again: after the last exchange `replaying` plays them again from the last to the first (from `history`,
the cards each exchange resolved), his cards in full, the others' only their Block steps (a table-resolved
card of another seat offers only `block` and `done`).

LA-13: Lord Grym's Zombie and Coffin pieces are `pieces` ([space, "zombie"|"coffin"], in the order raised;
the `zombies` option caps them, 4 by default). A Zombie, `zN` for the N-th piece, faces as Grym faces, is
a foe of his opponents for Strikes and Dive (`target SEAT zN` among tied foes) with Speed 6 for the
tie-breaks, has no Block, Fatigue or Push track and flips to a Coffin on any remaining Force; Coffins stay
and are no fighters. His cards (texts not given) raise and bury them from the primitives panel: `do SEAT
raise SPACE`, `do SEAT bury SPACE` (R-23). His Knock Out leaves them where they are; once his team has
left the Arena (2v2v2) they are no foes.

Picks are secret actions (`redacted`), so an export carries a salted commitment of each
until its exchange reveals it (LA-6, the core's export). The table screen is `ui/games/legends/screen.py`.
"""
from .game import Legends

GAME = Legends
