"""The race of the escape attempts: a folder of the workspace swapped with a symlink to the outside
folder, again and again, while the file tools work beneath it.

``swap`` starts as a real folder holding a harmless copy of the sentinel's name; a thread exchanges
it with ``swap-link`` (a symlink to the outside folder) with ``renameat2(RENAME_EXCHANGE)`` — one
atomic step — or, where that call is missing, with two renames. Each tool is called in a loop for
the given time; a change tool is proposed and then executed, so the swap can fall between the two.
"""

from __future__ import annotations

import ctypes
import os
import threading
import time
from pathlib import Path
from typing import Any

from reliability.escape_tools import call, leaked, new_place, snapshot, timed, tools_for

RENAME_EXCHANGE = 2
AT_FDCWD = -100


def _exchanger() -> Any:
    libc = ctypes.CDLL(None, use_errno=True)
    renameat2 = getattr(libc, "renameat2", None)
    if renameat2 is None:
        return None
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    return renameat2


def _flip(
    swap: Path, link: Path, parked: Path, *, stop: threading.Event, lock: threading.Lock, counter: list[int]
) -> None:
    exchange = _exchanger()
    while not stop.is_set():
        with lock:
            if exchange is not None:
                if exchange(AT_FDCWD, bytes(swap), AT_FDCWD, bytes(link), RENAME_EXCHANGE) == 0:
                    counter[0] += 1
            else:
                try:
                    os.rename(swap, parked)
                    os.rename(link, swap)
                    os.rename(swap, link)
                    os.rename(parked, swap)
                    counter[0] += 2
                except OSError:
                    continue
        time.sleep(0)


def _restore(swap: Path, link: Path, name: str, lock: threading.Lock) -> None:
    """Put the victim file back in the real folder, whichever name it has now (swaps paused)."""
    with lock:
        real = link if swap.is_symlink() else swap
        if not (real / name).exists():
            (real / name).write_text("inside copy\n")


def race(base: Path, use_openat2: bool, seconds: float, timeout: float) -> dict[str, Any]:
    place = new_place(base)
    swap = place.root / "swap"
    swap.mkdir()
    name = place.secret.name
    (swap / name).write_text("inside copy\n")
    link = place.root / "swap-link"
    link.symlink_to(place.outside)
    calls: list[tuple[str, dict[str, Any]]] = [
        ("read_file", {"path": f"swap/{name}"}),
        ("list_files", {"path": "swap"}),
        ("search_files", {"query": "sentinel", "path": "swap"}),
        ("write_file", {"path": f"swap/{name}", "content": "overwritten through the race\n"}),
        ("write_file", {"path": "swap/new.txt", "content": "created through the race\n"}),
        ("edit_file", {"path": f"swap/{name}", "old_text": "inside copy", "new_text": "edited"}),
        ("delete_file", {"path": f"swap/{name}"}),
        ("move_file", {"source": f"swap/{name}", "destination": "taken.txt"}),
    ]
    before = snapshot(base, place.root)
    tools = tools_for(place, use_openat2)
    stop, lock, swaps = threading.Event(), threading.Lock(), [0]
    parked = place.root / "swap-parked"
    flipper = threading.Thread(
        target=_flip,
        args=(swap, link, parked),
        kwargs={"stop": stop, "lock": lock, "counter": swaps},
        daemon=True,
    )
    flipper.start()
    tally = {"calls": 0, "refused": 0, "allowed": 0, "escapes": 0, "hangs": 0, "unexpected": 0}
    reasons: list[str] = []
    try:
        for tool, arguments in calls:
            until = time.monotonic() + seconds
            while time.monotonic() < until:
                outcome = timed(lambda t=tool, a=arguments: call(tools, t, a), timeout)  # type: ignore[misc]
                tally["calls"] += 1
                if outcome is None:
                    tally["hangs"] += 1
                    continue
                why = leaked(outcome["text"], place)
                if why:
                    tally["escapes"] += 1
                    reasons.append(f"{tool}: {why}")
                elif outcome.get("unexpected"):
                    tally["unexpected"] += 1
                    reasons.append(f"{tool}: {outcome['text'][:200]}")
                else:
                    tally["allowed" if outcome["ok"] else "refused"] += 1
                _restore(swap, link, name, lock)
    finally:
        stop.set()
        flipper.join()
    if snapshot(base, place.root) != before:
        tally["escapes"] += 1
        reasons.append("something outside the workspace changed during the race")
    return {"lookup": "openat2" if use_openat2 else "walk", "swaps": swaps[0], **tally, "why": reasons}
