"""Soak: 50 phones follow the live page of a real ``bluffbox web`` while a 200-action game is
played. Every client must see the final table, within a bounded time, and the server's
memory must stay flat (its RSS after the game against after the first actions)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx2 as httpx

CLIENTS = 50
ACTIONS = 200
RSS_GROWTH_KB = 12_000
DEADLINE_S = 180
CONNECTS = 5  # a phone whose connection is refused or times out tries again, as a browser's
#               EventSource does (under qemu, 50 connects at once can outwait a timeout)


async def follow(url: str, until: str, seen: list[int]) -> bool:
    """Read the event stream until a table containing ``until`` arrives, connecting again
    (up to ``CONNECTS`` times) where a connection could not be made."""
    async with httpx.AsyncClient(timeout=httpx.Timeout(30.0)) as client:
        for _ in range(CONNECTS - 1):
            try:
                return await _read_until(client, url, until, seen)
            except (httpx.ConnectError, httpx.ConnectTimeout):
                await asyncio.sleep(1.0)
        return await _read_until(client, url, until, seen)  # the last try: its error stands


async def _read_until(client: httpx.AsyncClient, url: str, until: str, seen: list[int]) -> bool:
    """One connection's event stream, read until a table containing ``until`` arrives."""
    async with client.stream("GET", url + "/events") as response:
        assert response.status_code == 200
        async for line in response.aiter_lines():
            if line.startswith("data: "):
                message = json.loads(line[len("data: "):])
                seen.append(message["version"])
                if until in message["html"]:
                    return True
    return False


def test_fifty_clients_follow_a_200_action_game(web_server: Any, new_game: Any) -> None:
    game = new_game(seed=0, players=("Ann", "Bob", "Cat", "Dan", "Eve", "Fay"),
                    strike_limit=9)
    game.play(1)
    final = f"{ACTIONS} actions logged"

    async def scenario() -> tuple[list[bool], list[list[int]], int, int]:
        seen: list[list[int]] = [[] for _ in range(CLIENTS)]
        clients = [asyncio.create_task(follow(web_server.url, final, s)) for s in seen]
        while sum(1 for s in seen if s) < CLIENTS:  # every client has its first table
            for c in clients:  # a phone that could not connect: its error, not the deadline's
                error = c.exception() if c.done() else None
                if error is not None:
                    raise error
            await asyncio.sleep(0.05)
        game.play(19)
        await asyncio.sleep(0.5)
        rss_warm = web_server.rss_kb()
        while game.actions < ACTIONS:
            game.step()
            await asyncio.sleep(0.01)
        done = await asyncio.gather(*clients)
        return done, seen, rss_warm, web_server.rss_kb()

    done, seen, rss_warm, rss_end = asyncio.run(asyncio.wait_for(scenario(), DEADLINE_S))
    print(f"{CLIENTS} clients, {ACTIONS} actions: server RSS {rss_warm} kB after 20 actions,"
          f" {rss_end} kB at the end; updates seen per client"
          f" {min(map(len, seen))}-{max(map(len, seen))}")
    assert all(done), "a client never saw the final table"
    assert all(s == sorted(s) for s in seen), "versions must only go up"
    assert rss_end - rss_warm < RSS_GROWTH_KB, (rss_warm, rss_end)
    # and the server still answers
    assert json.loads(web_server.get("/api/live"))["game"]["actions"] == ACTIONS
