"""The request a thread's next turn sends, compiled by the one compiler (role → summary → memory →
agent context, then the branch trimmed to the window). Used by a send and by the request preview,
so the preview shows exactly what the run sends.
"""

from __future__ import annotations

from collections.abc import Callable

from mira_desktop.core.conversation.request_compiler import CompiledRequest, PromptMessage, compile_request
from mira_desktop.core.conversation.threads import Thread
from mira_desktop.core.roles.compiler import CompiledRole, compile_role
from mira_desktop.core.roles.records import Role
from mira_desktop.models.protocol import ChatModel
from mira_desktop.services.model_catalog.catalog import ModelService
from mira_desktop.services.roles.service import DEFAULT_USER_NAME, USER_NAME_SETTING
from mira_desktop.store.roles import RoleRepository
from mira_desktop.store.settings import SettingsRepository

RECENT_FOR_LORE = 6  # lorebook entries trigger on the newest messages


class RequestBuilder:
    def __init__(self, roles: RoleRepository, settings: SettingsRepository, models: ModelService) -> None:
        self._roles = roles
        self._settings = settings
        self._models = models
        # The agent section of a thread in agent mode (workspace, tools, budgets), set by the app.
        self.agent_context: Callable[[Thread, ChatModel], str] | None = None

    def compile(self, thread: Thread, history: list[PromptMessage], model: ChatModel) -> CompiledRequest:
        """Raises ``ContextOverflowError`` when the newest message alone does not fit."""
        return compile_request(
            history=history,
            window=model.profile().context_window,
            count_tokens=model.count_tokens,
            role=self.role(thread, history, model),
            summary=thread.context_summary,
            agent_context=self.agent_context(thread, model)
            if thread.agent_enabled and self.agent_context
            else None,
        )

    def compile_unbound(self, history: list[PromptMessage], model: ChatModel) -> CompiledRequest:
        """The welcome page: no thread, so no role or summary yet."""
        return compile_request(
            history=history, window=model.profile().context_window, count_tokens=model.count_tokens
        )

    def role_greetings(self, role: Role) -> list[str]:
        """The role's greetings with their macros expanded ({{char}}, {{user}})."""
        compiled = compile_role(role, user_name=str(self._settings.get(USER_NAME_SETTING, DEFAULT_USER_NAME)))
        return [compiled.greeting, *compiled.alternate_greetings]

    def role(self, thread: Thread, history: list[PromptMessage], model: ChatModel) -> CompiledRole:
        role = self._roles.get(thread.role_id) if thread.role_id else None
        return compile_role(
            role,
            user_name=str(self._settings.get(USER_NAME_SETTING, DEFAULT_USER_NAME)),
            recent_messages=[m.content for m in history[-RECENT_FOR_LORE:]],
            count_tokens=model.count_tokens,
        )
