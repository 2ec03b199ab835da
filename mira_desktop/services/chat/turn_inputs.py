"""What a turn is built from, read and checked before a run starts: the thread (written to only
when the send's options change its bindings), the message answered again, the newest part of the
path that the model can be shown, the earlier file it still carries, the first send's unsaved thread."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from mira_desktop.core.conversation.threads import Message, Thread, ThreadStatus
from mira_desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from mira_desktop.models.protocol import ChatModel
from mira_desktop.services.chat.run_records import SendOptions
from mira_desktop.services.model_catalog.catalog import ModelService
from mira_desktop.services.threads.branches import BranchEditor, RecentPath
from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.roles import RoleRepository
from mira_desktop.store.threads import ThreadRepository
from mira_desktop.store.workspaces import WorkspaceRepository

if TYPE_CHECKING:
    from mira_desktop.services.attachments.sending import AttachedFile
    from mira_desktop.services.attachments.service import AttachmentService


class TurnInputs:
    def __init__(
        self,
        *,
        threads: ThreadRepository,
        messages: MessageRepository,
        roles: RoleRepository,
        knowledge_bases: KnowledgeBaseRepository,
        workspaces: WorkspaceRepository,
        models: ModelService,
        branches: BranchEditor,
        attachments: AttachmentService,
    ) -> None:
        self._threads = threads
        self._messages = messages
        self._roles = roles
        self._kbs = knowledge_bases
        self._workspaces = workspaces
        self._models = models
        self._branches = branches
        self._attachments = attachments

    def draft_thread(self, options: SendOptions) -> Thread:
        """An unsaved thread for compiling the first request; the row is written by ``_persist``."""
        return Thread(
            id="",
            title="",
            model_ref=options.model_ref,
            workspace_id=options.workspace_id,
            knowledge_base_id=options.knowledge_base_id,
            role_id=options.role_id,
            agent_enabled=options.agent,
            tts_enabled=options.tts,
            image_enabled=False,
            context_summary=None,
            status=ThreadStatus.ACTIVE,
            active_leaf_id=None,
            draft="",
            created_at="",
            updated_at="",
            memory_enabled=options.memory,
        )

    def with_project_defaults(self, options: SendOptions) -> SendOptions:
        """A new thread's options with what its project (Mira BASE when none is given) carries for
        what the send leaves unset; a default whose role or knowledge base is gone is skipped."""
        project = (
            self._workspaces.get(options.workspace_id) if options.workspace_id else self._workspaces.get_default()
        )
        if project is None:
            return options
        found = project.defaults
        role = found.role_id if found.role_id and self._roles.get(found.role_id) else None
        kb = found.knowledge_base_id if found.knowledge_base_id and self._kbs.get(found.knowledge_base_id) else None
        return replace(
            options,
            role_id=options.role_id or role,
            knowledge_base_id=options.knowledge_base_id or kb,
            model_ref=options.model_ref or found.model_ref,
            agent=options.agent or found.agent,
            memory=options.memory and found.memory,
        )

    def check_agent_folder(self, thread: Thread) -> None:
        """An agent run works inside its project's folder: refused, before anything is written, in a
        project that has none."""
        project = self._workspaces.get(thread.workspace_id) if thread.workspace_id else None
        project = project or self._workspaces.get_default()
        if project is not None and not project.has_folder:
            raise InvalidInputError.said("project.agent_needs_folder", name=project.name, id=project.id)

    def apply_options(self, thread: Thread, options: SendOptions) -> Thread:
        """Options given with a send to an existing thread change its bindings first."""
        if replace(options, attachment=None) == SendOptions():
            return thread
        if options.model_ref is not None:
            self._threads.set_model_ref(thread.id, options.model_ref)
        self._threads.set_bindings(
            thread.id,
            role_id=options.role_id or thread.role_id,
            knowledge_base_id=options.knowledge_base_id or thread.knowledge_base_id,
            workspace_id=options.workspace_id or thread.workspace_id,
            agent_enabled=options.agent or thread.agent_enabled,
        )
        if options.tts and not thread.tts_enabled:
            self._threads.set_flag(thread.id, "tts_enabled", True)
        return self.thread(thread.id)

    def carried(self, path_ids: list[str]) -> AttachedFile | None:
        """The earlier file a follow-up on the path ``path_ids`` keeps available (see ``attachments.sending``)."""
        return self._attachments.carried_file(path_ids)

    def recent(self, thread: Thread, message_id: str | None, model: ChatModel | None = None) -> RecentPath:
        """The path to ``message_id`` as far back as the thread's model can be shown (see ``recent_path``)."""
        if model is None:
            model = self._models.registry.get(
                self._models.validate_ref(self._models.resolve(thread.model_ref))
            )
        window = model.profile().context_window
        return self._branches.recent_path(thread, message_id, window=window, count_tokens=model.count_tokens)

    def attached(self, draft_key: str | None) -> AttachedFile | None:
        if draft_key is None:
            return None
        return self._attachments.file_for_send(draft_key)

    def check_bindings(self, options: SendOptions) -> None:
        checks: tuple[tuple[str | None, Callable[[str], object | None], str], ...] = (
            (options.role_id, self._roles.get, "chat.role_not_found"),
            (options.knowledge_base_id, self._kbs.get, "chat.kb_not_found"),
        )
        for value, lookup, key in checks:
            if value is not None and lookup(value) is None:
                raise NotFoundError.said(key, id=value)
        if options.workspace_id is not None and self._workspaces.get(options.workspace_id) is None:
            raise NotFoundError.said("project.not_found", project_id=options.workspace_id)

    def thread(self, thread_id: str) -> Thread:
        thread = self._threads.get(thread_id)
        if thread is None:
            raise NotFoundError.said("threads.not_found", thread_id=thread_id)
        return thread

    def writable_thread(self, thread_id: str) -> Thread:
        thread = self.thread(thread_id)
        if thread.status is ThreadStatus.ARCHIVED:
            raise ConflictError.said("chat.archived", thread_id=thread_id)
        return thread

    def message(self, message_id: str) -> Message:
        message = self._messages.get(message_id)
        if message is None:
            raise NotFoundError.said("chat.no_message", message_id=message_id)
        return message
