"""A knowledge answer says what it is doing: `mira chat send --json` prints a `rag.stage` line as each
stage begins — searching, weighing the passages, writing — with the milliseconds since the question."""

from __future__ import annotations

import json
from pathlib import Path

from tests.integration.cli.conftest import Mira
from tests.support.fixtures import Script


def test_a_knowledge_answer_streams_its_stages_with_the_time_so_far(
    mira: Mira, script: Script, tmp_path: Path
) -> None:
    note = tmp_path / "station.md"
    note.write_text("# Crew\n\nThe commander of the station is Aiko Tanaka.\n", encoding="utf-8")
    assert mira("--json", "kb", "create", "Station").code == 0
    added = mira("--json", "kb", "add", "Station", str(note))
    assert added.code == 0, added.err
    ref = script({"text": "The commander is Aiko Tanaka [1]."})
    sent = mira("--json", "chat", "send", "--model", ref, "--kb", "Station", "Who is the commander?")
    assert sent.code == 0, sent.err
    events = [json.loads(line) for line in sent.out.splitlines()]
    stages = [e for e in events if e["type"] == "rag.stage"]
    assert [s["stage"] for s in stages] == ["searching", "weighing", "writing"]
    times = [s["elapsed_ms"] for s in stages]
    assert times == sorted(times)
    assert all(isinstance(t, int) and t >= 0 for t in times)
    kinds = [e["type"] for e in events]
    assert kinds.index("rag.stage") < kinds.index("retrieval.completed")  # said while the search runs
    writing = max(i for i, e in enumerate(events) if e["type"] == "rag.stage")
    assert writing < next(i for i, e in enumerate(events) if e["type"] == "message.delta")
