"""The knowledge-base route on real LanceDB, Tantivy and the embedded embedding model."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from mira_desktop.core.conversation.runs import EventType, RunStatus
from mira_desktop.core.conversation.threads import MessageStatus
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.run_bus import LiveEvent
from mira_desktop.services.chat.service import SendOptions
from tests.integration.chat.conftest import Script

pytestmark = pytest.mark.slow


def _pdf(path: Path, pages: list[str]) -> Path:
    import pymupdf

    document = pymupdf.open()
    for text in pages:
        page = document.new_page()
        page.insert_textbox(pymupdf.Rect(40, 40, 560, 820), text, fontsize=9)
    document.save(path)
    document.close()
    return path


@pytest.fixture
def kb(app: AppServices, tmp_path: Path) -> str:
    base = app.knowledge_bases.create("Station manual")
    pdf = _pdf(
        tmp_path / "manual.pdf",
        [
            "Chapter one. The station has four docking ports and a greenhouse module. "
            + " ".join(
                f"Greenhouse note {i}: the tomatoes and beans need water every morning." for i in range(25)
            ),
            "Chapter two. The emergency launch code for the escape capsule is 7741. Keep it secret. "
            + " ".join(
                f"Capsule note {i}: check the hatch seals and the oxygen valves weekly." for i in range(25)
            ),
        ],
    )
    notes = tmp_path / "notes.md"
    notes.write_text("# Crew\n\nThe commander is Aiko Tanaka. The engineer is Lars Berg.\n", encoding="utf-8")
    added = app.knowledge.queue.add(base.id, [str(pdf), str(notes)])
    app.knowledge.queue.run_until_done(base.id, added.jobs)
    return base.id


def test_rag_answer_cites_the_right_document_and_page(app: AppServices, kb: str, script: Script) -> None:
    ref = script({"text": json.dumps({"relevant": [1]})}, {"text": "The launch code is 7741 [1]."})
    handle = app.chat.send(
        None, "What is the emergency launch code?", SendOptions(model_ref=ref, knowledge_base_id=kb)
    )
    assert handle.wait(60) is RunStatus.COMPLETED
    answer = app.threads.show(handle.thread_id).messages[-1]
    assert answer.content == "The launch code is 7741 [1]."
    sources = answer.metadata["sources"]
    assert sources[0]["document"] == "manual.pdf"
    location = sources[0]["location"]
    assert location["page"] <= 2 <= location.get("page_end", location["page"]), location
    assert "7741" in sources[0]["quote"]
    assert {"vector", "bm25"} & set(sources[0]["scores"])
    # A click on the source opens the stored copy at its page.
    opened = app.sources.cited(answer.id, 1)
    assert opened.path.is_file()
    assert opened.page == location["page"]
    assert app.sources.render_pdf_page(opened.path, opened.page or 1).startswith(b"\x89PNG")
    run = app.chat.run(handle.run_id)
    assert run is not None
    assert run.kind.value == "rag"
    types = [e.type for e in app.chat.run_events(handle.run_id)]
    assert types[0] == EventType.ROUTE_SELECTED
    for stage in ("retrieval.started", "retrieval.completed", "evidence.graded", "generation.started"):
        assert stage in types


def test_empty_knowledge_base_gets_the_fixed_reply_without_a_model_call(
    app: AppServices, script: Script
) -> None:
    empty = app.knowledge_bases.create("Nothing yet")
    ref = script()  # no replies: any model call would fail the run
    handle = app.chat.send(None, "Anything?", SendOptions(model_ref=ref, knowledge_base_id=empty.id))
    assert handle.wait(60) is RunStatus.COMPLETED
    answer = app.threads.show(handle.thread_id).messages[-1]
    assert "has no documents yet" in answer.content
    assert answer.metadata["sources"] == []


def test_no_relevant_evidence_rewrites_once_then_says_so(app: AppServices, kb: str, script: Script) -> None:
    ref = script(
        {"text": json.dumps({"relevant": []})},
        {"text": "Penguins live in Antarctica and eat fish."},
        {"text": json.dumps({"relevant": []})},
    )
    handle = app.chat.send(None, "What do penguins eat?", SendOptions(model_ref=ref, knowledge_base_id=kb))
    assert handle.wait(60) is RunStatus.COMPLETED
    answer = app.threads.show(handle.thread_id).messages[-1]
    assert "could not find anything" in answer.content
    assert answer.metadata["sources"] == []
    types = [e.type for e in app.chat.run_events(handle.run_id)]
    assert types.count("retrieval.started") == 2
    assert "query.rewritten" in types


def test_cancel_during_rag_generation_keeps_partial_text_and_sources(
    app: AppServices, kb: str, script: Script
) -> None:
    slow = " ".join(["The commander is Aiko Tanaka [1]."] * 40)
    ref = script({"text": json.dumps({"relevant": [1]})}, {"text": slow, "token_delay_ms": 30})
    started = threading.Event()

    def listen(event: LiveEvent) -> None:
        if event.type == EventType.MESSAGE_DELTA and event.seq is None:
            started.set()

    app.chat.bus.subscribe(listen)
    handle = app.chat.send(None, "Who is the commander?", SendOptions(model_ref=ref, knowledge_base_id=kb))
    assert started.wait(60)
    app.chat.stop(handle.run_id)
    assert handle.wait(60) is RunStatus.CANCELLED
    answer = app.threads.show(handle.thread_id).messages[-1]
    assert answer.status is MessageStatus.CANCELLED
    assert answer.content.startswith("The")
    assert answer.metadata["sources"][0]["document"] == "notes.md"


def test_role_profile_applies_on_the_rag_route(app: AppServices, kb: str, script: Script) -> None:
    role = next(r for r in app.roles.list() if r.name == "Code Reviewer")
    ref = script({"text": json.dumps({"relevant": [1]})}, {"text": "Aiko Tanaka [1]."})
    handle = app.chat.send(
        None, "Who is the commander?", SendOptions(model_ref=ref, knowledge_base_id=kb, role_id=role.id)
    )
    assert handle.wait(60) is RunStatus.COMPLETED
    run = app.chat.run(handle.run_id)
    assert run is not None
    assert run.kind.value == "rag"
    assert run.role_id == role.id
    assert run.model_snapshot["sampling"]["temperature"] == role.llm_profile["temperature"]
