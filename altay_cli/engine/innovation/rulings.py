"""Innovation's named rulings: the points the sources leave open, each one entry (RULES.md §14,
and this engine's own, E01-E06, where the rules needed a decision to be a finite list of
choices). `altay rules --game innovation` prints them; bots get them in `hello.static`.
"""

from __future__ import annotations

import msgspec


class Ruling(msgspec.Struct, frozen=True):
    id: str
    name: str
    text: str


RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "R01",
        "first-player-order",
        'Titles are compared case-insensitively with spaces and punctuation removed, so "The '
        'Wheel" sorts under T; no two age-1 titles tie.',
    ),
    Ruling(
        "R02",
        "short-first-turns",
        "The first player has one action on their first turn, and with 4 players so does the "
        "second player; all other turns have two.",
    ),
    Ruling(
        "R03",
        "no-pass",
        "A player must take every action of their turn; Draw is always legal, Meld needs a card "
        "in hand, Achieve needs an eligible achievement, and a Dogma that changes nothing is "
        "legal.",
    ),
    Ruling(
        "R04",
        "draw-below-1",
        "A draw whose value is 0 or less (for example, Measurement on an empty pile) draws from "
        "age 1, skipping upward as usual.",
    ),
    Ruling(
        "R05",
        "draw-above-10",
        "Any draw whose value, before or after skipping empty ages, is above 10 ends the game at "
        "once by score, even when age 10 still has cards.",
    ),
    Ruling(
        "R06",
        "no-skip-off-supply",
        'Only draws skip ages; taking, transferring or returning "a card of value N" from a hand,'
        " score pile or board finds nothing if no such card is there.",
    ),
    Ruling(
        "R07",
        "missing-value-zero",
        "The value of a card you do not have, such as a missing top purple card or the highest "
        "card of an empty score pile, is 0.",
    ),
    Ruling(
        "R08",
        "return-refills",
        "Returning a card to an empty supply pile makes that age drawable again.",
    ),
    Ruling(
        "R09",
        "multi-move-order",
        "When one instruction moves several cards, the executing player chooses the order (the "
        "engine picks a random order among cards whose identity that player cannot see), and each"
        " card is moved, and special achievements checked, one at a time.",
    ),
    Ruling(
        "R10",
        "splay-noop",
        "Splaying a pile of fewer than two cards, or in its current direction, does nothing and "
        "is not a change.",
    ),
    Ruling(
        "R11",
        "splay-loss",
        "A pile reduced to 0 or 1 card becomes unsplayed and does not regain its splay when cards are added.",
    ),
    Ruling(
        "R12",
        "cards-join-splay",
        "A card melded, tucked or transferred onto a splayed pile takes that pile's splay.",
    ),
    Ruling(
        "R13",
        "transfer-to-board",
        "A card transferred to a board goes on top of its colour pile (starting one if needed), "
        "and this is not a meld.",
    ),
    Ruling(
        "R14",
        "icon-snapshot",
        "Vulnerability and sharing depend only on the featured-icon counts taken when the Dogma "
        "action starts.",
    ),
    Ruling(
        "R15",
        "live-counts",
        "Every count that an effect needs (icons, cards, scores, pile sizes) is read once, when "
        "that instruction begins, and is not re-read while the instruction's repetitions (such as"
        ' "draw a 10 for every two clocks") are carried out.',
    ),
    Ruling(
        "R16",
        "fixed-sets",
        'An instruction on "all/every card meeting a condition" fixes that set when it starts, so'
        " cards uncovered or received during it are not included (Engineering, Electricity, "
        "Canning).",
    ),
    Ruling(
        "R17",
        "chooser",
        "The executing player makes every choice (tie-breaks, order, target player, target card),"
        " including the affected opponent in a demand, unless the text names the activator.",
    ),
    Ruling(
        "R18",
        "optional-decline",
        'An **Optional:** step may be declined, which also cancels every "If you did" that depends on it.',
    ),
    Ruling(
        "R19",
        "if-you-did",
        '"If you did" means the step moved at least one card, or exactly the stated number when '
        "the text states one (Tools: three, Quantum Theory: two, Road Building: two melded).",
    ),
    Ruling(
        "R20",
        "do-what-you-can",
        "A mandatory step that cannot be completed is done as far as possible, and the rest of "
        "the effect still happens.",
    ),
    Ruling(
        "R21",
        "card-memory",
        '"Because of this card\'s demand during this dogma action" is true if any affected '
        "opponent's execution of that demand moved a card earlier in the same action, and is "
        "always false during self-execution.",
    ),
    Ruling(
        "R22",
        "effects-survive",
        "All effects of the activated card are executed even if the card leaves the top of its "
        "pile or the board during the action.",
    ),
    Ruling(
        "R23",
        "repeat",
        '"Perform this effect/demand again" re-runs it only for the current executing player, '
        "until its condition fails.",
    ),
    Ruling(
        "R24",
        "self-execute",
        "Self-execution runs only the non-demand effects, for the executing player alone, with no"
        " sharing, no vulnerability and fresh card memory.",
    ),
    Ruling(
        "R25",
        "bonus-change",
        "The activator's free draw is earned only by a change (card moved, revealed, claimed or "
        "removed; a splay or pile order actually changed) that a non-activator makes while "
        "executing a non-demand effect, nested ones included.",
    ),
    Ruling(
        "R26",
        "free-draw",
        "The free draw happens once, after the last effect, as a normal draw for the activator; "
        "it is not an action, and it can end the game.",
    ),
    Ruling(
        "R27",
        "execution-order",
        "Demands go to the vulnerable opponents, and non-demands to the sharing opponents and "
        "then the activator, always in turn order starting after the activator.",
    ),
    Ruling(
        "R28",
        "special-timing",
        "Special achievements are checked after every card movement and every splay change, for "
        "all players in turn order starting with the player whose turn it is, and are claimed "
        "automatically.",
    ),
    Ruling(
        "R29",
        "monument-count",
        "Monument counts each player's tucks and scores (draw-and-tuck and draw-and-score "
        "included) over the whole current turn, even during other players' effects, and never "
        "counts transfers, exchanges, melds or returns.",
    ),
    Ruling(
        "R30",
        "card-claims",
        "A card's instruction to claim a special achievement does nothing if that achievement is "
        "already claimed.",
    ),
    Ruling(
        "R31",
        "vacuous-conditions",
        "Translation's and Astronomy's claim conditions hold when no top card contradicts them, "
        "so an empty board, or a board with only purple (Astronomy), qualifies.",
    ),
    Ruling(
        "R32",
        "achievement-win",
        "The game ends the moment a player's total of standard plus special achievements reaches "
        "6, 5 or 4 with 2, 3 or 4 players, and that player wins even if they exceed the number.",
    ),
    Ruling(
        "R33",
        "score-ties",
        "When the game ends by drawing above 10, the highest score wins; a tie goes to the most "
        "achievements, and a remaining tie is a shared victory.",
    ),
    Ruling(
        "R34",
        "single-player-ties",
        'An effect that makes "the single player with the most/least X" win does nothing when two'
        " or more players tie, and the game continues.",
    ),
    Ruling(
        "R35",
        "game-end-interrupts",
        "When the game ends, no further effect, player or free draw is carried out, and no other "
        "player is checked for special achievements.",
    ),
    Ruling(
        "R36",
        "boards-public",
        "Every card on every board, with its position and the pile's splay, is visible to all "
        "players, because every card reaches a board in view of everyone (BGA shows the whole "
        "board).",
    ),
    Ruling(
        "R37",
        "reveal-to-prove",
        "When a mandatory pick from your hand is restricted by colour or icon and you pick "
        "nothing while holding cards, you reveal your hand.",
    ),
    Ruling(
        "R38",
        "no-leak-options",
        "An optional pick restricted by a hidden property is always presented as a decision, even"
        " when no card qualifies.",
    ),
    Ruling(
        "R39",
        "blind-pick",
        "Picking a card from another player's hidden zone is done by owner and value, and the "
        "engine then chooses uniformly at random among the matching cards.",
    ),
    Ruling(
        "R40",
        "fission",
        "When Fission removes cards, achievements and the supply are untouched, the removed cards"
        " never return, and the dogma action ends at once with no further effects and no free "
        "draw.",
    ),
    Ruling(
        "R41",
        "opponents",
        'In individual play "opponent", "other player" and "any other player\'s" all mean every '
        "player except the executing player.",
    ),
    Ruling(
        "R42",
        "same-action-twice",
        "A player may take the same action twice in a turn, including a Dogma on the same card.",
    ),
    Ruling(
        "R43",
        "exchange-empty",
        "An exchange moves both fixed groups even when one of them is empty.",
    ),
    Ruling(
        "R44",
        "achieve-once",
        "One Achieve action claims exactly one standard achievement; there is only one "
        "achievement of each age 1-9, and there is no age-10 achievement.",
    ),
    Ruling(
        "R45",
        "editions-share-rules",
        "The 1st-edition option changes only the nine cards' texts; every rule in this document "
        "applies to both editions.",
    ),
    Ruling(
        "R46",
        "revealed-knowledge",
        "A revealed card stays known to all players for as long as it is not moved into a zone "
        "that hides it from them, and the engine must track this knowledge per card.",
    ),
    Ruling(
        "E01",
        "order-where-it-matters",
        "When one instruction moves several cards, the order is asked only among cards bound for "
        "one pile (the same supply age for returns, the same colour for melds, tucks and board "
        "transfers); cards bound for different piles, or for a hand or score pile, move in the "
        "order of their ids.",
    ),
    Ruling(
        "E02",
        "unseen-first",
        "Cards the chooser cannot see that must move with others go first, in an order the engine"
        " draws (R09); the chooser then orders the cards it can see.",
    ),
    Ruling(
        "E03",
        "forced-answers",
        "A decision with a single possible answer is taken without asking, except an optional "
        "pick filtered by a hidden property (R38), which is always asked.",
    ),
    Ruling(
        "E04",
        "first-meld-order",
        "The simultaneous first meld is asked of the seats in seat order; no pick is shown to "
        "anyone until every seat has picked, and then all are melded at once.",
    ),
    Ruling(
        "E05",
        "turn-limit",
        "A game not over after max_turns turns (1000 unless the configuration says otherwise) ends"
        " at the end of that turn and is adjudicated as a draw above 10 is: the highest score wins,"
        " then the most achievements. Innovation has no limit of its own, and players can repeat"
        " actions that change nothing for ever.",
    ),
    Ruling(
        "E06",
        "face-up-until-the-action-ends",
        "A card revealed during an action stays face up until that action ends: if it moves during"
        " the action, everyone sees which card moves and where it goes (Metalworking scores the"
        " card it revealed); in a later action it moves between hidden zones as any hidden card"
        " does (R46).",
    ),
)
