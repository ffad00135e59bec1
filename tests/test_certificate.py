"""The convergence certificate: its verdict (``wizstats.stats.agreement``), pure logic, every case; and
the report's front page section "Which answers are certified", generated from the analyses' tables.

Every combination of the two answers' interval shapes (of zero width, missing, straddling 0, wholly
above or below 0, overlapping or apart) and of their point estimates' signs is checked against the
rule written out in :mod:`wizstats.stats.certificate`, restated here independently.
"""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pandas as pd
import pytest

from wizstats.estimates import Estimate, exact_estimate
from wizstats.intervals import ConfidenceInterval as CI
from wizstats.report import certificates, write_index, write_readme
from wizstats.stats import CERTIFIED, DEPENDS, VERDICTS, agreement
from wizstats.stats.certificate import AGREES, APART, EXACT, NO_INTERVAL, NOT_MEASURABLE, OPPOSITE, TOO_COSTLY

CERTIFICATE_COLUMNS = ("answer", "default", "search", "agrees", "why")  # analyses/_common.py


def est(value: float, low: float | None, high: float | None, policy: str = "expert") -> Estimate:
    ci = None if low is None or high is None else CI(low, high)
    return Estimate("answer", value, ci, 100, policy=policy)


def test_the_verdict_groups() -> None:
    assert set(CERTIFIED) == {AGREES, EXACT} and set(DEPENDS) == {APART, OPPOSITE}
    assert len(set(VERDICTS)) == 7 and set(CERTIFIED) | set(DEPENDS) <= set(VERDICTS)


@pytest.mark.parametrize(
    ("default", "search", "verdict"),
    [
        (est(1.0, 0.5, 1.5), est(1.2, 0.9, 1.6, "rollout"), AGREES),  # both positive, overlapping
        (est(-1.0, -1.5, -0.5), est(-2.0, -4.0, 0.5, "rollout"), AGREES),  # search straddles 0, same sign
        (est(0.1, -0.2, 0.4), est(0.3, -0.5, 1.1, "rollout"), AGREES),  # both straddle, both points positive
        (est(0.1, -0.2, 0.4), est(-0.3, -1.1, 0.5, "rollout"), OPPOSITE),  # both straddle, signs differ
        (est(1.8, 1.5, 2.2), est(-0.1, -3.0, 2.9, "rollout"), OPPOSITE),  # overlap, signs differ
        (est(0.0, -0.5, 0.5), est(0.0, -1.0, 1.0, "rollout"), AGREES),  # both exactly 0: the same sign
        (est(0.0, -0.5, 0.5), est(0.2, -1.0, 1.0, "rollout"), OPPOSITE),  # 0 is not positive
        (est(1.0, 0.5, 1.5), est(3.0, 2.0, 4.0, "rollout"), APART),  # above
        (est(1.0, 0.5, 1.5), est(-3.0, -4.0, -2.0, "rollout"), APART),  # below, also opposite: apart first
        (est(1.0, 0.5, 1.5), est(2.0, 1.5, 2.5, "rollout"), AGREES),  # touching ends overlap (closed intervals)
        (est(0.0, 0.0, 0.0, "heuristic"), est(1.0, 0.5, 1.5, "rollout"), NOT_MEASURABLE),
        (est(1.0, 0.5, 1.5), est(0.0, 0.0, 0.0, "rollout"), NOT_MEASURABLE),
        (est(1.0, 1.0, 1.0), est(1.0, 1.0, 1.0, "rollout"), NOT_MEASURABLE),  # equal flat values never agree
        (est(3.0, None, None), est(3.0, None, None, "rollout"), NO_INTERVAL),  # ranks: no interval
        (est(3.0, math.nan, math.nan), est(3.0, 2.0, 4.0, "rollout"), NO_INTERVAL),
        (est(math.nan, 0.0, 1.0), est(0.5, 0.0, 1.0, "rollout"), NO_INTERVAL),
        (est(1.0, 0.5, 1.5), None, TOO_COSTLY),
        (est(0.0, 0.0, 0.0), None, TOO_COSTLY),  # too costly comes before not measurable
        (exact_estimate("answer", 0.5), None, EXACT),
        (exact_estimate("answer", 0.5), est(0.1, 0.0, 0.2, "rollout"), EXACT),
    ],
)
def test_named_cases(default: Estimate, search: Estimate | None, verdict: str) -> None:
    assert agreement(default, search).verdict == verdict


def _expected(d: tuple[float, float, float], s: tuple[float, float, float]) -> str:
    """The rule, restated: zero width, then apart, then the signs of the point estimates."""
    if d[1] == d[2] or s[1] == s[2]:
        return NOT_MEASURABLE
    if d[1] > s[2] or s[1] > d[2]:
        return APART
    sign = lambda x: math.copysign(1, x) if x else 0  # noqa: E731
    return AGREES if sign(d[0]) == sign(s[0]) else OPPOSITE


