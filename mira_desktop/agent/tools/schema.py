"""A validator for the JSON-schema subset the tool catalog uses (no new dependency for one job).

Supported: ``type`` (object, string, integer, number, boolean, array), ``properties``,
``required``, ``additionalProperties: false``, ``minLength``/``maxLength``, ``minimum``/``maximum``,
``enum``, ``const``, ``items``/``maxItems`` and ``oneOf``. Errors are sentences a model can act on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_TYPES: dict[str, Callable[[object], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
}


def validation_errors(value: object, schema: dict[str, Any], where: str = "arguments") -> list[str]:
    """Every way ``value`` breaks ``schema``, as sentences; empty when it fits."""
    if "oneOf" in schema:
        return _one_of_errors(value, schema["oneOf"], where)
    problem = _constraint_error(value, schema, where)
    if problem:
        return [problem]
    errors = _bound_errors(value, schema, where)
    if isinstance(value, dict):
        errors += _object_errors(value, schema, where)
    elif isinstance(value, list) and isinstance(schema.get("items"), dict):
        for index, item in enumerate(value):
            errors += validation_errors(item, schema["items"], f"{where}[{index}]")
    return errors


def _one_of_errors(value: object, branches: list[dict[str, Any]], where: str) -> list[str]:
    results = [validation_errors(value, branch, where) for branch in branches]
    fitting = sum(1 for errors in results if not errors)
    if fitting == 1:
        return []
    if fitting > 1:
        return [f"{where} fits more than one allowed shape."]
    closest: list[str] = min(results, key=len)
    return [f"{where} fits none of the allowed shapes; closest: " + "; ".join(closest)]


def _constraint_error(value: object, schema: dict[str, Any], where: str) -> str | None:
    if "const" in schema and value != schema["const"]:
        return f"{where} must be {schema['const']!r}."
    if "enum" in schema and value not in schema["enum"]:
        return f"{where} must be one of {', '.join(map(repr, schema['enum']))}."
    kind = schema.get("type")
    if kind is not None and not _TYPES[kind](value):
        return f"{where} must be {'an' if kind[0] in 'aeiou' else 'a'} {kind}, not {_json_kind(value)}."
    return None


def _object_errors(value: dict[str, Any], schema: dict[str, Any], where: str) -> list[str]:
    properties: dict[str, Any] = schema.get("properties", {})
    errors = [f"{where} is missing {name!r}." for name in schema.get("required", []) if name not in value]
    if schema.get("additionalProperties") is False:
        unknown = sorted(set(value) - set(properties))
        if unknown:
            errors.append(
                f"{where} has unknown {'key' if len(unknown) == 1 else 'keys'} {', '.join(map(repr, unknown))}"
                f" (allowed: {', '.join(properties) or 'none'})."
            )
    for name, item in value.items():
        if name in properties:
            errors += validation_errors(item, properties[name], f"{name!r}")
    return errors


def _bound_errors(value: object, schema: dict[str, Any], where: str) -> list[str]:
    size: float
    if isinstance(value, str):
        size, low, high, unit = len(value), "minLength", "maxLength", " characters"
    elif isinstance(value, list):
        size, low, high, unit = len(value), "minItems", "maxItems", " items"
    elif isinstance(value, int | float) and not isinstance(value, bool):
        size, low, high, unit = value, "minimum", "maximum", ""
    else:
        return []
    if low in schema and size < schema[low]:
        return [f"{where} must be at least {schema[low]}{unit}."]
    if high in schema and size > schema[high]:
        return [f"{where} must be at most {schema[high]}{unit}."]
    return []


def _json_kind(value: object) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean", type(None): "null"}
    return names.get(type(value), "a number")
