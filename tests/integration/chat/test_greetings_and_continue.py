"""A chat with a role opens with its greeting, answers carry the role's name, and a cut-off
answer can be continued without losing anything."""

from __future__ import annotations

from mira_desktop.core.conversation.threads import MessageRole
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from tests.support.fixtures import Script
from tests.support.scripted import requests_sent

INNKEEPER = {
    "name": "Innkeeper",
    "prompt": {
        "description": "{{char}} runs the inn.",
        "first_message": "Welcome, {{user}}! A room for the night?",
        "alternate_greetings": ["Back again, {{user}}?"],
    },
}


def test_the_chosen_greeting_opens_the_thread_and_is_sent_as_the_first_answer(
    services: AppServices, script: Script
) -> None:
    ref = script({"text": "Room 4 is free."})
    role = services.roles.create(INNKEEPER)
    greetings = services.chat.greetings(role.id)
    assert greetings == ["Welcome, User! A room for the night?", "Back again, User?"]
    handle = services.chat.send(
        None, "Yes please.", SendOptions(model_ref=ref, role_id=role.id, greeting=greetings[1])
    )
    handle.wait(10)
    messages = services.threads.show(handle.thread_id).messages
    assert [(m.role, m.content) for m in messages] == [
        (MessageRole.ASSISTANT, "Back again, User?"),
        (MessageRole.USER, "Yes please."),
        (MessageRole.ASSISTANT, "Room 4 is free."),
    ]
    assert messages[0].metadata["greeting"] is True
    assert messages[2].metadata["author"] == "Innkeeper"
    sent = requests_sent(services, ref)[0]
    assert [(m.role, m.content) for m in sent.messages[1:]] == [
        ("assistant", "Back again, User?"),
        ("user", "Yes please."),
    ]


def test_continue_starts_a_new_version_with_the_cut_off_text_and_keeps_the_old_one(
    services: AppServices, script: Script
) -> None:
    ref = script(
        {"text": "The recipe needs flour, eggs and", "finish": "length"},
        {"text": " a pinch of salt."},
    )
    first = services.chat.send(None, "What goes in the batter?", SendOptions(model_ref=ref))
    first.wait(10)
    continued = services.chat.continue_answer(first.assistant_message_id)
    continued.wait(10)
    branch = services.branches.active_branch(first.thread_id)
    assert [m.content for m in branch] == [
        "What goes in the batter?",
        "The recipe needs flour, eggs and a pinch of salt.",
    ]
    everything = services.threads.show(first.thread_id).messages
    assert "The recipe needs flour, eggs and" in [m.content for m in everything]  # the cut-off version stays
    last = requests_sent(services, ref)[-1]
    assert last.messages[-2].role == "assistant"
    assert last.messages[-2].content == "The recipe needs flour, eggs and"
    assert last.messages[-1].content.startswith("Continue your previous answer")
