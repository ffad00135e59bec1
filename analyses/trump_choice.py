"""The value of naming trump after looking at the hand (1996 rulebook) against naming it blind (2022 reading).

When a Wizard is turned the dealer names trump. The 1996 rulebook lets him look at his hand
first; the 2022 text leaves the moment open, and blind naming is the other reading (RULES 3).
Monte Carlo: every deal is played with a Wizard turned, once with each reading, on the same
cards (:func:`wizstats.trump_choice_value`). Exact: round 1, where play is forced
(:func:`wizstats.round1_trump_choice_value`).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

import wizstats as ws
from wizstats import Rules

from ._common import CONFIDENCE, POLICY, finish, main, new_figure, num_ci, size_params, steps

NAME = "trump_choice"
ORDER = 80
TITLE = "Naming trump after looking (1996) against naming it blind (2022 reading)"
QUESTION = "When a Wizard is turned, what is it worth to the dealer to name trump after looking at his hand?"
SEED = 8000
SIZES = {
    "tiny": {"players": (4,), "step": 3, "n": 1000},
    "quick": {"players": (3, 4, 5, 6), "step": 3, "n": 2000},
    "full": {"players": (3, 4, 5, 6), "step": 1, "n": 4000},
}
COLOURS = {3: "#4f81bd", 4: "#c0504d", 5: "#9bbb59", 6: "#8064a2"}


def _sizes(p: int, step: int) -> list[int] | None:
    rules = Rules(p)
    turned = [r for r in rules.schedule if rules.has_trump_card(r)]
    return None if step == 1 else sorted(set(turned[::step]) | {turned[-1]})


def measure(players: tuple[int, ...], step: int, n: int, *, progress: bool = False) -> pd.DataFrame:
    """Simulated values per player count, hand size and seat, and the exact round-1 values."""
    parts = []
    for p in steps(players, NAME, progress=progress):
        res = ws.trump_choice_value(p, _sizes(p, step), policy=POLICY, n=n, seed=SEED + p, confidence_level=CONFIDENCE)
        parts.append(res.table.assign(n_players=p, method="simulated", policy=res.policy, seed=SEED + p))
    exact = ws.round1_trump_choice_value(players).table
    parts.append(
        exact.assign(
            hand_size="1",
            seat=0,
            method="exact",
            low=exact.value,
            high=exact.value,
            n=pd.NA,
            policy="bids the better of 0 and 1 from its card",
            seed=pd.NA,
        )
    )
    frame = pd.concat(parts, ignore_index=True)
    frame["hand_size"] = frame["hand_size"].astype(str)
    cols = ["method", "n_players", "hand_size", "seat", "quantity", "value", "low", "high", "n", "policy", "seed"]
    return frame[cols + (["fraction"] if "fraction" in frame else [])]


def _sel(frame: pd.DataFrame, p: int, quantity: str, seat: int, hand_size: str | None = None) -> pd.DataFrame:
    s = frame[
        (frame.method == "simulated")
        & (frame.n_players == p)
        & (frame.quantity == quantity)
        & (frame.seat.astype(str) == str(seat))
    ]
    return s if hand_size is None else s[s.hand_size == hand_size]


def _display(frame: pd.DataFrame, players: tuple[int, ...], per_game: bool) -> pd.DataFrame:
    rows = []
    exact = frame[frame.method == "exact"]
    for p in players:
        dealer = _sel(frame, p, "given_wizard", 0)
        others = frame[
            (frame.method == "simulated")
            & (frame.n_players == p)
            & (frame.quantity == "given_wizard")
            & (frame.seat.astype(str) != "0")
        ]
        game = _sel(frame, p, "per_round", 0, "game")
        ex = exact[(exact.n_players == p) & (exact.quantity == "value")].value
        rows.append(
            {
                "players": p,
                "round 1, exact (best suit minus blind)": f"{ex.iloc[0]:+.2f}" if len(ex) else "",
                "dealer, per Wizard round (mean over hand sizes)": f"{dealer.value.mean():+.1f}",
                "each other seat, per Wizard round": f"{others.value.mean():+.1f}",
                ("dealer, per game" if per_game else "dealer, summed over the hand sizes"): num_ci(
                    game.value.iloc[0], game.low.iloc[0], game.high.iloc[0], 1, True
                )
                if len(game)
                else "",
            }
        )
    return pd.DataFrame(rows)


def _figure(frame: pd.DataFrame, players: tuple[int, ...], per_game: bool):  # type: ignore[no-untyped-def]
    fig, axes = new_figure(1, 2, width=11.5, height=4.4)
    left, right = axes[0]
    for p in players:
        s = _sel(frame, p, "given_wizard", 0)
        s = s[s.hand_size != "game"]
        x = s.hand_size.astype(int).to_numpy()
        left.plot(x, s.value, marker="o", markersize=3, color=COLOURS.get(p), label=f"{p} players, dealer")
        left.fill_between(x, s.low.to_numpy(float), s.high.to_numpy(float), color=COLOURS.get(p), alpha=0.2)
        o = frame[
            (frame.method == "simulated")
            & (frame.n_players == p)
            & (frame.quantity == "given_wizard")
            & (frame.seat.astype(str) != "0")
            & (frame.hand_size != "game")
        ]
        mean_o = o.groupby(o.hand_size.astype(int)).value.mean()
        left.plot(mean_o.index, mean_o.values, ":", color=COLOURS.get(p), label=f"{p} players, mean other seat")
    exact = frame[(frame.method == "exact") & (frame.quantity == "value")]
    left.scatter(
        [1] * len(exact),
        exact.value,
        marker="*",
        s=80,
        color="black",
        zorder=5,
        label="round 1 exact, best suit minus blind",
    )
    left.axhline(0, color="black", linewidth=0.8)
    left.set_xlabel("hand size")
    left.set_ylabel("after looking minus blind (points per Wizard round)")
    left.set_title("Score change when a Wizard is turned")
    left.legend(fontsize=6, ncol=2)
    width = 0.8 / max(1, len(players))
    for k, p in enumerate(players):
        g = frame[
            (frame.method == "simulated")
            & (frame.n_players == p)
            & (frame.quantity == "per_round")
            & (frame.hand_size == "game")
        ].sort_values("seat")
        if g.empty:
            continue
        x = g.seat.astype(int).to_numpy() + (k - (len(players) - 1) / 2) * width
        right.bar(
            x,
            g.value,
            width=width,
            color=COLOURS.get(p),
            label=f"{p} players",
            yerr=[g.value - g.low, g.high - g.value],
            capsize=2,
        )
    right.axhline(0, color="black", linewidth=0.8)
    right.set_xlabel("seat (0 = dealer, who names trump)")
    right.set_ylabel("points per game (all rounds, Wizard or not)")
    right.set_title("What the 1996 reading is worth " + ("over a game" if per_game else "over the rounds measured"))
    right.legend(fontsize=7)
    return fig


def _finding(frame: pd.DataFrame, players: tuple[int, ...], per_game: bool) -> str:
    p = 4 if 4 in players else players[0]
    dealer = _sel(frame, p, "given_wizard", 0)
    dealer = dealer[dealer.hand_size != "game"]
    game = _sel(frame, p, "per_round", 0, "game")
    exact = frame[(frame.method == "exact") & (frame.quantity == "value") & (frame.n_players == p)].value
    mean = dealer.value.mean()
    gains = (dealer.low > 0).sum()
    losses = (dealer.high < 0).sum()
    text = (
        f"With {p} players and a Wizard turned, the dealer who names trump after looking scores {mean:+.1f} points"
        f" per such round against naming it blind (mean over {len(dealer)} hand sizes; a clear gain at {gains} of"
        f" them, a clear loss at {losses or 'none'})."
    )
    if len(game):
        g = game.iloc[0]
        text += (
            f" A Wizard is turned in 4 of 60 cards, so over {'a game' if per_game else 'the hand sizes measured'}"
            f" that is {num_ci(g.value, g.low, g.high, 1, True)} points for the dealer."
        )
    if len(exact):
        text += (
            f" In round 1 the exact count shows what looking can be worth: naming the best suit for his card"
            f" instead of a blind one gains {exact.iloc[0]:+.2f} points."
        )
    if len(game) and len(exact) and exact.iloc[0] > 0:
        g = game.iloc[0]
        if g.high < 0:
            text += (
                " That the simulated players lose by looking means their bidding does not yet cash in the trump"
                " they name: a weakness of the players, not of the rule."
            )
        elif g.low <= 0:
            text += (
                " These players gain nothing measurable by looking, although the exact count of round 1 shows"
                " that a gain is there to be had."
            )
    games = {q: _sel(frame, q, "per_round", 0, "game") for q in players}
    games = {q: g.iloc[0] for q, g in games.items() if len(g)}
    if len(games) > 1:
        lo, hi = min(games, key=lambda q: games[q].value), max(games, key=lambda q: games[q].value)
        text += (
            f" Across tables the dealer's value per {'game' if per_game else 'run of hand sizes'} ranges from"
            f" {num_ci(games[lo].value, games[lo].low, games[lo].high, 1, True)} with {lo} players to"
            f" {num_ci(games[hi].value, games[hi].low, games[hi].high, 1, True)} with {hi}."
        )
    return text


NAMING = {
    "expert": "the suit under which its hand expects the most tricks (and, as the dealer, bids"
    f" {ws.POLICIES['expert'].defaults['named']:g} tricks below its estimate)",
    "heuristic": "the suit holding most strength (rank + 5 per card)",
}
"""How each player names trump after looking (``wizstats.POLICIES[name].doc`` says it in full)."""


def run(size: str = "full", out_dir: str | Path = "reports", *, progress: bool = False) -> pd.DataFrame:
    """Compare the two readings of the trump choice; write the three files."""
    par = size_params(SIZES, size)
    players, step, n = par["players"], par["step"], par["n"]
    frame = measure(players, step, n, progress=progress)
    per_game = step == 1
    assumptions = {
        "players": f"{POLICY} for every seat; after looking it names {NAMING.get(POLICY, 'trump as its description says')},"
        " blind any suit",
        "rules": "standard game, open bids, no plus/minus one; 1996: trump named after looking, 2022 reading: blind",
        "sample": f"{n:,} deals per player count and hand size, each with a Wizard turned and played under both"
        f" readings; seed {SEED} + players",
        "per game": "the per-Wizard-round value times 4/60 (the chance the turned card is a Wizard), summed over the"
        " rounds that turn a card",
        "exact": "round 1, the dealer bids the better of 0 and 1 for his card and names the best suit for it",
        "hand sizes": "every round that turns a card" if per_game else f"every {step}rd round that turns a card",
    }
    return finish(
        NAME,
        frame,
        _figure(frame, players, per_game),
        title=TITLE,
        question=QUESTION,
        finding=_finding(frame, players, per_game),
        assumptions=assumptions,
        display=_display(frame, players, per_game),
        out_dir=out_dir,
        size=size,
    )


if __name__ == "__main__":
    main(run)
