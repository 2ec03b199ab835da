"""`mira projects list|create|show|set|delete|export|import` and `mira threads move`.

A project is a workspace: it groups threads, carries the defaults a new thread in it takes (role,
knowledge base, model, memory, agent mode) and instructions sent with each request of its threads.
Its folder is optional: agent runs and file tools need one.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from mira_desktop.cli.output import Output
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.services.workspaces.projects import UNSET

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = groups.add_parser(
        "projects",
        help="projects: group threads and give new threads in them a role, knowledge base, model and instructions",
        parents=[common],
    )
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    listing = commands.add_parser(
        "list", help="list projects, the last used first, with thread counts", parents=[common]
    )
    listing.add_argument("--archived", action="store_true", help="count archived threads instead")
    listing.set_defaults(handler=_list)
    create = commands.add_parser("create", help="create a project (a folder is optional)", parents=[common])
    create.add_argument("name")
    create.add_argument("--folder", metavar="PATH", help="the folder its agent threads work inside")
    create.set_defaults(handler=_create)
    show = commands.add_parser(
        "show", help="show a project's defaults, instructions and threads", parents=[common]
    )
    show.add_argument("id")
    show.set_defaults(handler=_show)
    setting = commands.add_parser(
        "set",
        help="change a project's name, instructions, folder or the defaults of its new threads",
        parents=[common],
    )
    setting.add_argument("id")
    setting.add_argument("--name")
    setting.add_argument("--instructions", help="sent with every request of its threads ('' clears them)")
    setting.add_argument("--folder", metavar="PATH", help="for agent runs and file tools ('' removes it)")
    setting.add_argument("--role", metavar="ID", help="default role of new threads ('' for none)")
    setting.add_argument("--kb", metavar="KB", help="default knowledge base, id or name ('' for none)")
    setting.add_argument("--model", metavar="REF", help="default model ('' for the app's default)")
    setting.add_argument("--agent", choices=["on", "off"], help="new threads start in agent mode")
    setting.add_argument(
        "--memory",
        choices=["shared", "project", "off"],
        help="its threads' memory: the general facts and the project's (shared), the project's only, or off",
    )
    setting.set_defaults(handler=_set)
    delete = commands.add_parser(
        "delete", help="move a project to the trash; say where its threads go", parents=[common]
    )
    delete.add_argument("id")
    delete.add_argument(
        "--threads",
        choices=["base", "trash"],
        required=True,
        help="base: move them to Mira BASE (back when the project is restored); trash: to the trash with it",
    )
    delete.set_defaults(handler=_delete)
    export = commands.add_parser(
        "export",
        help="write a project to one JSON file: instructions, defaults, every thread (roles and knowledge bases by name; not its folder)",
        parents=[common],
    )
    export.add_argument("id")
    export.add_argument("-o", "--output", required=True, metavar="FILE")
    export.set_defaults(handler=_export)
    import_ = commands.add_parser("import", help="import a project export as a new project", parents=[common])
    import_.add_argument("file")
    import_.set_defaults(handler=_import)


def register_move(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """`mira threads move THREAD --project ID` (in the threads group)."""
    move = commands.add_parser("move", help="move a thread to another project", parents=[common])
    move.add_argument("id")
    move.add_argument("--project", metavar="ID", required=True)
    move.set_defaults(handler=_move)


def _view(services: AppServices, project_id: str) -> dict[str, Any]:
    project = services.projects.get(project_id)
    d = project.defaults
    return {
        "id": project.id,
        "name": project.name,
        "is_default": project.is_default,
        "folder": project.root_path or None,
        "instructions": project.instructions,
        "defaults": {
            "role_id": d.role_id,
            "knowledge_base_id": d.knowledge_base_id,
            "model_ref": d.model_ref,
            "agent": d.agent,
            "memory": d.memory_scope,
        },
    }


def _list(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    summaries = services.projects.list(archived=args.archived)
    if out.as_json:
        out.data(
            [
                {**_view(services, s.workspace.id), "threads": s.thread_count, "last_used": s.last_used}
                for s in summaries
            ]
        )
        return 0
    rows = [
        [
            s.workspace.id,
            s.workspace.name + (" (default)" if s.workspace.is_default else ""),
            str(s.thread_count),
            s.workspace.root_path or "-",
        ]
        for s in summaries
    ]
    out.table(rows, ["ID", "NAME", "THREADS", "FOLDER"], "No projects.")
    return 0


def _create(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    project = services.projects.create(args.name, args.folder)
    where = f" at {project.root_path}" if project.root_path else " (no folder: agent runs need one)"
    out.result(_view(services, project.id), f"Created project {project.name} ({project.id}){where}")
    return 0


def _show(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    view = _view(services, args.id)
    threads = services.threads.in_project(args.id)
    if out.as_json:
        out.data({**view, "threads": [{"id": t.id, "title": t.title} for t in threads]})
        return 0
    d = view["defaults"]
    out.line(f"{view['name']} ({view['id']}){' — default' if view['is_default'] else ''}")
    out.line(f"folder: {view['folder'] or '(none: agent runs and file tools need one)'}")
    out.line(
        f"new threads: role {d['role_id'] or '-'}, knowledge base {d['knowledge_base_id'] or '-'}, "
        f"model {d['model_ref'] or 'default'}, agent {_on(d['agent'])}, memory {d['memory']}"
    )
    out.line(f"instructions: {view['instructions'] or '(none)'}")
    out.line(f"threads: {len(threads)}")
    for thread in threads:
        out.line(f"  {thread.id}  {thread.title or '(untitled)'}")
    return 0


def _set(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    def cleared(value: str | None) -> str | object | None:
        return UNSET if value is None else (value.strip() or None)

    kb: str | object | None = cleared(args.kb)
    if isinstance(kb, str):
        kb = services.knowledge_bases.resolve(kb).id
    given = [
        args.name,
        args.instructions,
        args.folder,
        args.role,
        args.kb,
        args.model,
        args.agent,
        args.memory,
    ]
    if all(value is None for value in given):
        raise InvalidInputError(
            "Say what to change: --name, --instructions, --folder, --role, --kb, --model, --agent on|off, --memory on|off."
        )
    project = services.projects.set(
        args.id,
        name=args.name,
        instructions=args.instructions,
        folder=args.folder,
        role_id=cleared(args.role),
        knowledge_base_id=kb,
        model_ref=cleared(args.model),
        agent=None if args.agent is None else args.agent == "on",
        memory=args.memory,
    )
    out.result(_view(services, project.id), f"Updated project {project.name} ({project.id})")
    return 0


def _delete(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    project = services.projects.delete(args.id, args.threads)
    where = "moved to Mira BASE" if args.threads == "base" else "moved to the trash with it"
    out.result(
        {"deleted": project.id, "trashed": True, "threads": args.threads},
        f"Moved project {project.name} ({project.id}) to the trash; its threads were {where}. "
        f"Restore with `mira trash restore {project.id}`.",
    )
    return 0


def _export(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    from pathlib import Path

    assert services.projects.transfer is not None
    project = services.projects.get(args.id)
    path = services.projects.transfer.export(project, Path(args.output))
    out.result({"project_id": project.id, "path": str(path)}, f"Wrote project {project.name} to {path}")
    return 0


def _import(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    from pathlib import Path

    assert services.projects.transfer is not None
    imported = services.projects.transfer.import_file(Path(args.file))
    project = imported.project
    note = f"; not found here, left unbound: {', '.join(imported.missing)}" if imported.missing else ""
    out.result(
        {
            "project_id": project.id,
            "name": project.name,
            "threads": imported.threads,
            "missing": imported.missing,
        },
        f"Imported project {project.name} ({project.id}) with {imported.threads} thread(s){note}",
    )
    return 0


def _move(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    project = services.projects.move_thread(args.id, args.project)
    out.result(
        {"thread_id": args.id, "project_id": project.id}, f"Moved thread {args.id} to project {project.name}"
    )
    return 0


def _on(value: bool) -> str:
    return "on" if value else "off"
