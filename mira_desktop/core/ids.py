"""Readable, time-ordered, prefixed identifiers such as ``thr_01jd4k…``."""

from __future__ import annotations

import os
import threading
import time

_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"  # Crockford base32, lower case

PREFIXES = {
    "workspace": "ws",
    "thread": "thr",
    "message": "msg",
    "role": "rol",
    "knowledge_base": "kb",
    "document": "doc",
    "document_version": "dv",
    "index_job": "job",
    "attachment": "att",
    "run": "run",
    "media": "med",
    "provider": "prv",
    "memory": "mem",
    "trash": "trs",
    "download": "dl",
    "mcp_server": "mcp",
    "skill": "skl",  # a removed skill's folder in the trash (a skill's identity is its name)
}


def _encode(value: int, length: int) -> str:
    chars = []
    for _ in range(length):
        value, rem = divmod(value, 32)
        chars.append(_ALPHABET[rem])
    return "".join(reversed(chars))


class _MonotonicClock:
    """(milliseconds, random) pairs that strictly increase, even within one millisecond."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._last = (0, 0)

    def next(self) -> tuple[int, int]:
        with self._lock:
            millis = max(time.time_ns() // 1_000_000, self._last[0])
            if millis == self._last[0]:
                rand = self._last[1] + 1
            else:  # a fresh random start, with headroom for increments
                rand = int.from_bytes(os.urandom(10), "big") >> 1
            self._last = (millis, rand)
            return self._last


_clock = _MonotonicClock()


def new_id(kind: str) -> str:
    """Return a new id for ``kind`` (a key of :data:`PREFIXES`).

    Ids sort by creation time (48-bit milliseconds, then 80 random bits, incremented within one
    millisecond as in monotonic ULIDs), so ordering rows by id orders them as they were made.
    """
    millis, rand = _clock.next()
    return f"{PREFIXES[kind]}_{_encode(millis, 10)}{_encode(rand, 16)}"
