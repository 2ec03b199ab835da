"""`mira chat send|edit|regenerate|retry|continue|compare`."""

from __future__ import annotations

import argparse
import dataclasses
import sys
import uuid
from pathlib import Path
from typing import TYPE_CHECKING

from mira_desktop.cli import compare, transcribe
from mira_desktop.cli.output import Output
from mira_desktop.cli.streaming import follow
from mira_desktop.core.errors import InvalidInputError, NotFoundError

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.chat.service import SendOptions
    from mira_desktop.services.chat.worker import RunHandle


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser("chat", help="send messages and stream the answers", parents=[common])
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    send = commands.add_parser(
        "send", help="send a message (new thread unless --thread) and stream the answer", parents=[common]
    )
    send.add_argument("--thread", metavar="ID", help="continue this thread")
    send.add_argument(
        "--model", metavar="REF", help="model for the thread, e.g. local:smollm2 or remote:NAME/MODEL"
    )
    send.add_argument("--role", metavar="ID", help="bind the thread to this role")
    send.add_argument(
        "--greeting",
        metavar="N",
        type=int,
        default=1,
        help="a new chat with a role (--role, or its project's default role) opens with its greeting N (1: its first message, 2…: the alternates, 0: none)",
    )
    send.add_argument("--kb", metavar="KB", help="bind the thread to this knowledge base (id or name)")
    send.add_argument("--agent", action="store_true", help="agent mode for the thread")
    send.add_argument(
        "--project",
        "--workspace",
        dest="workspace",
        metavar="ID",
        help="a new thread in this project takes its defaults and instructions; agent runs work in its folder",
    )
    send.add_argument(
        "--speak", action="store_true", help="speak the thread's answers (as `threads set ID --tts on`)"
    )
    send.add_argument(
        "--attach", metavar="FILE", help="send this file with the message (one file, at most 8 MB)"
    )
    send.add_argument(
        "--audio",
        metavar="FILE",
        help="send what is said in this audio file (transcribed on this computer) as the message",
    )
    transcribe.add_language(send)
    send.add_argument("text", nargs="?", help="the message (or --audio FILE)")
    send.set_defaults(handler=_send)
    edit = commands.add_parser(
        "edit", help="edit your message: a new branch with a new answer", parents=[common]
    )
    edit.add_argument("message_id")
    edit.add_argument("text")
    edit.set_defaults(handler=_edit)
    for name, help_text, handler in (
        ("regenerate", "a new answer beside this one (nothing is deleted)", _regenerate),
        ("retry", "answer the same message again as a new branch (after an error or a stop)", _retry),
        (
            "continue",
            "carry on an answer that was cut off or stopped (cut off while thinking: twice the room)",
            _continue,
        ),
    ):
        sub = commands.add_parser(name, help=help_text, parents=[common])
        sub.add_argument("message_id")
        sub.set_defaults(handler=handler)
    compare.register(commands, common)
    for sub in (send, edit, *(commands.choices[n] for n in ("regenerate", "retry", "continue"))):
        sub.add_argument(
            "--show-thinking",
            action="store_true",
            help="print a thinking model's reasoning on stderr as it streams (stdout keeps the answer)",
        )


def _project_role(services: AppServices, project_id: str) -> str | None:
    """The default role a new thread in the project takes: its greeting opens the thread as a
    --role's would, as the window's "New chat in project" does (a role gone: none)."""
    role_id = services.projects.get(project_id).defaults.role_id
    if role_id is None:
        return None
    try:
        return services.roles.get(role_id).id
    except NotFoundError:
        return None


def _send(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    from mira_desktop.services.chat.service import SendOptions

    if (args.text is None) == (args.audio is None):
        raise InvalidInputError("Give the message as TEXT or as --audio FILE (one of them).")
    if args.audio is not None:
        heard = services.speech_input.transcribe(Path(args.audio), language=transcribe.language_of(args))
        args.text = heard.text
        if not out.as_json:
            print(f"mira: heard: {heard.text}", file=sys.stderr)

    greeting = None
    role_id = args.role
    if role_id is None and args.thread is None and args.workspace:
        role_id = _project_role(services, args.workspace)
    if role_id and args.thread is None and args.greeting > 0:
        greetings = services.chat.greetings(role_id)
        if args.greeting > len(greetings) and greetings:
            raise InvalidInputError(
                f"The role has {len(greetings)} greeting(s): use --greeting 1 to {len(greetings)}."
            )
        greeting = greetings[args.greeting - 1] if greetings else None
    options = SendOptions(
        model_ref=services.models.validate_ref(args.model) if args.model else None,
        greeting=greeting,
        role_id=args.role,
        knowledge_base_id=services.knowledge_bases.resolve(args.kb).id if args.kb else None,
        agent=args.agent,
        workspace_id=args.workspace,
        tts=args.speak,
    )
    if args.attach:
        return _send_with_file(args, services, out, options)
    carried = services.attachments.carried(args.thread, args.text, model_ref=options.model_ref)
    if carried is not None:  # a file sent earlier in the thread goes with the follow-up
        view, plan = carried
        how = "whole" if plan.mode.value == "inline" else f"as {plan.mode.value}"
        print(f"mira: note: {view.name}, sent earlier in this thread, goes with it ({how}).", file=sys.stderr)
    return follow(services, lambda: services.chat.send(args.thread, args.text, options), as_json=out.as_json, show_thinking=args.show_thinking)


def _send_with_file(args: argparse.Namespace, services: AppServices, out: Output, options: SendOptions) -> int:
    """The file is checked and stored first (a refusal sends nothing), then goes with the message."""
    from mira_desktop.services.attachments.views import CLI_DRAFT_PREFIX

    key = f"{CLI_DRAFT_PREFIX}{uuid.uuid4().hex}"
    services.attachments.add_to_draft(args.thread, args.attach, draft_key=key)
    try:
        plan = services.attachments.plan(args.thread, args.text, model_ref=options.model_ref, draft_key=key)
        if plan is not None and plan.warning:
            print(f"mira: warning: {plan.warning}", file=sys.stderr)
        with_file = dataclasses.replace(options, attachment=key)
        return follow(services, lambda: services.chat.send(args.thread, args.text, with_file), as_json=out.as_json, show_thinking=args.show_thinking)
    finally:
        services.attachments.remove_from_draft(None, draft_key=key)  # a no-op once the message holds it


def _edit(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    import shlex

    title = services.chat.title_after_edit(args.message_id, args.text)
    started: list[RunHandle] = []

    def start() -> RunHandle:
        started.append(services.chat.edit(args.message_id, args.text))
        return started[0]

    code = follow(services, start, as_json=out.as_json, show_thinking=args.show_thinking)
    if title is not None and started and not out.as_json:  # as the window offers it after the edit
        thread = started[0].thread_id
        print(
            "mira: the title is still the first message as it was; rename the thread: "
            f"mira threads rename {thread} {shlex.quote(title)}",
            file=sys.stderr,
        )
    return code


def _regenerate(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    return follow(services, lambda: services.chat.regenerate(args.message_id), as_json=out.as_json, show_thinking=args.show_thinking)


def _retry(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    return follow(services, lambda: services.chat.retry(args.message_id), as_json=out.as_json, show_thinking=args.show_thinking)


def _continue(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    return follow(
        services,
        lambda: services.chat.continue_answer(args.message_id),
        as_json=out.as_json,
        show_thinking=args.show_thinking,
    )
