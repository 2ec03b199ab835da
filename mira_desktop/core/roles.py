"""Roles: personas with prompt fields and their own sampling profile."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class RoleStatus(StrEnum):
    ACTIVE = "active"
    DRAFT = "draft"
    ARCHIVED = "archived"


PROMPT_FIELDS = (
    "description",
    "worldview",
    "persona",
    "scenario",
    "example_dialogues",
    "style",
    "constraints",
    "first_message",
    "alternate_greetings",
)


@dataclass(frozen=True)
class Role:
    id: str
    name: str
    summary: str
    status: RoleStatus
    version: int
    created_at: str
    updated_at: str
    avatar: str | None = None
    tags: list[str] = field(default_factory=list)
    prompt: dict[str, Any] = field(default_factory=dict)
    lorebook: list[dict[str, Any]] = field(default_factory=list)
    llm_profile: dict[str, Any] = field(default_factory=dict)
