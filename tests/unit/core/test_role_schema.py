"""Role documents: validation with field and reason, sampling ranges, updates where null clears."""

from __future__ import annotations

from typing import Any

import pytest

from mira_desktop.core.roles.schema import MAX_FIELD_BYTES, RoleDocument
from mira_desktop.core.roles.validation import (
    InvalidRoleError,
    check_update_target,
    merge_update,
    role_errors,
    validate_document,
)


def errors_of(data: Any) -> list[str]:
    return [str(e) for e in role_errors(data)]


@pytest.mark.parametrize(
    ("parameter", "good", "bad"),
    [
        ("temperature", [0, 0.7, 2], [-0.01, 2.01, "0.7", True, float("nan"), float("inf")]),
        ("top_p", [0, 0.5, 1], [-0.1, 1.5, "high"]),
        ("top_k", [0, 40], [-1, 1.5, "40", True]),
        ("max_tokens", [1, 4096], [0, -5, 10.0, "many"]),
        ("frequency_penalty", [-2, 0, 2], [-2.5, 3, "0"]),
        ("presence_penalty", [-2, 1.5, 2], [2.0001, -3]),
    ],
)
def test_profile_parameters_are_checked_against_their_ranges(
    parameter: str, good: list[Any], bad: list[Any]
) -> None:
    for value in good:
        assert errors_of({"name": "A", "llm_profile": {parameter: value}}) == [], value
    for value in bad:
        found = errors_of({"name": "A", "llm_profile": {parameter: value}})
        assert len(found) == 1, value
        assert found[0].startswith(f"llm_profile.{parameter} must be a")


def test_out_of_range_error_names_field_range_and_value() -> None:
    with pytest.raises(InvalidRoleError) as caught:
        validate_document({"name": "A", "llm_profile": {"temperature": 3}})
    assert str(caught.value) == (
        "Invalid role: llm_profile.temperature must be a number from 0 to 2, or null for the model's "
        "default (got 3); nothing was saved."
    )
    assert "\n" not in str(caught.value)


def test_unknown_sampling_parameter_is_refused_with_the_known_ones() -> None:
    assert errors_of({"name": "A", "llm_profile": {"temprature": 1}}) == [
        "llm_profile.temprature is not a sampling parameter (known: temperature, top_p, top_k, "
        "max_tokens, frequency_penalty, presence_penalty)"
    ]


def test_a_missing_or_blank_name_is_refused() -> None:
    assert errors_of({"summary": "x"}) == ["name is required"]
    assert errors_of({"name": "   "}) == ["name must not be empty"]
    assert errors_of({"name": None}) == ["name must be text (got None)"]


def test_a_field_over_64_kb_is_refused_and_64_kb_exactly_is_fine() -> None:
    assert errors_of({"name": "A", "prompt": {"scenario": "x" * MAX_FIELD_BYTES}}) == []
    found = errors_of({"name": "A", "prompt": {"scenario": "x" * (MAX_FIELD_BYTES + 1)}})
    assert found == ["prompt.scenario is 64.0 KB; the limit is 64 KB"]
    chinese = "字" * (MAX_FIELD_BYTES // 3 + 1)  # 3 bytes each in UTF-8
    assert errors_of({"name": "A", "prompt": {"description": chinese}})[0].startswith(
        "prompt.description is 64.0 KB"
    )


def test_nested_errors_name_the_exact_place() -> None:
    data = {"name": "A", "lorebook": [{"keys": ["ok"]}, {"keys": ["ok", 7], "content": "x"}]}
    assert errors_of(data) == ["lorebook[1].keys[1] must be text (got 7)"]
    assert errors_of({"name": "A", "status": "paused"}) == [
        "status must be one of active, draft, archived (got 'paused')"
    ]
    assert errors_of({"name": "A", "prompt": {"mood": "x"}}) == ["prompt.mood is not a known field"]
    assert errors_of({"name": "A", "permissions": ["write"]}) == ["permissions is not a known field"]
    assert errors_of([1]) == ["role must be a JSON object"]


def test_several_errors_are_all_listed_and_summarised_in_one_line() -> None:
    with pytest.raises(InvalidRoleError) as caught:
        validate_document({"name": "", "llm_profile": {"top_p": 2}})
    assert len(caught.value.errors) == 2
    assert str(caught.value).endswith("(and 1 more); nothing was saved.")


def test_nulls_mean_empty_on_create() -> None:
    document = validate_document({"name": "A", "summary": None, "tags": None, "prompt": {"style": None}})
    assert (document.summary, document.tags, document.prompt.style) == ("", [], "")


def current() -> RoleDocument:
    return validate_document(
        {
            "name": "A",
            "summary": "s",
            "tags": ["t"],
            "prompt": {"description": "d", "style": "st"},
            "llm_profile": {"temperature": 0.5, "top_k": 10},
        }
    )


def test_update_changes_only_the_keys_present() -> None:
    merged = validate_document(
        merge_update(current(), {"prompt": {"style": "new"}, "llm_profile": {"top_p": 0.9}})
    )
    assert merged.prompt.description == "d"
    assert merged.prompt.style == "new"
    assert (merged.llm_profile.temperature, merged.llm_profile.top_k, merged.llm_profile.top_p) == (
        0.5,
        10,
        0.9,
    )
    assert merged.summary == "s"


def test_update_with_null_clears_a_saved_parameter() -> None:
    merged = validate_document(
        merge_update(current(), {"llm_profile": {"temperature": None}, "prompt": {"style": None}})
    )
    assert merged.llm_profile.temperature is None
    assert merged.llm_profile.top_k == 10
    assert merged.prompt.style == ""
    cleared = validate_document(merge_update(current(), {"llm_profile": None, "summary": None, "tags": None}))
    assert cleared.llm_profile.model_dump(exclude_none=True) == {}
    assert (cleared.summary, cleared.tags) == ("", [])


def test_update_cannot_clear_the_name() -> None:
    assert errors_of(merge_update(current(), {"name": None})) == ["name must be text (got None)"]


def test_update_with_a_bad_value_reports_it() -> None:
    assert errors_of(merge_update(current(), {"llm_profile": {"max_tokens": 0}}))[0].startswith(
        "llm_profile.max_tokens must be a whole number of at least 1"
    )


def test_read_only_keys_from_show_are_accepted_and_checked() -> None:
    shown = {
        "id": "rol_1",
        "version": 4,
        "created_at": "x",
        "updated_at": "y",
        "avatar": None,
        **current().to_json(),
    }
    assert role_errors(shown) == []
    check_update_target("rol_1", 4, shown)
    with pytest.raises(InvalidRoleError, match="version is 4, but the role is now at version 5"):
        check_update_target("rol_1", 5, shown)
    with pytest.raises(InvalidRoleError, match="the role being updated is rol_2"):
        check_update_target("rol_2", 4, shown)


def test_show_json_validates_back_to_the_same_document() -> None:
    document = current()
    assert validate_document(document.to_json()) == document
    assert set(document.to_json()) == {
        "name",
        "summary",
        "status",
        "tags",
        "prompt",
        "lorebook",
        "llm_profile",
    }
    assert set(document.to_json()["prompt"]) == {
        "description",
        "worldview",
        "persona",
        "scenario",
        "example_dialogues",
        "style",
        "constraints",
        "first_message",
        "alternate_greetings",
    }
