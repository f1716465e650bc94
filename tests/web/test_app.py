"""Every route of the scoreboard through Starlette's TestClient, hostile requests included."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from starlette.testclient import TestClient

from games import registry
from games.common import Rules
from games.doubting.actions import Bid, Challenge
from games.doubting.rules import DoubtingDice
from games.log import LogWriter
from web.app import MAX_QUERY, create_app


def client(state: Path, **options: Any) -> TestClient:
    return TestClient(create_app(state, **options))


def test_empty_state_dir_serves_every_page(state_dir: Path) -> None:
    c = client(state_dir / "nowhere")
    assert "No game yet" in c.get("/").text
    assert "No games yet" in c.get("/games").text
    assert c.get("/api/live").json() == {"version": 1, "game": None}
    stats = c.get("/api/stats").json()
    assert stats["games"] == 0 and stats["faces"]["verdict"] == "no camera-read rolls yet"
    assert c.get("/stats").status_code == 200


def test_live_page_shows_the_newest_game_and_its_last_ruling(new_game: Any,
                                                             state_dir: Path) -> None:
    old = new_game(game_id="20250101-000000", players=("Xavier", "Yves"))
    old.play()
    game = new_game(seed=5)
    game.play(12)
    c = client(state_dir)
    page = c.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    text = page.text
    assert "Ann" in text and "Xavier" not in text
    assert "12 actions logged" in text
    assert '<script src="/static/live.js"' in text
    view = c.app.app.state.store.game(game.id)  # type: ignore[attr-defined]
    last = view.last_ruling
    assert last is not None and all(escape(e) in text for e in last.events)
    live = c.get("/api/live").json()["game"]
    assert live["id"] == game.id and live["actions"] == 12
    assert live["summary"]["players"][0]["name"] == "Ann"
    assert live["last_ruling"]["photos"] == [f"/photo/{game.id}/{last.n}/0"]
    # the photo with the boxes the camera saw drawn over it
    assert f'<image href="/photo/{game.id}/{last.n}/0" width="320" height="240"/>' in text
    assert text.count('<rect x="') >= 2


def test_history_and_game_pages_list_rulings_in_order(new_game: Any, state_dir: Path) -> None:
    game = new_game()
    game.play()
    c = client(state_dir)
    history = c.get("/games").text
    assert f'href="/games/{game.id}"' in history and "won" in history
    page = c.get(f"/games/{game.id}").text
    view = c.app.app.state.store.game(game.id)  # type: ignore[attr-defined]
    numbers = [s.n for s in view.rulings]
    assert numbers and numbers == sorted(numbers)
    positions = [page.index(f"Action {n}: read by the camera") for n in numbers]
    assert positions == sorted(positions)
    assert page.count("<figure") == len(numbers)


def test_photo_is_served_by_its_log_reference_only(new_game: Any, state_dir: Path) -> None:
    game = new_game()
    game.play(10)
    c = client(state_dir)
    view = c.app.app.state.store.game(game.id)  # type: ignore[attr-defined]
    ruling = view.rulings[0]
    r = c.get(f"/photo/{game.id}/{ruling.n}/0")
    photo = state_dir / ruling.reading.batches[0].photo
    assert r.status_code == 200 and r.headers["content-type"] == "image/jpeg"
    assert r.content == photo.read_bytes()
    declare = next(s for s in view.steps if s.reading is None)
    for path in (f"/photo/{game.id}/{declare.n}/0",  # an action without a photo
                 f"/photo/{game.id}/{ruling.n}/1",  # no second tray
                 f"/photo/{game.id}/999/0", f"/photo/nogame/{ruling.n}/0",
                 f"/photo/{game.id}/x/0", f"/photo/{game.id}/-1/0"):
        assert c.get(path).status_code == 404, path


HOSTILE_PATHS = [
    "/photo/..%2F..%2Fetc/1/0", "/photo/../../etc/passwd", "/games/..", "/games/..%2Flogs",
    "/games/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/static/", "/static/../app.py",
    "/static/%2e%2e/app.py", "/static/..%2Fapp.py", "/photos/", "/logs/", "/photo/",
    "/games/20260101-120000.jsonl", "//etc/passwd", "/%00", "/games/%00",
]


def raw_get(app: Any, raw_path: str) -> tuple[int, bytes]:
    """GET ``raw_path`` exactly as sent (HTTP clients would normalise the dot segments)."""
    path, _, query = raw_path.partition("?")
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": unquote(path),
             "raw_path": path.encode(), "query_string": query.encode(), "root_path": "",
             "headers": [(b"host", b"testserver")], "client": ("127.0.0.1", 1),
             "server": ("testserver", 80)}
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return sent[0]["status"], body


@pytest.mark.parametrize("path", HOSTILE_PATHS)
def test_no_request_path_reaches_the_file_system(new_game: Any, state_dir: Path,
                                                 path: str) -> None:
    new_game().play(6)
    status, body = raw_get(create_app(state_dir), path)
    assert status == 404, (path, status)
    assert b"root:" not in body and b"import" not in body


def _log_with_photo_refs(state: Path, refs: Sequence[str]) -> str:
    """A game whose readings name ``refs`` as photos (what a tampered log could say)."""
    rules = DoubtingDice()
    (state / "logs").mkdir(parents=True, exist_ok=True)
    with LogWriter.create(state / "logs" / "20260202-000000.jsonl", rules, ["Ann", "Bob"]) as w:
        w.action(Bid(2, 5))
        w.action(Challenge(dice=(5, 5, 1, 2, 3, 4, 6, 2, 3, 5)),
                 {"read": "camera", "batches": [{"photo": r, "seen": []} for r in refs]})
    return "20260202-000000"


def test_photos_outside_the_state_dir_are_refused_even_if_the_log_names_them(
        state_dir: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.jpg"
    secret.write_bytes(b"\xff\xd8secret")
    (state_dir / "photos").mkdir()
    (state_dir / "photos" / "link.jpg").symlink_to(secret)
    (state_dir / "photos" / "notes.txt").write_text("not a photo")
    gid = _log_with_photo_refs(state_dir, ["../secret.jpg", str(secret), "photos/link.jpg",
                                           "photos/notes.txt", "photos/missing.jpg",
                                           "photos/\x00.jpg", "photos"])
    c = client(state_dir)
    for batch in range(7):
        r = c.get(f"/photo/{gid}/2/{batch}")
        assert r.status_code == 404 and b"secret" not in r.content, batch


@pytest.mark.parametrize(("method", "status"), [("POST", 405), ("PUT", 405), ("DELETE", 405),
                                                ("PATCH", 405), ("OPTIONS", 405)])
def test_only_reads_are_allowed(state_dir: Path, method: str, status: int) -> None:
    r = client(state_dir).request(method, "/")
    assert r.status_code == status and r.headers["allow"] == "GET, HEAD"


def test_bounded_requests(state_dir: Path) -> None:
    state = state_dir
    c = client(state)
    assert c.get("/?" + "a" * MAX_QUERY).status_code == 200
    assert c.get("/?" + "a" * (MAX_QUERY + 1)).status_code == 414
    assert raw_get(create_app(state), "/stats?" + "x=1&" * 100_000)[0] == 414
    assert c.get("/games/" + "g" * 300).status_code == 414
    r = c.request("GET", "/", content=b"x" * 10)
    assert r.status_code == 413
    assert c.head("/").status_code == 200
    assert c.get("/nothing-here").status_code == 404


def test_every_answer_carries_a_same_origin_policy(state_dir: Path) -> None:
    c = client(state_dir)
    for path in ("/", "/games", "/stats", "/api/stats", "/static/style.css", "/nope"):
        r = c.get(path)
        assert "default-src 'self'" in r.headers["content-security-policy"], path
        assert r.headers["x-content-type-options"] == "nosniff"
    assert c.post("/").headers["content-security-policy"]


def test_static_files_are_the_package_files(state_dir: Path) -> None:
    c = client(state_dir)
    css, js = c.get("/static/style.css"), c.get("/static/live.js")
    assert css.headers["content-type"].startswith("text/css") and "table.players" in css.text
    assert js.headers["content-type"].startswith("text/javascript")
    assert 'new EventSource("/events")' in js.text


def test_pages_make_no_requests_off_the_box(new_game: Any, state_dir: Path) -> None:
    new_game().play()
    c = client(state_dir)
    for path in ("/", "/games", "/games/20260101-120000", "/stats"):
        text = c.get(path).text
        assert "http://" not in text and "https://" not in text and "//" not in text.replace(
            "://", ""), path


def _events(c: TestClient) -> list[dict[str, Any]]:
    with c.stream("GET", "/events") as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        body = "".join(r.iter_text())
    return [json.loads(line[len("data: "):]) for line in body.splitlines()
            if line.startswith("data: ")]


def test_event_stream_sends_the_table_then_ends_after_its_lifetime(new_game: Any,
                                                                   state_dir: Path) -> None:
    game = new_game()
    game.play(3)
    c = client(state_dir, stream_s=0.3, ping_s=0.1)
    first = _events(c)
    assert first and "3 actions logged" in first[0]["html"]
    game.play(2)
    again = _events(c)
    assert "5 actions logged" in again[0]["html"] and again[0]["version"] > first[0]["version"]


def test_too_many_event_streams_are_refused(state_dir: Path) -> None:
    c = client(state_dir, max_streams=0)
    r = c.get("/events")
    assert r.status_code == 503 and r.headers["retry-after"]


def test_a_game_the_page_never_heard_of_renders_from_its_summary(
        state_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The summary() convention: a new game's players and table values show unchanged."""
    monkeypatch.setitem(registry._registered, CoinGame.name, CoinGame)
    rules = CoinGame()
    (state_dir / "logs").mkdir()
    with LogWriter.create(state_dir / "logs" / "20260303-000000.jsonl", rules,
                          ["Ann", "Bob"]) as w:
        w.action(Pay(3), {"read": "camera", "seen": 1, "looks": 1})  # an older meta
    c = client(state_dir)
    text = c.get("/").text
    for needle in ("Coin Game: Ann, Bob", "<th>coins</th>", "<td>7</td>", "<td>13</td>",
                   "<dt>bank</dt><dd>3</dd>", "Bob: pay the bank", "Ann pays 3",
                   "Action 1: read by the camera"):
        assert needle in text, needle
    assert '<tr class="turn"><th>Bob</th>' in text
    turns = c.get("/api/stats").json()["players"]
    assert turns == {"Ann": {"turns": 1}}


