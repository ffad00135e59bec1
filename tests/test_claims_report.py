"""The page "The articles' claims, checked" (``analyses/claims_checked.py``) at its tiny size.

Every question of the catalogue gets a row with a verdict and a key figure; the figures agree with
the API on the same seeds (plumbing, not statistics: cannot fail by chance); same seed, same files.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from wizstats import DEFAULT_POLICY
from wizstats.estimates import Estimate
from wizstats.exact import highest_of_suit_probability
from wizstats.intervals import ConfidenceInterval as CI
from wizstats.questions import QUESTIONS, ask
from wizstats.report import load_analyses
from wizstats.stats import VERDICTS, agreement

MODULE = {m.NAME: m for m in load_analyses(["claims_checked"])}["claims_checked"]


pytestmark = pytest.mark.xdist_group("tiny_report")  # one worker computes tiny_report (tests/conftest.py)


@pytest.fixture(scope="module")
def written(tiny_report: tuple[Path, list[pd.DataFrame]]) -> tuple[Path, pd.DataFrame]:
    """``MODULE.run("tiny", out)``, as the tiny report of tests/conftest.py ran it (shared with tests/test_report.py)."""
    out, frames = tiny_report
    (frame,) = [f for f in frames if f.attrs["name"] == MODULE.NAME]
    return out, frame


def test_every_question_has_a_row(written: tuple[Path, pd.DataFrame]) -> None:
    out, frame = written
    answers = frame[frame.kind == "answer"]
    assert answers.question.tolist() == list(QUESTIONS)
    assert answers.verdict.str.len().min() > 40 and answers.key_figure.ne("-").all()
    for suffix in ("csv", "md", "png"):
        assert (out / f"claims_checked.{suffix}").stat().st_size > 0
    md = (out / "claims_checked.md").read_text()
    assert "# The articles' claims, checked" in md and "not measurable with heuristic players" in md
    assert "+0.00 [0.00, 0.00]" not in md  # zero-width differences are never shown as a measured zero


def test_figures_agree_with_the_api(written: tuple[Path, pd.DataFrame]) -> None:
    _, frame = written
    rows = frame[frame.kind == "answer"].set_index("question")
    assert rows.loc["highest-of-suit", "value"] == pytest.approx(float(highest_of_suit_probability(10, 4, 1)))
    options = MODULE.options_for("wizard-sure-trick", MODULE.SIZES["tiny"]["n"], None)
    assert options.seed == MODULE.SEED and options.n == MODULE.SIZES["tiny"]["n"]
    t = ask("wizard-sure-trick", options).table
    want = t[(t.policy == DEFAULT_POLICY) & (t.hand_size == "game") & (t.seat == "all") & (t.quantity == "p_fail")]
    assert rows.loc["wizard-sure-trick", "value"] == pytest.approx(want.value.item())
    assert rows.loc["wizard-sure-trick", "verdict"] == ask("wizard-sure-trick", options).sentence
    curve = frame[(frame.kind == "curve") & (frame.question == "half-time")]
    assert set(curve.series) == {"standard", "tournament"}


def test_same_seed_same_files(written: tuple[Path, pd.DataFrame], tmp_path: Path) -> None:
    out, _ = written
    MODULE.run("tiny", tmp_path)
    for suffix in ("csv", "md", "png"):
        assert (tmp_path / f"claims_checked.{suffix}").read_bytes() == (out / f"claims_checked.{suffix}").read_bytes()


def test_short_verdicts() -> None:
    assert (
        MODULE.short_verdict("Holds in the first rounds only: with 4 players ...") == "Holds in the first rounds only"
    )
    assert MODULE.short_verdict("With 4 players ... Worth a trick? No, from no seat (exact count).").endswith(
        "no, from no seat"
    )


def test_the_two_part_claims_show_both_figures(written: tuple[Path, pd.DataFrame]) -> None:
    out, frame = written
    rows = frame[frame.kind == "answer"].set_index("question")
    options = MODULE.options_for("jester-keep", None, None, MODULE.SIZES["tiny"]["hands"])
    t = ask("jester-keep", options).table
    want = t[
        (t.policy == DEFAULT_POLICY) & (t.hand_size == "game") & (t.needs == "all") & (t.quantity == "keep_minus_shed")
    ]
    assert rows.loc["jester-keep", "value_2"] == pytest.approx(want.value.item())
    assert rows.loc["made-bid-sheds", "key_figure_2"].startswith("a high side card takes its trick")
    md = (out / "claims_checked.md").read_text()
    assert "keeping the Jester over shedding it early" in md and "percentage points [" in md


def test_every_simulated_claim_has_its_certificate(written: tuple[Path, pd.DataFrame]) -> None:
    _, frame = written
    rows = frame[frame.kind == "answer"].set_index("question")
    assert set(rows.agrees) <= set(VERDICTS)
    assert (rows.agrees == "exact: no player involved").eq(rows.exact).all()  # exact counts involve no player
    assert rows.loc["jester-keep", "agrees"] == "not certified: too costly"  # at the tiny size
    simulated = rows[~rows.exact & (rows.index != "jester-keep")]
    assert (simulated.search_policy == "rollout").all() and simulated.search_value.notna().all()
    assert rows.loc["made-bid-sheds", "agrees_2"] in VERDICTS
    # the search figure is what `wizstats ask NAME --policy rollout` gives on that sample, and the verdict is agreement's
    deals = MODULE.SIZES["tiny"]["search"][0]
    t = ask("bids-add-up", MODULE.options_for("bids-add-up", deals, None, policy="rollout")).table
    want = t[(t.hand_size.astype(str) == "1") & (t.quantity == "p_equal")].iloc[0]
    r = rows.loc["bids-add-up"]
    assert (r.search_value, r.search_low, r.search_high) == pytest.approx((want.value, want.low, want.high))
    mine = Estimate("a", r.value, CI(r.low, r.high), int(r.n), policy=DEFAULT_POLICY)
    theirs = Estimate("a", want.value, CI(want.low, want.high), deals, policy="rollout")
    assert r.agrees == agreement(mine, theirs).verdict


def test_the_certificate_table_comes_from_the_columns(written: tuple[Path, pd.DataFrame]) -> None:
    _, frame = written
    cert = pd.DataFrame(frame.attrs["certificate"]["data"], columns=frame.attrs["certificate"]["columns"])
    answers = frame[frame.kind == "answer"]
    assert len(cert) == len(answers) + answers.key_figure_2.notna().sum()
    assert cert.agrees.tolist() == [
        v for _, r in answers.iterrows() for v in [r.agrees, r.agrees_2] if isinstance(v, str)
    ]
    assert cert.answer.str.startswith("claims_checked: `ask ").all()
    simulated = cert[cert.agrees != "exact: no player involved"]
    assert simulated.default.str.startswith(f"{DEFAULT_POLICY}, n ").all()  # every figure names its players
    assert "Certificate: asked again under rollout players" in frame.attrs["finding"]
