"""Tool arguments checked against the tool's JSON schema with ``jsonschema``.

Every tool — built in, from an MCP server, or ``run_command`` — declares its arguments as a JSON
schema; a call is validated here before anything is asked or sent. The same schemas go to native
tool calls and, through :mod:`mira_desktop.agent.grammar`, to the llama.cpp grammar. Errors are short
sentences a model can act on (never the whole offending value: an argument may be 200,000
characters long). ``jsonschema`` is imported on the first check, not at start-up.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

_CACHE_SIZE = 256
_validators: dict[str, Any] = {}  # canonical schema JSON → a compiled validator


def validation_errors(value: object, schema: dict[str, Any]) -> list[str]:
    """Every way ``value`` breaks ``schema``, as sentences; empty when it fits."""
    errors = sorted(
        _validator(schema).iter_errors(value), key=lambda e: (len(e.path), list(map(str, e.path)))
    )
    return [_sentence(error) for error in errors]


def schema_problem(schema: object) -> str | None:
    """Why ``schema`` is not a usable JSON schema for a tool's arguments (None when it is)."""
    from jsonschema.exceptions import SchemaError
    from jsonschema.validators import validator_for

    if not isinstance(schema, dict):
        return "its input schema is not a JSON object"
    if schema.get("type", "object") != "object":
        return "its input schema does not describe an object of named arguments"
    try:
        validator_for(schema, default=_default()).check_schema(schema)
    except SchemaError as exc:
        return f"its input schema is not valid JSON Schema ({exc.message})"
    return None


def _default() -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator


def _validator(schema: dict[str, Any]) -> Any:
    from jsonschema.validators import validator_for

    key = json.dumps(schema, sort_keys=True, default=str)
    found = _validators.get(key)
    if found is None:
        found = validator_for(schema, default=_default())(schema)
        if len(_validators) >= _CACHE_SIZE:
            _validators.pop(next(iter(_validators)))
        _validators[key] = found
    return found


def _where(path: Iterable[object]) -> str:
    parts = list(path)
    if not parts:
        return "arguments"
    shown = "".join(
        f"[{p}]" if isinstance(p, int) else (f".{p}" if i else str(p)) for i, p in enumerate(parts)
    )
    return repr(shown) if not isinstance(parts[0], int) else f"arguments{shown}"


def _sentence(error: Any) -> str:
    where = _where(error.absolute_path)
    explain = _EXPLAIN.get(str(error.validator))
    if explain is not None:
        return explain(where, error)
    message = str(error.message)
    return f"{where}: {message[:200]}{'…' if len(message) > 200 else ''}."


def _required(where: str, error: Any) -> str:
    value = error.instance
    missing = [name for name in error.validator_value if isinstance(value, dict) and name not in value]
    return f"{where} is missing {', '.join(map(repr, missing))}."


def _additional(where: str, error: Any) -> str:
    properties = error.schema.get("properties", {})
    unknown = (
        sorted(k for k in error.instance if k not in properties) if isinstance(error.instance, dict) else []
    )
    noun = "key" if len(unknown) == 1 else "keys"
    return f"{where} has unknown {noun} {', '.join(map(repr, unknown))} (allowed: {', '.join(properties) or 'none'})."


def _type(where: str, error: Any) -> str:
    kinds = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
    wanted = " or ".join(f"{'an' if k[0] in 'aeiou' else 'a'} {k}" for k in kinds)
    return f"{where} must be {wanted}, not {_json_kind(error.instance)}."


def _bound(where: str, error: Any) -> str:
    keyword = str(error.validator)
    unit = " characters" if keyword.endswith("Length") else " items" if keyword.endswith("Items") else ""
    side = {"exclusiveMinimum": "more than", "exclusiveMaximum": "less than"}.get(
        keyword, "at least" if keyword.startswith("min") else "at most"
    )
    return f"{where} must be {side} {error.validator_value}{unit}."


def _enum(where: str, error: Any) -> str:
    return f"{where} must be one of {', '.join(json.dumps(v, ensure_ascii=False) for v in error.validator_value)}."


def _const(where: str, error: Any) -> str:
    return f"{where} must be {json.dumps(error.validator_value, ensure_ascii=False)}."


def _one_of(where: str, error: Any) -> str:
    closest = max(error.context, key=lambda e: len(e.absolute_path), default=None)  # the most specific
    if closest is None:
        return f"{where} fits more than one allowed shape."
    return f"{where} fits none of the allowed shapes; closest: {_sentence(closest)}"


_EXPLAIN = {
    "required": _required,
    "additionalProperties": _additional,
    "type": _type,
    **dict.fromkeys(
        (
            "minLength",
            "maxLength",
            "minItems",
            "maxItems",
            "minimum",
            "maximum",
            "exclusiveMinimum",
            "exclusiveMaximum",
        ),
        _bound,
    ),
    "enum": _enum,
    "const": _const,
    "oneOf": _one_of,
    "anyOf": _one_of,
}


def _json_kind(value: object) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean", type(None): "null"}
    return names.get(type(value), "a number")