@dataclass(frozen=True)
class Pay:
    coins: int


@dataclass(frozen=True)
class CoinState:
    coins: tuple[int, ...]
    bank: int
    turn: int


@dataclass(frozen=True)
class Paid:
    seat: int
    coins: int

    def describe(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} pays {self.coins}"


class CoinGame(Rules[CoinState, Pay, None]):
    """A game the web package has never seen: only its summary() tells how to show it."""

    name = "coin_game"

    def default_settings(self) -> None:
        return None

    def new_game(self, players: Sequence[str], settings: None = None) -> CoinState:
        self.names = list(players)
        return CoinState((10,) * len(players), 0, 0)

    def legal_actions(self, state: CoinState) -> list[Pay]:
        return [Pay(1)]

    def apply(self, state: CoinState, action: Pay) -> tuple[CoinState, tuple[Any, ...]]:
        coins = list(state.coins)
        coins[state.turn] -= action.coins
        coins[1 - state.turn] += action.coins
        return (CoinState(tuple(coins), state.bank + action.coins, 1 - state.turn),
                (Paid(state.turn, action.coins),))

    def winner(self, state: CoinState) -> int | None:
        return None

    def action_to_json(self, action: Pay) -> dict[str, Any]:
        return {"type": "pay", "coins": action.coins}

    def action_from_json(self, data: Mapping[str, Any]) -> Pay:
        return Pay(int(data["coins"]))

    def settings_to_json(self, settings: None) -> dict[str, Any]:
        return {}

    def settings_from_json(self, data: Mapping[str, Any]) -> None:
        return None

    def summary(self, state: CoinState, names: Sequence[str] | None = None) -> dict[str, Any]:
        names = list(names or self.names)
        return {"game": self.name,
                "players": [{"seat": i, "name": n, "coins": c}
                            for i, (n, c) in enumerate(zip(names, state.coins, strict=True))],
                "awaiting": names[state.turn], "prompt": f"{names[state.turn]}: pay the bank",
                "bank": state.bank, "winner": None}


def test_no_directory_listing_of_the_state_dir(new_game: Any, state_dir: Path) -> None:
    new_game().play(6)
    c = client(state_dir)
    for path in ("/photo", "/photos", "/logs", "/static", "/var", "/state"):
        r = c.get(path)
        assert r.status_code == 404 and ".jsonl" not in r.text and ".jpg" not in r.text
    assert os.listdir(state_dir)  # (there is something that could have been listed)
