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

Rulings where the rule text and RULINGS.md are silent (each has an id in `rules.RULES` and a test):
- R-1 In a 2v2, team A is seats 1 and 3, team B seats 2 and 4.
- R-2 Initiative order is seat order from the holder, wrapping round.
- R-3 The next card is chosen after each card resolves: a Dive taking the Initiative reorders later ties.
- R-4 "Sharing a space means facing each other": a Legend that moves into, turns in or returns to a
  space holding foes keeps its facing, and foes there facing the same way turn round. Starting
  positions are as LA-2 gives them. LA-10: answering "you may turn" with the facing one has is no
  turn, so nobody else in the space turns.
- R-5 Shot ("range 1 or more") reaches any distance.
- R-6 Block counts from the moment its card resolves to the end of the exchange.
- R-7 Each Legend is played by one seat at most.
- R-8 In Teams a Legend moving past an Edge by itself is Knocked Out (costs a Stock) like a pushed one.
- R-9 A Legend out of the Arena for the rest of the exchange cannot be hit, drops the Push tokens it
  held (they could never slide it), and an unresolved card of its own does nothing.
- R-10 Still tied after the simultaneous Knock Out tie-breaks, the final ranking's tie-breaks decide over
  the whole game (a side's Knock Outs received, then its furthest push); still tied, Teams is a draw (no
  winners) and in Free-for-All the tied players share the win and the first place. Free-for-All players
  reaching two Knock Outs in one exchange are separated by the same tie-breaks.
- R-11 Physical mode accepts any basic card for any Legend and the Legend's own cards (from its file).
- R-12 An Ultimate is drawn only when no Special is left in the Meter (the Ultimate is at its bottom);
  the Meter is kept unordered and each draw is a chance outcome among its Specials.
- R-13 Primitive steps take bounded values (moves 1..6, Force 0..9, range 0..6 or any, Block and
  tokens 1..9, Fatigue changes -10..+10 but not 0) so the legal list is finite.
- R-14 Push tokens placed by a primitive count the card's owner as the pusher unless they are on it or
  on its teammate (the Knock Out goes to the last foe who pushed).
- R-15 Returning to the center after walking off an Edge in Free-for-All also offers the facing choice.
- R-16 Physical reveals are not undo stops (the referee held nothing hidden); digital reveals and draws are (LA-7).
- R-17 A game plays with the typed Legend values saved when it was created (its `values` option); values
  typed later apply from the next game.
- R-18 A primitive that moves another seat's Legend past an Edge (`do SEAT move WHO ...`, WHO a foe of
  SEAT) knocks it out as a push would: SEAT is its pusher, so in Free-for-All SEAT scores it and it comes
  back with 2 Fatigue. The rule text's walk-off ("on its own") is left to a Legend's own or a
  teammate's card; landing exactly on an Edge still recovers.
- R-20 In 3v3 team A is seats 1, 3, 5 and team B 2, 4, 6; in 2v2v2 the teams are seats 1+4, 2+5 and 3+6
  (seat order alternates teams; portals 1, 3 and 5 as LA-11 gives them).
- R-21 Teams out of Stocks in one 2v2v2 exchange are ranked by the simultaneous Knock Out tie-breaks
  (then R-10's); still tied, they share a place.
- R-22 LA-14: once Lucius's current form's Ultimate has left the game, a draw reaching the stack takes the other
  one, the only card still there.
- R-19 A basic deck (typed values, LA-3) has at least three cards: basics are the only cards sure to be in
  hand, and every sequence picks three.

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
`python -m companion.games.legends.bench` prints its strength, seat by seat.

LA-15: with physical cards the referee keeps the public bookkeeping (Meter sizes, Specials discarded
since the last reshuffle, Ultimates played, basics shown this sequence) and refuses a card played
again too soon; `reshuffle SEAT yes` records an empty printed Meter shuffled again.

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
raise SPACE`, `do SEAT bury SPACE`. His Knock Out leaves them where they are; once his team has left
the Arena (2v2v2) they are no foes.
- R-23 `bury SPACE` flips a Zombie there down to a Coffin (the reverse of raise): pieces never leave the line. Picks are secret actions (`redacted`), so an export carries a salted commitment of each
until its exchange reveals it (LA-6, the core's export). The table screen is `ui/games/legends/screen.py`.
"""
from .game import Legends

GAME = Legends
