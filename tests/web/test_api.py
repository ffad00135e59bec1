"""The web API against the CLI: same arguments, same JSON; bad input 4xx with the CLI's message, never a traceback."""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import wizstats
from wizstats.cli import main
from wizstats.web import LIMITS, Limits, create_app
from wizstats.web.jobs import Busy, Gone, JobPool

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "wizstats" / "web" / "static"


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run the CLI in-process: (exit status, stdout, stderr)."""
    capsys.readouterr()
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own errors exit from the parser
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def cli_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> Any:
    code, out, err = run_cli([*argv, "--format", "json"], capsys)
    assert code == 0, err
    return json.loads(out)


def cli_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The CLI's one-line error for ``argv`` (after 'wizstats ...: error: ')."""
    code, _, err = run_cli(argv, capsys)
    assert code == 2, f"the CLI accepted {argv}"
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0].split(": error: ", 1)[1]


# ---- good input: the JSON the CLI prints ---------------------------------------------------------

SAME_AS_CLI = [
    (  # the README's example, small n
        "/api/bid?hand=W,R12,B3&trump=R5&players=4&seat=3&bids=1,0&n=300&seed=0",
        [
            "bid",
            "W",
            "R12",
            "B3",
            "--trump",
            "R5",
            "--players",
            "4",
            "--seat",
            "3",
            "--bids",
            "1",
            "0",
            "--n",
            "300",
            "--seed",
            "0",
        ],
    ),
    (  # the dealer under plus/minus one, a turned Wizard and the named suit
        "/api/bid?hand=R13+B13+G2+Y7+J&trump=W:red&seat=0&bids=1,2,0&plus-minus-one=1&n=200&seed=1",
        [
            "bid",
            "R13",
            "B13",
            "G2",
            "Y7",
            "J",
            "--trump",
            "W:red",
            "--seat",
            "0",
            "--bids",
            "1",
            "2",
            "0",
            "--plus-minus-one",
            "--n",
            "200",
            "--seed",
            "1",
        ],
    ),
    (  # earlier bids not seen (hidden), the defaults of seed and policy
        "/api/bid?hand=B13&trump=none&players=3&seat=2&n=300",
        ["bid", "B13", "--trump", "none", "--players", "3", "--seat", "2", "--n", "300"],
    ),
    (
        "/api/bid?hand=w,j,g7&trump=J&policy=baseline&n=200&seed=3",
        ["bid", "w", "j", "g7", "--trump", "J", "--policy", "baseline", "--n", "200", "--seed", "3"],
    ),
    (
        "/api/strength?card=R13&players=4&hand-size=3&n=300",
        ["strength", "R13", "--players", "4", "--hand-size", "3", "--n", "300"],
    ),
    (
        "/api/strength?card=G7&players=6&hand_size=2&seat=1&trump=plain&n=200&seed=5",
        [
            "strength",
            "G7",
            "--players",
            "6",
            "--hand-size",
            "2",
            "--seat",
            "1",
            "--trump",
            "plain",
            "--n",
            "200",
            "--seed",
            "5",
        ],
    ),
    ("/api/ask", ["ask", "--list"]),
    ("/api/ask/last-rounds?players=6&k=2", ["ask", "last-rounds", "--players", "6", "--k", "2"]),
    ("/api/ask/non-trump-13?players=5", ["ask", "non-trump-13", "--players", "5"]),
    ("/api/ask/sure-tricks", ["ask", "sure-tricks"]),
    ("/api/ask/highest-of-suit?rank=12&players=5", ["ask", "highest-of-suit", "--rank", "12", "--players", "5"]),
    ("/api/ask/one-card-round?bids=0,1", ["ask", "one-card-round", "--bids", "0", "1"]),
    (
        "/api/ask/bids-add-up?hand-size=2&n=200&plus-minus-one=0",
        ["ask", "bids-add-up", "--hand-size", "2", "--n", "200"],
    ),
]


@pytest.mark.parametrize(
    ("url", "argv"), SAME_AS_CLI, ids=[u.split("?")[0] + str(i) for i, (u, _) in enumerate(SAME_AS_CLI)]
)
def test_same_json_as_the_cli(client: Any, capsys: pytest.CaptureFixture[str], url: str, argv: list[str]) -> None:
    response = client.get(url)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    assert response.json() == cli_json(argv, capsys)


