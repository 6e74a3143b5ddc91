"""The Block Arena rules reference: rule id -> one sentence in our own words (see `companion rules`).

BA-1..BA-14 summarise the rules; X-1..X-10 are this engine's rulings where they are silent (here only: the
package docstring points here).
"""

RULES: dict[str, str] = {
    "BA-1": "The board has 6 columns and 6 rows unless the table picks 5 to 9 of each; a player's goal is "
            "any square of the row nearest the opponent.",
    "BA-2": "A standing block covers one square and a lying block two neighbouring squares; blocks never "
            "share a square or stick out of the board.",
    "BA-3": "In setup the players take turns putting one block in their own first row (lying blocks along "
            "it), first player first, then each puts their meeple on one of their own blocks.",
    "BA-4": "A block moves by sliding one square into free space, or by flipping: a standing block lies "
            "down over a free neighbouring square, a lying block stands up on one of its squares.",
    "BA-5": "The block under your own meeple never moves; a block under the opponent's meeple may slide, "
            "carrying the meeple, but not flip.",
    "BA-6": "Each turn the player moves exactly one of their own blocks and may move their own meeple "
            "once, before or after.",
    "BA-7": "A meeple steps between touching blocks: over your own blocks as far as you like, but a step "
            "onto, off or across the opponent's blocks is the last one, and it never passes or joins the "
            "other meeple.",
    "BA-8": "You win with your meeple on the opponent's first row; you lose when you must move a block "
            "and cannot.",
    "BA-9": "In the bga variant a turn is one meeple movement or one block move, and after 40 turns each "
            "the meeple nearer its goal wins, then the blocks nearer it, then the second player.",
    "BA-10": "Each player has 4 blocks, and a setup placement must leave room in the first row for the "
             "player's remaining blocks standing.",
    "BA-11": "A meeple moved before the block move must leave a block that can still move (unless it has "
             "won); after the block move the player moves the meeple once or ends the turn.",
    "BA-12": "The game ends the moment a meeple stands on its goal row: the mover's wins for the mover, "
             "the opponent's (carried there by a slide) for the opponent.",
    "BA-13": "A player whose turn comes and who cannot complete it (no block move, even after moving the "
             "meeple) loses at once.",
    "BA-14": "In the bga variant distances count rows from a piece's nearest square to its owner's goal row.",
    "X-1": "A block may be named by any square it covers; the legal actions list each move once, by its first "
           "square (lowest row, then lowest column), and the other square is accepted too.",
    "X-2": "A player whose meeple can reach the goal row is never stuck: the winning movement completes the turn (BA-13).",
    "X-3": "In the bga variant a player is stuck only with no block move and no meeple movement: nobody has to move "
           "a block.",
    "X-4": "In the bga variant BA-11 does not apply, since a meeple movement is the whole turn; BA-12 still does.",
    "X-5": "After the block move the turn ends by `end` even when the meeple has nowhere to go: no turn ends by itself.",
    "X-6": "A meeple movement moves: `go` to the meeple's own square is refused (BA-7).",
    "X-7": "A step between the two squares of one lying block is a step like any other: on your own block go on, "
           "on the opponent's it is the one step.",
    "X-8": "The standard game has no turn limit; the bga variant ends after the second player's 40th turn.",
    "X-9": "A setup meeple may stand on either square of a lying block.",
    "X-10": "Actions carry no seat: each belongs to the player in turn, so another seat's action is refused "
            "(protocol/player), and naming the opponent's block is refused as not your block (BA-6).",
}
