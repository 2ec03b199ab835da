"""What the chat route sends the model, read from the scripted model's record of its requests."""

from __future__ import annotations

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.conversation.threads import Message
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from mira_desktop.store.messages import MessageRepository
from tests.support.fixtures import Script
from tests.support.scripted import requests_sent

CHEF = {
    "name": "Chef",
    "prompt": {"description": "{{char}} cooks for {{user}}.", "style": "Short answers."},
    "lorebook": [{"keys": ["tofu"], "content": "Press tofu first."}],
    "llm_profile": {"temperature": 0.35, "top_p": 0.8, "top_k": 7, "max_tokens": 123},
}
CHEF_SAMPLING = SamplingParams(temperature=0.35, top_p=0.8, top_k=7, max_tokens=123)


def _sent(services: AppServices, ref: str, index: int = -1) -> list[tuple[str, str]]:
    return [(m.role, m.content) for m in requests_sent(services, ref)[index].messages]


def test_the_role_text_comes_first_then_the_summary_in_one_system_message_with_the_roles_sampling(
    services: AppServices, script: Script
) -> None:
    role = services.roles.create(CHEF)
    ref = script({"text": "Hello."}, {"text": "Press it first."})
    first = services.chat.send(None, "Hi there", SendOptions(model_ref=ref, role_id=role.id))
    assert first.wait(30) is RunStatus.COMPLETED
    services.summaries.set(first.thread_id, "The user is vegetarian.")
    second = services.chat.send(first.thread_id, "How do I cook tofu?")
    assert second.wait(30) is RunStatus.COMPLETED
    assert _sent(services, ref) == [
        (
            "system",
            "You are Chef.\n\n## Description\nChef cooks for User.\n\n"
            "## Lore\nPress tofu first.\n\n"  # triggered by "tofu" in the message being sent
            "## Style\nShort answers.\n\n"
            "Summary of the earlier conversation:\nThe user is vegetarian.",
        ),
        ("user", "Hi there"),
        ("assistant", "Hello."),
        ("user", "How do I cook tofu?"),
    ]
    assert requests_sent(services, ref)[-1].sampling == CHEF_SAMPLING
    # The first turn had no summary yet, and no lore (nothing mentioned tofu).
    assert _sent(services, ref, 0)[0] == (
        "system",
        "You are Chef.\n\n## Description\nChef cooks for User.\n\n## Style\nShort answers.",
    )


def test_a_thread_bound_to_a_draft_role_sends_no_role_text_and_the_models_default_sampling(
    services: AppServices, script: Script
) -> None:
    role = services.roles.create({**CHEF, "status": "draft"})
    ref = script({"text": "Hello."})
    handle = services.chat.send(None, "Hi there", SendOptions(model_ref=ref, role_id=role.id))
    assert handle.wait(30) is RunStatus.COMPLETED
    assert _sent(services, ref) == [("user", "Hi there")]
    sampling = requests_sent(services, ref)[-1].sampling
    assert (sampling.temperature, sampling.top_p, sampling.top_k) == (None, None, None)
    run = services.chat.run(handle.run_id)
    assert run is not None
    assert run.role_snapshot["used"] is False


def test_the_preview_shows_exactly_what_the_next_send_sends(services: AppServices, script: Script) -> None:
    role = services.roles.create(CHEF)
    ref = script({"text": "Hello."}, {"text": "Press it."})
    first = services.chat.send(None, "Hi there", SendOptions(model_ref=ref, role_id=role.id))
    assert first.wait(30) is RunStatus.COMPLETED
    services.summaries.set(first.thread_id, "The user is vegetarian.")
    preview = services.chat.preview(first.thread_id, "How do I cook tofu?")
    assert services.chat.send(first.thread_id, "How do I cook tofu?").wait(30) is RunStatus.COMPLETED
    sent = requests_sent(services, ref)[-1]
    assert [(m.role, m.content) for m in preview.messages] == _sent(services, ref)
    assert preview.sampling == sent.sampling


def test_the_welcome_pages_preview_counts_the_chosen_role_as_the_first_send_sends_it(
    services: AppServices, script: Script
) -> None:
    role = services.roles.create(CHEF)
    ref = script({"text": "Hello."})
    options = SendOptions(model_ref=ref, role_id=role.id, greeting="Welcome to my kitchen.")
    plain = services.chat.preview(None, "Hi there", ref)
    preview = services.chat.preview(None, "Hi there", ref, options)
    assert services.chat.send(None, "Hi there", options).wait(30) is RunStatus.COMPLETED
    sent = requests_sent(services, ref)[-1]
    assert [(m.role, m.content) for m in preview.messages] == _sent(services, ref)
    assert preview.sampling == sent.sampling == CHEF_SAMPLING
    assert preview.prompt_tokens > plain.prompt_tokens  # the meter counts the role's prompt and greeting


def test_a_long_thread_sends_the_newest_messages_that_fit_having_read_only_those(
    services: AppServices, script: Script, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mira_desktop.core.ids import new_id
    from mira_desktop.services.threads.transfer import FORMAT, FORMAT_VERSION

    count, stamp = 2000, "2024-01-01T00:00:00+00:00"
    ids = [new_id("message") for _ in range(count)]
    messages = [
        {
            "id": ids[i], "parent_id": ids[i - 1] if i else None, "role": "user" if i % 2 == 0 else "assistant",
            "content": f"Message {i}: " + "some text " * 12, "status": "complete",
            "created_at": stamp, "updated_at": stamp,
        }
        for i in range(count)
    ]  # fmt: skip
    thread = {"id": new_id("thread"), "title": "Long", "status": "active", "active_leaf_id": ids[-1]}
    thread |= {"created_at": stamp, "updated_at": stamp}
    imported = services.transfer.import_data(
        {"format": FORMAT, "version": FORMAT_VERSION, "thread": thread, "messages": messages}
    )
    ref = script({"text": "Noted."}, profile={"context_window": 2048})
    services.models.set_default(ref)
    read: list[str] = []  # the messages read with their text
    get_many = MessageRepository.get_many

    def counted(repository: MessageRepository, message_ids: list[str]) -> list[Message]:
        read.extend(message_ids)
        return get_many(repository, message_ids)

    monkeypatch.setattr(MessageRepository, "get_many", counted)
    preview = services.chat.preview(imported.id, "One more question")
    assert services.chat.send(imported.id, "One more question").wait(30) is RunStatus.COMPLETED
    sent = [(m.role, m.content) for m in requests_sent(services, ref)[-1].messages]
    kept = len(preview.messages) - 1  # all but the new question
    assert 10 < kept < 200
    assert sent[:-1] == [(m["role"], m["content"]) for m in messages[-kept:]]
    assert sent[-1] == ("user", "One more question")
    assert [(m.role, m.content) for m in preview.messages] == sent
    assert preview.dropped_messages == count - kept
    # The preview, the send and the summary check after the answer (which may or may not have run by
    # now): each what fits and a chunk or two past it, never the thread's 2,000 messages.
    assert len(read) <= 3 * (kept + 2 * 64)
