"""Sending a file: a part of the user message; its text inline when it fits the model's window, else
the passages retrieved for the question, cited with their page; a follow-up carries the newest
earlier file (once, with its question); images only to models that see them."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.core.errors import NotFoundError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.attachments.views import SendMode
from mira_desktop.services.chat.service import SendOptions
from tests.integration.attachments.support import (
    CAPSULE,
    make_pdf,
    make_png,
    manual_pages,
    stored_files,
)
from tests.support.fixtures import Script
from tests.support.scripted import requests_sent
from tests.support.waiting import wait_for

QUESTION = "What is the emergency launch code for the escape capsule?"


def _send(services: AppServices, model: str, text: str, draft: str | None, thread_id: str | None = None):  # type: ignore[no-untyped-def]
    options = SendOptions(model_ref=model if thread_id is None else None, attachment=draft)
    handle = services.chat.send(thread_id, text, options)
    assert handle.wait(30).value == "completed"
    return handle


def test_a_file_that_fits_goes_inline_and_the_message_keeps_only_its_text(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    services = bm25_only
    model = script({"text": "It is 7741."})
    notes = tmp_path / "notes.md"
    notes.write_text(f"# Capsule\n\n{CAPSULE}\n")
    view = services.attachments.add_to_draft(None, notes)
    plan = services.attachments.plan(None, QUESTION, model_ref=model)
    assert plan is not None
    assert plan.mode is SendMode.INLINE
    assert plan.tokens > 0
    assert plan.room > plan.tokens
    handle = _send(services, model, QUESTION, view.draft_key)
    sent = requests_sent(services, model)[0].messages[-1].content
    assert sent.startswith(QUESTION)
    assert '[Attached file "notes.md" (markdown)]' in sent
    assert CAPSULE in sent
    question = services.chat._messages.get(handle.user_message_id)
    assert question is not None
    assert question.content == QUESTION
    assert question.parts == [
        {
            "type": "file",
            "attachment_id": view.id,
            "name": "notes.md",
            "mime": "text/markdown",
            "size": notes.stat().st_size,
            "label": "Markdown text",
            "tokens": plan.tokens,
            "mode": "inline",
        }
    ]  # fmt: skip  (the count the composer showed from the plan, not the estimate made on add)
    assert [a.id for a in services.attachments.for_message(handle.user_message_id)] == [view.id]
    assert services.attachments.draft(None) is None  # the draft's hold moved to the message
    events = {e.type: e.data for e in services.chat.run_events(handle.run_id)}
    assert events["attachment.read"]["mode"] == "inline"


def test_a_file_too_long_for_the_window_is_retrieved_for_the_question_and_cited_by_page(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    services = bm25_only
    model = script({"text": "The escape capsule code is 7741 [1]."}, profile={"context_window": 2048})
    manual = make_pdf(tmp_path / "manual.pdf", manual_pages(12, secret_page=7))
    view = services.attachments.add_to_draft(None, manual)
    plan = services.attachments.plan(None, QUESTION, model_ref=model)
    assert plan is not None
    assert plan.mode is SendMode.RETRIEVED
    handle = _send(services, model, QUESTION, view.draft_key)
    sent = requests_sent(services, model)[0].messages[-1].content
    assert "too long to include whole" in sent
    assert "[1] manual.pdf, p. 7" in sent
    assert "7741" in sent
    assert "Greenhouse note 2.5:" not in sent  # not the whole file
    answer = services.chat._messages.get(handle.assistant_message_id)
    assert answer is not None
    first = answer.metadata["sources"][0]
    assert (first["document"], first["location_label"], first["attachment_id"]) == (
        "manual.pdf",
        "p. 7",
        view.id,
    )
    assert "7741" in first["quote"]
    wait_for(
        lambda: "citations" in services.chat._messages.get(handle.assistant_message_id).metadata,
        what="the citations recorded after the answer",
    )
    cited = services.chat._messages.get(handle.assistant_message_id).metadata["citations"]
    assert cited[0]["sources"] == [1]
    events = {e.type: e.data for e in services.chat.run_events(handle.run_id)}
    assert events["attachment.read"]["mode"] == "retrieved"
    assert events["attachment.read"]["vector"] == "skipped: no embedder"


@pytest.mark.slow
def test_retrieval_over_a_long_file_uses_the_embedding_model_beside_bm25(
    services: AppServices, tmp_path: Path, script: Script
) -> None:
    model = script({"text": "7741."}, profile={"context_window": 2048})
    manual = make_pdf(tmp_path / "manual.pdf", manual_pages(12, secret_page=4))
    view = services.attachments.add_to_draft(None, manual)
    handle = _send(services, model, "Which code opens the escape capsule?", view.draft_key)
    events = {e.type: e.data for e in services.chat.run_events(handle.run_id)}
    assert events["attachment.read"]["vector"] == "minilm"
    answer = services.chat._messages.get(handle.assistant_message_id)
    assert answer is not None
    assert answer.metadata["sources"][0]["location_label"] == "p. 4"


def test_a_follow_up_carries_the_earlier_file_once_with_its_question(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    services = bm25_only
    model = script({"text": "Noted."}, {"text": "It is 7741."}, {"text": "Still 7741."})
    notes = tmp_path / "notes.txt"
    notes.write_text(CAPSULE)
    view = services.attachments.add_to_draft(None, notes)
    first = _send(services, model, "Keep this file.", view.draft_key)
    follow_up = _send(services, model, QUESTION, None, first.thread_id)
    second_request = requests_sent(services, model)[1]
    sent = "\n".join(m.content for m in second_request.messages)
    assert sent.count('[Attached file "notes.txt"') == 1  # once, with the new question
    assert second_request.messages[-1].content.startswith(QUESTION)
    assert CAPSULE in second_request.messages[-1].content
    assert next(m.content for m in second_request.messages if m.role == "user") == "Keep this file."
    question = services.chat._messages.get(follow_up.user_message_id)
    assert question is not None
    assert question.parts == []  # the file stays the first message's
    events = {e.type: e.data for e in services.chat.run_events(follow_up.run_id)}
    assert events["attachment.read"]["carried_from"] == first.user_message_id
    assert events["attachment.read"]["mode"] == "inline"
    preview = services.chat.preview(first.thread_id, "And the backup code?")
    assert CAPSULE in preview.messages[-1].content  # the request preview shows what a send carries
    again = services.chat.regenerate(follow_up.assistant_message_id)
    assert again.wait(30).value == "completed"
    assert CAPSULE in requests_sent(services, model)[2].messages[-1].content


def test_a_long_file_is_carried_as_the_passages_that_match_the_follow_up(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    services = bm25_only
    model = script({"text": "Noted."}, {"text": "7741 [1]."}, profile={"context_window": 2048})
    manual = make_pdf(tmp_path / "manual.pdf", manual_pages(12, secret_page=7))
    view = services.attachments.add_to_draft(None, manual)
    first = _send(services, model, "Here is the manual.", view.draft_key)
    carried = services.attachments.carried(first.thread_id, QUESTION, model_ref=None)
    assert carried is not None
    assert carried[0].name == "manual.pdf"
    assert carried[1].mode is SendMode.RETRIEVED
    follow_up = _send(services, model, QUESTION, None, first.thread_id)
    sent = requests_sent(services, model)[1].messages[-1].content
    assert "[1] manual.pdf, p. 7" in sent
    assert CAPSULE in sent
    answer = services.chat._messages.get(follow_up.assistant_message_id)
    assert answer is not None
    assert answer.metadata["sources"][0]["location_label"] == "p. 7"


def test_a_newly_attached_file_goes_instead_of_the_carried_one(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    services = bm25_only
    model = script({"text": "One."}, {"text": "Two."})
    first_file = tmp_path / "first.txt"
    first_file.write_text(CAPSULE)
    second_file = tmp_path / "second.txt"
    second_file.write_text("The backup code is 1188.")
    first = _send(
        services, model, "Keep this.", services.attachments.add_to_draft(None, first_file).draft_key
    )
    view = services.attachments.add_to_draft(first.thread_id, second_file)
    assert services.attachments.carried(first.thread_id, "?") is None  # the draft's own file goes
    _send(services, model, "And this one?", view.draft_key, first.thread_id)
    sent = requests_sent(services, model)[1].messages[-1].content
    assert "1188" in sent
    assert CAPSULE not in sent


def test_answering_again_reads_that_messages_file(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    services = bm25_only
    model = script({"text": "One."}, {"text": "Two."})
    notes = tmp_path / "notes.txt"
    notes.write_text(CAPSULE)
    view = services.attachments.add_to_draft(None, notes)
    first = _send(services, model, QUESTION, view.draft_key)
    again = services.chat.regenerate(first.assistant_message_id)
    assert again.wait(30).value == "completed"
    assert CAPSULE in requests_sent(services, model)[1].messages[-1].content


def test_an_image_to_a_model_without_vision_is_announced_and_the_text_goes_alone(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    services = bm25_only
    model = script({"text": "I cannot see it."}, profile={"supports_vision": False})
    view = services.attachments.add_to_draft(None, make_png(tmp_path / "chart.png"))
    plan = services.attachments.plan(None, "What does the chart show?", model_ref=model)
    assert plan is not None
    assert plan.mode is SendMode.IMAGE_NOT_SENT
    assert plan.warning is not None
    assert "cannot see images" in plan.warning
    assert "chart.png" in plan.warning
    handle = _send(services, model, "What does the chart show?", view.draft_key)
    assert requests_sent(services, model)[0].messages[-1].content == "What does the chart show?"
    question = services.chat._messages.get(handle.user_message_id)
    assert question is not None
    assert question.parts[0]["type"] == "image"
    assert question.parts[0]["mode"] == "image_not_sent"
    assert "cannot see images" in question.parts[0]["note"]


def test_an_image_to_a_vision_model_is_planned_as_an_image(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    model = script({"text": "A red square."}, profile={"supports_vision": True})
    bm25_only.attachments.add_to_draft(None, make_png(tmp_path / "chart.png"))
    plan = bm25_only.attachments.plan(None, "What is it?", model_ref=model)
    assert plan is not None
    assert (plan.mode, plan.warning) == (SendMode.IMAGE, None)


def test_a_file_deleted_on_disk_after_adding_is_still_sent_from_the_stored_copy(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    model = script({"text": "7741."})
    notes = tmp_path / "notes.txt"
    notes.write_text(CAPSULE)
    view = bm25_only.attachments.add_to_draft(None, notes)
    notes.unlink()
    _send(bm25_only, model, QUESTION, view.draft_key)
    assert CAPSULE in requests_sent(bm25_only, model)[0].messages[-1].content


def test_a_stored_copy_lost_before_sending_refuses_the_send_and_writes_nothing(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    services = bm25_only
    model = script({"text": "never"})
    notes = tmp_path / "notes.txt"
    notes.write_text(CAPSULE)
    view = services.attachments.add_to_draft(None, notes)
    Path(view.path).unlink()
    with pytest.raises(NotFoundError, match=r"stored copy of notes\.txt is missing or damaged"):
        services.chat.send(None, QUESTION, SendOptions(model_ref=model, attachment=view.draft_key))
    assert services.threads.list(None) == []
    assert requests_sent(services, model) == []


def test_a_file_removed_from_the_message_before_sending_refuses_the_send(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    services = bm25_only
    model = script({"text": "never"})
    notes = tmp_path / "notes.txt"
    notes.write_text(CAPSULE)
    view = services.attachments.add_to_draft(None, notes)
    assert services.attachments.remove_from_draft(None)
    with pytest.raises(NotFoundError, match="no longer in this message: attach it again"):
        services.chat.send(None, QUESTION, SendOptions(model_ref=model, attachment=view.draft_key))
    assert services.threads.list(None) == []
    assert (
        len([p for p in stored_files(services) if ".scratch" not in p.parts]) == 2
    )  # bytes + text, until collected


def test_on_a_knowledge_base_thread_the_file_goes_with_the_question_beside_the_sources(
    services: AppServices, tmp_path: Path, script: Script
) -> None:
    base = services.knowledge_bases.create("Crew")
    crew = tmp_path / "crew.md"
    crew.write_text("# Crew\n\nThe commander is Aiko Tanaka. The engineer is Lars Berg.\n")
    added = services.knowledge.queue.add(base.id, [str(crew)])
    services.knowledge.queue.run_until_done(base.id, added.jobs)
    notes = tmp_path / "notes.md"
    notes.write_text(f"# Capsule\n\n{CAPSULE}\n")
    view = services.attachments.add_to_draft(None, notes)
    model = script({"text": "The commander is Aiko Tanaka [1]; the code is 7741."})
    options = SendOptions(model_ref=model, knowledge_base_id=base.id, attachment=view.draft_key)
    handle = services.chat.send(None, "Who is the commander, and what is the capsule code?", options)
    assert handle.wait(60).value == "completed"
    (request,) = requests_sent(services, model)
    assert "Aiko Tanaka" in request.messages[0].content  # the knowledge base's passage, in the sources
    final = request.messages[-1]
    assert final.role == "user"
    assert final.content.startswith("Who is the commander")
    assert CAPSULE in final.content  # and the file's text with the question
