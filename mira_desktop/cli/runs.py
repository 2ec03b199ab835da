"""`mira runs show|events`."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output
from mira_desktop.core.errors import NotFoundError

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser(
        "runs", help="the journal of each answer: status, route, model, events", parents=[common]
    )
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    show = commands.add_parser("show", help="a run's status, route and model snapshot", parents=[common])
    show.add_argument("run_id")
    show.set_defaults(handler=_show)
    events = commands.add_parser("events", help="a run's events in order", parents=[common])
    events.add_argument("run_id")
    events.set_defaults(handler=_events)


def _show(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    run = services.chat.run(args.run_id)
    if run is None:
        raise NotFoundError(f"No run with id {args.run_id}.")
    data = {
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
    if out.as_json:
        out.data(data)
        return 0
    out.line(f"{run.id}  {run.status.value}  route={run.kind.value} ({run.route_reason})")
    out.line(f"model: {run.model_snapshot.get('ref')}  sampling: {run.model_snapshot.get('sampling')}")
    if run.error:
        out.line(f"error: {run.error.get('message')}")
    return 0


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
