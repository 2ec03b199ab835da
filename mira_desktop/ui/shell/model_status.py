"""The main window's model line: the chosen model loaded off the UI thread after the window is
shown, ready or failed (the composer follows), checked again when another model is picked, and the
welcome note about the embedded model."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QProgressBar, QWidget

from mira_desktop.ui.language.i18n import explain, tr

if TYPE_CHECKING:
    from PySide6.QtCore import QTimer

    from mira_desktop.core.changes import Change
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.model_catalog.readiness import ModelReadiness
    from mira_desktop.ui.chat.composer import Composer
    from mira_desktop.ui.chat.controller import ChatController
    from mira_desktop.ui.chat.header import ChatHeader
    from mira_desktop.ui.chat.view import ChatView
    from mira_desktop.ui.runtime.changes import ChangeSignal
    from mira_desktop.ui.runtime.operations import OperationRunner


def current_model_ref(header: ChatHeader) -> str | None:
    """The model the visible thread (or the welcome draft) runs on, as the header read it (the app's
    default is read with the header's choices, in the background): None until then."""
    return header.bound_model_ref() or header.default_model_ref


@dataclass(frozen=True)
class StatusLine:
    """The status bar's parts about models."""

    model: QLabel  # the checked model: loading, ready, failed
    progress: QProgressBar  # busy while it loads
    memory: QLabel  # which local models are in memory now


class ModelStatus:
    """Checks the chosen model and keeps the status line, the composer and the welcome note in step."""

    def __init__(
        self,
        window: QWidget,
        *,
        services: AppServices,
        runner: OperationRunner,
        changes: ChangeSignal,
        controller: ChatController,
        header: ChatHeader,
        composer: Composer,
        chat_view: ChatView,
        line: StatusLine,
        usage_timer: QTimer,
        checked: Callable[[ModelReadiness], None],
    ) -> None:
        self._window = window
        self._services = services
        self._runner = runner
        self._changes = changes
        self._controller = controller
        self._header = header
        self._composer = composer
        self._chat_view = chat_view
        self._line = line
        self._usage_timer = usage_timer
        self._checked = checked  # the window's signal: a check ended, ready or not
        self._model_name = ""  # the checked model's name, as its readiness said it
        self.checked_ref: str | None = None
        self._check_pending = False  # a check was asked for before the header knew the model

    def start_check(self) -> None:
        """Load the heavy inference library off the UI thread, after the window is shown."""
        from mira_desktop.services.model_catalog.readiness import prepare_model

        models = self._services.models
        ref = current_model_ref(self._header)
        self._line.model.setToolTip("")
        self._line.progress.show()
        self._composer.set_ready(False, tr("composer.loading"), loading=True)
        if ref is None:  # the header has not read the default model yet: checked once it has
            self._check_pending = True
            return
        self._check_pending = False
        self.checked_ref = ref
        self.show_model_note()  # the welcome page follows the model picked
        self._line.model.setText(tr("status.model_loading", name=ref))
        self._runner.op(self._window, lambda: prepare_model(models, ref)).success(self._model_checked).run()

    def check_if_changed(self) -> None:
        """Check the model again if the one chosen now is not the one checked last."""
        if self.checked_ref is not None and current_model_ref(self._header) != self.checked_ref:
            self.start_check()

    def follow_model_states(self) -> None:
        """The status line follows this process's models loading and unloading (a send after an idle
        unload loads its model again: "loading…"), and says which are in memory."""
        self._changes.changed.connect(self._model_state_changed)
        self._show_in_memory()

    def _model_state_changed(self, change: Change) -> None:
        from mira_desktop.core.changes import Topic

        if change.topic not in (Topic.MODELS, Topic.MODEL_MEMORY) or change.data.get("source") == "another process":
            return
        state, ref = change.data.get("model_state"), change.ids[0] if change.ids else None
        if state is not None and ref is not None and ref == self.checked_ref:
            name = self._model_name or ref
            if state == "loading":
                self._line.progress.show()
                self._line.model.setText(tr("status.model_loading", name=name))
            elif state == "loaded":
                self._line.progress.hide()
                self._line.model.setText(tr("status.model_ready", name=name))
            elif state == "unloaded":
                self._line.model.setText(tr("status.model_unloaded", name=name))
            self._usage_timer.start()  # the window loaded may differ from the one planned
        self._show_in_memory()

    def _show_in_memory(self) -> None:
        from mira_desktop.core.model_names import readable_model

        loaded = self._services.models.loaded_models()  # held in memory: nothing is read to know it
        folder = self._services.folder.models_dir
        names = ", ".join(readable_model(ref, folder) for ref in loaded)
        self._line.memory.setText(tr("status.in_memory", names=names) if names else tr("status.none_in_memory"))

    def _model_checked(self, readiness: ModelReadiness) -> None:
        if readiness.ref != self.checked_ref:
            return  # another model was picked meanwhile; its check reports
        self._line.progress.hide()
        self._model_name = readiness.label
        if readiness.ready:
            self._line.model.setText(tr("status.model_ready", name=readiness.label))
            self._composer.set_ready(True)
            if self._window.isActiveWindow() and not self._controller.state.busy:
                self._composer.editor.setFocus()  # typing into a fresh window goes to the composer
        else:
            from mira_desktop.core.notifications import Level

            self._line.model.setText(tr("status.model_failed", name=readiness.label))
            self._line.model.setToolTip(explain(readiness.error) if readiness.error else readiness.problem)
            self._composer.set_ready(False, tr("composer.unavailable"))
            self._services.notifications.post(Level.ERROR, readiness.problem, error=readiness.error)
        self._checked(readiness)

    def header_loaded(self) -> None:
        """The header read the thread's (or the draft's) choices: the persona and the model follow."""
        from mira_desktop.core.conversation.chat_state import PersonaShown

        self._composer.set_persona(self._header.persona)
        self._controller.dispatch(PersonaShown(self._header.persona, self._header.persona_avatar))
        self.show_model_note()
        if self._check_pending:
            self.start_check()
        else:
            self.check_if_changed()

    def show_model_note(self) -> None:
        """On the embedded model, in every language: the welcome page says it is for trying Mira and
        leads to better models (it is tiny, and answers Chinese poorly)."""
        from mira_desktop.core.model_names import readable_model
        from mira_desktop.services.model_catalog.prompt_format import EMBEDDED_CHAT_MODEL_REF

        ref = current_model_ref(self._header) or ""  # "" until read
        self._chat_view.show_where_it_runs(readable_model(ref) if ref.startswith("remote:") else "")
        if ref == EMBEDDED_CHAT_MODEL_REF:
            self._chat_view.show_model_note(tr("win.try_model_note"), tr("win.try_model_link"))
        else:
            self._chat_view.show_model_note("", "")
