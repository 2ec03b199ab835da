"""Under an agent answer: its execution trace, the approval card of a pending call, and undo.

The trace is one collapsible row per step (tool and arguments, then the guardrail's decision, the
approval and the result as its children; each model call with its tokens and how the model called
tools), read from the run's events and extended live as they arrive; a command's or MCP tool's whole output opens on a double-click. A change that waits shows a
card with the tool, the path, a coloured diff and Approve / Deny / Always for this run / Always
allow it in this workspace; an MCP or command call shows its server, the full arguments and that
undo cannot cover it; a call that may have run before Mira stopped offers Run it again / Go on
without it. A run that changed files offers Undo, listing them; a run a limit stopped offers Continue.
"""

from __future__ import annotations

import html
import json
from typing import Any

from PySide6.QtCore import QElapsedTimer, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.core import phrases
from mira_desktop.ui.language.i18n import say, tr, tr_or
from mira_desktop.ui.language.tool_calling import tool_calls_how, tool_calls_line
from mira_desktop.ui.look.theme import current_is_dark

MAX_DETAIL = 600


class AgentPanel(QWidget):
    approve_requested = Signal(str, str, str)  # run id, call id, scope ("" | "run" | "workspace")
    deny_requested = Signal(str, str)  # run id, call id
    undo_requested = Signal(str)  # run id
    continue_requested = Signal(str)  # run id
    output_requested = Signal(str, str, str)  # run id, call id, tool

    def __init__(self, run_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.run_id = run_id
        self.message_id = ""  # the answer it sits under
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.setSpacing(4)
        self.toggle = QToolButton()
        self.toggle.setObjectName("trace")
        self.toggle.setCheckable(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.toggled.connect(self._expand)
        self.trace = QTreeWidget()
        self.trace.setObjectName("trace")
        self.trace.setHeaderHidden(True)
        self.trace.setColumnCount(1)
        self.trace.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.trace.setWordWrap(True)
        self.trace.setMaximumHeight(260)
        self.trace.itemDoubleClicked.connect(self._open_output)
        self.trace.hide()
        self.card = ApprovalCard()
        self.card.hide()
        self.card.approve.connect(
            lambda scope: self.approve_requested.emit(self.run_id, self.card.call_id, scope)
        )
        self.card.deny.connect(lambda: self.deny_requested.emit(self.run_id, self.card.call_id))
        actions = QHBoxLayout()
        self.changed_label = QLabel()
        self.changed_label.setObjectName("muted")
        self.changed_label.setWordWrap(True)
        self.undo_button = QPushButton(tr("agent.undo"))
        self.undo_button.setToolTip(tr("agent.undo_tip"))
        self.undo_button.clicked.connect(lambda: self.undo_requested.emit(self.run_id))
        self.continue_button = QPushButton(tr("agent.continue"))
        self.continue_button.clicked.connect(lambda: self.continue_requested.emit(self.run_id))
        actions.addWidget(self.changed_label, 1)
        actions.addWidget(self.continue_button)
        actions.addWidget(self.undo_button)
        layout.addWidget(self.toggle, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.trace)
        layout.addWidget(self.card)
        layout.addLayout(actions)
        self._calls: dict[str, QTreeWidgetItem] = {}
        self._tools: dict[str, str] = {}  # call id → tool
        self._required = False  # the step the model works on must start with a tool call
        self._steps = 0  # tool calls
        self._model_steps = 0  # the highest step the model was asked for (a step may call no tool)
        self._build_waiting()
        self.undo_button.hide()
        self.continue_button.hide()
        self._count()

    def _build_waiting(self) -> None:
        """While the model is asked (a step can take a minute on a small computer): the step and
        the seconds it has waited, counted live; replaced by the model call's line when it answers."""
        self._waiting: QTreeWidgetItem | None = None
        self._waiting_step = 0
        self._clock = QElapsedTimer()
        self._tick = QTimer(self)
        self._tick.setInterval(1000)
        self._tick.timeout.connect(self._show_waiting)
        self._live = True  # events as they happen (False while the journal is replayed)

    # -- the trace -------------------------------------------------------------------------------
    def show_events(self, events: list[tuple[str, dict[str, Any]]], *, running: bool = False) -> None:
        """The run's journal; ``running``: the last step may still wait for the model."""
        self.trace.clear()
        self._calls = {}
        self._steps = self._model_steps = 0
        self._waiting = None
        self._live = False
        for kind, data in events:
            self.add_event(kind, data)
        self._live = True
        if self._waiting is not None and not running:  # a step the run never finished (stopped, killed)
            self._model_answered()
        elif self._waiting is not None:
            self._tick.start()
            self.toggle.setChecked(True)
        self._count()

    def _show_waiting(self) -> None:
        if self._waiting is None:
            self._tick.stop()
            return
        seconds = self._clock.elapsed() // 1000 if self._clock.isValid() else 0
        self._waiting.setText(0, tr("win.agent_step_waiting", step=self._waiting_step, seconds=seconds))

    def _model_answered(self) -> None:
        if self._waiting is not None:
            self.trace.takeTopLevelItem(self.trace.indexOfTopLevelItem(self._waiting))
            self._waiting = None
        self._tick.stop()

    def add_event(self, kind: str, data: dict[str, Any]) -> None:
        call_id = str(data.get("id") or "")
        if kind == "tool.call":
            self._steps += 1
            item = QTreeWidgetItem([f"{data.get('tool')}  {_brief(data.get('arguments'))}"])
            item.setToolTip(0, _detail(data.get("arguments")))
            self.trace.addTopLevelItem(item)
            self._calls[call_id] = item
            self._tools[call_id] = str(data.get("tool", ""))
        elif kind in (
            "tool.decision",
            "approval.required",
            "approval.decided",
            "approval.stale",
            "tool.result",
            "tool.repeat",
            "tool.malformed",
            "change.found_applied",
            "tool.sending",
        ):
            self._child(call_id, _line(kind, data), whole=_has_output(kind, data))
        elif kind == "agent.model_started":
            self._model_answered()
            self._required = data.get("tool_choice") == "required"
            self._waiting_step = int(data.get("step") or self._steps + 1)
            self._model_steps = max(self._model_steps, self._waiting_step)
            self._waiting = QTreeWidgetItem([""])
            self.trace.addTopLevelItem(self._waiting)
            self._clock.start()
            self._show_waiting()
            if self._live:
                self._tick.start()
                if not self.toggle.isChecked():
                    self.toggle.setChecked(True)  # the steps show while the model works
        elif kind == "agent.tool_schemas":  # how many tools the model saw in full, and when it asked
            self.trace.addTopLevelItem(QTreeWidgetItem([_said(data, "phrase", str(data.get("text", "")))]))
        elif kind == "agent.no_tools":
            self.trace.addTopLevelItem(QTreeWidgetItem([tr("win.agent_no_tools")]))
        elif kind == "agent.model_call":
            self._model_answered()
            self._model_steps = max(self._model_steps, int(data.get("step") or 0))
            self.trace.addTopLevelItem(_model_call_item(data, self._required))
        elif kind in ("run.completed", "run.failed", "run.cancelled"):
            self._model_answered()
        elif kind == "budget.stop":
            limit = str(data.get("reason"))
            self.trace.addTopLevelItem(QTreeWidgetItem([tr("agent.stopped", reason=tr_or(f"said.limit.{limit}", limit))]))
        elif kind == "run.undone":
            summary = _said(data, "summary_phrase", str(data.get("summary") or tr("agent.undone")))
            self.trace.addTopLevelItem(QTreeWidgetItem([summary]))
            self.undo_button.hide()
        elif kind == "notice":
            self.trace.addTopLevelItem(QTreeWidgetItem([_said(data, "phrase", str(data.get("text", "")))]))
        self._count()

    def _child(self, call_id: str, text: str, *, whole: bool = False) -> None:
        parent = self._calls.get(call_id)
        item = QTreeWidgetItem([text])
        item.setToolTip(0, text + ("\n" + tr("tools.trace.whole") if whole else ""))
        if whole:
            item.setData(0, Qt.ItemDataRole.UserRole, call_id)
        if parent is None:
            self.trace.addTopLevelItem(item)
        else:
            parent.addChild(item)

    def _open_output(self, item: QTreeWidgetItem, _column: int) -> None:
        call_id = item.data(0, Qt.ItemDataRole.UserRole)
        if call_id:
            self.output_requested.emit(self.run_id, str(call_id), self._tools.get(str(call_id), ""))

    def _count(self) -> None:
        # Never "Steps (0)" above a list that has steps: a model step without a tool call counts too.
        count = max(self._steps, self._model_steps) or self.trace.topLevelItemCount()
        self.toggle.setText(tr("agent.steps", count=count))
        self.toggle.setVisible(self.trace.topLevelItemCount() > 0)

    def _expand(self, open_: bool) -> None:
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if open_ else Qt.ArrowType.RightArrow)
        self.trace.setVisible(open_)
        if open_:
            self.trace.expandAll()

    # -- what waits, what can be undone ----------------------------------------------------------
    def show_state(self, view: dict[str, Any], undone: bool) -> None:
        pending = view.get("pending")
        status = view.get("status")
        if pending and status == "waiting_approval":
            self.card.show_pending(pending)
            self.card.show()
        else:
            self.card.hide()
        changed = list(view.get("files_changed") or [])
        by_commands = list(view.get("changed_by_commands") or [])
        lines = [tr("agent.changed", files=", ".join(changed))] if changed else []
        if by_commands:
            lines.append(tr("tools.changed_by_commands", files=", ".join(by_commands)))
        self.changed_label.setText("\n".join(lines))
        self.undo_button.setVisible(bool(changed) and not undone and status != "running")
        self.undo_button.setToolTip(tr("agent.undo_tip") + "\n" + "\n".join(changed))
        self.continue_button.setVisible(
            status in ("completed", "interrupted")
            and bool(view.get("stop_reason") or status == "interrupted")
        )


class ApprovalCard(QFrame):
    approve = Signal(str)  # "" | "run" | "workspace"
    deny = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("approvalCard")
        self.call_id = ""
        layout = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.reason = QLabel()
        self.reason.setObjectName("muted")
        self.reason.setWordWrap(True)
        self.note = QLabel()  # an MCP or command call: the server's read-only mark, and what undo cannot do
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.may_have_run = False
        self.diff = QTextBrowser()
        self.diff.setMaximumHeight(220)
        self.diff.setLineWrapMode(QTextBrowser.LineWrapMode.NoWrap)
        buttons = QHBoxLayout()
        self.approve_button = QPushButton(tr("agent.approve"))
        self.approve_button.setDefault(True)
        self.deny_button = QPushButton(tr("agent.deny"))
        self.always_run = QPushButton(tr("agent.always_run"))
        self.always_workspace = QPushButton(tr("agent.always_workspace"))
        self.approve_button.clicked.connect(lambda: self.approve.emit(""))
        self.always_run.clicked.connect(lambda: self.approve.emit("run"))
        self.always_workspace.clicked.connect(lambda: self.approve.emit("workspace"))
        self.deny_button.clicked.connect(self.deny.emit)
        for button in (self.approve_button, self.deny_button, self.always_run, self.always_workspace):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addWidget(self.title)
        layout.addWidget(self.reason)
        layout.addWidget(self.note)
        layout.addWidget(self.diff)
        layout.addLayout(buttons)

    def show_pending(self, pending: dict[str, Any]) -> None:
        self.call_id = str(pending.get("call_id") or pending.get("id") or "")
        proposal = pending.get("proposal") or {}
        tool = str(pending.get("tool", ""))
        self.may_have_run = bool(pending.get("may_have_run"))
        self.always_workspace.setText(tr("tools.card.always_workspace", tool=tool))
        for button in (self.always_run, self.always_workspace):
            button.setVisible(not self.may_have_run)
        self.approve_button.setText(tr("tools.card.run_again") if self.may_have_run else tr("agent.approve"))
        self.deny_button.setText(tr("tools.card.go_on") if self.may_have_run else tr("agent.deny"))
        if pending.get("external") or self.may_have_run:
            self._show_external(pending, tool)
            return
        self.note.hide()
        self.title.setText(
            tr(
                "agent.wants",
                tool=tool,
                what=_what(proposal) or _brief(pending.get("arguments")),
            )
        )
        # Only calls that change files wait for approval: the reason is worded by the tool's risk.
        said = phrases.from_dict(pending.get("reason_phrase"))  # the guardrail's reason, when it is one
        self.reason.setText(
            say(said) if said is not None else tr_or(f"agent.why.{pending.get('risk')}", str(pending.get("reason", "")), tool=tool)
        )
        diff = str(proposal.get("diff", ""))
        self.diff.setVisible(bool(diff))
        self.diff.setHtml(diff_html(diff, dark=current_is_dark()))

    def _show_external(self, pending: dict[str, Any], tool: str) -> None:
        """An MCP, declared HTTP or command call: who runs it, every argument, and that undo cannot cover it."""
        external = pending.get("external") or {}
        server = str(external.get("server") or pending.get("server") or "")
        command = external.get("origin") == "sandbox"
        arguments = pending.get("arguments") or {}
        if self.may_have_run:
            self.title.setText(tr("tools.card.may_have_run"))
            self.reason.setText(tr("tools.card.may_have_run_why", tool=tool))
        elif command:
            self.title.setText(tr("tools.card.command"))
            self.reason.setText(tr("tools.why.command"))
        elif external.get("origin") == "http":  # a declared HTTP tool: where its request goes
            self.title.setText(tr("tools.card.http", tool=tool, request=str(external.get("remote_name") or "")))
            self.reason.setText(tr("tools.why.http", tool=tool, host=server))
        else:
            remote = str(external.get("remote_name") or tool)
            self.title.setText(tr("tools.card.mcp", tool=remote, server=server))
            self.reason.setText(tr("tools.why.external", tool=tool, server=server))
        notes = [tr("tools.card.read_only")] if external.get("read_only_hint") else []
        notes.append(tr("tools.card.command_note") if command else tr("tools.card.outside"))
        self.note.setText("\n".join(notes))
        self.note.show()
        shown = str(arguments.get("command", "")) if command and set(arguments) <= {"command", "timeout_seconds"} else ""
        text = shown or json.dumps(arguments, ensure_ascii=False, indent=2)
        self.diff.setPlainText(text)
        self.diff.show()


def diff_html(diff: str, *, dark: bool) -> str:
    """A unified diff, coloured by Pygments (added green, removed red)."""
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import DiffLexer

    formatter = HtmlFormatter(noclasses=True, nowrap=True, style="monokai" if dark else "default")
    return f'<pre style="font-family:monospace;margin:0;">{highlight(diff, DiffLexer(), formatter)}</pre>'


def _model_call_item(data: dict[str, Any], required: bool) -> QTreeWidgetItem:
    """A model step: its tokens and how the model called tools (a run journaled before the format
    was, without it); the tooltip says whether the step had to start with a call."""
    tokens = f"{data.get('prompt_tokens', 0)} → {data.get('completion_tokens', 0)}"
    fmt = str(data.get("format") or "")
    if not fmt:
        return QTreeWidgetItem([tr("agent.model_call", step=data.get("step"), tokens=tokens)])
    item = QTreeWidgetItem([tr("agent.model_call_how", step=data.get("step"), tokens=tokens, how=tool_calls_how(fmt))])
    item.setToolTip(0, tool_calls_line(fmt) + ("\n" + tr("toolcalls.required") if required else ""))
    return item


def _brief(arguments: Any) -> str:
    if not isinstance(arguments, dict):
        return ""
    path = (
        arguments.get("path") or arguments.get("source") or arguments.get("query") or arguments.get("pattern")
    )
    return str(path) if path else _detail(arguments)[:80]


def _detail(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
    return text if len(text) <= MAX_DETAIL else text[:MAX_DETAIL] + "…"


def _has_output(kind: str, data: dict[str, Any]) -> bool:
    """A result of a command, an MCP tool or a SQL query: its whole output (a query's table) opens on
    a double-click."""
    result = data.get("result") if kind == "tool.result" else None
    details = result.get("data") if isinstance(result, dict) else None
    return isinstance(details, dict) and ("command" in details or "server" in details or "columns" in details)


def _result_line(data: dict[str, Any]) -> str:
    result = data.get("result") or {}
    ok = result.get("ok", True) if isinstance(result, dict) else True
    summary = result.get("text", "") if isinstance(result, dict) else str(result)
    details = result.get("data") if isinstance(result, dict) else None
    if isinstance(details, dict) and "command" in details:
        return ("✓ " if ok else "✗ ") + _command_line(details, summary)
    shown = _said(result, "phrase", summary) if isinstance(result, dict) else summary
    return ("✓ " if ok else "✗ ") + _detail(shown).split("\n", 1)[0]


def _said(data: dict[str, Any], key: str, otherwise: str) -> str:
    """``data[key]`` (a phrase) in the window's language, else ``otherwise`` as the service wrote it."""
    phrase = phrases.from_dict(data.get(key))
    return say(phrase) if phrase is not None else otherwise


def _sending_line(data: dict[str, Any]) -> str:
    server = data.get("server")
    return tr("tools.trace.sending", server=server) if server else tr("tools.trace.sandbox")


_LINES = {
    "tool.result": _result_line,
    "tool.sending": _sending_line,
    "tool.decision": lambda d: tr(
        "agent.decision",
        verdict=tr_or(f"said.verdict.{d.get('verdict')}", str(d.get("verdict", ""))),
        reason=_said(d, "reason_phrase", str(d.get("reason", ""))),
    ),
    "approval.required": lambda _d: tr("agent.asked"),
    "approval.decided": lambda d: tr(
        "agent.decided", decision=tr_or(f"said.decision.{d.get('decision')}", str(d.get("decision", "")))
    ),
    "approval.stale": lambda _d: tr("agent.stale"),
    "tool.repeat": lambda _d: tr("said.trace.repeat"),
    "tool.malformed": lambda d: tr("said.trace.malformed", error=_said(d, "error_phrase", str(d.get("error", "")))),
    "change.found_applied": lambda _d: tr("said.trace.found_applied"),
}


def _line(kind: str, data: dict[str, Any]) -> str:
    line = _LINES.get(kind)
    return line(data) if line is not None else html.unescape(f"{kind}: {_detail(data)}")


def _command_line(details: dict[str, Any], text: str) -> str:
    stopped = details.get("stopped")
    if stopped == "time":
        return tr("tools.trace.stopped_time")
    if stopped == "output":
        return tr("tools.trace.stopped_output")
    output = text.partition("Output:\n")[2]
    return tr("tools.trace.exit", code=str(details.get("exit_code")), count=len(output.splitlines()))


def _what(proposal: dict[str, Any]) -> str:
    """The change's one line, in the window's language when the tool named it by a phrase."""
    phrase = phrases.from_dict(proposal.get("summary_phrase"))
    return say(phrase) if phrase is not None else str(proposal.get("summary") or "")
