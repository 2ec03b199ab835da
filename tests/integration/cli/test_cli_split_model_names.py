"""A model in parts is named by its split name in `mira`, as the window names it: `threads show` says
which model wrote an answer with ``STEM.gguf``, not the first part's file name (the real SmolLM2,
split into two real shards)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.integration.cli.conftest import Mira

pytestmark = pytest.mark.slow

STEM = "smollm2-135m-instruct-q4_1"


def test_threads_show_names_the_answers_model_in_parts_by_its_split_name(
    mira: Mira, smollm2_in_parts: list[Path]
) -> None:
    first = smollm2_in_parts[0]
    assert first.name == f"{STEM}-00001-of-00002.gguf"
    ref = mira("--json", "models", "add-local", str(first)).json()["ref"]
    listed = {e["ref"]: e["name"] for e in mira("--json", "models", "list").json()}
    assert listed[ref] == STEM  # the catalog's display name
    sent = mira("--json", "chat", "send", "--model", ref, "Say hi")
    assert sent.code == 0, sent.err
    thread_id = mira("--json", "threads", "list").json()[0]["id"]
    shown = mira("threads", "show", thread_id).out
    assert f"[{STEM}.gguf]:" in shown
    assert "00001-of-00002" not in shown
