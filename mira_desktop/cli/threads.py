"""`mira threads list|show|archive|unarchive|delete|set|…`."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output
from mira_desktop.cli.projects import register_move
from mira_desktop.cli.thread_forks import register_fork
from mira_desktop.cli.web import source_lines
from mira_desktop.core.conversation.threads import ThreadStatus, answer_model
from mira_desktop.core.errors import ConflictError, InvalidInputError
from mira_desktop.core.model_names import readable_model
from mira_desktop.core.phrases import said

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser("threads", help="chat threads", parents=[common])
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    listing = commands.add_parser(
        "list", help="list threads (active ones unless told otherwise)", parents=[common]
    )
    listing.add_argument("--archived", action="store_true", help="list archived threads instead")
    listing.add_argument("--all", action="store_true", help="list active and archived threads")
    listing.add_argument("--project", metavar="ID", help="only this project's threads")
    listing.set_defaults(handler=_list)
    for name, handler, help_text in (
        ("show", _show, "show a thread and all its messages (every branch)"),
        ("archive", _archive, "archive a thread (kept, hidden from the main list)"),
        ("unarchive", _unarchive, "bring an archived thread back"),
        ("delete", _delete, "move a thread to the trash (restorable for 30 days)"),
    ):
        sub = commands.add_parser(name, help=help_text, parents=[common])
        sub.add_argument("id")
        sub.set_defaults(handler=handler)
    register_conversation_actions(commands, common)
    register_move(commands, common)


def _list(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    status = None if args.all else ThreadStatus.ARCHIVED if args.archived else ThreadStatus.ACTIVE
    threads = services.threads.list(status)
    if args.project is not None:
        inside = {t.id for t in services.threads.in_project(args.project)}
        threads = [t for t in threads if t.id in inside]
    if out.as_json:
        out.data(threads)
    else:
        rows = [
            [t.id, t.title or "(untitled)", t.status.value, t.model_ref or "default", t.updated_at]
            for t in threads
        ]
        out.table(rows, ["ID", "TITLE", "STATUS", "MODEL", "UPDATED"], "No threads.")
    return 0


def _show(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    detail = services.threads.show(args.id)
    origin = services.forks.origin(detail.thread.id)  # a fork: where it came from
    if out.as_json:
        data = {
            "thread": detail.thread,
            "forked_from": origin,
            "messages": [
                {
                    "id": m.id,
                    "parent_id": m.parent_id,
                    "role": m.role,
                    "content": m.content,
                    "parts": m.parts,  # files sent, a thinking model's reasoning
                    "status": m.status,
                    "error": m.error,
                    "run_id": m.run_id,
                    "model": answer_model(m),  # the model that wrote an answer (null for yours)
                    "metadata": m.metadata,  # sources of an answer, its author, a memory proposal …
                    "created_at": m.created_at,
                }
                for m in detail.messages
            ],
        }
        out.data(data)
        return 0
    thread = detail.thread
    out.line(f"{thread.title or '(untitled)'}  [{thread.id}, {thread.status.value}]")
    if origin is not None:
        gone = "" if origin.exists else ", no longer there"
        out.line(f"forked from {origin.thread_id} at {origin.message_id} ({origin.mode.value}{gone})")
    for m in detail.messages:
        marker = "" if m.status.value == "complete" else f" ({m.status.value})"
        thought = next((p for p in m.parts if p.get("type") == "reasoning"), None)
        note = f"(thought for {max(1, round(float(thought.get('seconds') or 0)))} s: --json shows it)\n" if thought else ""
        model = answer_model(m)
        by = f" [{readable_model(model, services.folder.models_dir)}]" if model else ""  # who wrote it
        out.line(f"\n{m.role.value}{marker} {m.id}{by}:\n{note}{m.content}")
        web = source_lines(m.metadata)
        if web:  # the web pages it cites or read, by their ids
            out.line("Sources:\n" + "\n".join(web))
    return 0


def _archive(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    thread = services.threads.archive(args.id)
    out.result(thread, f"Archived {thread.id}.")
    return 0


def _unarchive(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    thread = services.threads.unarchive(args.id)
    out.result(thread, f"Unarchived {thread.id}.")
    return 0


def _delete(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    thread = services.threads.delete(args.id)
    out.result({"deleted": thread.id}, f"Moved thread {thread.id} to the trash: `mira trash restore {thread.id}` brings it back.")
    return 0


def register_conversation_actions(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    switch = commands.add_parser("switch", help="show the branch through MESSAGE_ID", parents=[common])
    switch.add_argument("id")
    switch.add_argument("message_id")
    switch.set_defaults(handler=_switch)
    search = commands.add_parser(
        "search", help="search every thread and branch (Chinese included)", parents=[common]
    )
    search.add_argument("query")
    search.add_argument(
        "--thinking", action="store_true", help="search the reasoning of thinking models' answers too"
    )
    search.add_argument("--project", metavar="ID", help="search only this project's threads")
    search.set_defaults(handler=_search)
    export = commands.add_parser(
        "export", help="Markdown (visible branch) or JSON (whole tree)", parents=[common]
    )
    export.add_argument("id")
    export.add_argument("--format", choices=["md", "json"], default="md")
    export.add_argument("-o", "--output", required=True, metavar="FILE")
    export.set_defaults(handler=_export)
    import_ = commands.add_parser("import", help="import a JSON export (every branch)", parents=[common])
    import_.add_argument("file")
    import_.set_defaults(handler=_import)
    summary = commands.add_parser(
        "summary", help="show, generate, set or clear the context summary", parents=[common]
    )
    summary.add_argument("id")
    how = summary.add_mutually_exclusive_group()
    how.add_argument("--generate", action="store_true", help="summarize with the thread's model")
    how.add_argument("--set", metavar="TEXT", help="use this text as the summary")
    how.add_argument("--clear", action="store_true", help="remove the summary")
    summary.set_defaults(handler=_summary)
    setting = commands.add_parser(
        "set", help="change what a thread is bound to: agent mode and its workspace", parents=[common]
    )
    setting.add_argument("id")
    setting.add_argument("--agent", choices=["on", "off"], help="agent mode for this thread's next runs")
    setting.add_argument("--workspace", metavar="ID", help="the workspace agent runs work in")
    setting.add_argument(
        "--memory", choices=["on", "off"], help="send the memory facts with this thread's requests"
    )
    setting.add_argument("--tts", choices=["on", "off"], help="speak each answer (Piper, espeak-ng)")
    setting.add_argument(
        "--image", choices=["on", "off"], help="a picture of each answer (needs `mira media image-model`)"
    )
    setting.add_argument(
        "--thinking",
        choices=["on", "off", "default"],
        help="a thinking model's reasoning before each answer (only for a model whose template has the switch)",
    )
    setting.set_defaults(handler=_set)
    preview = commands.add_parser(
        "preview",
        help=(
            "the exact request the thread's next turn sends (role, summary, memory, history, sampling; "
            "how many tools an agent request shows with their schemas)"
        ),
        parents=[common],
    )
    preview.add_argument("id")
    preview.add_argument("text", nargs="?", default="", help="the message you would send")
    preview.set_defaults(handler=_preview)
    rename = commands.add_parser("rename", help="change a thread's title", parents=[common])
    rename.add_argument("id")
    rename.add_argument("title")
    rename.set_defaults(handler=_rename)
    delete_message = commands.add_parser(
        "delete-message", help="delete one message and the replies below it", parents=[common]
    )
    delete_message.add_argument("message_id")
    delete_message.set_defaults(handler=_delete_message)
    register_fork(commands, common)


def _switch(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    leaf = services.branches.switch_branch(args.id, args.message_id)
    out.result({"thread_id": args.id, "active_leaf_id": leaf}, f"Showing the branch ending at {leaf}.")
    return 0


def _search(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    hits = services.threads.search(args.query, reasoning=args.thinking, project_id=args.project)
    if out.as_json:
        out.data(hits)
    else:
        rows = [[h.thread_id, h.thread_title or "(untitled)", h.message_id or "-", h.snippet] for h in hits]
        out.table(rows, ["THREAD", "TITLE", "MESSAGE", "MATCH"], "No matches.")
    return 0


def _export(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    thread = services.threads.get(args.id)
    target = services.transfer.export(thread, args.format, Path(args.output))
    out.result({"thread_id": thread.id, "format": args.format, "path": str(target)}, f"Exported to {target}.")
    return 0


def _import(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    thread = services.transfer.import_file(Path(args.file))
    out.result(thread, f"Imported thread {thread.id} ({thread.title or 'untitled'}).")
    return 0


def _summary(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    if args.generate:
        text: str | None = services.summaries.generate(args.id)
    elif args.set is not None:
        services.summaries.set(args.id, args.set)
        text = services.summaries.get(args.id)
    elif args.clear:
        services.summaries.clear(args.id)
        text = None
    else:
        text = services.summaries.get(args.id)
    out.result({"thread_id": args.id, "summary": text}, text or "(no summary)")
    return 0


def _set(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    thread = services.threads.get(args.id)
    if args.thinking is not None:
        return _set_thinking(args, services, out)
    media = (args.tts, args.image)
    if args.agent is None and args.workspace is None and args.memory is None and media == (None, None):
        raise InvalidInputError(
            "Say what to change: --agent on|off, --workspace ID, --memory on|off, --tts on|off, --image on|off, "
            "--thinking on|off|default."
        )
    if media != (None, None):
        thread = services.media.set_flags(
            thread.id, tts=None if args.tts is None else args.tts == "on",
            image=None if args.image is None else args.image == "on",
        )  # fmt: skip
        if args.agent is None and args.workspace is None and args.memory is None:
            out.result(thread, f"Speech is {_on(thread.tts_enabled)} and pictures are {_on(thread.image_enabled)} for {thread.id}.")
            return 0
    if args.memory is not None:
        thread = services.threads.set_flag(thread.id, "memory", args.memory == "on")
    if args.agent is not None or args.workspace is not None:
        enabled = thread.agent_enabled if args.agent is None else args.agent == "on"
        thread = services.threads.set_agent(thread.id, enabled, args.workspace)
    where = f" in workspace {thread.workspace_id}" if thread.workspace_id else ""
    out.result(thread, f"Agent mode is {'on' if thread.agent_enabled else 'off'} for {thread.id}{where}.")
    return 0


def _set_thinking(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    thread = services.threads.get(args.id)
    ref = services.models.resolve(thread.model_ref)
    if services.models.thinking_switch(ref) is None:
        raise ConflictError(
            f"The thread's model ({ref}) has no thinking switch: its chat template takes neither "
            "enable_thinking nor a reasoning effort."
        )
    value = {"on": True, "off": False, "default": None}[args.thinking]
    services.threads.set_thinking(thread.id, value)
    said = {True: "on", False: "off", None: "the model's default"}[value]
    out.result({"thread_id": thread.id, "thinking": value}, f"Thinking is {said} for {thread.id}.")
    return 0


def _preview(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    thread = services.threads.get(args.id)
    request = services.chat.preview(thread.id, args.text)
    data = {
        "thread_id": thread.id,
        "messages": [{"role": m.role, "content": m.content} for m in request.messages],
        "sections": {s.name: s.tokens for s in request.sections},
        "memory_facts": list(request.memory_ids),
        "sampling": request.sampling.to_dict(),
        "prompt_tokens": request.prompt_tokens,
        "window": request.window,
        "dropped_messages": request.dropped_messages,
        "tool_schemas": request.tool_schemas,  # an agent request listing some tools by name only
    }
    if out.as_json:
        out.data(data)
        return 0
    for message in request.messages:
        out.line(f"── {message.role} ──\n{message.content}\n")
    sections = ", ".join(f"{s.name} {s.tokens}" for s in request.sections if s.tokens)
    out.line(
        f"── {request.prompt_tokens} of {request.window} tokens ({sections}); sampling {data['sampling']} ──"
    )
    if request.tool_schemas:
        out.line(f"── {said('agent.tool_schemas.folded', **request.tool_schemas)} ──")
    return 0


def _rename(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    thread = services.threads.rename(args.id, args.title)
    out.result(thread, f"Renamed {thread.id} to {thread.title!r}.")
    return 0


def _delete_message(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    deleted = services.branches.delete_message(args.message_id)
    out.result({"deleted": deleted}, f"Deleted {len(deleted)} message(s).")
    return 0


def _on(enabled: bool) -> str:
    return "on" if enabled else "off"
