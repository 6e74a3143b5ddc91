"""The Chronomage rules reference: rule id -> one sentence in our own words (see `companion rules`).

CM-1..CM-16 are the project's rulings; the upper-case names summarise the draft rulebook; X-1.. are
the rulings this engine makes where both are silent (here only: the package docstring points here;
each tested).
"""
from __future__ import annotations

COLORS = ("orange", "blue", "green", "purple")
START_LOOT = ("robes", "staff")  # every player's starting equipment (SETUP), the equipment types listed
#: the timeline a table plays unless it names another (`timeline.DEFAULT`; here so the game lists it cheaply)
DEFAULT_TIMELINE = "example"
#: the `cards` option of a game not made yet: read the timeline and the saved cards from their files, then keep them
FROM_FILES = "from the files"
MAX_KEPT = 3 << 20  # the longest `cards` text (a timeline file and a saved-cards file of 1 MiB each, quoted)

RULES: dict[str, str] = {
    "CM-1": "One to four players, each a different colour (orange, blue, green or purple) with three dice of that colour.",
    "CM-2": "The time deck starts with six cards a player plus fifteen, the challenge deck with sixteen (five of phase I over five of phase II over six of phase III) and the loot deck with twelve.",
    "CM-3": "A revealed challenge card is typed in at the table or picked from a library file typed once: its type, resistances, rounds with power numbers and challenge dice, attack chart and pre-emptive action.",
    "CM-4": "A monster round's damage is the sum over players of their dice, their spell bonuses and the runes showing in their spellbook; it succeeds when that reaches the power number for the table's size.",
    "CM-5": "In one round a player's spells may cost ten time units at most, and a spell needs no more runes than their spellbook shows.",
    "CM-6": "A failed monster round gives every player a weakness of the round's colour and is played again.",
    "CM-7": "A challenge the table declares lost makes every player draw two time cards; a defeated one gives one time card and one loot card to players the group chooses.",
    "CM-8": "Having to draw from an empty time deck loses the timeline.",
    "CM-9": "Reversing time sends the current challenge back to its first round and rolls the two anomaly dice, which stay until cleanup.",
    "CM-10": "Beating the boss wins the timeline at once; phase III is shuffled like the other phases, so the boss may come up anywhere in it.",
    "CM-11": "Each die is entered as its face or drawn by the referee; a monster round closes when every player has rolled, an event round when everyone still in it has.",
    "CM-12": "Weaknesses are counted per player and colour; spell costs and rune counts are taken as the cards print them.",
    "CM-13": "A constant spell may set new resistances for some colours, entered when it is cast; every roll uses them until cleanup takes the spell out of play.",
    "CM-14": "A loot card is temporary or equipment of its printed type; a player holds any number of each kind but one equipment a type, a second taking the old one's place or turned down; temporary cards are discarded once used or when the challenge ends.",
    "CM-15": "Once the table casts its first preparation spell the spellbooks stay as laid until cleanup gives the spells back, unless a card says otherwise (a correction).",
    "CM-16": "A die face or a card the table typed in is its own entry and can be undone; a die the referee drew is chance and stops undo.",
    "SETUP": "Each player starts with four origin spells in hand, the robes and staff as loot, and their miniature on the middle formation space.",
    "SPELLBOOK": "Before the reveal each player lays cards from their hand face down as a spellbook, each card showing one rune; it stays as laid until the next strategy phase.",
    "FORMATION": "Formation spaces are 1 to 3, chosen freely in the strategy phase.",
    "PREPARATION": "Spells cast in the strategy phase have no time limit but must pass the rune check.",
    "STRATEGY": "The spellbook, the formation and preparation spells belong to the strategy phase, which ends when the table is ready to reveal.",
    "REVEAL": "The engagement begins by revealing the top challenge card, which comes from the deck's current phase.",
    "PREEMPT": "A revealed card's choice, crisis or exploit comes first; only colours printed under its resistance take part, and it touches each player alone unless it says ALL.",
    "MONSTER": "In a monster round a player rolls as many dice as their colour's resistance, with the round's challenge dice, whose faces hit the formation spaces the attack chart names.",
    "SPELL": "A spell is cast from its caster's hand before they roll in the round, and stays discarded until cleanup.",
    "EVENT": "An event has no spells and no runes: each player still in it rolls their dice and one challenge die, and leaves it on reaching the power number or gains a weakness of the round's colour.",
    "ASSIST": "Before an event round's rolls a player who has beaten the event may give one die to a player still in it, who rolls it with their own.",
    "CLEANUP": "Cleanup goes in order: anomaly dice removed, one time card and one loot card to players of the group's choice, spells restored, the boss checked.",
    "TURN": "An action is played only in the phase and step it belongs to, by a seat at the table.",
    "OVER": "Once the timeline is won or lost nothing more is played.",
    "X-1": "A timeline marks one phase III card as its boss; it may come up anywhere in phase III, and is the last card when no other is left.",
    "X-2": "An event card has one round; when it ends with players still in it, those players play it again after an assist step.",
    "X-3": "An event's challenge die is read on its attack chart like a monster's; the player's result is their own dice and any dice given to them.",
    "X-4": "A crisis or exploit is rolled with the player's three dice against the card's goal; under ALL one roll by a player of a printed colour decides for everybody.",
    "X-5": "The table as a whole attempts or skips an exploit.",
    "X-6": "A failed pre-emptive roll gives the card's failure weakness to the failing player, or to every player under ALL; a player who may not take part is untouched.",
    "X-7": "Time may be reversed once a challenge, during the challenge phase; weaknesses gained and spells cast stay.",
    "X-8": "A lost challenge is discarded; after the draws the anomaly dice go and spells are restored, with no time or loot card for the group, and a lost boss loses the timeline.",
    "X-9": "With the loot deck empty the loot step is skipped.",
    "X-10": "A preparation spell adds no damage bonus, since there is no round yet to add it to.",
    "X-11": "During a challenge a player may change formation space before rolling in the round; the card's cost for it is the table's to pay.",
    "X-12": "A spell costs 0 to 10 time units, needs 0 to 9 runes and adds 0 to 9 damage.",
    "X-13": "The runes showing are the cards in the spellbook.",
    "X-14": "Cleanup draws its time card before the boss check, so an empty time deck then loses even after the boss.",
    "X-16": "A constant spell's new resistances are entered with the spell; like a typed card they are accepted but not listed among the legal actions, and an event ignores them like every spell.",
    "X-17": "Loot is kept by kind, a card given without one has no type; temporary cards held when a challenge ends go before cleanup's loot card, which lasts to the next one; loot is not used at the reveal; types but robes and staff are typed, not listed.",
    "X-15": "A typed card is accepted when it passes the library's checks, fits the deck's place (its phase; a boss only in phase III, and as the last card) and gives this table's power number; it is not listed among the legal actions, since any card may be typed.",
}