ENDS = (-2.0, -1.0, 0.0, 1.0, 2.0)
SHAPES = [
    (value, low, high)
    for low, high in itertools.combinations_with_replacement(ENDS, 2)
    for value in sorted({low, (low + high) / 2, high})
]
"""Every interval with its ends on a grid round 0 (of zero width too), and points at its ends and middle."""


def test_every_shape_against_every_shape() -> None:
    assert len(SHAPES) > 30
    seen = set()
    for d, s in itertools.product(SHAPES, SHAPES):
        got = agreement(est(*d), est(*s, "rollout"))
        assert got.verdict == _expected(d, s), (d, s, got)
        assert got.certified == (got.verdict == AGREES) and got.depends == (got.verdict in (APART, OPPOSITE))
        assert agreement(est(*s), est(*d, "rollout")).verdict == got.verdict  # symmetric
        seen.add(got.verdict)
    assert seen == {AGREES, APART, OPPOSITE, NOT_MEASURABLE}


def test_reasons_name_the_players() -> None:
    a = agreement(est(1.8, 1.5, 2.2), est(2.0, -0.6, 4.6, "rollout"))
    assert a.reason == "intervals overlap, both positive; the rollout interval covers 0"
    assert (a.default_policy, a.search_policy) == ("expert", "rollout")
    assert "rollout interval lies above the expert interval" in agreement(est(1, 0, 2), est(5, 4, 6, "rollout")).reason
    assert agreement(est(0, 0, 0, "heuristic"), est(1, 0, 2, "rollout")).reason.startswith("heuristic gives")


def test_bad_input_is_a_clear_error() -> None:
    with pytest.raises(TypeError, match="must be an Estimate"):
        agreement((1.0, 0.5, 1.5), None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="reversed"):
        agreement(est(1.0, 2.0, 0.5), None)


# ---------------------------------------------------------------- the front page's section, from the data
def _frame(name: str, rows: list[list[str]]) -> pd.DataFrame:
    """A fake analysis result: only what the page reads (``attrs``), a one-pixel chart beside it."""
    frame = pd.DataFrame({"value": [1.0]})
    frame.attrs = {
        "name": name,
        "title": f"Title of {name}",
        "question": "Q?",
        "finding": f"finding of {name}",
        "assumptions": {"sample": "none"},
        "display": {"columns": ["a"], "data": [["1"]]},
        "size": "tiny",
        "files": [],
    }
    if rows:
        frame.attrs["certificate"] = {"columns": list(CERTIFICATE_COLUMNS), "data": rows}
    return frame


FAKE = [
    _frame("one", [["answer A", "expert: +1", "rollout: +2", AGREES, "overlap"],
                   ["answer B", "expert: +1", "rollout: -5", APART, "apart"],
                   ["answer C", "expert: 0", "rollout: 0", NOT_MEASURABLE, "flat"]]),
    _frame("two", [["answer D", "exact: 3", "-", EXACT, "count"],
                   ["answer E", "expert: +1", "not run", TOO_COSTLY, "slow"],
                   ["answer F", "expert: +1", "rollout: -1", OPPOSITE, "signs"]]),
    _frame("three", []),
]  # fmt: skip


def test_the_certificates_are_collected_and_grouped() -> None:
    table = certificates(FAKE)
    assert table.answer.tolist() == [f"answer {c}" for c in "ABCDEF"]
    assert table.group.tolist() == ["certified", "depends", "not certified", "exact", "not certified", "depends"]
    assert len(certificates([FAKE[2]])) == 0


def test_the_front_page_lists_them_from_the_data(tmp_path: Path) -> None:
    for f in FAKE:
        (tmp_path / f"{f.attrs['name']}.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    md = write_readme(FAKE, tmp_path, "tiny").read_text()
    page = write_index(FAKE, tmp_path, "tiny").read_text()
    section = md.split("## Which answers are certified")[1].split("## Title of one")[0]
    certified = section.split("### Certified: the search player agrees (1)")[1].split("###")[0]
    depends = section.split("### Still depend on the player (2)")[1].split("###")[0]
    uncertified = section.split("### Not certified (2)")[1]
    assert "answer A" in certified and "answer B" not in certified
    assert "answer B" in depends and "answer F" in depends and "answer A" not in depends
    assert "answer C" in uncertified and "answer E" in uncertified and TOO_COSTLY in uncertified
    assert "Exact counts, no player involved: answer D." in uncertified
    assert "Of 5 simulated answers 1 are certified, 2 still depend on the player and 2 are not certified" in section
    assert md.index("## Which answers are certified") < md.index("## Title of one")
    assert '<section id="certified"><h2>Which answers are certified</h2>' in page and 'href="#certified"' in page
    assert "answer F" in page.split('<section id="certified">')[1].split("</section>")[0]


def test_no_certificate_no_section(tmp_path: Path) -> None:
    (tmp_path / "three.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    assert "certified" not in write_readme([FAKE[2]], tmp_path, "tiny").read_text()
    assert "certified" not in write_index([FAKE[2]], tmp_path, "tiny").read_text()
