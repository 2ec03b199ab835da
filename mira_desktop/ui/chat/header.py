"""The chat header: the thread's title and what it is bound to — role, knowledge base, agent mode
with its workspace, and model — for the open thread or the welcome draft.

A thread bound to a draft or archived role shows it with its status, and the request does not use
it: what the pickers show and what the model receives never disagree. The choices are read in the
background and re-read whenever roles, knowledge bases, workspaces, models or the thread change.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from mira_desktop.core.changes import Topic
from mira_desktop.core.errors import MiraError
from mira_desktop.ui.chat.header_picker import HeaderPicker
from mira_desktop.ui.language.check_text import model_tooltip
from mira_desktop.ui.language.i18n import tr
from mira_desktop.ui.look.elided_label import ElidedLabel
from mira_desktop.ui.runtime.changes import Follow

if TYPE_CHECKING:
    from mira_desktop.core.conversation.threads import Thread
    from mira_desktop.core.knowledge import KnowledgeBase
    from mira_desktop.core.roles.records import Role
    from mira_desktop.core.workspaces import Workspace
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.model_catalog.catalog import ModelEntry
    from mira_desktop.services.model_check.service import ModelCheck
    from mira_desktop.ui.runtime.changes import ChangeSignal
    from mira_desktop.ui.runtime.operations import OperationRunner


ADD_FOLDER = "add-folder"  # the workspace picker's last item: add a folder as a new workspace
GET_MODELS = "get-models"  # the model picker's last item: Settings → Get models


@dataclass(frozen=True)
class _Choices:
    thread: Thread | None
    roles: list[Role]
    knowledge_bases: list[KnowledgeBase]
    workspaces: list[Workspace]
    default_workspace: str | None
    last_workspace: str | None  # the workspace of the newest agent thread: a new agent chat starts there
    models: list[ModelEntry]
    default_model: str
    tools: str = ""  # agent mode on a model that "cannot" call tools, is too "tiny", or left them "unused"
    tools_model: str = ""  # that model's name
    thinking_switch: str | None = None  # the thread's model has one (enable_thinking, reasoning_effort)
    thinking: bool | None = None  # the thread's setting (None: the model's default)
    checks: dict[str, ModelCheck] = field(default_factory=dict)  # each checked model's last check


@dataclass
class Draft:
    """What the welcome page's first send will bind the new thread to."""

    model_ref: str | None = None
    role_id: str | None = None
    knowledge_base_id: str | None = None
    agent: bool = False
    workspace_id: str | None = None
    tts: bool = False  # speak the answers (Speak answers, chosen before the first send)
    project_id: str | None = None  # the project the new thread starts in (None: Mira BASE)


