"""The hostile addresses and pages of `make soak`'s escape suite (reliability/escape_web.py), run here
once: every one is refused in one line by web_fetch (or web_search, for a provider that is down),
nothing is reached beyond 127.0.0.1, the sentinel beside the provider gets no request, nothing hangs."""

from __future__ import annotations

from collections import Counter

from reliability.escape_web import cases, run_all


def test_every_hostile_address_and_page_is_refused_before_it_reaches_anything() -> None:
    rows = run_all(timeout=15)
    assert len(rows) == len(cases(0, 0)) + 1
    assert [r for r in rows if r["verdict"] != "refused"] == []
    said = Counter(r["key"] for r in rows)
    assert said["web.private_address"] == 22
    assert said["web.too_big"] == 3
    rebinding = next(r for r in rows if r["case"] == "rebinding name")
    assert rebinding["attempts"] == ["127.0.0.1", "93.184.216.34"]  # the address checked, not the rebound one
