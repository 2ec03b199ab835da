"""`mira chat send --attach`, `mira attachments list [--unreferenced]`, `mira attachments gc [--dry-run]`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.integration.attachments.support import CAPSULE
from tests.support.cli import Mira
from tests.support.fixtures import Script
from tests.support.scripted import recorded_requests


def test_chat_send_attach_sends_the_file_with_the_message(mira: Mira, tmp_path: Path, script: Script) -> None:
    model = script({"text": "The code is 7741."}, record_to="requests.jsonl")
    notes = tmp_path / "notes.txt"
    notes.write_text(CAPSULE)
    sent = mira("chat", "send", "--model", model, "--attach", str(notes), "What is the code?")
    assert sent.code == 0, sent.err
    assert "The code is 7741." in sent.out
    request = recorded_requests(tmp_path / "scripts" / "requests.jsonl")[0]
    assert CAPSULE in request["messages"][-1]["content"]
    listed = mira("--json", "attachments", "list")
    assert listed.code == 0
    [entry] = listed.json()
    assert (entry["name"], entry["messages"], entry["drafts"]) == ("notes.txt", 1, 0)


def test_a_follow_up_carries_the_file_and_threads_preview_shows_it(
    mira: Mira, tmp_path: Path, script: Script
) -> None:
    model = script({"text": "Noted."}, {"text": "The code is 7741."}, record_to="requests.jsonl")
    notes = tmp_path / "notes.txt"
    notes.write_text(CAPSULE)
    first = mira("--json", "chat", "send", "--model", model, "--attach", str(notes), "Keep this file.")
    thread_id = json.loads(first.out.splitlines()[-1])["thread_id"]
    preview = mira("threads", "preview", thread_id, "What is the code?")
    assert preview.code == 0, preview.err
    assert preview.out.count('[Attached file "notes.txt"') == 1
    assert CAPSULE in preview.out
    follow_up = mira("chat", "send", "--thread", thread_id, "What is the code?")
    assert follow_up.code == 0, follow_up.err
    assert "mira: note: notes.txt, sent earlier in this thread, goes with it (whole)." in follow_up.err
    request = recorded_requests(tmp_path / "scripts" / "requests.jsonl")[1]
    assert CAPSULE in request["messages"][-1]["content"]


def test_chat_send_attach_refuses_a_bad_file_with_one_line_and_sends_nothing(
    mira: Mira, tmp_path: Path, script: Script
) -> None:
    model = script({"text": "never"}, record_to="requests.jsonl")
    fake = tmp_path / "report.pdf"
    shutil.copyfile("/bin/ls", fake)
    refused = mira("chat", "send", "--model", model, "--attach", str(fake), "Summarize it.")
    assert refused.code == 2
    assert refused.err.strip().splitlines() == [
        "mira: error: report.pdf is a program (ELF executable), not a document or an image: it cannot be attached."
    ]
    assert recorded_requests(tmp_path / "scripts" / "requests.jsonl") == []
    assert mira("--json", "attachments", "list").json() == []
    assert mira("--json", "threads", "list").json() == []


def test_chat_send_attach_warns_when_the_model_cannot_see_the_image(
    mira: Mira, tmp_path: Path, script: Script
) -> None:
    from tests.integration.attachments.support import make_png

    model = script({"text": "I see no image."}, profile={"supports_vision": False})
    sent = mira(
        "chat", "send", "--model", model, "--attach", str(make_png(tmp_path / "c.png")), "Describe it."
    )
    assert sent.code == 0
    assert "mira: warning:" in sent.err
    assert "cannot see images" in sent.err


def test_attachments_gc_dry_run_then_for_real(mira: Mira, tmp_path: Path, script: Script) -> None:
    model = script({"text": "Read."})
    notes = tmp_path / "notes.txt"
    notes.write_text(CAPSULE)
    kept = tmp_path / "kept.txt"
    kept.write_text("A file that stays with its message.")
    assert mira("chat", "send", "--model", model, "--attach", str(kept), "Read it.").code == 0
    unsent = mira("chat", "send", "--model", model, "--attach", str(notes), "   ")  # stored, then not sent
    assert unsent.code == 2
    assert "The message is empty" in unsent.err
    [unreferenced] = mira("--json", "attachments", "list", "--unreferenced").json()
    assert unreferenced["name"] == "notes.txt"
    assert mira("--json", "attachments", "gc").json()["removed"] == []  # within the grace period
    dry = mira("--json", "attachments", "gc", "--dry-run", "--grace", "0")
    assert dry.code == 0
    assert dry.json()["removed"] == [unreferenced["id"]]
    assert len(mira("--json", "attachments", "list").json()) == 2
    gone = mira("attachments", "gc", "--grace", "0")
    assert gone.code == 0
    assert "Deleted 1 file(s)" in gone.out
    assert "notes.txt" in gone.out
    assert [a["name"] for a in json.loads(mira("--json", "attachments", "list").out)] == ["kept.txt"]