class ChatHeader(QWidget):
    changed = Signal()  # a binding changed (the context meter follows)
    model_picked = Signal()  # the user chose another model (the window checks it is ready)
    notice = Signal(str)  # a one-line refusal for the status bar (a folder that cannot be a workspace)
    models_requested = Signal()  # the tool hint's "Choose a model that can…", the picker's "Get more models…"
    loaded = Signal()
    keyboard_released = Signal()  # a picker's list or the "⋯" menu closed: typing goes to the composer

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chatHeader")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(24, 10, 24, 10)
        layout = QHBoxLayout()
        outer.addLayout(layout)
        # Under the row, in agent mode: the model cannot call tools, or did not in its last run.
        self.tool_hint = self._tool_hint()
        outer.addWidget(self.tool_hint)
        self.title = ElidedLabel(tr("sidebar.new_chat"))
        self.title.setObjectName("threadTitle")
        self.role_picker = self._combo("rolePicker", tr("header.role_tip"))
        self.kb_picker = self._combo("knowledgePicker", tr("header.kb_tip"))
        self.agent_button = QToolButton()
        self.agent_button.setObjectName("agentToggle")
        self.agent_button.setText(tr("header.agent"))
        self.agent_button.setCheckable(True)
        self.agent_button.setToolTip(tr("header.agent_tip"))
        self.workspace_picker = self._combo("workspacePicker", tr("header.workspace_tip"))
        self.thinking_button = QToolButton()  # only for a model whose template has a thinking switch
        self.thinking_button.setObjectName("thinkingToggle")
        self.thinking_button.setText(tr("header.thinking"))
        self.thinking_button.setCheckable(True)
        self.thinking_button.setToolTip(tr("header.thinking_tip"))
        self.thinking_button.hide()
        self.model_picker = self._combo("modelPicker", tr("header.model_tip"))
        self.window_label = _window_label()
        self.menu_button = QToolButton()
        self.menu_button.setText("⋯")
        self.menu_button.setToolTip(tr("thread.menu"))
        self.menu_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        layout.addWidget(self.title, 1)
        for widget in (
            self.role_picker,
            self.kb_picker,
            self.agent_button,
            self.workspace_picker,
            self.thinking_button,
            self.model_picker,
            self.window_label,
            self.menu_button,
        ):
            layout.addWidget(widget)
        self.thinking_button.toggled.connect(self._set_thinking)
        self.role_picker.activated.connect(lambda i: self._bind(role_id=self.role_picker.itemData(i)))
        self.kb_picker.activated.connect(lambda i: self._bind(knowledge_base_id=self.kb_picker.itemData(i)))
        self.workspace_picker.activated.connect(self._workspace_picked)
        self.agent_button.toggled.connect(lambda on: self._set_agent(on, self._shown_workspace()))
        self.model_picker.activated.connect(self._model_activated)
        self.services: AppServices | None = None
        self.runner: OperationRunner | None = None
        self.thread_id: str | None = None
        self.draft = Draft()
        self._choices: _Choices | None = None
        self._after_load: list[Any] = []  # signals to emit once the written binding is shown
        self.persona = ""  # the name of the role that answers ("" for Mira)
        self.persona_avatar = ""  # the path of that role's avatar image ("" for none)

    def _tool_hint(self) -> QLabel:
        hint = QLabel()
        hint.setObjectName("toolHint")
        hint.setWordWrap(True)
        hint.setTextFormat(Qt.TextFormat.RichText)
        hint.linkActivated.connect(lambda _link: self.models_requested.emit())
        hint.hide()
        return hint

    def _combo(self, name: str, tip: str) -> QComboBox:
        combo = HeaderPicker(self.keyboard_released, tip)
        combo.setObjectName(name)
        # Sized to their content up to a limit: a long name never widens the window.
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(10)
        combo.setMaximumWidth(300)
        combo.view().setTextElideMode(Qt.TextElideMode.ElideMiddle)
        return combo

    def attach(self, services: AppServices, runner: OperationRunner, changes: ChangeSignal) -> None:
        self.services = services
        self.runner = runner
        topics = {
            Topic.ROLES, Topic.KNOWLEDGE_BASES, Topic.WORKSPACES, Topic.MODELS, Topic.MODEL_MEMORY, Topic.THREADS
        }  # fmt: skip
        self._follow = Follow(self, changes, topics, lambda _c: self.reload())

    # -- what is shown ---------------------------------------------------------------------------
    def bound_model_ref(self) -> str | None:
        """The model reference the shown thread (or the draft) names; None follows the default."""
        if self.thread_id is not None and self._choices is not None and self._choices.thread is not None:
            return self._choices.thread.model_ref
        return self.draft.model_ref

    @property
    def default_model_ref(self) -> str | None:
        """The app's default model as the last load read it (None before the first load)."""
        return self._choices.default_model if self._choices is not None else None

    def show_thread(self, thread_id: str | None, title: str = "") -> None:
        """Show the bindings of ``thread_id`` (None: the welcome draft's choices, reset)."""
        self.thread_id = thread_id
        if thread_id is None:
            self.draft = Draft()
        self.title.setText(title or (tr("sidebar.new_chat") if thread_id is None else tr("thread.untitled")))
        self.reload()

    def start_in_project(self, project: Workspace) -> None:
        """The welcome draft starts in ``project``: its defaults are the draft's choices (each can be
        changed before the first send)."""
        found = project.defaults
        self.draft = Draft(
            model_ref=found.model_ref,
            role_id=found.role_id,
            knowledge_base_id=found.knowledge_base_id,
            agent=found.agent,
            workspace_id=project.id,
            project_id=project.id,
        )
        self.title.setText(tr("project.new_in", name=project.name))
        self.reload()
        self.changed.emit()

    def reload(self) -> None:
        if self.services is None or self.runner is None:
            return
        services, thread_id, draft = self.services, self.thread_id, replace(self.draft)

        def load() -> _Choices:
            thread = None
            if thread_id is not None and services.threads.exists(thread_id):
                thread = services.threads.get(thread_id)
            models = services.models.entries()
            switch, thinking = thinking_of(services, thread)
            workspaces = services.workspaces.list()
            return _Choices(
                thread=thread,
                roles=services.roles.list(),
                knowledge_bases=services.threads.knowledge_bases(),
                workspaces=workspaces,
                default_workspace=services.workspaces.default().id,
                last_workspace=last_workspace(services, {w.id for w in workspaces}),
                models=models,
                default_model=services.models.default_ref(),
                **tool_use(services, thread, draft, models),
                thinking_switch=switch,
                thinking=thinking,
                checks=services.model_checks.latest_each(),
            )

        self.runner.op(self, load).success(self._show).run()

    def _show(self, choices: _Choices) -> None:
        shown = choices.thread.id if choices.thread is not None else None
        if shown != self.thread_id:
            return  # another thread was opened since this load began, or it was deleted meanwhile
        self._choices = choices
        thread = choices.thread
        if thread is not None:
            self.title.setText(thread.title or tr("thread.untitled"))
        role_id = thread.role_id if thread else self.draft.role_id
        kb_id = thread.knowledge_base_id if thread else self.draft.knowledge_base_id
        agent = thread.agent_enabled if thread else self.draft.agent
        workspace = (
            (thread.workspace_id if thread else self.draft.workspace_id)
            or (None if thread else choices.last_workspace)
            or choices.default_workspace
        )
        model = thread.model_ref if thread else self.draft.model_ref
        roles = [
            (r.name if r.badge is None else f"{r.name} ({tr('header.role_' + r.badge)})", r.id)
            for r in choices.roles
        ]
        bound = next((r for r in choices.roles if r.id == role_id), None)
        self.persona = bound.name if bound is not None and bound.badge is None else ""
        avatar = bound.avatar if bound is not None and self.persona and self.services is not None else None
        self.persona_avatar = str(self.services.roles.avatars.path(avatar)) if avatar and self.services else ""
        _fill(self.role_picker, [(tr("header.no_role"), None), *roles], role_id)
        _fill(
            self.kb_picker,
            [(tr("header.no_kb"), None), *((kb.name, kb.id) for kb in choices.knowledge_bases)],
            kb_id,
        )
        _fill(
            self.workspace_picker,
            [(w.name, w.id) for w in choices.workspaces] + [(tr("win.ws_add_item"), ADD_FOLDER)],
            workspace,
        )
        for index, w in enumerate(choices.workspaces):
            self.workspace_picker.setItemData(index, w.root_path, Qt.ItemDataRole.ToolTipRole)
        from mira_desktop.core.model_names import readable_model

        folder = self.services.folder.models_dir if self.services is not None else None
        named = [choices.default_model, *(e.ref for e in choices.models)]
        if model is not None and model not in named:
            named.append(model)  # a model no longer listed stays visible
        models: list[tuple[str, Any]] = [
            (tr("header.default_model", name=readable_model(choices.default_model, folder)), None)
        ]
        models += [(readable_model(ref, folder), ref) for ref in named[1:]]
        _fill(self.model_picker, [*models, (tr("header.get_models"), GET_MODELS)], model)
        for index, ref in enumerate(named):  # the whole reference (a file's path) and its last check on hover
            self.model_picker.setItemData(
                index, model_tooltip(ref, choices.checks.get(ref)), Qt.ItemDataRole.ToolTipRole
            )
        self._show_window(choices, model or choices.default_model)
        self.agent_button.blockSignals(True)
        self.agent_button.setChecked(agent)
        self.agent_button.blockSignals(False)
        self.workspace_picker.setVisible(agent)
        self.thinking_button.blockSignals(True)
        self.thinking_button.setChecked(choices.thinking is not False)
        self.thinking_button.blockSignals(False)
        self.thinking_button.setVisible(thread is not None and choices.thinking_switch is not None)
        self._show_tool_hint(choices)
        self.loaded.emit()
        pending, self._after_load = self._after_load, []
        for signal in pending:
            signal.emit()

    def _show_window(self, choices: _Choices, ref: str) -> None:
        """The thread's model's window and why ("16,384 tokens — what memory allows")."""
        from mira_desktop.ui.language.context_window_text import window_text

        entry = next((e for e in choices.models if e.ref == ref), None)
        tokens = entry.capabilities.get("context_window") if entry is not None else None
        self.window_label.setVisible(isinstance(tokens, int))
        if isinstance(tokens, int) and entry is not None:
            self.window_label.setText(
                window_text(tokens, str(entry.capabilities.get("context_reason") or ""))
            )

    def _show_tool_hint(self, choices: _Choices) -> None:
        name = choices.tools_model
        self.tool_hint.setVisible(bool(choices.tools))
        if choices.tools:
            text = tr(f"win.tools_{choices.tools}", model=name)
            link = tr("win.tools_link")
            self.tool_hint.setText(f'{html.escape(text)} <a href="models">{html.escape(link)}</a>')

    # -- changing bindings -----------------------------------------------------------------------
    def select_role(self, role_id: str | None) -> None:
        index = self.role_picker.findData(role_id) if role_id else 0
        if index >= 0:
            self.role_picker.setCurrentIndex(index)
        self._bind(role_id=role_id)

    def _bind(self, **binding: Any) -> None:
        if self.thread_id is None:
            if "role_id" in binding:
                self.draft.role_id = binding["role_id"]
                self._after_load.append(self.changed)
                self.reload()  # the persona and the greeting follow the role
                return
            if "knowledge_base_id" in binding:
                self.draft.knowledge_base_id = binding["knowledge_base_id"]
            self.changed.emit()
            return
        self._write(lambda services, thread_id: services.threads.bind(thread_id, **binding))

    def _shown_workspace(self) -> str | None:
        chosen = self.workspace_picker.currentData()
        return None if chosen == ADD_FOLDER else chosen

    def _workspace_picked(self, index: int) -> None:
        chosen = self.workspace_picker.itemData(index)
        if chosen != ADD_FOLDER:
            self._set_agent(True, chosen)
            return
        from mira_desktop.ui.settings.workspaces_page import add_workspace_folder

        self.reload()  # the picker shows the thread's workspace again until the new one is added
        if self.services is not None and self.runner is not None:
            add_workspace_folder(
                self,
                self.services,
                self.runner,
                added=lambda workspace: self._set_agent(True, workspace.id),
                failed=self.notice.emit,
            )

    def _set_agent(self, enabled: bool, workspace_id: str | None) -> None:
        self.workspace_picker.setVisible(enabled)
        if self.thread_id is None:
            self.draft.agent = enabled
            self.draft.workspace_id = workspace_id
            self.changed.emit()
            self.reload()  # whether the model can call tools shows under the row
            return
        self._write(lambda services, thread_id: services.threads.set_agent(thread_id, enabled, workspace_id))

    def _set_thinking(self, on: bool) -> None:
        self._write(lambda services, thread_id: services.threads.set_thinking(thread_id, on))

    def _model_activated(self, index: int) -> None:
        chosen = self.model_picker.itemData(index)
        if chosen != GET_MODELS:
            self._pick_model(chosen)
            return
        self.reload()  # the picker shows the bound model again; Get models opens
        self.models_requested.emit()

    def _pick_model(self, ref: str | None) -> None:
        if self.thread_id is None:
            self.draft.model_ref = ref
            self.changed.emit()
            self.model_picked.emit()
            return
        self._write(lambda services, thread_id: services.threads.set_model(thread_id, ref), self.model_picked)

    def _write(self, change: Any, *also: Any) -> None:
        """Write a binding of the shown thread, then show it and tell (``changed`` and ``also``)."""
        services, runner, thread_id = self.services, self.runner, self.thread_id
        if services is None or runner is None or thread_id is None:
            return

        def written(_thread: object) -> None:
            self._after_load += [self.changed, *also]
            self.reload()

        runner.op(self, lambda: change(services, thread_id)).success(written).run()


