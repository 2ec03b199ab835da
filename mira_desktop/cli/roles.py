"""`mira roles list|show|create|update|duplicate|delete|import|export|preview|user-name`.

The role JSON is one shape everywhere: ``show --json`` prints it, ``create --file`` and
``update --file`` read it (see docs/ROLES.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mira_desktop.cli.output import Output
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.roles.records import PROMPT_FIELDS, Role, RoleStatus
from mira_desktop.services.roles.cards import CardFormat
from mira_desktop.services.roles.files import read_user_file

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices

    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]

MAX_ROLE_FILE_BYTES = 16 * 1024 * 1024


def register(groups: Subparsers, common: argparse.ArgumentParser) -> None:
    parser = groups.add_parser(
        "roles", help="personas with prompt fields, lorebook and sampling settings", parents=[common]
    )
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    listing = commands.add_parser("list", help="list roles", parents=[common])
    listing.add_argument(
        "--status", choices=[s.value for s in RoleStatus], help="only roles with this status"
    )
    listing.add_argument(
        "--search", default="", metavar="TEXT", help="only roles whose name, summary or tags match"
    )
    listing.set_defaults(handler=_list)
    for name, handler, help_text in (
        ("show", _show, "show a role (--json: the role JSON that create/update read)"),
        ("duplicate", _duplicate, "copy a role, with its avatar and card data, as 'NAME (copy)'"),
        ("delete", _delete, "move a role to the trash (threads that used it keep their messages)"),
    ):
        sub = commands.add_parser(name, help=help_text, parents=[common])
        sub.add_argument("id")
        sub.set_defaults(handler=handler)
    create = commands.add_parser("create", help="create a role from a role JSON file", parents=[common])
    create.add_argument("--file", required=True, metavar="ROLE.json", help="the role JSON ('-' reads stdin)")
    create.set_defaults(handler=_create)
    update = commands.add_parser(
        "update", help="change the keys present in a role JSON file (null clears)", parents=[common]
    )
    update.add_argument("id")
    update.add_argument("--file", metavar="ROLE.json", help="the keys to change ('-' reads stdin)")
    avatar = update.add_mutually_exclusive_group()
    avatar.add_argument("--avatar", metavar="IMAGE", help="use this image as the avatar (PNG, JPEG, WebP…)")
    avatar.add_argument("--no-avatar", action="store_true", help="remove the avatar")
    update.set_defaults(handler=_update)
    _register_cards(commands, common)
    preview = commands.add_parser(
        "preview",
        help="the exact system text, messages and parameters a model would receive",
        parents=[common],
    )
    preview.add_argument("id")
    preview.add_argument("--thread", metavar="THREAD_ID", help="over this thread's active branch")
    preview.add_argument("--message", default="", metavar="TEXT", help="as if TEXT were sent next")
    preview.add_argument(
        "--as-active",
        action="store_true",
        help="compile a draft or archived role as it will be sent once active",
    )
    preview.set_defaults(handler=_preview)
    user = commands.add_parser(
        "user-name", help="show or set your display name (what {{user}} becomes)", parents=[common]
    )
    user.add_argument("name", nargs="?")
    user.set_defaults(handler=_user_name)


def _register_cards(commands: Subparsers, common: argparse.ArgumentParser) -> None:
    importing = commands.add_parser(
        "import", help="import a Character Card V1/V2/V3 (PNG or JSON) as a new role", parents=[common]
    )
    importing.add_argument("card", metavar="CARD.(png|json)")
    importing.set_defaults(handler=_import)
    export = commands.add_parser("export", help="export a role as a character card", parents=[common])
    export.add_argument("id")
    export.add_argument("--format", required=True, choices=[f.value for f in CardFormat], dest="card_format")
    export.add_argument("--png", action="store_true", help="a PNG card (the avatar, or a plain square)")
    export.add_argument("-o", "--output", required=True, metavar="FILE")
    export.set_defaults(handler=_export)


def _summary(role: Role) -> dict[str, Any]:
    return {
        "id": role.id,
        "name": role.name,
        "summary": role.summary,
        "status": role.status.value,
        "tags": role.tags,
        "version": role.version,
        "avatar": role.avatar,
        "updated_at": role.updated_at,
    }


def _list(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    status = RoleStatus(args.status) if args.status else None
    roles = services.roles.list(status, args.search)
    if out.as_json:
        out.data([_summary(r) for r in roles])
    else:
        rows = [
            [r.id, r.name, r.status.value, f"v{r.version}", r.summary.splitlines()[0] if r.summary else ""]
            for r in roles
        ]
        out.table(rows, ["ID", "NAME", "STATUS", "VERSION", "SUMMARY"], "No roles.")
    return 0


def _show(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    role = services.roles.get(args.id)
    if out.as_json:
        out.data(services.roles.to_json(role))
        return 0
    badge = "" if role.applies else f" — {role.status.value}: not sent to the model"
    out.line(f"{role.name}  [{role.id}, version {role.version}]{badge}")
    if role.summary:
        out.line(role.summary)
    if role.tags:
        out.line("tags: " + ", ".join(role.tags))
    for key in PROMPT_FIELDS:
        value = role.prompt.get(key)
        if value:
            text = "\n---\n".join(value) if isinstance(value, list) else value
            out.line(f"\n[{key}]\n{text}")
    if role.lorebook:
        out.line(f"\n[lorebook] {len(role.lorebook)} entries")
    profile = ", ".join(f"{k}={v}" for k, v in role.llm_profile.items())
    out.line(f"\n[llm_profile] {profile or 'model defaults'}")
    return 0


def _create(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    role = services.roles.create(_read_json(args.file))
    out.result(services.roles.to_json(role), f"Created role {role.name} ({role.id}), version {role.version}.")
    return 0


def _update(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    if args.file is None and args.avatar is None and not args.no_avatar:
        raise InvalidInputError("Nothing to update: give --file ROLE.json, --avatar IMAGE or --no-avatar.")
    role = services.roles.update(
        args.id,
        _read_json(args.file) if args.file is not None else None,
        avatar=Path(args.avatar) if args.avatar else None,
        remove_avatar=args.no_avatar,
    )
    out.result(
        services.roles.to_json(role), f"Updated role {role.name} ({role.id}), now version {role.version}."
    )
    return 0


def _duplicate(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    role = services.roles.duplicate(args.id)
    out.result(services.roles.to_json(role), f"Created role {role.name} ({role.id}).")
    return 0


def _delete(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    threads = services.roles.threads_using(args.id)
    role = services.roles.delete(args.id)
    kept = f"; {threads} thread(s) that used it keep their messages and get it back on restore" if threads else ""
    out.result(
        {"deleted": role.id, "trashed": True, "threads_unbound": threads},
        f"Moved role {role.name} ({role.id}) to the trash{kept}.",
    )
    return 0


def _import(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    result = services.roles.import_card(Path(args.card))
    role = result.role
    if out.as_json:
        out.data(
            {**services.roles.to_json(role), "card_spec": result.spec, "warnings": [str(w) for w in result.warnings]}
        )
        return 0
    out.line(f"Imported {role.name} ({role.id}) from a {result.spec.upper()} card.")
    for warning in result.warnings:
        out.line(f"  sanitized {warning}")
    return 0


def _export(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    target = Path(args.output)
    services.roles.export_card(args.id, CardFormat(args.card_format), png=args.png, target=target)
    kind = f"{args.card_format} {'PNG' if args.png else 'JSON'}"
    out.result(
        {"role_id": args.id, "format": args.card_format, "png": args.png, "path": str(target)},
        f"Wrote {kind} to {target}.",
    )
    return 0


def _preview(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    preview = services.roles.preview(args.id, args.thread, message=args.message, as_active=args.as_active)
    data = preview.to_json()
    if out.as_json:
        out.data(data)
        return 0
    if not preview.applied:
        note = "compiled as if active" if args.as_active else "not sent: the request carries no role"
        out.line(f"(this role is {preview.role.status or 'not active'}: {note})")
    for message in data["messages"]:
        out.line(f"--- {message['role']} ---\n{message['content']}")
    out.line(f"--- parameters ---\n{json.dumps(data['parameters'], ensure_ascii=False)}")
    out.line("--- tokens ---")
    for section in data["sections"]:
        out.line(f"{section['name']}: {section['tokens']}")
        for part in section.get("parts", []):
            out.line(f"  {part['name']}: {part['tokens']}")
    out.line(f"total {data['prompt_tokens']} of {data['window']} ({data['tokenizer']})")
    return 0


def _user_name(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    name = services.roles.set_user_name(args.name) if args.name is not None else services.roles.user_name()
    out.result({"user_name": name}, name)
    return 0


def _read_json(path_text: str) -> Any:
    if path_text == "-":
        text, where = sys.stdin.read(), "stdin"
    else:
        path = Path(path_text)
        data = read_user_file(path, limit=MAX_ROLE_FILE_BYTES, what="role file")
        where = str(path)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InvalidInputError(f"{where} is not UTF-8 text.") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidInputError(
            f"{where} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}."
        ) from exc
