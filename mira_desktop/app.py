"""Composition root: builds the store and services, installs error hooks, starts the UI or the CLI.

Nothing else constructs concrete adapters. Heavy libraries are not imported here: the window must
appear before they load.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from mira_desktop.cli.parser import build_parser, parse_gui_launch
from mira_desktop.core.data_folder import resolve_data_dir
from mira_desktop.core.errors import MiraError

if TYPE_CHECKING:
    from mira_desktop.core.data_folder import DataFolder
    from mira_desktop.core.notifications import Notification, NotificationBus
    from mira_desktop.models.secrets import SecretStore
    from mira_desktop.services.app.bundle import AppServices


def build_services(
    data_dir: Path,
    notifications: NotificationBus | None = None,
    secrets: SecretStore | None = None,
) -> AppServices:
    """Open (creating on first start) the data folder at ``data_dir`` and build every service now:
    for the ``mira`` command and the tests (the window uses :func:`open_window_services`)."""
    services = open_services(data_dir, notifications, secrets)
    try:
        services.later.finish()
    except BaseException:
        services.close()
        raise
    return services


def open_window_services(data_dir: Path, notifications: NotificationBus | None = None) -> AppServices:
    """The services of the desktop app: those the window needs to list and open threads, opened now;
    the rest built once the window is usable (it calls ``later.finish_in_background``), and then what
    a kill or a shutdown left unfinished goes on (model downloads; index jobs resume when the window
    attaches)."""
    services = open_services(data_dir, notifications, hold_later=True)
    services.later.when_finished(lambda: services.hub.downloads.resume_unfinished())  # noqa: PLW0108 (hub: a stand-in now)
    return services


def open_services(
    data_dir: Path,
    notifications: NotificationBus | None = None,
    secrets: SecretStore | None = None,
    *,
    hold_later: bool = False,
) -> AppServices:
    """Open (creating on first start) the data folder at ``data_dir`` and build the services that list
    and open threads; the others are built by ``services.later`` (:func:`mira_desktop.app_later.build_later`), and stand in
    until then (``hold_later``: a worker thread's use waits for ``later.finish_in_background``).

    The imports are here, not at the top, so that the window can paint before they load.
    """
    from mira_desktop.app_later import Opened, build_later, document_trash, knowledge_base_trash
    from mira_desktop.core.changes import ChangeFeed
    from mira_desktop.core.data_folder import prepare_data_folder
    from mira_desktop.core.model_refs import ModelKind
    from mira_desktop.core.notifications import NotificationBus
    from mira_desktop.core.tasks import TaskRunner
    from mira_desktop.models.adapters.local import local_adapter
    from mira_desktop.models.adapters.remote import remote_adapter
    from mira_desktop.models.adapters.scripted import scripted_adapter
    from mira_desktop.models.registry import ModelRegistry
    from mira_desktop.models.secrets import SecretStore
    from mira_desktop.services.app.bootstrap import ensure_default_workspace, seed_starter_roles
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.app.crash_reports import CrashReports
    from mira_desktop.services.app.later import LaterServices
    from mira_desktop.services.app.logs import log_to_file
    from mira_desktop.services.app.other_processes import OtherProcesses
    from mira_desktop.services.app.preferences import Preferences
    from mira_desktop.services.chat.recovery import recover_interrupted
    from mira_desktop.services.chat.run_bus import RunBus
    from mira_desktop.services.model_catalog.catalog import ModelService
    from mira_desktop.services.roles.service import RoleService
    from mira_desktop.services.threads.branches import BranchEditor
    from mira_desktop.services.threads.service import ThreadService
    from mira_desktop.services.trash.service import TrashService
    from mira_desktop.services.trash.setup import register_kinds
    from mira_desktop.services.workspaces.service import WorkspaceService
    from mira_desktop.store.change_log import ChangeLog
    from mira_desktop.store.database import open_database
    from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository
    from mira_desktop.store.messages import MessageRepository
    from mira_desktop.store.providers import ProviderRepository
    from mira_desktop.store.roles import RoleRepository
    from mira_desktop.store.runs import RunRepository
    from mira_desktop.store.settings import SettingsRepository
    from mira_desktop.store.threads import ThreadRepository
    from mira_desktop.store.trash import TrashRepository
    from mira_desktop.store.workspaces import WorkspaceRepository

    folder = prepare_data_folder(data_dir)
    # A refused database leaves the folder untouched; one about to be migrated is backed up first.
    database = open_database(folder.database_path, partial(_back_up_before_migrating, folder))
    log_to_file(folder.logs_dir)
    bus = notifications or NotificationBus()
    crashes = CrashReports(folder.logs_dir, bus)  # every bug in background work: a report and its path
    tasks = TaskRunner(crashes.report_task, crash_report=crashes.save)
    try:
        changes = ChangeFeed()
        settings = SettingsRepository(database)
        workspaces = WorkspaceRepository(database)
        roles = RoleRepository(database)
        trash_rows = TrashRepository(database)
        trash = TrashService(database, trash_rows, settings, changes)
        ensure_default_workspace(folder, workspaces)
        seed_starter_roles(roles, settings)
        providers = ProviderRepository(database)
        secret_store = secrets or SecretStore()
        registry = ModelRegistry(
            {
                ModelKind.LOCAL: local_adapter(lambda: ModelService.read_local_settings(settings), tasks),
                ModelKind.REMOTE: remote_adapter(providers.get_by_name, secret_store),
                ModelKind.SCRIPTED: scripted_adapter(),
            }
        )
        models = ModelService(registry, providers, settings, secret_store, changes)
        threads = ThreadRepository(database)
        messages = MessageRepository(database)
        runs = RunRepository(database)
        recover_interrupted(database, runs, messages)
        opened = Opened(
            folder=folder,
            database=database,
            bus=bus,
            tasks=tasks,
            changes=changes,
            settings=settings,
            workspaces=workspaces,
            roles=roles,
            trash_rows=trash_rows,
            trash=trash,
            providers=providers,
            secrets=secret_store,
            models=models,
            threads=threads,
            messages=messages,
            runs=runs,
            run_bus=RunBus(),
        )
        # Built once this function has returned (``services`` is bound by then).
        later = LaterServices(
            lambda: build_later(opened, services),
            held=hold_later,
            report=lambda exc: crashes.report_task("later-services", exc),  # a callback's failure
        )
        media = later.stand_in(lambda parts: parts.media, "media")
        chat = later.stand_in(lambda parts: parts.chat, "chat")
        branches = BranchEditor(
            database,
            threads,
            messages,
            changes,
            is_busy=lambda t: chat.is_busy(t),  # noqa: PLW0108 (a stand-in until the chat service is built)
            after_delete=lambda: media.remove_orphaned_files(),  # noqa: PLW0108 (the same)
        )
        workspace_service = WorkspaceService(workspaces, changes, folder.private_paths(), trash)
        role_service = RoleService.assemble(
            roles=roles,
            settings=settings,
            data_root=folder.root,
            threads=threads,
            messages=messages,
            models=models,
            changes=changes,
            trash=trash,
        )
        thread_service = ThreadService(
            threads,
            messages,
            settings,
            changes,
            workspaces,
            runs=runs,
            knowledge_bases=KnowledgeBaseRepository(database),
            trash=trash,
            after_delete=lambda: media.remove_orphaned_files(),  # noqa: PLW0108 (a stand-in until built)
        )
        register_kinds(
            trash,
            database=database,
            entries=trash_rows,
            threads=thread_service,
            roles=role_service,
            workspaces=workspace_service,
        )
        # Documents and knowledge bases are in the later services: their kinds are made on first use.
        trash.register_later("document", partial(document_trash, opened, later))
        trash.register_later("knowledge_base", partial(knowledge_base_trash, opened, later))
        services = AppServices(
            folder=folder,
            database=database,
            notifications=bus,
            changes=changes,
            tasks=tasks,
            run_bus=opened.run_bus,
            workspaces=workspace_service,
            roles=role_service,
            threads=thread_service,
            branches=branches,
            models=models,
            preferences=Preferences(settings, changes),
            trash=trash,
            other_processes=OtherProcesses(database, changes, tasks, ChangeLog(database)),
            later=later,
        )
        return services
    except BaseException:
        tasks.close()
        database.close()
        raise


def _back_up_before_migrating(folder: DataFolder, database: Path, found: int, newest: int) -> Path:
    """Before a schema migration: the database as it was, saved among the backups."""
    from mira_desktop.services.backup.service import pre_migration_backup

    return pre_migration_backup(folder, database, found, newest)


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    launch = parse_gui_launch(arguments)
    if launch is not None:
        from mira_desktop.ui.shell.launch import run_gui

        return run_gui(
            resolve_data_dir(launch.data_dir),
            open_window_services,
            exit_after_paint=launch.exit_after_paint,
            exit_when_ready=launch.exit_when_ready,
        )
    parser = build_parser()
    args = parser.parse_args(arguments)
    if args.group is None:
        parser.print_help(sys.stderr)
        return 2
    return _run_cli(args)


def _run_cli(args: argparse.Namespace) -> int:
    from mira_desktop.cli.main import run_command
    from mira_desktop.services.app.crash_reports import write_crash_report

    services: AppServices | None = None
    data_dir = resolve_data_dir(args.data_dir)
    try:
        services = build_services(data_dir)
        services.notifications.subscribe(_print_notification)  # background work's problems are seen here too
        services.changes.subscribe(services.other_processes.record)  # the open window reloads just these
        return run_command(args, services)
    except MiraError as exc:
        print(f"mira: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("mira: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader closed the pipe (`mira kb search … | head`): end quietly, as a killed writer would.
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except Exception as exc:
        where = ""
        with contextlib.suppress(OSError):
            where = f" (details in {write_crash_report(data_dir / 'logs', exc)})"
        print(f"mira: internal error: {type(exc).__name__}: {exc}{where}", file=sys.stderr)
        return 70
    finally:
        if services is not None:
            services.close()


def _print_notification(note: Notification) -> None:
    """A warning or error of the command's background work, one line on stderr (what the window shows)."""
    from mira_desktop.core.notifications import Level

    if note.level is not Level.INFO:
        print(f"mira: {note.level.value}: {note.message}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
