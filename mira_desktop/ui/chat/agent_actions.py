"""What the window does for an agent run's panel: fill it from the journal, feed it live events, and
carry out Approve, Deny, Continue and Undo (each through the controller or an operation)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QInputDialog, QMessageBox, QWidget

from mira_desktop.core.conversation.runs import PAUSE_EVENTS, EventType
from mira_desktop.services.chat.agent_runs import RuleScope
from mira_desktop.ui.chat.output_dialog import OutputDialog
from mira_desktop.ui.language.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.chat.run_bus import LiveEvent
    from mira_desktop.ui.chat.agent_panel import AgentPanel
    from mira_desktop.ui.chat.controller import ChatController
    from mira_desktop.ui.chat.view import ChatView
    from mira_desktop.ui.runtime.operations import OperationRunner

AGENT_EVENT_KINDS = {"tool", "approval", "agent", "change", "budget", "guardrail"}


class AgentActions(QObject):
    def __init__(
        self,
        parent: QWidget,
        *,
        services: AppServices,
        runner: OperationRunner,
        controller: ChatController,
        chat_view: ChatView,
        notice: Callable[[str], None],
    ) -> None:
        super().__init__(parent)
        self._window = parent
        self.services = services
        self.runner = runner
        self.controller = controller
        self.chat_view = chat_view
        self._notice = notice

    def fill_panel(self, panel: AgentPanel) -> None:
        """Connect a new agent panel and show its run's steps, pending call and undo."""
        if not getattr(panel, "_connected", False):
            panel._connected = True  # type: ignore[attr-defined]
            panel.approve_requested.connect(lambda run, call, scope: self.approve(panel, run, call, scope))
            panel.deny_requested.connect(lambda run, call: self.deny(panel, run, call))
            panel.undo_requested.connect(lambda run: self.undo(panel, run))
            panel.continue_requested.connect(lambda run: self.continue_run(panel, run))
            panel.output_requested.connect(lambda run, call, tool: self.show_output(panel, run, call, tool))
        self.reload_panel(panel)

    def reload_panel(self, panel: AgentPanel) -> None:
        agent_runs, chat, run_id = self.services.agent_runs, self.services.chat, panel.run_id
        # Loads run on worker threads and can finish out of order: only the latest one is shown.
        ticket = getattr(panel, "_reload_ticket", 0) + 1
        panel._reload_ticket = ticket  # type: ignore[attr-defined]

        def load() -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]], bool]:
            events = [(e.type, e.data) for e in chat.run_events(run_id)]
            undone = any(kind == EventType.RUN_UNDONE for kind, _ in events)
            return agent_runs.show(run_id).to_dict(), events, undone

        def show(result: tuple[dict[str, Any], list[tuple[str, dict[str, Any]]], bool]) -> None:
            if ticket != getattr(panel, "_reload_ticket", 0):
                return
            view, events, undone = result
            panel.show_events(events, running=view.get("status") == "running")
            panel.show_state(view, undone)

        def failed(exc: BaseException) -> None:  # the run's trace could not be read: say why
            if ticket == getattr(panel, "_reload_ticket", 0):
                self._notice(explain(exc))

        self.runner.op(panel, load).success(show).failure(failed).run()

    def live_event(self, event: LiveEvent) -> None:
        run = self.controller.state.active_run
        message_id = str(event.data.get("message_id") or (run.assistant_id if run is not None else ""))
        if event.type.split(".", 1)[0] in AGENT_EVENT_KINDS:
            panel = self.chat_view.agent_panel_for(message_id, event.run_id)
            if panel is not None and panel.run_id == event.run_id:
                panel.add_event(event.type, event.data)
        elif event.type in PAUSE_EVENTS:
            widget = self.chat_view.widgets.get(message_id)
            if widget is not None and widget.agent_panel is not None:
                self.reload_panel(widget.agent_panel)

    def approve(self, panel: AgentPanel, run_id: str, call_id: str, scope: str) -> None:
        agent_runs = self.services.agent_runs
        always = RuleScope(scope) if scope else None
        panel.card.hide()  # decided: the card goes at once, the run's state follows
        self.controller.resume(panel.message_id, lambda: agent_runs.approve(run_id, call_id or None, always))

    def deny(self, panel: AgentPanel, run_id: str, call_id: str) -> None:
        if panel.card.may_have_run:  # "go on without it": nothing to tell the agent but that
            reason, ok = "", True
        else:
            reason, ok = QInputDialog.getText(self._window, tr("agent.deny"), tr("agent.deny_reason"))
        if ok:
            agent_runs = self.services.agent_runs
            panel.card.hide()
            self.controller.resume(panel.message_id, lambda: agent_runs.deny(run_id, reason, call_id or None))

    def continue_run(self, panel: AgentPanel, run_id: str) -> None:
        agent_runs = self.services.agent_runs
        self.controller.resume(panel.message_id, lambda: agent_runs.continue_run(run_id))

    def show_output(self, panel: AgentPanel, run_id: str, call_id: str, tool: str) -> None:
        """The whole output of a command or an MCP call, in a window of its own."""
        agent_runs = self.services.agent_runs

        def shown(text: str) -> None:
            dialog = OutputDialog(tr("tools.output_title", tool=tool), text, self._window)
            dialog.show()
            self._output_dialog = dialog

        self.runner.op(panel, lambda: agent_runs.tool_output(run_id, call_id)).success(shown).failure(
            lambda exc: self._notice(explain(exc))
        ).run()

    def undo(self, panel: AgentPanel, run_id: str) -> None:
        agent_runs = self.services.agent_runs
        files = panel.changed_label.text()
        answer = QMessageBox.question(self._window, tr("agent.undo"), tr("agent.undo_confirm", files=files))
        if answer != QMessageBox.StandardButton.Yes:
            return

        def undone(report: Any) -> None:
            self._notice(report.summary())
            self.reload_panel(panel)

        self.runner.op(self._window, lambda: agent_runs.undo(run_id)).success(undone).failure(
            lambda exc: self._notice(explain(exc))
        ).run()
