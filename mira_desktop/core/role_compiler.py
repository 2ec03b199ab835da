"""The one role compiler: role + user name + recent messages → request-only system context.

The same function serves normal, RAG and agent runs, so the role's prompt and its sampling profile
apply on every route. Only an active role is applied; a draft or archived role bound to a thread is
shown with a badge but not sent, so the UI and the request never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from mira_desktop.core.roles import Role, RoleStatus
from mira_desktop.core.sampling import SamplingParams

SECTION_TITLES = {
    "description": "Description",
    "worldview": "World",
    "persona": "Persona",
    "scenario": "Scenario",
    "example_dialogues": "Example dialogues",
    "style": "Style",
    "constraints": "Constraints",
}


@dataclass(frozen=True)
class CompiledRole:
    role_id: str | None
    role_version: int | None
    system_text: str  # "" when no role applies
    sections: tuple[tuple[str, str], ...] = ()  # (section name, text), in order, for the preview
    sampling: SamplingParams = field(default_factory=SamplingParams)
    used: bool = False
    reason: str = ""


def expand_macros(text: str, *, char: str, user: str) -> str:
    return text.replace("{{char}}", char).replace("{{user}}", user)


def compile_role(
    role: Role | None,
    *,
    user_name: str,
    recent_messages: Sequence[str] = (),
    count_tokens: Callable[[str], int] = lambda text: len(text.split()),
    lorebook_budget_tokens: int = 512,
) -> CompiledRole:
    if role is None:
        return CompiledRole(None, None, "", reason="no role")
    if role.status is not RoleStatus.ACTIVE:
        return CompiledRole(role.id, role.version, "", reason=f"role is {role.status.value}: not applied")
    sections: list[tuple[str, str]] = []
    for key, title in SECTION_TITLES.items():
        value = role.prompt.get(key)
        if isinstance(value, str) and value.strip():
            sections.append((title, expand_macros(value.strip(), char=role.name, user=user_name)))
    lore = _triggered_lore(role, recent_messages, count_tokens, lorebook_budget_tokens)
    if lore:
        sections.append(("Lore", "\n".join(expand_macros(t, char=role.name, user=user_name) for t in lore)))
    header = f"You are {role.name}."
    text = "\n\n".join([header, *(f"## {title}\n{body}" for title, body in sections)])
    return CompiledRole(
        role.id,
        role.version,
        text,
        tuple(sections),
        SamplingParams.from_dict(role.llm_profile),
        used=True,
    )


def _triggered_lore(
    role: Role, recent: Sequence[str], count_tokens: Callable[[str], int], budget: int
) -> list[str]:
    haystack = "\n".join(recent).lower()
    chosen: list[str] = []
    spent = 0
    for entry in role.lorebook:
        keys = [str(k).lower() for k in entry.get("keys", []) if str(k).strip()]
        content = str(entry.get("content", "")).strip()
        if not content or not any(k in haystack for k in keys):
            continue
        cost = count_tokens(content)
        if spent + cost > budget:
            continue
        chosen.append(content)
        spent += cost
    return chosen
