"""`mira runs show|events|approve|deny|continue|cancel|undo`."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from mira_desktop.cli.output import Output
from mira_desktop.cli.streaming import follow
from mira_desktop.core.conversation.runs import RunKind
from mira_desktop.core.errors import NotFoundError

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser(
        "runs",
        help="the journal of each answer; approve, deny, continue or undo agent runs",
        parents=[common],
    )
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    show = commands.add_parser(
        "show",
        help="a run's status, route, model; for an agent run its pending call, budgets and files",
        parents=[common],
    )
    show.add_argument("run_id")
    show.set_defaults(handler=_show)
    events = commands.add_parser(
        "events", help="a run's events in order (the execution trace)", parents=[common]
    )
    events.add_argument("run_id")
    events.set_defaults(handler=_events)
    approve = commands.add_parser(
        "approve", help="run the call an agent run waits on, then go on", parents=[common]
    )
    approve.add_argument("run_id")
    approve.add_argument(
        "--call", metavar="CALL_ID", help="the pending call's id (refused if another call waits)"
    )
    scope = approve.add_mutually_exclusive_group()
    scope.add_argument(
        "--always-run", action="store_true", help="also allow this tool for the rest of the run"
    )
    scope.add_argument(
        "--always-workspace", action="store_true", help="also allow this tool in this workspace"
    )
    approve.set_defaults(handler=_approve)
    deny = commands.add_parser(
        "deny", help="do not run the pending call; the agent goes on", parents=[common]
    )
    deny.add_argument("run_id")
    deny.add_argument("--reason", default="", help="what the agent is told")
    deny.add_argument("--call", metavar="CALL_ID", help="the pending call's id")
    deny.set_defaults(handler=_deny)
    more = commands.add_parser(
        "continue",
        help="go on after a limit stopped an agent run, or after Mira was killed",
        parents=[common],
    )
    more.add_argument("run_id")
    more.add_argument("--more-steps", type=int, metavar="N", help="allow N more model calls")
    more.set_defaults(handler=_continue)
    cancel = commands.add_parser("cancel", help="end a running or waiting agent run", parents=[common])
    cancel.add_argument("run_id")
    cancel.set_defaults(handler=_cancel)
    undo = commands.add_parser("undo", help="put back every file an agent run changed", parents=[common])
    undo.add_argument("run_id")
    undo.set_defaults(handler=_undo)
    output = commands.add_parser(
        "output", help="the whole output of one call of an agent run (a command, an MCP tool)", parents=[common]
    )
    output.add_argument("run_id")
    output.add_argument("call_id", help="the call's id, as `mira runs events` shows it")
    output.set_defaults(handler=_output)


def _show(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    run = services.chat.run(args.run_id)
    if run is None:
        raise NotFoundError(f"No run with id {args.run_id}.")
    data: dict[str, Any] = {
        "id": run.id,
        "thread_id": run.thread_id,
        "status": run.status.value,
        "route": run.kind.value,
        "route_reason": run.route_reason,
        "user_message_id": run.user_message_id,
        "message_id": run.assistant_message_id,
        "model": run.model_snapshot,
        "role": {"id": run.role_id, "version": run.role_version, **run.role_snapshot},
        "error": run.error,
        "created_at": run.created_at,
        "finished_at": run.finished_at,
    }
    agent = services.agent_runs.show(run.id).to_dict() if run.kind is RunKind.AGENT else None
    if agent is not None:
        keys = ("pending", "budgets", "files_changed", "files_read", "stop_reason", "changed_by_commands")
        data |= {k: agent[k] for k in keys}
    if out.as_json:
        out.data(data)
        return 0
    out.line(f"{run.id}  {run.status.value}  route={run.kind.value} ({run.route_reason})")
    out.line(f"model: {run.model_snapshot.get('ref')}  sampling: {run.model_snapshot.get('sampling')}")
    if run.error:
        out.line(f"error: {run.error.get('message')}")
    if agent is not None:
        _show_agent(out, run.id, agent)
    return 0


def _show_agent(out: Output, run_id: str, agent: dict[str, Any]) -> None:
    used, limits = agent["budgets"]["used"], agent["budgets"]["limits"]
    if used:
        out.line(
            f"budgets: {used.get('model_calls', 0)}/{limits.get('model_calls')} model calls, "
            f"{used.get('tool_calls', 0)}/{limits.get('tool_calls')} tool calls, "
            f"{used.get('elapsed_seconds', 0):.0f}/{limits.get('wall_seconds', 0):.0f} s"
        )
    if agent["files_changed"]:
        out.line(f"files changed: {', '.join(agent['files_changed'])}")
    if agent["changed_by_commands"]:
        out.line(f"changed by commands (undo cannot put these back): {', '.join(agent['changed_by_commands'])}")
    if agent["stop_reason"]:
        out.line(f"stopped by the {agent['stop_reason']} limit: `mira runs continue {run_id}` goes on")
    pending = agent["pending"]
    if pending and pending.get("may_have_run"):
        out.line(
            f"this call may have run — run it again (`mira runs approve {run_id}`) or go on without it "
            f"(`mira runs deny {run_id}`): {pending['tool']} (call {pending['call_id']})"
        )
        out.line(f"arguments: {json.dumps(pending.get('arguments'), ensure_ascii=False)}")
    elif pending:
        proposal = pending.get("proposal") or {}
        out.line(
            f"waiting for approval: {pending['tool']} (call {pending['call_id']}) {pending.get('reason', '')}"
        )
        if pending.get("server"):
            hint = " (the server marks it read-only)" if pending.get("read_only_hint") else ""
            out.line(f"MCP server: {pending['server']}, its tool {pending.get('remote_name')}{hint}")
        if proposal:
            out.line(f"{proposal.get('summary', '')}\n{proposal.get('diff', '')}")
        else:
            out.line(f"arguments: {json.dumps(pending.get('arguments'), ensure_ascii=False, indent=2)}")
            out.line(_undo_note(pending))


def _events(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    if services.chat.run(args.run_id) is None:
        raise NotFoundError(f"No run with id {args.run_id}.")
    events = services.chat.run_events(args.run_id)
    if out.as_json:
        out.data([{"seq": e.seq, "type": e.type, "data": e.data, "created_at": e.created_at} for e in events])
        return 0
    for event in events:
        detail = event.data.get("text") if event.type == "message.delta" else event.data
        out.line(f"{event.seq:>4}  {event.created_at}  {event.type}  {detail}")
    return 0


def _approve(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    from mira_desktop.services.chat.agent_runs import RuleScope

    scope = RuleScope.RUN if args.always_run else RuleScope.WORKSPACE if args.always_workspace else None
    runs = services.agent_runs
    return follow(services, lambda: runs.approve(args.run_id, args.call, scope), as_json=out.as_json)


def _deny(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    runs = services.agent_runs
    return follow(services, lambda: runs.deny(args.run_id, args.reason, args.call), as_json=out.as_json)


def _continue(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    runs = services.agent_runs
    return follow(services, lambda: runs.continue_run(args.run_id, args.more_steps), as_json=out.as_json)


def _cancel(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    run = services.agent_runs.cancel(args.run_id)
    out.result(
        {"run_id": run.id, "status": run.status.value},
        f"Cancelled {run.id}; the pending change was not made.",
    )
    return 0


def _output(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    text = services.agent_runs.tool_output(args.run_id, args.call_id)
    out.result({"run_id": args.run_id, "call_id": args.call_id, "output": text}, text)
    return 0


def _undo(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    report = services.agent_runs.undo(args.run_id)
    out.result(
        {"run_id": args.run_id, "restored": list(report.restored), "deleted": list(report.deleted)},
        report.summary(),
    )
    return 0


def _undo_note(pending: dict[str, object]) -> str:
    external = pending.get("external")
    if isinstance(external, dict) and external.get("origin") == "sandbox":
        return "Files it changes in the workspace are listed after it ran; undo cannot put them back."
    return "A call outside the workspace cannot be undone."
