"""The special cards of the anniversary editions (RULES 8) in slow, obvious Python: the oracle for the kernel.

RULES 8 marks these cards uncertain; this module is where each reading is stated, and the
kernel (:mod:`wizstats._kernels.special.core`) is tested against it card by card.

Readings (each an explicit decision; RULES 8 and the seed ``002_...`` leave them open)
-----------------------------------------------------------------------------------
Every special card has no suit and may be played at any time, even by a player who could
follow suit (like a Wizard or Jester). For the led suit, Jester, Fairy, Bomb and Witch are
*Jester-like* (skipped: the next card decides); Wizard and Dragon are *Wizard-like* (a trick
they lead is free); a Juggler or Cloud leads the suit it names.

- **Dragon** beats every card, Wizards included, whatever the order. Two Dragons (a Vampire
  copying a turned Dragon): the first wins.
- **Fairy** loses to every card, Jesters included, but when the trick holds a Dragon the (first)
  Fairy wins, whatever else lies in it (Wizards too).
- **Bomb**: nobody takes the trick (it counts for no one; tricks + bombed tricks = hand size).
  The would-be winner is found as if the Bomb were not there (Dragon/Fairy and all), and leads
  next; a trick of Bombs only goes to the first. Bomb with Dragon: nobody wins, the Dragon's
  player leads; with Dragon and Fairy: the Fairy's player leads.
- **Werewolf**: after the deal, if a card is turned, its holder must put it in the trump place,
  takes the turned card into his hand and names a suit or no trump (the dealer names nothing,
  even after a turned Wizard). Turned itself, the dealer names a suit or no trump. In a round
  with no turned card (the last round) it has no effect and plays as a Jester.
- **Juggler**: worth 7.5 in the suit its player names (any suit: the led suit, trump or a third
  suit, where it cannot win unless it leads). After the trick in which it was played (a Witch
  taking it back changes nothing), every player passes one hand card face down to his left
  neighbour (seat s to seat s + 1), all at once; not after the last trick (hands are empty).
- **Cloud**: worth 9.75 in the suit its player names, as the Juggler. The player whose won
  tricks hold it at the end (a bombed trick is nobody's) changes his bid by +1 or -1, chosen to
  score best; a bid of 0 can only go up; on equal points the lower bid. Two Clouds (a Vampire
  copy) mean two changes.
- **Shapeshifter**: played as a Wizard or as a Jester, chosen when played.
- **Witch**: below Fairy and Jester (a trick of Witch and Jesters goes to the first Jester; of
  Witch and Fairy to the Fairy). Once the trick's outcome is fixed, her player may take any other
  card of the trick into his hand and put any hand card in its place; the winner stays (a bombed
  trick stays bombed when she takes the Bomb; a Bomb or Dragon put in changes nothing). The card
  put in only counts as itself: a Cloud put in is a Cloud in the winner's tricks. With two
  Witches (a Vampire copy), they swap in play order. No swap with an empty hand.
- **Vampire**: when played, it is a copy of the card in the trump place, with its abilities
  (a Juggler copy names a suit and makes players pass, a Cloud copy changes a bid, a Witch copy
  swaps, ...). If the Werewolf lies in the trump place, the next card of the stack is turned into
  it: it sets trump anew from then on, the current trick included (the Vampire's player names
  a suit where the card asks), and the Vampire copies it. With no card to copy (no turned card,
  or no next card), it plays as a Jester.
- **Special cards turned for trump**: Dragon, Juggler and Cloud as a Wizard (a suit is named);
  Fairy, Bomb, Witch and Vampire as a Jester (no trump); Shapeshifter and Werewolf: a suit or
  no trump is named.
- **Game length**: the standard schedule deals ``1 .. deck size // players`` cards, counting the
  special cards (RULES 2: the last round deals every card).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..rules import Card, CardKind, Deck, Rules, Suit, parse_suit, raw_score
from .standard import RoundRng, shuffled_deal

__all__ = [
    "Effect",
    "Play",
    "SpecialRoundRecord",
    "TrickOutcome",
    "cloud_bid_change",
    "deal_special",
    "effect",
    "parse_play",
    "replay_special_round",
    "special_led_suit",
    "special_legal_plays",
    "special_trick_winner",
    "turned_trump_rule",
]

_JESTER_LIKE = (CardKind.JESTER, CardKind.FAIRY, CardKind.BOMB, CardKind.WITCH)
_WIZARD_LIKE = (CardKind.WIZARD, CardKind.DRAGON)


@dataclass(frozen=True)
class Effect:
    """How a played card acts in its trick: a kind (``SUIT, WIZARD, JESTER, DRAGON, FAIRY, BOMB,
    WITCH``), a suit and a value (7.5 for the Juggler, 9.75 for the Cloud)."""

    kind: CardKind
    suit: Suit | None = None
    value: float = 0.0


def effect(card: Card | str, form: Suit | str | None = None, model: Card | str | None = None) -> Effect:
    """The effect of ``card`` played with ``form``: the suit named (Juggler, Cloud) or ``"wizard"``/
    ``"jester"`` (Shapeshifter). A Vampire acts as ``model`` (``None``: nothing to copy, a Jester).

    >>> effect("JUGGLER", "red"), effect("SHAPESHIFTER", "wizard").kind.name
    (Effect(kind=<CardKind.SUIT: 0>, suit=<Suit.RED: 1>, value=7.5), 'WIZARD')
    >>> effect("VAMPIRE", model="B9")
    Effect(kind=<CardKind.SUIT: 0>, suit=<Suit.BLUE: 0>, value=9.0)
    """
    acting = Card.parse(card)
    if acting.kind is CardKind.VAMPIRE:
        if model is None:
            return Effect(CardKind.JESTER)
        acting = Card.parse(model)
        if acting.kind is CardKind.VAMPIRE:
            raise ValueError("a Vampire cannot copy a Vampire")
    kind = acting.kind
    if kind is CardKind.SUIT:
        return Effect(kind, acting.suit, float(acting.rank))
    if kind in (CardKind.JUGGLER, CardKind.CLOUD):
        suit = parse_suit(form, allow_none=False)
        return Effect(CardKind.SUIT, suit, 7.5 if kind is CardKind.JUGGLER else 9.75)
    if kind is CardKind.SHAPESHIFTER:
        if str(form).lower() not in ("wizard", "jester", "w", "j"):
            raise ValueError(f"a Shapeshifter is played as 'wizard' or 'jester', got {form!r}")
        return Effect(CardKind.WIZARD if str(form).lower() in ("wizard", "w") else CardKind.JESTER)
    if kind is CardKind.WEREWOLF:
        return Effect(CardKind.JESTER)
    return Effect(kind)


def parse_play(token: str | Effect) -> Effect:
    """An effect from text: a card (``R7``, ``W``, ``DRAGON``), ``JUGGLER@red``, ``SHAPESHIFTER@wizard``,
    or a Vampire with its model: ``VAMPIRE=R7``, ``VAMPIRE=CLOUD@B``, ``VAMPIRE`` (nothing to copy).

    >>> parse_play("CLOUD@y").value, parse_play("VAMPIRE=DRAGON").kind.name
    (9.75, 'DRAGON')
    """
    if isinstance(token, Effect):
        return token
    card_text, is_vampire, model_text = token.strip().partition("=")
    if is_vampire:
        model, _, form = model_text.partition("@")
        return effect(card_text, form or None, model or None)
    card, _, form = card_text.partition("@")
    return effect(card, form or None)


@dataclass(frozen=True)
class TrickOutcome:
    """The position (in play order) of the card that takes the trick, or would take it when ``bombed``."""

    position: int
    bombed: bool


def special_led_suit(trick: Sequence[Effect | str]) -> Suit | None:
    """The suit to follow: the suit of the first card that is not Jester-like; none after a Wizard or Dragon."""
    for played in (parse_play(t) for t in trick):
        if played.kind in _JESTER_LIKE:
            continue
        return played.suit
    return None


def special_trick_winner(trick: Sequence[Effect | str], trump: Suit | str | None) -> TrickOutcome:
    """Who takes the trick (RULES 5 with RULES 8).

    >>> special_trick_winner(["W", "DRAGON", "R5"], "red")
    TrickOutcome(position=1, bombed=False)
    >>> special_trick_winner(["DRAGON", "W", "FAIRY"], None)
    TrickOutcome(position=2, bombed=False)
    >>> special_trick_winner(["R5", "BOMB", "R9"], None)
    TrickOutcome(position=2, bombed=True)
    """
    plays = [parse_play(t) for t in trick]
    if not plays:
        raise ValueError("a trick needs at least one card")
    trump_suit = parse_suit(trump)
    bombed = any(p.kind is CardKind.BOMB for p in plays)

    def first(kind: CardKind) -> int | None:
        return next((i for i, p in enumerate(plays) if p.kind is kind), None)

    def highest(suit: Suit) -> int | None:
        cards = [(p.value, -i) for i, p in enumerate(plays) if p.kind is CardKind.SUIT and p.suit is suit]
        return -max(cards)[1] if cards else None  # ties: the card played first

    dragon, fairy = first(CardKind.DRAGON), first(CardKind.FAIRY)
    if dragon is not None:
        return TrickOutcome(fairy if fairy is not None else dragon, bombed)
    wizard = first(CardKind.WIZARD)
    if wizard is not None:
        return TrickOutcome(wizard, bombed)
    if trump_suit is not None and highest(trump_suit) is not None:
        return TrickOutcome(highest(trump_suit), bombed)  # type: ignore[arg-type]
    led = special_led_suit(plays)
    if led is not None:
        return TrickOutcome(highest(led), bombed)  # type: ignore[arg-type]
    for low in (CardKind.JESTER, CardKind.FAIRY, CardKind.WITCH, CardKind.BOMB):
        if first(low) is not None:
            return TrickOutcome(first(low), bombed)  # type: ignore[arg-type]
    raise AssertionError("unreachable: every effect has one of the kinds above")


def special_legal_plays(hand: Sequence[Card | str], trick: Sequence[Effect | str]) -> list[Card]:
    """The cards of ``hand`` that may be played: follow the led suit with a suit card if you can;
    Wizards, Jesters and special cards may always be played.

    >>> [str(c) for c in special_legal_plays(["R3", "B7", "BOMB"], ["JUGGLER@blue"])]
    ['B7', 'BOMB']
    """
    cards = [Card.parse(c) for c in hand]
    led = special_led_suit(trick)
    if led is None or not any(c.kind is CardKind.SUIT and c.suit is led for c in cards):
        return cards
    return [c for c in cards if c.kind is not CardKind.SUIT or c.suit is led]


def turned_trump_rule(card: Card | str) -> str:
    """How a card in the trump place sets trump: ``"suit"``, ``"none"``, ``"name"`` (a suit is named)
    or ``"name-or-none"``."""
    kind = Card.parse(card).kind
    if kind is CardKind.SUIT:
        return "suit"
    if kind in (CardKind.WIZARD, CardKind.DRAGON, CardKind.JUGGLER, CardKind.CLOUD):
        return "name"
    if kind in (CardKind.SHAPESHIFTER, CardKind.WEREWOLF):
        return "name-or-none"
    return "none"


def cloud_bid_change(bid: int, tricks: int, clouds: int, rules: Rules, hand_size: int) -> tuple[int, int]:
    """``(final bid, points)``: each Cloud changes the bid by +1 or -1, chosen to score best.

    >>> cloud_bid_change(2, 3, 1, Rules(4), 5)
    (3, 50)
    >>> cloud_bid_change(0, 0, 1, Rules(4), 5)
    (1, -10)
    """
    bids = {bid}
    for _ in range(clouds):
        bids = {b + 1 for b in bids} | {b - 1 for b in bids if b >= 1}
    best: tuple[int, int] | None = None
    for b in sorted(bids):  # ascending: on equal points the lower bid stays
        points = raw_score(b, tricks, rules.scoring, hand_size)
        if best is None or points > best[1]:
            best = (b, points)
    assert best is not None
    return best


def deal_special(deck: Deck, n: int, r: int, rng: RoundRng) -> tuple[list[list[int]], int | None, int | None]:
    """The deal (as :func:`wizstats.reference.standard.deal_round`), then one more draw: the next card of the stack."""
    hands, turned, pool = shuffled_deal(deck, n, r, rng)
    need = n * r + 1
    nxt = None
    if turned is not None and deck.size > need:
        nxt = pool[need + rng.below(deck.size - need)]
    return hands, turned, nxt


@dataclass
class Play:
    """One play: the card id, its form (the suit named, or ``"wizard"``/``"jester"``) and, for a
    Vampire that turns a card asking for a name, the trump its player names (-1: none)."""

    card: int
    form: int | str | None = None
    named_trump: int | None = None


@dataclass
class SpecialRoundRecord:
    """A round with special cards as the reference recomputes it (card ids; seats as in RULES 2)."""

    trump: int | None = None
    werewolf_seat: int | None = None
    effects: list[list[Effect]] = field(default_factory=list)
    roles: list[list[CardKind]] = field(default_factory=list)
    leaders: list[int] = field(default_factory=list)
    would_be: list[int] = field(default_factory=list)
    winners: list[int | None] = field(default_factory=list)
    trumps: list[int | None] = field(default_factory=list)
    """Trump after each trick (a Vampire may set it anew)."""
    holdings: list[list[list[int]]] = field(default_factory=list)
    """Per trick and position, the hand of the player about to play (for tests of the players)."""
    tricks: list[int] = field(default_factory=list)
    clouds: list[int] = field(default_factory=list)
    final_bids: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)


class _Replay:
    """One round replayed from its deal and choices, checking every step against the rules."""

    def __init__(self, rules: Rules, r: int, hands: Sequence[Sequence[int]], turned: int | None, nxt: int | None):
        deck, n = rules.deck, rules.n_players
        self.rules, self.deck, self.n, self.r = rules, deck, n, r
        if len(hands) != n or any(len(h) != r for h in hands):
            raise ValueError(f"expected {n} hands of {r} cards")
        dealt = [c for h in hands for c in h] + [c for c in (turned, nxt) if c is not None]
        if len(set(dealt)) != len(dealt) or not all(0 <= c < deck.size for c in dealt):
            raise ValueError("a card is dealt twice or is not in the deck")
        if (turned is None) != (n * r == deck.size):
            raise ValueError("a card is turned exactly when cards remain after the deal")
        if (nxt is None) != (turned is None or n * r + 1 == deck.size):
            raise ValueError("the next card of the stack exists exactly when two cards remain")
        self.hands = [sorted(h) for h in hands]
        self.turned, self.next, self.place = turned, nxt, turned
        self.trump: int | None = None
        self.record = SpecialRoundRecord()

    def kind(self, card: int) -> CardKind:
        return self.deck.card(card).kind

    def named(self, value: int | None, rule: str, who: str) -> int | None:
        """Trump from a card in the trump place, ``value`` being what ``who`` named where asked."""
        if rule == "suit":
            raise AssertionError("no name for a suit card")
        if rule == "none":
            return None
        value = None if value is None or value < 0 else value
        if value is None and rule == "name":
            raise ValueError(f"{who} must name a suit here, not no trump")
        if value is not None and not 0 <= value < self.deck.n_suits:
            raise ValueError(f"{who} names suit {value}, not in this deck")
        return value

    def trump_from(self, card: int, value: int | None, who: str) -> int | None:
        rule = turned_trump_rule(self.deck.card(card))
        if rule == "suit":
            return int(self.deck.card(card).suit)  # type: ignore[arg-type]
        return self.named(value, rule, who)

    def trump_step(self, trump_named: int | None) -> None:
        if self.turned is None:
            return
        holders = [s for s in range(self.n) for c in self.hands[s] if self.kind(c) is CardKind.WEREWOLF]
        if holders:
            seat = holders[0]
            wolf = next(c for c in self.hands[seat] if self.kind(c) is CardKind.WEREWOLF)
            self.hands[seat].remove(wolf)
            self.hands[seat] = sorted(self.hands[seat] + [self.turned])
            self.place = wolf
            self.record.werewolf_seat = seat
            self.trump = self.named(trump_named, "name-or-none", f"the Werewolf's holder (seat {seat})")
        else:
            self.trump = self.trump_from(self.turned, trump_named, "the dealer")
        self.record.trump = self.trump

    def check_bids(self, bids: Sequence[int]) -> None:
        if len(bids) != self.n or any(not 0 <= b <= self.r for b in bids):
            raise ValueError(f"bids {list(bids)} must be {self.n} numbers in 0..{self.r}")
        if self.rules.forbidden_bid(self.r, [bids[s] for s in range(1, self.n)]) == bids[0]:
            raise ValueError(f"the dealer's bid {bids[0]} is forbidden by plus/minus one")

    def vampire_model(self, play: Play) -> int | None:
        """The card the Vampire copies; turns the next card when the Werewolf holds the trump place."""
        if self.place is None:
            return None
        if self.kind(self.place) is not CardKind.WEREWOLF:
            return self.place
        if self.next is None:
            return None
        self.place, self.next = self.next, None
        self.trump = self.trump_from(self.place, play.named_trump, "the Vampire's player")
        return self.place

    def play(self, seat: int, play: Play, effects: list[Effect]) -> tuple[Effect, CardKind]:
        """Check and make one play; returns its effect and role."""
        hand = self.hands[seat]
        if play.card not in hand:
            raise ValueError(f"seat {seat} does not hold {self.deck.card(play.card)}")
        legal = special_legal_plays([self.deck.card(c) for c in hand], effects)
        if self.deck.card(play.card) not in legal:
            led = special_led_suit(effects)
            raise ValueError(f"seat {seat} must follow {led}, not play {self.deck.card(play.card)}")
        hand.remove(play.card)
        model: int | None = play.card
        if self.kind(play.card) is CardKind.VAMPIRE:
            model = self.vampire_model(play)
        if model is None:
            return Effect(CardKind.JESTER), CardKind.VAMPIRE
        role = self.kind(model)
        form: Suit | str | None = None if isinstance(play.form, int) else play.form
        if role in (CardKind.JUGGLER, CardKind.CLOUD):
            if not isinstance(play.form, int) or not 0 <= play.form < self.deck.n_suits:
                raise ValueError(f"a {role.name.lower()} needs a suit of this deck, got {play.form!r}")
            form = Suit(play.form)
        return effect(self.deck.card(play.card), form, self.deck.card(model)), role

    def witch(self, t: int, content: list[int], roles: list[CardKind], swaps: dict) -> list[CardKind]:
        """Apply the Witches' swaps of trick ``t`` (in play order); returns the content's roles."""
        content_roles = list(roles)
        for k in range(self.n):
            if (t, k) not in swaps:
                continue
            seat = (self.record.leaders[t] + k) % self.n
            take, put = swaps[(t, k)]
            if roles[k] is not CardKind.WITCH:
                raise ValueError(f"trick {t}: position {k} played no Witch and cannot swap")
            if take == k or not 0 <= take < self.n or put not in self.hands[seat]:
                raise ValueError(f"trick {t}: the Witch's swap ({take}, {put}) is not allowed")
            self.hands[seat].remove(put)
            self.hands[seat] = sorted(self.hands[seat] + [content[take]])
            content[take] = put
            content_roles[take] = self.kind(put)
        return content_roles

    def passing(self, t: int, passed: Sequence[int] | None) -> None:
        if passed is None or len(passed) != self.n:
            raise ValueError(f"trick {t}: after a Juggler every seat passes a card")
        for s, card in enumerate(passed):
            if card not in self.hands[s]:
                raise ValueError(f"trick {t}: seat {s} passes {card}, which it does not hold")
            self.hands[s].remove(card)
        for s, card in enumerate(passed):
            self.hands[(s + 1) % self.n] = sorted(self.hands[(s + 1) % self.n] + [card])

    def trick(self, t: int, leader: int, plays: Sequence[Play], swaps: dict, passes: dict) -> int:
        """Play trick ``t`` from ``leader``; returns the next leader."""
        if len(plays) != self.n:
            raise ValueError(f"trick {t} has {len(plays)} cards, expected {self.n}")
        rec = self.record
        rec.leaders.append(leader)
        effects: list[Effect] = []
        roles: list[CardKind] = []
        rec.holdings.append([])
        for k, play in enumerate(plays):
            rec.holdings[t].append(list(self.hands[(leader + k) % self.n]))
            e, role = self.play((leader + k) % self.n, play, effects)
            effects.append(e)
            roles.append(role)
        outcome = special_trick_winner(effects, None if self.trump is None else Suit(self.trump))
        would = (leader + outcome.position) % self.n
        winner = None if outcome.bombed else would
        rec.effects.append(effects)
        rec.roles.append(roles)
        rec.would_be.append(would)
        rec.winners.append(winner)
        rec.trumps.append(self.trump)
        content_roles = self.witch(t, [p.card for p in plays], roles, swaps)
        if winner is not None:
            rec.tricks[winner] += 1
            rec.clouds[winner] += content_roles.count(CardKind.CLOUD)
        if CardKind.JUGGLER in roles and self.hands[0]:
            self.passing(t, passes.get(t))
        elif t in passes:
            raise ValueError(f"trick {t}: cards are passed only after a Juggler trick, not the last")
        return would


def replay_special_round(
    rules: Rules,
    hand_size: int,
    hands: Sequence[Sequence[int]],
    turned: int | None,
    next_card: int | None,
    bids: Sequence[int],
    plays: Sequence[Sequence[Play]],
    *,
    trump_named: int | None = None,
    swaps: dict[tuple[int, int], tuple[int, int]] | None = None,
    passes: dict[int, Sequence[int]] | None = None,
) -> SpecialRoundRecord:
    """Check a whole round with special cards against the rules and recompute everything it decides.

    The inputs are the deal (hands, turned card, next card of the stack) and every choice:
    ``trump_named`` (by the Werewolf's holder or the dealer, where the turned card asks), the bids,
    per trick the :class:`Play` of each position (the leader first), the Witches' swaps
    ``{(trick, position): (taken position, card put in)}`` and the passes after a Juggler trick
    ``{trick: [card passed by seat 0, 1, ...]}``. Recomputed: trump, effects, would-be winners,
    winners, leaders, trumps, tricks, Clouds taken, final bids and points. Raises ``ValueError``
    naming the first thing that breaks a rule.
    """
    replay = _Replay(rules, hand_size, hands, turned, next_card)
    replay.trump_step(trump_named)
    replay.check_bids(bids)
    rec = replay.record
    n = rules.n_players
    rec.tricks, rec.clouds = [0] * n, [0] * n
    if len(plays) != hand_size:
        raise ValueError(f"expected {hand_size} tricks, got {len(plays)}")
    leader = 1 % n
    for t, trick in enumerate(plays):
        leader = replay.trick(t, leader, trick, swaps or {}, passes or {})
    if any(replay.hands):
        raise AssertionError("cards left in a hand after the last trick")
    for s in range(n):
        final, points = cloud_bid_change(bids[s], rec.tricks[s], rec.clouds[s], rules, hand_size)
        rec.final_bids.append(final)
        rec.points.append(points)
    return rec