@pytest.mark.parametrize(
    ("sheet", "query", "flags"),
    [
        ("game.csv", "", []),
        ("tournament.csv", "", []),
        ("game.csv", "?scoring=alternative", ["--scoring", "alternative"]),
    ],
)
def test_score_sheet_as_the_cli(
    client: Any, capsys: pytest.CaptureFixture[str], sheet: str, query: str, flags: list[str]
) -> None:
    path = ROOT / "examples" / sheet
    response = client.post("/api/score" + query, content=path.read_bytes())
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["rows"] == cli_json(["score", str(path), *flags], capsys)
    checked = wizstats.ScoreSheet.read(path, scoring=flags[1] if flags else None)
    assert body["totals"] == {p: float(v) for p, v in checked.totals.items()}
    assert body["winners"] == checked.winners
    assert body["dealers"] == checked.dealers()
    assert body["hand_sizes"] == list(checked.plan.hand_sizes)
    assert body["verdict"][0] in checked.render()


def test_health_and_info(client: Any) -> None:
    health = client.get("/api/health").json()
    assert health["status"] == "ok" and health["version"] == wizstats.__version__
    info = client.get("/api/info").json()
    assert info["default_policy"] == wizstats.DEFAULT_POLICY
    assert sorted(info["policies"]) == sorted(wizstats.POLICIES)
    assert info["limits"]["max_n"] == LIMITS.max_n


def test_plan(client: Any) -> None:
    assert client.get("/api/plan?players=3").json()["hand_sizes"] == list(range(1, 21))
    assert client.get("/api/plan?players=4&tournament=1").json()["hand_sizes"] == list(
        wizstats.Rules.tournament(4).schedule
    )


def test_answers_are_cached(client: Any) -> None:
    url = "/api/bid?hand=G9,Y1&trump=B2&n=200&seed=11"
    first = client.get(url)
    assert first.status_code == 200
    cache = client.app.state.server.cache
    size = len(cache)
    assert client.get(url).json() == first.json()
    assert len(cache) == size  # answered from the cache, not computed again


# ---- bad input: 4xx, the CLI's message ------------------------------------------------------------

BAD_AS_CLI = [
    ("/api/bid?hand=Q1&trump=R5", ["bid", "Q1", "--trump", "R5"]),
    ("/api/bid?hand=W&trump=R5&players=x", ["bid", "W", "--trump", "R5", "--players", "x"]),
    ("/api/bid?hand=R5&trump=R5", ["bid", "R5", "--trump", "R5"]),
    ("/api/bid?hand=W&trump=R5&seat=3&bids=", ["bid", "W", "--trump", "R5", "--seat", "3", "--bids"]),
    (
        "/api/bid?hand=W&trump=R5&seat=0&plus-minus-one=yes",
        ["bid", "W", "--trump", "R5", "--seat", "0", "--plus-minus-one"],
    ),
    ("/api/bid?hand=W&trump=R5&policy=nobody", ["bid", "W", "--trump", "R5", "--policy", "nobody"]),
    ("/api/bid?hand=W,W,W,W,W&trump=W", ["bid", "W", "W", "W", "W", "W", "--trump", "W"]),
    ("/api/bid?hand=W&trump=R5&seed=-1", ["bid", "W", "--trump", "R5", "--seed", "-1"]),
    ("/api/bid?hand=W", ["bid", "W"]),
    ("/api/bid?trump=R5", ["bid", "--trump", "R5"]),
    ("/api/strength?card=X", ["strength", "X"]),
    ("/api/strength?card=R13&hand-size=99", ["strength", "R13", "--hand-size", "99"]),
    ("/api/ask/nope", ["ask", "nope"]),
    ("/api/ask/last-rounds?k=x", ["ask", "last-rounds", "--k", "x"]),
    ("/api/ask/plus-minus-one-dealer?n=0", ["ask", "plus-minus-one-dealer", "--n", "0"]),
    ("/api/ask/highest-of-suit?rank=14", ["ask", "highest-of-suit", "--rank", "14"]),
    ("/api/ask/last-rounds?rank=5", ["ask", "last-rounds", "--rank", "5"]),
    ("/api/ask/one-card-round?bids=0,2", ["ask", "one-card-round", "--bids", "0", "2"]),
]


@pytest.mark.parametrize(("url", "argv"), BAD_AS_CLI, ids=[str(i) for i in range(len(BAD_AS_CLI))])
def test_bad_input_gives_the_cli_message(
    client: Any, capsys: pytest.CaptureFixture[str], url: str, argv: list[str]
) -> None:
    response = client.get(url)
    assert response.status_code == 400, response.text
    assert response.json() == {"error": cli_error(argv, capsys)}


