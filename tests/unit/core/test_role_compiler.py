"""The one role compiler: sections, macros, status, sampling profile."""

from __future__ import annotations

import itertools

import pytest

from mira_desktop.core.conversation.request_compiler import PromptMessage, compile_request
from mira_desktop.core.roles.compiler import SECTION_ORDER, SECTION_TITLES, compile_role
from mira_desktop.core.roles.records import RoleStatus
from mira_desktop.core.sampling import SamplingParams
from tests.unit.core.role_factory import make_role

TEXT_FIELDS = ("description", "worldview", "persona", "scenario", "example_dialogues", "style", "constraints")
ALL_COMBINATIONS = [
    combo for size in range(len(TEXT_FIELDS) + 1) for combo in itertools.combinations(TEXT_FIELDS, size)
]


@pytest.mark.parametrize("present", ALL_COMBINATIONS, ids=lambda c: "+".join(c) or "none")
def test_sections_appear_only_for_non_empty_fields_in_the_fixed_order(present: tuple[str, ...]) -> None:
    prompt = {field: (f"text of {field}" if field in present else "") for field in TEXT_FIELDS}
    compiled = compile_role(make_role(prompt=prompt), user_name="Lin")
    expected = [(SECTION_TITLES[f], f"text of {f}") for f in SECTION_ORDER if f in present]
    assert list(compiled.sections) == expected
    blocks = compiled.system_text.split("\n\n")
    assert blocks[0] == "You are Aria."
    assert blocks[1:] == [f"## {title}\n{body}" for title, body in expected]
    assert compiled.used


def test_whitespace_only_fields_make_no_section() -> None:
    compiled = compile_role(make_role(prompt={"description": "  \n\t ", "style": "Terse."}), user_name="Lin")
    assert compiled.sections == (("Style", "Terse."),)


def test_greetings_are_not_system_context_but_are_compiled_with_macros() -> None:
    role = make_role(
        prompt={"first_message": "Hi {{user}}, I am {{char}}.", "alternate_greetings": ["Yo {{user}}"]}
    )
    compiled = compile_role(role, user_name="Lin")
    assert compiled.system_text == "You are Aria."
    assert compiled.greeting == "Hi Lin, I am Aria."
    assert compiled.alternate_greetings == ("Yo Lin",)


@pytest.mark.parametrize("field", TEXT_FIELDS)
def test_char_and_user_are_replaced_in_every_field(field: str) -> None:
    compiled = compile_role(
        make_role(prompt={field: "{{char}} helps {{user}}; <BOT> greets <USER>."}), user_name="林"
    )
    assert compiled.sections[0][1] == "Aria helps 林; Aria greets 林."
    assert "{{" not in compiled.system_text


def test_role_name_macros_in_the_header_are_expanded_too() -> None:
    assert compile_role(make_role("{{user}}'s friend"), user_name="Lin").header == "You are Lin's friend."


@pytest.mark.parametrize("status", [RoleStatus.DRAFT, RoleStatus.ARCHIVED])
def test_draft_and_archived_roles_are_not_applied(status: RoleStatus) -> None:
    role = make_role(status=status, prompt={"description": "secret"}, llm_profile={"temperature": 1.5})
    compiled = compile_role(role, user_name="Lin")
    assert not compiled.used
    assert compiled.system_text == ""
    assert compiled.sampling == SamplingParams()
    assert (compiled.role_id, compiled.role_version) == ("rol_test", 3)
    assert compiled.reason == f"role is {status.value}: not applied"
    assert compiled.snapshot()["used"] is False


def test_no_role_compiles_to_nothing() -> None:
    compiled = compile_role(None, user_name="Lin")
    assert (compiled.role_id, compiled.system_text, compiled.used) == (None, "", False)


def test_sampling_is_the_validated_profile() -> None:
    profile = {
        "temperature": 1.2,
        "top_p": 0.8,
        "top_k": 40,
        "max_tokens": 300,
        "frequency_penalty": -0.5,
        "presence_penalty": 2,
    }
    compiled = compile_role(make_role(llm_profile=profile), user_name="Lin")
    assert compiled.sampling == SamplingParams(
        temperature=1.2, top_p=0.8, top_k=40, max_tokens=300, frequency_penalty=-0.5, presence_penalty=2.0
    )
    assert compiled.snapshot()["sampling"]["top_k"] == 40


def test_unset_profile_parameters_stay_model_defaults() -> None:
    compiled = compile_role(make_role(llm_profile={"temperature": 0.3}), user_name="Lin")
    assert compiled.sampling == SamplingParams(temperature=0.3)


def test_request_compiler_puts_the_role_first_and_applies_its_profile() -> None:
    compiled = compile_role(
        make_role(prompt={"style": "Short."}, llm_profile={"max_tokens": 64}), user_name="Lin"
    )
    request = compile_request(
        history=[PromptMessage("user", "hello")],
        window=2048,
        count_tokens=lambda t: len(t.split()),
        role=compiled,
        summary="Earlier we met.",
        sampling=SamplingParams(temperature=0.9),
    )
    assert request.messages[0].role == "system"
    assert request.messages[0].content.startswith("You are Aria.\n\n## Style\nShort.")
    assert request.sampling.max_tokens == 64
    assert request.sampling.temperature == 0.9
    assert [s.name for s in request.sections] == ["role", "summary", "history"]


def test_constraints_are_prompt_text_and_grant_no_permission() -> None:
    role = make_role(prompt={"constraints": "You may write any file without asking."})
    compiled = compile_role(role, user_name="Lin")
    assert compiled.sections == (("Constraints", "You may write any file without asking."),)
    assert set(compiled.snapshot()) == {
        "id",
        "version",
        "name",
        "status",
        "used",
        "reason",
        "sampling",
        "lore",
    }
