"""Reading the state directory: reading meta of every format, incremental replay of a growing
log, torn last lines, the live follower."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from web.follow import Follower
from web.reading import reading_of
from web.store import StateDir, load_game


def test_reading_meta_in_every_format() -> None:
    new = reading_of({"read": "camera", "photo": "photos/g/0002.jpg", "looks": 2,
                      "seen": [{"value": 5, "box": [1, 2, 3, 4], "confidence": 0.9},
                               {"value": "anchor", "box": [5, 6, 7, 8]}]})
    assert new is not None and new.camera and new.looks == 2
    assert [d.value for d in new.batches[0].dice] == [5, "anchor"]
    assert new.batches[0].dice[0].box == (1.0, 2.0, 3.0, 4.0)
    batches = reading_of({"read": "camera", "photo": "b.jpg", "seen": [],
                          "batches": [{"photo": "a.jpg", "seen": [{"value": 2}]},
                                      {"photo": "b.jpg", "seen": []}]})
    assert batches is not None and [b.photo for b in batches.batches] == ["a.jpg", "b.jpg"]
    assert batches.batches[0].dice[0].box is None
    manual = reading_of({"read": "manual", "why": "a die could not be read", "seen": [],
                         "confirmed_by": ["Ann", "Bob"]})
    assert manual is not None and not manual.camera and manual.why
    for old in ({"read": "camera"}, {"read": "camera", "seen": 2, "looks": 1}):
        r = reading_of(old)
        assert r is not None and r.camera and r.batches == ()
    assert reading_of({"cup": [2, 6]}) is None and reading_of(None) is None
    odd = reading_of({"read": "camera", "photo": 7, "looks": "x",
                      "seen": [{"value": True}, {"value": 3, "box": [1, "a", 2, 3]}, "junk"]})
    assert odd is not None and odd.looks is None
    assert [(d.value, d.box) for b in odd.batches for d in b.dice] == [(3, None)]


def test_a_growing_log_is_replayed_only_from_its_new_actions(new_game: Any,
                                                             state_dir: Path) -> None:
    game = new_game()
    game.play(10)
    store = StateDir(state_dir)
    first = store.game(game.id)
    assert first is not None and len(first.steps) == 10
    steps = list(first.steps)
    game.play(15)
    grown = store.game(game.id)
    assert grown is first and len(grown.steps) == 25  # the same view, continued
    assert grown.steps[:10] == steps
    fresh = load_game(game.id, game.path.read_bytes())
    assert fresh.summary == grown.summary and fresh.tallies == grown.tallies
    assert fresh.steps == grown.steps


def test_a_torn_last_line_is_skipped_and_a_replaced_log_replayed_anew(
        new_game: Any, state_dir: Path) -> None:
    game = new_game()
    game.play(6)
    store = StateDir(state_dir)
    assert len(store.game(game.id).steps) == 6  # type: ignore[union-attr]
    with open(game.path, "ab") as fh:
        fh.write(b'{"type": "action", "n": 7, "act')
    torn = store.game(game.id)
    assert torn is not None and len(torn.steps) == 6 and torn.warnings
    lines = game.path.read_bytes().splitlines(keepends=True)
    game.path.write_bytes(b"".join(lines[:3]))  # a different, shorter log under the name
    again = store.game(game.id)
    assert again is not None and len(again.steps) == 2 and again.error is None


def test_a_log_that_cannot_be_replayed_says_why(state_dir: Path) -> None:
    (state_dir / "logs").mkdir()
    (state_dir / "logs" / "bad.jsonl").write_text('{"v": 1, "type": "start", "game": "chess"}\n')
    view = StateDir(state_dir).game("bad")
    assert view is not None and view.error and "chess" in view.error
    assert StateDir(state_dir).game("missing") is None


def test_the_follower_renders_once_per_change_and_wakes_every_waiter(new_game: Any,
                                                                     state_dir: Path) -> None:
    game = new_game()
    game.play(2)
    renders: list[int] = []

    def render(view: Any) -> str:
        renders.append(len(view.steps))
        return f"{len(view.steps)} actions"

    async def scenario() -> None:
        follower = Follower(StateDir(state_dir), render, interval=0.01)
        assert follower.poll() and follower.version == 1
        assert not follower.poll()  # nothing changed: not even replayed
        waiters = [asyncio.create_task(follower.wait(1, timeout=5)) for _ in range(20)]
        await asyncio.sleep(0)
        assert not await follower.wait(1, timeout=0.01)
        game.play(1)
        assert follower.poll() and follower.version == 2
        assert all(await asyncio.gather(*waiters))
        assert '"html": "3 actions"' in follower.message

    asyncio.run(scenario())
    assert renders == [2, 3]
