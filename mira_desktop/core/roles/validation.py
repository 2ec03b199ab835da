"""Validating role documents, merging updates, and wording errors as "field: reason"."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.roles.records import PROFILE_FIELDS, RoleStatus
from mira_desktop.core.roles.schema import PROFILE_RANGES, RoleDocument

# Keys that ``show --json`` prints for information; a file may carry them back, and they are not
# written (``version``, when present in an update, must match: see :func:`check_update_target`).
READ_ONLY_KEYS = ("id", "version", "created_at", "updated_at", "avatar")
MERGED_OBJECTS = ("prompt", "llm_profile")  # updated key by key; a null value clears that key


@dataclass(frozen=True)
class FieldError:
    """``field`` and its problem in English; ``code`` and ``values`` name the common problems so the
    role form can say them under the field in the window's language (``range``, ``range_whole``,
    ``at_least``, ``at_least_whole``, ``empty``, ``name_too_long``, ``one_line``, ``missing``)."""

    field: str  # e.g. "llm_profile.temperature", "lorebook[2].keys[0]"
    message: str
    code: str = ""
    values: dict[str, Any] = dataclasses.field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return f"{self.field} {self.message}"


class InvalidRoleError(InvalidInputError):
    """A role document failed validation; ``errors`` lists every problem, the message the first."""

    def __init__(self, errors: list[FieldError], what: str = "role") -> None:
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        super().__init__(f"Invalid {what}: {errors[0]}{more}; nothing was saved.")
        self.errors = errors


def role_errors(data: Any) -> list[FieldError]:
    """Every problem with ``data`` as a role document (empty when it is valid)."""
    if not isinstance(data, dict):
        return [FieldError("role", "must be a JSON object")]
    try:
        RoleDocument.model_validate(_writable(data))
    except ValidationError as exc:
        # A union (a number may be whole or not) reports once per branch; the last is the widest.
        by_field: dict[str, FieldError] = {}
        for error in map(_field_error, exc.errors()):
            by_field[error.field] = error
        return list(by_field.values())
    return []


def validate_document(data: Any, what: str = "role") -> RoleDocument:
    errors = role_errors(data)
    if errors:
        raise InvalidRoleError(errors, what)
    return RoleDocument.model_validate(_writable(data))


def merge_update(current: RoleDocument, patch: Any) -> dict[str, Any]:
    """``current`` with the keys present in ``patch`` changed; a null clears (or is refused for
    ``name`` and ``status``, which have no empty value)."""
    if not isinstance(patch, dict):
        raise InvalidRoleError([FieldError("role", "must be a JSON object")])
    merged = current.to_json()
    for key, value in _writable(patch).items():
        if key in MERGED_OBJECTS and isinstance(value, dict):
            merged[key] = {**merged[key], **value}
        else:
            merged[key] = value
    return merged


def check_update_target(role_id: str, version: int, patch: dict[str, Any]) -> None:
    """A file that names another role, or an older version of this one, is refused."""
    if "id" in patch and patch["id"] != role_id:
        raise InvalidRoleError(
            [FieldError("id", f"is {patch['id']!r}, but the role being updated is {role_id}")]
        )
    if "version" in patch and patch["version"] != version:
        raise InvalidRoleError(
            [
                FieldError(
                    "version",
                    f"is {patch['version']!r}, but the role is now at version {version}: "
                    "it changed since the file was written; show it again and reapply your edit",
                )
            ]
        )


def _writable(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in READ_ONLY_KEYS}


def _path(loc: tuple[int | str, ...]) -> str:
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part in {"int", "float", "function-after[_within_limit(), str]"} or "[" in str(part):
            continue  # union and validator branches pydantic adds to the location
        else:
            text += f".{part}" if text else str(part)
    return text or "role"


def _got(value: Any) -> str:
    if isinstance(value, dict | list):
        return ""
    text = repr(value)
    return f" (got {text[:40]}{'…' if len(text) > 40 else ''})"


def _field_error(error: Any) -> FieldError:
    path = _path(tuple(error["loc"]))
    kind = error["type"]
    ctx = error.get("ctx") or {}
    got = _got(error.get("input"))
    leaf = path.rsplit(".", 1)[-1]
    if path.startswith("llm_profile.") and leaf in PROFILE_RANGES and kind != "extra_forbidden":
        low, high = PROFILE_RANGES[leaf]
        whole = leaf in {"top_k", "max_tokens"}
        noun = "a whole number" if whole else "a number"
        bounds = f"from {low:g} to {high:g}" if high is not None else f"of at least {low:g}"
        code = ("range" if high is not None else "at_least") + ("_whole" if whole else "")
        values = {"low": f"{low:g}", "high": f"{high:g}" if high is not None else ""}
        return FieldError(path, f"must be {noun} {bounds}, or null for the model's default{got}", code, values)
    messages = {
        "missing": "is required",
        "string_type": "must be text",
        "bool_type": "must be true or false",
        "list_type": "must be a list",
        "dict_type": "must be a JSON object",
        "model_type": "must be a JSON object",
        "model_attributes_type": "must be a JSON object",
        "int_type": "must be a whole number",
        "float_type": "must be a number",
        "finite_number": "must be a finite number",
        "enum": f"must be one of {', '.join(s.value for s in RoleStatus)}",
    }
    if kind == "extra_forbidden":
        if path.startswith("llm_profile."):
            return FieldError(path, f"is not a sampling parameter (known: {', '.join(PROFILE_FIELDS)})")
        return FieldError(path, "is not a known field")
    if kind == "too_long":
        return FieldError(path, f"has more than {ctx.get('max_length')} items")
    if kind == "value_error":
        reason = str(ctx.get("error", error["msg"]))
        return FieldError(path, reason, *_named_reason(reason))
    return FieldError(
        path, messages.get(kind, str(error["msg"]).lower()) + got, "missing" if kind == "missing" else ""
    )


def _named_reason(reason: str) -> tuple[str, dict[str, Any]]:
    """The code and values of a name validator's reason (``schema._one_line_name``)."""
    if reason == "must not be empty":
        return "empty", {}
    if reason == "must be one line":
        return "one_line", {}
    found = re.fullmatch(r"is (\d+) characters; the limit is (\d+)", reason)
    if found:
        return "name_too_long", {"length": int(found[1]), "limit": int(found[2])}
    return "", {}
