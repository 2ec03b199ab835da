from __future__ import annotations

import re

from mira_desktop.core.ids import PREFIXES, new_id


def test_ids_carry_a_readable_prefix_per_kind() -> None:
    assert new_id("thread").startswith("thr_")
    assert new_id("message").startswith("msg_")
    assert new_id("role").startswith("rol_")
    assert new_id("knowledge_base").startswith("kb_")
    assert new_id("workspace").startswith("ws_")
    assert new_id("run").startswith("run_")
    for kind, prefix in PREFIXES.items():
        assert re.fullmatch(rf"{prefix}_[0-9a-z]{{26}}", new_id(kind))


def test_ids_sort_in_creation_order_and_never_repeat() -> None:
    ids = [new_id("message") for _ in range(2000)]
    assert len(set(ids)) == len(ids)
    assert ids == sorted(ids)
