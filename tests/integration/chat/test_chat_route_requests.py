"""What the chat route sends the model, read from the scripted model's record of its requests."""

from __future__ import annotations

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
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
