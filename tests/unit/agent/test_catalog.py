"""Each tool is declared once, with bounded arguments; the registry offers only what applies."""

from __future__ import annotations

from typing import Any

import pytest

from mira_desktop.agent.tools.catalog import ALL_TOOLS, Risk
from mira_desktop.agent.tools.knowledge import KbHit
from mira_desktop.agent.tools.registry import ToolRegistry
from mira_desktop.agent.tools.validation import validation_errors


def _leaves(schema: dict[str, Any]) -> list[dict[str, Any]]:
    return list(schema["properties"].values())


@pytest.mark.parametrize("tool", ALL_TOOLS, ids=lambda t: t.name)
def test_every_argument_is_bounded_and_no_extra_keys_are_allowed(tool: Any) -> None:
    assert tool.parameters["additionalProperties"] is False
    assert tool.description.endswith(".")
    assert "\n" not in tool.description
    for leaf in _leaves(tool.parameters):
        if leaf["type"] == "string":
            assert leaf["maxLength"] > 0
        if leaf["type"] in ("integer", "number"):
            assert "maximum" in leaf


def test_risk_levels_make_reads_safe_and_changes_not() -> None:
    risks = {tool.name: tool.risk for tool in ALL_TOOLS}
    assert {n for n, r in risks.items() if r is Risk.READ} == {
        "list_files",
        "read_file",
        "search_files",
        "kb_search",
    }
    assert risks["write_file"] is Risk.WRITE
    assert risks["edit_file"] is Risk.WRITE
    assert risks["make_dir"] is Risk.WRITE
    assert risks["delete_file"] is Risk.DESTRUCTIVE
    assert risks["move_file"] is Risk.DESTRUCTIVE


def test_kb_search_is_offered_only_with_a_knowledge_base() -> None:
    assert "kb_search" not in ToolRegistry().names
    with_kb = ToolRegistry(lambda query, k: [KbHit("a.pdf", "p. 1", "text")])
    assert "kb_search" in with_kb.names
    assert [spec.name for spec in with_kb.specs()] == list(with_kb.names)
    assert with_kb.specs()[0].parameters["type"] == "object"


def test_validator_explains_each_problem() -> None:
    schema = ToolRegistry().get("read_file")
    assert schema is not None
    params = schema.parameters
    assert validation_errors({"path": "a.txt", "start_line": 2}, params) == []
    assert validation_errors({}, params) == ["arguments is missing 'path'."]
    assert "unknown key 'mode'" in validation_errors({"path": "a", "mode": "x"}, params)[0]
    assert validation_errors({"path": 3}, params) == ["'path' must be a string, not a number."]
    assert validation_errors({"path": "a", "start_line": True}, params) == [
        "'start_line' must be an integer, not a boolean."
    ]
    assert validation_errors({"path": "a", "start_line": 0}, params) == ["'start_line' must be at least 1."]
    assert validation_errors({"path": "x" * 2000}, params) == ["'path' must be at most 1024 characters."]
    assert validation_errors([], params) == ["arguments must be an object, not an array."]


def test_validator_handles_one_of_const_and_enum() -> None:
    schema = {"oneOf": [{"const": "a"}, {"type": "string", "enum": ["b", "c"]}]}
    assert validation_errors("a", schema) == []
    assert validation_errors("c", schema) == []
    assert "fits none" in validation_errors("d", schema)[0]


def test_validator_reads_json_schema_beyond_the_catalog_subset() -> None:
    """MCP servers send full JSON Schema: nested objects, arrays of objects, anyOf, $defs."""
    schema = {
        "type": "object",
        "$defs": {"tag": {"type": "string", "pattern": "^[a-z]+$"}},
        "properties": {
            "filter": {
                "type": "object",
                "properties": {"tags": {"type": "array", "items": {"$ref": "#/$defs/tag"}, "maxItems": 3}},
                "required": ["tags"],
            },
            "limit": {"anyOf": [{"type": "integer", "exclusiveMinimum": 0}, {"type": "null"}]},
        },
        "required": ["filter"],
    }
    assert validation_errors({"filter": {"tags": ["a", "b"]}, "limit": None}, schema) == []
    assert validation_errors({"filter": {"tags": ["a", "b", "c", "d"]}}, schema) == [
        "'filter.tags' must be at most 3 items."
    ]
    assert validation_errors({"filter": {"tags": ["Bad"]}}, schema) == [
        "'filter.tags[0]': 'Bad' does not match '^[a-z]+$'."
    ]
    assert (
        "fits none of the allowed shapes"
        in validation_errors({"filter": {"tags": []}, "limit": 0}, schema)[0]
    )


def test_a_long_value_is_never_repeated_in_the_error() -> None:
    schema = {"type": "object", "properties": {"text": {"type": "string", "maxLength": 10}}}
    errors = validation_errors({"text": "x" * 100_000}, schema)
    assert errors == ["'text' must be at most 10 characters."]


def test_schema_problem_names_what_is_wrong_with_a_servers_schema() -> None:
    from mira_desktop.agent.tools.validation import schema_problem

    assert schema_problem({"type": "object", "properties": {"a": {"type": "string"}}}) is None
    assert (
        schema_problem({"type": "string"})
        == "its input schema does not describe an object of named arguments"
    )
    assert "not valid JSON Schema" in (
        schema_problem({"type": "object", "properties": {"a": {"type": 5}}}) or ""
    )
    assert schema_problem([1]) == "its input schema is not a JSON object"
