"""The one role compiler: role + user name + recent messages → request-only system context.

The same function serves normal, RAG and agent runs, so the role's prompt and its sampling profile
apply on every route. Only an active role is applied; a draft or archived role bound to a thread is
shown with a badge but not sent, so the UI and the request never disagree. A role is prompt text
and sampling, nothing else: it carries no tool permission, and its constraints are words the model
reads, never policy the agent's guardrail consults.

The system text is ``You are NAME.`` followed by one ``## Title`` section per non-empty field, in
:data:`SECTION_ORDER`, with the triggered lorebook entries as the "Lore" section. A role written
mostly in Chinese gets the same scaffolding in Chinese (``你是NAME。``, ``## 描述`` …).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mira_desktop.core.languages import mostly_cjk
from mira_desktop.core.roles.lorebook import LoreSelection, select_lore
from mira_desktop.core.roles.macros import expand_macros
from mira_desktop.core.roles.records import Role
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.core.token_estimate import estimate_tokens

__all__ = ["SECTION_ORDER", "SECTION_TITLES", "CompiledRole", "compile_role", "expand_macros"]

SECTION_TITLES = {
    "description": "Description",
    "persona": "Persona",
    "worldview": "World",
    "lore": "Lore",
    "scenario": "Scenario",
    "example_dialogues": "Example dialogues",
    "style": "Style",
    "constraints": "Constraints",
}
SECTION_TITLES_ZH = {
    "description": "描述",
    "persona": "人设",
    "worldview": "世界观",
    "lore": "设定资料",
    "scenario": "场景",
    "example_dialogues": "示例对话",
    "style": "风格",
    "constraints": "约束",
}
SECTION_ORDER = tuple(SECTION_TITLES)
USER_NAMES = {"en": "User", "zh": "用户"}  # {{user}} when the user chose no name: in the role's language
DEFAULT_LOREBOOK_BUDGET = 512


@dataclass(frozen=True)
class CompiledRole:
    role_id: str | None
    role_version: int | None
    system_text: str  # "" when no role applies
    sections: tuple[tuple[str, str], ...] = ()  # (section title, text), in order, for the preview
    sampling: SamplingParams = field(default_factory=SamplingParams)  # the validated profile
    used: bool = False
    reason: str = ""
    name: str = ""
    status: str | None = None
    header: str = ""  # "You are NAME."
    greeting: str = ""  # first_message with macros expanded (for the start of a chat)
    alternate_greetings: tuple[str, ...] = ()
    lore: LoreSelection = field(default_factory=LoreSelection)
    section_keys: tuple[str, ...] = ()  # the field each of ``sections`` comes from (``description`` …)

    def snapshot(self) -> dict[str, Any]:
        """What a run records about the role it used (``runs.role_snapshot_json``)."""
        return {
            "id": self.role_id,
            "version": self.role_version,
            "name": self.name,
            "status": self.status,
            "used": self.used,
            "reason": self.reason,
            "sampling": self.sampling.to_dict(),
            "lore": [{"index": e.index, "trigger": e.trigger} for e in self.lore.inserted],
        }


def compile_role(
    role: Role | None,
    *,
    user_name: str | None,
    recent_messages: Sequence[str] = (),
    count_tokens: Callable[[str], int] = estimate_tokens,
    lorebook_budget_tokens: int = DEFAULT_LOREBOOK_BUDGET,
) -> CompiledRole:
    """Compile ``role`` for one request.

    Args:
        role: the thread's role, or None.
        user_name: the user's display name, for ``{{user}}`` (setting ``user.display_name``); None
            when none was chosen: "User", or "用户" for a role written mostly in Chinese.
        recent_messages: the texts the lorebook scans (the last few messages of the active branch,
            including the one being sent).
        count_tokens: the model's token counter (for the lorebook budget; the estimate without one).
        lorebook_budget_tokens: how many tokens triggered lorebook entries may take together.
    """
    if role is None:
        return CompiledRole(None, None, "", reason="no role")
    status = role.status.value
    if not role.applies:
        return CompiledRole(
            role.id, role.version, "", reason=f"role is {status}: not applied", name=role.name, status=status
        )
    seed = f"{role.id}:{role.version}"
    if user_name is None:
        written = " ".join([role.name, *(_text(role, key) for key in (*SECTION_ORDER, "first_message"))])
        user_name = USER_NAMES["zh" if mostly_cjk(written) else "en"]

    def render(text: str) -> str:
        return expand_macros(text, char=role.name, user=user_name, seed=seed).strip()

    lore = select_lore(
        role.lorebook,
        recent_messages,
        count_tokens=count_tokens,
        budget=lorebook_budget_tokens,
        render=render,
    )
    texts = {
        key: "\n\n".join(e.content for e in lore.inserted) if key == "lore" else render(_text(role, key))
        for key in SECTION_ORDER
    }
    chinese = mostly_cjk(" ".join([role.name, *texts.values()]))  # scaffolding in the role's language
    titles = SECTION_TITLES_ZH if chinese else SECTION_TITLES
    sections = [(titles[key], text) for key, text in texts.items() if text]
    header = render(f"你是{role.name}。" if chinese else f"You are {role.name}.")
    system_text = "\n\n".join([header, *(f"## {title}\n{body}" for title, body in sections)])
    # pydantic is imported at the first compile, not while the services are built
    from mira_desktop.core.roles.schema import LlmProfile

    greetings = role.prompt.get("alternate_greetings") or []
    return CompiledRole(
        role.id,
        role.version,
        system_text,
        tuple(sections),
        LlmProfile.model_validate(role.llm_profile).to_sampling(),
        used=True,
        reason="active role",
        name=role.name,
        status=status,
        header=header,
        greeting=render(_text(role, "first_message")),
        alternate_greetings=tuple(render(str(g)) for g in greetings),
        lore=lore,
        section_keys=tuple(key for key, text in texts.items() if text),
    )


def _text(role: Role, key: str) -> str:
    value = role.prompt.get(key)
    return value if isinstance(value, str) else ""
