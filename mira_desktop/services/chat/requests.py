"""The request a thread's next turn sends, compiled by the one compiler (role → project instructions →
summary → memory → skills → agent context, then the branch trimmed to the window). Used by a send and by the request preview,
so the preview shows exactly what the run sends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from mira_desktop.agent.tools.disclosure import SchemaShare
from mira_desktop.core.conversation.request_compiler import (
    CompiledRequest,
    PromptMessage,
    answer_room,
    compile_request,
)
from mira_desktop.core.conversation.threads import Thread, ThreadStatus
from mira_desktop.core.roles.compiler import CompiledRole, compile_role
from mira_desktop.core.roles.records import Role
from mira_desktop.models.protocol import ChatModel
from mira_desktop.services.attachments.sending import AttachedFile, room_for_file
from mira_desktop.services.attachments.views import FileBlock, SendMode
from mira_desktop.services.memory.service import MemoryService
from mira_desktop.services.model_catalog.catalog import ModelService
from mira_desktop.services.roles.service import configured_user_name
from mira_desktop.services.skills.context import SkillContext
from mira_desktop.services.threads.thinking import read_thinking
from mira_desktop.store.roles import RoleRepository
from mira_desktop.store.settings import SettingsRepository

_THINKS = "models.thinks.{ref}"  # a model seen thinking (its answers had reasoning)
RECENT_FOR_LORE = 6  # lorebook entries trigger on the newest messages
_WELCOME = Thread(
    "", "", None, None, None, None, False, False, False, None, ThreadStatus.ACTIVE, None, "", "", ""
)


class RequestBuilder:
    def __init__(
        self,
        roles: RoleRepository,
        settings: SettingsRepository,
        models: ModelService,
        memory: MemoryService,
        agent_context: Callable[[Thread, ChatModel], str],
        *,
        skills: SkillContext | None = None,
        tool_schemas: Callable[[Thread, ChatModel], SchemaShare | None] | None = None,
        project_instructions: Callable[[str | None], str] | None = None,
    ) -> None:
        self._roles = roles
        self._settings = settings
        self._models = models
        # The agent section of a thread in agent mode (workspace, tools, budgets).
        self.agent_context = agent_context
        self.memory = memory  # the memory slot's facts
        self.skills = skills  # the skills that are on, and the instructions of those picked
        self.tool_schemas = tool_schemas  # an agent request's tools shown with their schemas, of all
        # The instructions of a thread's project (by its workspace id; None: Mira BASE).
        self.project_instructions = project_instructions

    def compile(
        self, thread: Thread, history: list[PromptMessage], model: ChatModel, *, earlier: int = 0
    ) -> CompiledRequest:
        """Raises ``ContextOverflowError`` when the newest message alone does not fit; ``earlier``:
        the messages before ``history`` that were not read (see ``BranchEditor.recent_path``).
        A model that thinks gets room for its reasoning too (:func:`answer_room`); the thread's
        thinking switch goes with the request to a model that has one."""
        profile = model.profile()
        window = profile.context_window
        memory = self.memory.for_request(thread, window, model.count_tokens)
        agent = self.agent_context(thread, model) if thread.agent_enabled else None
        thinking = read_thinking(self._settings, thread.id) if profile.thinking_switch else None
        request = compile_request(
            history=history,
            window=window,
            count_tokens=model.count_tokens,
            role=self.role(thread, history, model),
            project=self._project(thread.workspace_id),
            summary=thread.context_summary,
            memory=memory.text if memory else None,
            skills=self._skills(history, model, agent=thread.agent_enabled),
            agent_context=agent,
            earlier=earlier,
            reserve_for_answer=answer_room(thinks=self.thinks(model), thinking=thinking),
        )
        request = replace(request, thinking=thinking)
        share = self.tool_schemas(thread, model) if thread.agent_enabled and self.tool_schemas else None
        if share is not None:
            request = replace(request, tool_schemas=share.to_dict())
        return replace(request, memory_ids=memory.used) if memory else request

    def thinks(self, model: ChatModel) -> bool:
        """Whether the model writes reasoning before its answers: its profile says so (a GGUF's template),
        or it was seen thinking before (a server's model, remembered across runs and processes)."""
        profile = model.profile()
        return profile.thinks or self._settings.get(_THINKS.format(ref=profile.ref)) is True

    def remember_thinking(self, model: ChatModel) -> None:
        """Keep that a server's model thinks, once its adapter has seen it send reasoning."""
        profile = model.profile()
        key = _THINKS.format(ref=profile.ref)
        if profile.thinks and self._settings.get(key) is not True:
            self._settings.set(key, True)

    def compile_with_file(
        self,
        thread: Thread,
        history: list[PromptMessage],
        model: ChatModel,
        file: AttachedFile,
        *,
        earlier: int = 0,
    ) -> tuple[CompiledRequest, FileBlock]:
        """The request with the newest message's file: its whole text when it fits beside the
        question, else the passages that match the question, cited (older messages' files never)."""
        plain = self.compile(thread, history, model, earlier=earlier)
        question = history[-1].content
        profile = model.profile()
        room = room_for_file(plain, model.count_tokens(question))
        block = file.block(
            question, room, model.count_tokens, vision=profile.supports_vision, model=profile.display_name
        )
        if block.mode is SendMode.IMAGE:  # a model that sees gets the picture with the question
            with_image = [*history[:-1], PromptMessage("user", question, images=(file.data_url(),))]
            return self.compile(thread, with_image, model, earlier=earlier), block
        if not block.text:
            return plain, block
        with_file = [*history[:-1], PromptMessage("user", f"{question}\n\n{block.text}")]
        return self.compile(thread, with_file, model, earlier=earlier), block

    def compile_unbound(self, history: list[PromptMessage], model: ChatModel) -> CompiledRequest:
        """The welcome page: no thread yet, so no role or summary; the global memory facts apply."""
        window = model.profile().context_window
        memory = self.memory.for_request(_WELCOME, window, model.count_tokens) if self.memory else None
        request = compile_request(
            history=history,
            window=window,
            count_tokens=model.count_tokens,
            project=self._project(None),
            memory=memory.text if memory else None,
            skills=self._skills(history, model, agent=False),
        )
        return replace(request, memory_ids=memory.used) if memory else request

    def _project(self, workspace_id: str | None) -> str | None:
        return self.project_instructions(workspace_id) if self.project_instructions else None

    def _skills(self, history: list[PromptMessage], model: ChatModel, *, agent: bool) -> str | None:
        if self.skills is None:
            return None
        texts = [m.content for m in history if m.role == "user"]
        window = model.profile().context_window
        return self.skills.section(texts, agent=agent, window=window, count_tokens=model.count_tokens)

    def role_greetings(self, role: Role) -> list[str]:
        """The role's greetings with their macros expanded ({{char}}, {{user}})."""
        compiled = compile_role(role, user_name=configured_user_name(self._settings))
        return [compiled.greeting, *compiled.alternate_greetings]

    def role(self, thread: Thread, history: list[PromptMessage], model: ChatModel) -> CompiledRole:
        role = self._roles.get(thread.role_id) if thread.role_id else None
        return compile_role(
            role,
            user_name=configured_user_name(self._settings),
            recent_messages=[m.content for m in history[-RECENT_FOR_LORE:]],
            count_tokens=model.count_tokens,
        )