def _window_label() -> QLabel:
    """Beside the model picker: the model's context window and why."""
    label = QLabel("")
    label.setObjectName("contextWindow")
    label.setToolTip(tr("header.window_tip"))
    return label


def thinking_of(services: AppServices, thread: Thread | None) -> tuple[str | None, bool | None]:
    """The thread's thinking switch and setting, when its model has a switch (read off the UI thread)."""
    if thread is None:
        return None, None
    try:
        switch = services.models.thinking_switch(services.models.resolve(thread.model_ref))
    except MiraError:  # a model that is gone or not set up: its picker says so, there is no switch
        return None, None
    return switch, services.threads.thinking(thread.id) if switch else None


def last_workspace(services: AppServices, listed: set[str]) -> str | None:
    """The workspace of the most recently updated agent thread, if it is still listed (run off the UI
    thread): where the person last worked, so a new agent chat starts there, not in Mira BASE."""
    for thread in services.threads.list(None, limit=200):
        if thread.agent_enabled and thread.workspace_id in listed:
            return thread.workspace_id
    return None


def tool_use(
    services: AppServices, thread: Thread | None, draft: Draft, models: list[ModelEntry]
) -> dict[str, str]:
    """For agent mode: ``tools`` is "cannot" when the model neither calls tools nor follows a JSON
    schema, "tiny" for the embedded SmolLM2-135M (it follows the grammar but almost never picks a tool:
    said before the first run, not only after it), "unused" when the thread's last agent run on it answered a file task without a tool,
    else ""; ``tools_model`` the model's name (run off the UI thread)."""
    if not (thread.agent_enabled if thread is not None else draft.agent):
        return {}
    ref = services.models.resolve(thread.model_ref if thread is not None else draft.model_ref)
    entry = next((e for e in models if e.ref == ref), None) or services.models.entry(ref)
    caps, name = entry.capabilities, entry.name
    if caps and not caps.get("supports_tools") and not caps.get("supports_json_schema"):
        return {"tools": "cannot", "tools_model": name}
    from mira_desktop.services.model_catalog.prompt_format import EMBEDDED_CHAT_MODEL_REF

    if ref == EMBEDDED_CHAT_MODEL_REF:
        return {"tools": "tiny", "tools_model": name}
    if thread is not None and services.agent_runs.used_no_tools_last(thread.id, ref):
        return {"tools": "unused", "tools_model": name}
    return {}


def _fill(combo: QComboBox, items: list[tuple[str, Any]], selected: Any) -> None:
    combo.blockSignals(True)
    combo.clear()
    for label, data in items:
        combo.addItem(label, data)
    index = combo.findData(selected) if selected is not None else 0
    combo.setCurrentIndex(max(index, 0))
    combo.blockSignals(False)
    if isinstance(combo, HeaderPicker):
        combo.show_whole_on_hover()
