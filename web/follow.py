"""Follow the live game: poll the newest log cheaply, re-render on change, wake every client.

:class:`Follower` keeps the rendered live table and a version number. :meth:`Follower.poll`
compares :meth:`web.store.StateDir.live_signature` (two ``stat`` calls) with the last one;
only when it changed is the newest log replayed (incrementally) and rendered. :meth:`run`
polls every ``interval`` seconds (0.2 s: an fsynced action reaches the page well within a
second) and wakes all waiting clients at once; each client then sends the same prepared
message, so 50 phones cost one replay and one render per action.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

from web.store import GameView, StateDir


class Follower:
    def __init__(self, store: StateDir, render: Callable[[GameView | None], str],
                 interval: float = 0.2) -> None:
        self.store = store
        self.render = render
        self.interval = interval
        self.version = 0
        self.html = ""
        self.message = ""
        self._signature: tuple[object, ...] | None = None
        self._changed = asyncio.Event()

    def poll(self) -> bool:
        """Re-render if the newest log changed; whether the table changed."""
        signature = self.store.live_signature()
        if signature == self._signature and self.version:
            return False
        self._signature = signature
        html = self.render(self.store.newest())
        if html == self.html and self.version:
            return False
        self.html = html
        self.version += 1
        self.message = json.dumps({"version": self.version, "html": html})
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()
        return True

    async def run(self) -> None:
        """Poll forever (cancel the task to stop)."""
        while True:
            self.poll()
            await asyncio.sleep(self.interval)

    async def wait(self, seen: int, timeout: float) -> bool:
        """Wait until the version is past ``seen``; ``False`` if ``timeout`` passed first."""
        if self.version != seen:
            return True
        changed = self._changed
        try:
            await asyncio.wait_for(changed.wait(), timeout)
        except TimeoutError:
            return False
        return True
