"""Reading your own writes (docs/api.md, "Reading your own writes"): the service may answer a read
from a database replica that has not yet seen a write made a moment ago. Every answer that touched
the database carries ``X-D1-Bookmark``, where the database stood after it; a read sent with the
latest one sees at least that. One ``Bookmark`` per client keeps the greatest it was answered
(bookmarks sort as strings in the order they were made, so an older one from a lagging replica or
a slower parallel request never replaces it) and gives it to reads only: writes always go to the
primary and the service ignores the header on them."""

from __future__ import annotations

import threading

HEADER = "X-D1-Bookmark"
READ_METHODS = frozenset({"GET", "HEAD"})


class Bookmark:
    """The latest bookmark one client was answered. A lock makes keeping it safe when the client is
    shared by threads (each ``keep`` compares and swaps in one step)."""

    def __init__(self, initial: str | None = None, *, send: bool = True) -> None:
        if initial is not None and not isinstance(initial, str):
            raise TypeError(f"bookmark takes the text of an X-D1-Bookmark answer (client.bookmark), not {initial!r}.")
        self._value = (initial.strip() or None) if initial is not None else None
        self._send = send
        self._lock = threading.Lock()

    @property
    def current(self) -> str | None:
        return self._value

    def keep(self, answered: str | None) -> None:
        """Keeps ``answered`` when it is newer than the bookmark held."""
        if not answered:
            return
        answered = answered.strip()
        with self._lock:
            if answered and (self._value is None or answered > self._value):
                self._value = answered

    def headers_for(self, method: str) -> dict[str, str]:
        """The header a request of ``method`` carries: the bookmark on a read, nothing on a write."""
        value = self._value
        if not self._send or value is None or method.upper() not in READ_METHODS:
            return {}
        return {HEADER: value}
