"""Validating role documents, merging updates, and wording errors as "field: reason"."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.phrases import Phrase, said
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
    ``at_least``, ``at_least_whole``, ``empty``, ``name_too_long``, ``one_line``, ``missing``);
    ``phrase`` is the problem as a phrase of ``core.phrases`` (its English is ``message``)."""

    field: str  # e.g. "llm_profile.temperature", "lorebook[2].keys[0]"
    message: str
    code: str = ""
    values: dict[str, Any] = dataclasses.field(default_factory=dict, compare=False)
    phrase: Phrase | None = dataclasses.field(default=None, compare=False)

    @classmethod
    def said(cls, field: str, key: str, code: str = "", **values: Any) -> FieldError:
        """The problem ``key`` of ``core.phrases`` at ``field``; ``code`` and ``values`` as above."""
        phrase = said(key, **values)
        return cls(field, phrase.english, code, {k: v for k, v in values.items() if k != "got"}, phrase)

    def __str__(self) -> str:
        return f"{self.field} {self.message}"


class InvalidRoleError(InvalidInputError):
    """A role document failed validation; ``errors`` lists every problem, the message the first."""

    def __init__(self, errors: list[FieldError], what: str = "role") -> None:
        first = errors[0]
        problem = first.phrase or first.message
        values = {"what": said(WHAT[what]), "field": first.field, "problem": problem, "more": len(errors) - 1}
        self.phrase = said("roles.invalid_more" if len(errors) > 1 else "roles.invalid", **values)
        super().__init__(self.phrase.english)
        self.errors = errors


WHAT = {"role": "roles.what.role", "card": "roles.what.card"}  # what was checked, in the sentence


def role_errors(data: Any) -> list[FieldError]:
    """Every problem with ``data`` as a role document (empty when it is valid)."""
    if not isinstance(data, dict):
        return [FieldError.said("role", "roles.problem.dict_type", got="")]
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
        raise InvalidRoleError([FieldError.said("role", "roles.problem.dict_type", got="")])
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
            [FieldError.said("id", "roles.problem.other_id", id=patch["id"], role_id=role_id)]
        )
    if "version" in patch and patch["version"] != version:
        raise InvalidRoleError(
            [FieldError.said("version", "roles.problem.old_version", version=patch["version"], now=version)]
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


def _got(value: Any) -> Phrase | str:
    if isinstance(value, dict | list):
        return ""
    text = repr(value)
    return said("roles.problem.got", value=f"{text[:40]}{'…' if len(text) > 40 else ''}")


def _field_error(error: Any) -> FieldError:  # noqa: PLR0911 (one return a kind of problem)
    path = _path(tuple(error["loc"]))
    kind = error["type"]
    ctx = error.get("ctx") or {}
    got = _got(error.get("input"))
    leaf = path.rsplit(".", 1)[-1]
    if path.startswith("llm_profile.") and leaf in PROFILE_RANGES and kind != "extra_forbidden":
        low, high = PROFILE_RANGES[leaf]
        whole = leaf in {"top_k", "max_tokens"}
        code = ("range" if high is not None else "at_least") + ("_whole" if whole else "")
        values = {"low": f"{low:g}", "high": f"{high:g}" if high is not None else ""}
        return FieldError.said(path, f"roles.problem.{code}", code, got=got, **values)
    if kind == "extra_forbidden":
        if path.startswith("llm_profile."):
            return FieldError.said(path, "roles.problem.not_sampling", known=", ".join(PROFILE_FIELDS))
        return FieldError.said(path, "roles.problem.unknown_field")
    if kind == "too_long":
        return FieldError.said(path, "roles.problem.too_many", most=ctx.get("max_length"))
    if kind == "value_error":
        reason = str(ctx.get("error", error["msg"]))
        return _named_reason(path, reason)
    if kind == "enum":
        return FieldError.said(
            path, "roles.problem.enum", got=got, states=", ".join(s.value for s in RoleStatus)
        )
    if f"roles.problem.{kind}" in PROBLEMS:
        return FieldError.said(path, f"roles.problem.{kind}", "missing" if kind == "missing" else "", got=got)
    return FieldError(path, str(error["msg"]).lower() + str(got))  # pydantic's own words, for a rare kind


# The problems pydantic names by a type, in the sentences a field error says.
PROBLEMS = {
    f"roles.problem.{kind}"
    for kind in (
        "missing", "string_type", "bool_type", "list_type", "dict_type", "model_type",
        "model_attributes_type", "int_type", "float_type", "finite_number",
    )
}  # fmt: skip


def _named_reason(path: str, reason: str) -> FieldError:
    """A validator's reason (``schema``'s name and size checks) as the field error that names it."""
    if reason == "must not be empty":
        return FieldError.said(path, "roles.problem.empty", "empty")
    if reason == "must be one line":
        return FieldError.said(path, "roles.problem.one_line", "one_line")
    found = re.fullmatch(r"is (\d+) characters; the limit is (\d+)", reason)
    if found:
        return FieldError.said(
            path, "roles.problem.name_too_long", "name_too_long", length=int(found[1]), limit=int(found[2])
        )
    found = re.fullmatch(r"is ([\d.]+) KB; the limit is 64 KB", reason)
    if found:
        return FieldError.said(path, "roles.problem.too_big", size=found[1])
    return FieldError(path, reason)
