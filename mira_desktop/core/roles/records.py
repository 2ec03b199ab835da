"""Roles: personas with prompt fields, a lorebook and their own sampling profile.

A :class:`Role` is what the store returns. Its ``prompt``, ``lorebook`` and ``llm_profile`` hold data
that passed :mod:`mira_desktop.core.roles.schema` when it was saved; ``extensions`` keeps what an
imported character card carried that Mira does not use, so that exporting it loses nothing.
"""

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

PROFILE_FIELDS = ("temperature", "top_p", "top_k", "max_tokens", "frequency_penalty", "presence_penalty")


@dataclass(frozen=True)
class Role:
    id: str
    name: str
    summary: str
    status: RoleStatus
    version: int
    created_at: str
    updated_at: str
    avatar: str | None = None  # a path relative to the data folder, e.g. "avatars/<sha256>.png"
    tags: list[str] = field(default_factory=list)
    prompt: dict[str, Any] = field(default_factory=dict)
    lorebook: list[dict[str, Any]] = field(default_factory=list)
    llm_profile: dict[str, Any] = field(default_factory=dict)
    extensions: dict[str, Any] = field(default_factory=dict)

    @property
    def applies(self) -> bool:
        """Only an active role is sent to the model; drafts and archived roles are shown, not used."""
        return self.status is RoleStatus.ACTIVE

    @property
    def badge(self) -> str | None:
        """The status to show beside the role's name wherever it is bound (None for active)."""
        return None if self.applies else self.status.value