def test_bad_score_sheet(client: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = "# players: Ann, Bob, Cid\nround,player,bid,tricks\n1,Ann,1,1\n1,Bob,0,1\n1,Cid,0,0\n2,Ann,x,0\n"
    path = tmp_path / "bad.csv"
    path.write_text(text)
    response = client.post("/api/score", content=text)
    assert response.status_code == 400
    body = response.json()
    cli = cli_error(["score", str(path)], capsys)
    assert body["error"].removeprefix("score sheet: ") == cli.removeprefix(f"{path}: ")
    assert body["problems"] == [[6, "bid 'x' is not a whole number >= 0"]]


@pytest.mark.parametrize(
    ("method", "url", "body", "status", "message"),
    [
        ("GET", "/api/bid?hand=W&trump=R5&colour=red", None, 400, "unknown parameter 'colour'"),
        ("GET", "/api/bid?hand=W&trump=R5&bids=--help", None, 400, "argument --bids: invalid int value: '--help'"),
        ("GET", "/api/bid?hand=W&trump=R5&seed=1&seed=2", None, 400, "give seed once"),
        ("GET", "/api/ask/last-rounds?schedule=weekly", None, 400, "argument --schedule: invalid choice: 'weekly'"),
        ("GET", "/api/bid?hand=--help&trump=R5", None, 400, "unknown card '--help'"),
        ("GET", "/api/bid?hand=W&trump=--help", None, 400, "impossible trump '--help'"),
        ("GET", "/api/bid?hand=W&trump=R5&plus-minus-one=maybe", None, 400, "plus-minus-one must be one of"),
        ("GET", "/api/bid?hand=W&trump=R5&n=20001", None, 400, "n is capped at 20,000"),
        ("GET", "/api/bid?hand=W,W,R13,R12,B1,B2,B3,B4,G1,G2&trump=R5&n=20000", None, 400, "n x (hand size + 1)"),
        ("GET", "/api/bid?hand=W,R12,B3&trump=R5&policy=rollout&n=51", None, 400, "capped at 200"),
        ("GET", "/api/bid?hand=W&trump=R5&policy=pimc:worlds=999&n=5", None, 400, "default parameters"),
        ("GET", "/api/strength?card=W&hand-size=5&policy=pimc&n=51", None, 400, "n x hand size"),
        ("GET", "/api/ask/bidding-last?policy=rollout", None, 400, "use the CLI"),
        ("GET", "/api/ask/bidding-last?n=10001", None, 400, "capped at 10,000"),
        ("GET", "/api/plan?players=9", None, 400, "3 to 6 players"),
        ("GET", "/api/plan?players=x", None, 400, "whole number"),
        (
            "GET",
            "/api/bid?hand=W&trump=R5&n=\u0665\u0660",
            None,
            400,
            "argument --n: invalid int value: '\u0665\u0660'",
        ),
        ("GET", "/api/bid?hand=W&trump=R5&seed=1_0", None, 400, "argument --seed: invalid int value: '1_0'"),
        ("GET", "/api/plan?deck=junior", None, 400, "unknown parameter"),
        ("POST", "/api/score?rules=x", "round,player,bid,tricks\n", 400, "unknown parameter 'rules'"),
        ("POST", "/api/score", b"\xff\xfe\x00round", 400, "not UTF-8"),
        ("POST", "/api/score", "x" * (LIMITS.max_body_bytes + 1), 413, "larger than 1,000,000 bytes"),
        ("POST", "/api/score", "", 400, "no header row"),
        ("GET", "/api/score", None, 405, "Method Not Allowed"),
        ("POST", "/api/bid?hand=W&trump=R5", "x", 405, "Method Not Allowed"),
        ("GET", "/api/nothing", None, 404, "Not Found"),
    ],
)
def test_bad_requests_are_4xx_json(client: Any, method: str, url: str, body: Any, status: int, message: str) -> None:
    response = client.request(method, url, content=body)
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    assert message in response.json()["error"]
    assert "Traceback" not in response.text


def test_body_limit_holds_without_content_length(client: Any) -> None:
    """A chunked upload (no Content-Length) is cut off at the limit too."""

    def chunks() -> Any:
        for _ in range(LIMITS.max_body_bytes // 65536 + 2):
            yield b"x" * 65536

    response = client.post("/api/score", content=chunks())
    assert response.status_code == 413


def test_foreign_host_header_is_refused(client: Any) -> None:
    assert client.get("/api/health", headers={"Host": "attacker.example"}).status_code == 400


def test_unexpected_errors_are_clean_500(monkeypatch: pytest.MonkeyPatch) -> None:
    """Anything unexpected, in the app or in a job, answers 500 with a one-line JSON error and no traceback."""
    from starlette.testclient import TestClient

    import wizstats.web.app
    import wizstats.web.commands

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    with TestClient(create_app(), base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        monkeypatch.setattr(wizstats.web.commands.ScoreSheet, "parse", boom)  # inside a job (score: in a thread)
        job = client.post("/api/score", content=(ROOT / "examples" / "game.csv").read_text())
        monkeypatch.setattr(wizstats.web.app, "read_params", boom)  # in the app itself
        app = client.get("/api/bid?hand=W&trump=R5")
    for response in (job, app):
        assert response.status_code == 500
        assert response.json() == {"error": "internal error (RuntimeError); the server's log has the details"}


# ---- pages and static files ---------------------------------------------------------------------


def test_pages_and_their_files(client: Any) -> None:
    for page in ("/", "/score"):
        response = client.get(page)
        assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
        assert "default-src 'self'" in response.headers["content-security-policy"]
        for ref in re.findall(r'(?:src|href)="(/static/[^"]+)"', response.text):
            asset = client.get(ref)
            assert asset.status_code == 200, ref
            assert asset.content == (STATIC / ref.removeprefix("/static/")).read_bytes()


def test_pages_are_whole(client: Any) -> None:
    """Each page is its body in the head the pages share (``static/page.html``), nothing left to fill in."""
    from wizstats.web.app import PAGES

    for path, (body, title, script) in PAGES.items():
        text = client.get(path).text
        assert text.startswith("<!doctype html>") and text.endswith("</body>\n</html>\n"), path
        assert f"<title>wizstats · {title}</title>" in text and f'src="/static/{script}"' in text
        assert (STATIC / body).read_text(encoding="utf-8") in text and "$" not in text


def test_no_asset_comes_from_elsewhere() -> None:
    """The pages load nothing from the internet: no URL in them but the SVG namespace."""
    for path in STATIC.iterdir():
        text = path.read_text(encoding="utf-8")
        urls = set(re.findall(r"(?:https?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}[^\s\"')]*", text))
        assert urls <= {"http://www.w3.org/2000/svg"}, (path.name, urls)
        assert "@import" not in text and "url(" not in text


@pytest.mark.parametrize(
    "path",
    [
        "/static/../app.py",
        "/static/..%2fapp.py",
        "/static/%2e%2e%2fcommands.py",
        "/static/app.py",
        "/static/..%5capp.py",
        "/static/",
        "/static/%2fetc%2fpasswd",
        "/static/style.css%00.html",
    ],
)
def test_no_path_traversal(client: Any, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert "import" not in response.text


# ---- the bounded pools --------------------------------------------------------------------------


def test_full_pool_is_busy_at_once() -> None:
    """With every worker busy and the queue full, one more job raises Busy without waiting."""

    async def scenario() -> tuple[list[object], float]:
        pool = JobPool(1, 1, processes=False)
        release = threading.Event()
        running = [asyncio.ensure_future(pool.run(release.wait, 10)) for _ in range(2)]
        await asyncio.sleep(0.05)
        started = time.perf_counter()
        with pytest.raises(Busy):
            await pool.run(time.sleep, 0)
        waited = time.perf_counter() - started
        release.set()
        results = await asyncio.gather(*running)
        pool.close()
        return results, waited

    results, waited = asyncio.run(scenario())
    assert results == [True, True]
    assert waited < 0.05


def test_job_of_a_client_gone_is_dropped() -> None:
    """A waiting job whose client went away is taken out of the queue and never runs."""
    ran = threading.Event()

    async def scenario() -> None:
        pool = JobPool(1, 2, processes=False)
        release = threading.Event()
        first = asyncio.ensure_future(pool.run(release.wait, 10))
        await asyncio.sleep(0.05)

        async def gone() -> bool:
            return True

        with pytest.raises(Gone):
            await pool.run(ran.set, disconnected=gone)
        release.set()
        await first
        await asyncio.sleep(0.05)
        pool.close()

    asyncio.run(scenario())
    assert not ran.is_set()


def test_limits_can_be_set() -> None:
    app = create_app(Limits(max_n=100, workers=1, queue=0))
    assert app.state.server.limits.max_n == 100 and app.state.server.heavy.capacity == 1
