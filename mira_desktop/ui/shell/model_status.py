"""The main window's model line: the chosen model loaded off the UI thread after the window is
shown, ready or failed (the composer follows), checked again when another model is picked, and the
welcome note about the embedded model. A mixin of :class:`MainWindow`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from PySide6.QtWidgets import QWidget

from mira_desktop.ui.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.core.changes import Change
    from mira_desktop.services.model_catalog.readiness import ModelReadiness


class ModelStatus:
    services: Any
    background: Any
    composer: Any
    controller: Any
    header: Any
    chat_view: Any
    model_label: Any
    model_progress: Any
    model_readiness_changed: Any
    memory_label: Any
    changes: Any
    _usage_timer: Any
    _model_name: str = ""  # the checked model's name, as its readiness said it
    _checked_ref: str | None
    _check_pending: bool  # a check was asked for before the header knew the model
    isActiveWindow: Any  # noqa: N815 (Qt's name)

    def _window(self) -> QWidget:
        return cast("QWidget", self)

    def start_model_check(self) -> None:
        """Load the heavy inference library off the UI thread, after the window is shown."""
        from mira_desktop.services.model_catalog.readiness import prepare_model

        assert self.services is not None
        models = self.services.models
        ref = self.current_model_ref()
        self.model_label.setToolTip("")
        self.model_progress.show()
        self.composer.set_ready(False, tr("composer.loading"), loading=True)
        if ref is None:  # the header has not read the default model yet: checked once it has
            self._check_pending = True
            return
        self._check_pending = False
        self._checked_ref = ref
        self._show_model_note()  # the welcome page follows the model picked
        self.model_label.setText(tr("status.model_loading", name=ref))
        self.background.op(self._window(), lambda: prepare_model(models, ref)).success(self._model_checked).run()

    def current_model_ref(self) -> str | None:
        """The model the visible thread (or the welcome draft) runs on, as the header read it (the
        app's default is read with the header's choices, in the background): None until then."""
        return self.header.bound_model_ref() or self.header.default_model_ref

    def follow_model_states(self) -> None:
        """The status line follows this process's models loading and unloading (a send after an idle
        unload loads its model again: "loading…"), and says which are in memory."""
        assert self.changes is not None
        self.changes.changed.connect(self._model_state_changed)
        self._show_in_memory()

    def _model_state_changed(self, change: Change) -> None:
        from mira_desktop.core.changes import Topic

        if change.topic not in (Topic.MODELS, Topic.MODEL_MEMORY) or change.data.get("source") == "another process":
            return
        state, ref = change.data.get("model_state"), change.ids[0] if change.ids else None
        if state is not None and ref is not None and ref == self._checked_ref:
            name = self._model_name or ref
            if state == "loading":
                self.model_progress.show()
                self.model_label.setText(tr("status.model_loading", name=name))
            elif state == "loaded":
                self.model_progress.hide()
                self.model_label.setText(tr("status.model_ready", name=name))
            elif state == "unloaded":
                self.model_label.setText(tr("status.model_unloaded", name=name))
            self._usage_timer.start()  # the window loaded may differ from the one planned
        self._show_in_memory()

    def _show_in_memory(self) -> None:
        from mira_desktop.core.model_names import readable_model

        if self.services is None:
            return
        loaded = self.services.models.loaded_models()  # held in memory: nothing is read to know it
        folder = self.services.folder.models_dir
        names = ", ".join(readable_model(ref, folder) for ref in loaded)
        self.memory_label.setText(tr("status.in_memory", names=names) if names else tr("status.none_in_memory"))

    def _model_checked(self, readiness: ModelReadiness) -> None:
        if readiness.ref != self._checked_ref:
            return  # another model was picked meanwhile; its check reports
        self.model_progress.hide()
        self._model_name = readiness.label
        if readiness.ready:
            self.model_label.setText(tr("status.model_ready", name=readiness.label))
            self.composer.set_ready(True)
            if self.isActiveWindow() and not self.controller.state.busy:
                self.composer.editor.setFocus()  # typing into a fresh window goes to the composer
        else:
            self.model_label.setText(tr("status.model_failed", name=readiness.label))
            self.model_label.setToolTip(explain(readiness.error) if readiness.error else readiness.problem)
            self.composer.set_ready(False, tr("composer.unavailable"))
            if self.services is not None:
                from mira_desktop.core.notifications import Level

                self.services.notifications.post(Level.ERROR, readiness.problem, error=readiness.error)
        self.model_readiness_changed.emit(readiness)

    def _header_loaded(self) -> None:
        from mira_desktop.core.conversation.chat_state import PersonaShown

        self.composer.set_persona(self.header.persona)
        self.controller.dispatch(PersonaShown(self.header.persona, self.header.persona_avatar))
        self._show_model_note()
        if self.services is not None and (
            self._check_pending
            or (self._checked_ref is not None and self.current_model_ref() != self._checked_ref)
        ):
            self.start_model_check()

    def _show_model_note(self) -> None:
        """On the embedded model, in every language: the welcome page says it is for trying Mira and
        leads to better models (it is tiny, and answers Chinese poorly)."""
        from mira_desktop.core.model_names import readable_model
        from mira_desktop.services.model_catalog.prompt_format import EMBEDDED_CHAT_MODEL_REF

        ref = (self.current_model_ref() if self.services is not None else None) or ""  # "" until read
        self.chat_view.show_where_it_runs(readable_model(ref) if ref.startswith("remote:") else "")
        if self.services is not None and ref == EMBEDDED_CHAT_MODEL_REF:
            self.chat_view.show_model_note(tr("win.try_model_note"), tr("win.try_model_link"))
        else:
            self.chat_view.show_model_note("", "")
