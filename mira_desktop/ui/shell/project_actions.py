"""What the sidebar offers for projects: a project's menu (new thread in it, search in it, its
settings, delete), "Move to project" on a thread's menu, a thread dropped on a project, and
"New project…". Deleting a project asks where its threads go (Mira BASE, or the trash with it).
Every read and write runs in the background; the sidebar follows the change feed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QListWidgetItem, QMenu, QMessageBox, QPushButton, QWidget

from mira_desktop.ui.desktop import file_dialogs
from mira_desktop.ui.language.i18n import explain, tr
from mira_desktop.ui.shell.project_groups import GROUP_MORE, HEADER, is_thread

if TYPE_CHECKING:
    from mira_desktop.core.workspaces import ProjectSummary, Workspace
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.workspaces.project_transfer import ImportedProject
    from mira_desktop.ui.runtime.operations import OperationRunner
    from mira_desktop.ui.shell.sidebar import ThreadSidebar


class DeleteProjectQuestion(QMessageBox):
    """ "Delete the project? Its threads go to Mira BASE, or to the trash with it." (not modal to the
    app: the window stays live while it is asked)."""

    def __init__(self, parent: QWidget, summary: ProjectSummary) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("project.delete_title"))
        self.setIcon(QMessageBox.Icon.Question)
        self.setText(tr("project.delete_ask", name=summary.workspace.name, count=summary.thread_count))
        self.to_base: QPushButton = self.addButton(
            tr("project.delete_to_base"), QMessageBox.ButtonRole.AcceptRole
        )
        self.to_trash: QPushButton = self.addButton(
            tr("project.delete_to_trash"), QMessageBox.ButtonRole.DestructiveRole
        )
        self.addButton(QMessageBox.StandardButton.Cancel)
        self.setDefaultButton(self.to_base)


class ProjectActions:
    def __init__(
        self,
        parent: QWidget,
        *,
        services: AppServices,
        runner: OperationRunner,
        sidebar: ThreadSidebar,
        notice: Callable[[str], None],
        new_thread_in: Callable[[str], None],
    ) -> None:
        self.parent = parent
        self.services = services
        self.runner = runner
        self.sidebar = sidebar
        self._notice = notice
        self._new_thread_in = new_thread_in
        self.question: DeleteProjectQuestion | None = None  # the open "delete project?" question
        self.name_dialog: QInputDialog | None = None
        self.settings_dialog: QWidget | None = None
        sidebar.thread_list.thread_dropped.connect(self.move)

    # -- menus -----------------------------------------------------------------------------------
    def fill(self, menu: QMenu, item: QListWidgetItem | None) -> bool:
        """The menu of a project's header (or of the list's empty part); False for a thread's row."""
        data = "" if item is None else str(item.data(Qt.ItemDataRole.UserRole))
        if item is not None and is_thread(data):
            return False
        project_id = data.removeprefix(HEADER).removeprefix(GROUP_MORE) if item is not None else None
        summary = self._summary(project_id)
        if summary is not None:
            project = summary.workspace
            menu.addAction(tr("project.new_thread")).triggered.connect(
                lambda _c=False: self._new_thread_in(project.id)
            )
            menu.addAction(tr("project.search_here")).triggered.connect(
                lambda _c=False: self.sidebar.set_scope(project.id)
            )
            menu.addAction(tr("project.settings")).triggered.connect(
                lambda _c=False: self.open_settings(project.id)
            )
            menu.addAction(tr("project.export")).triggered.connect(lambda _c=False: self.ask_export(project))
            delete = menu.addAction(tr("project.delete"))
            delete.setEnabled(not project.is_default)
            delete.triggered.connect(lambda _c=False: self.ask_delete(project.id))
            menu.addSeparator()
        menu.addAction(tr("project.create")).triggered.connect(lambda _c=False: self.ask_name())
        menu.addAction(tr("project.import")).triggered.connect(lambda _c=False: self.ask_import())
        return True

    def add_move_menu(self, menu: QMenu, thread_id: str, current: str | None) -> QMenu:
        """ "Move to project ▸" with every other project."""
        submenu = menu.addMenu(tr("project.move_to"))
        projects = self.sidebar.projects or self._listed_fallback()
        for summary in projects:
            action = submenu.addAction(summary.workspace.name)
            action.setEnabled(summary.workspace.id != current)
            action.triggered.connect(lambda _c=False, p=summary.workspace.id: self.move(thread_id, p))
        submenu.setEnabled(bool(projects))
        return submenu

    def _listed_fallback(self) -> list[ProjectSummary]:
        return []  # one project only (a flat list): there is nowhere else to move to

    def _summary(self, project_id: str | None) -> ProjectSummary | None:
        return next((p for p in self.sidebar.projects if p.workspace.id == project_id), None)

    # -- changes ---------------------------------------------------------------------------------
    def move(self, thread_id: str, project_id: str) -> None:
        services = self.services

        def moved(project: Workspace) -> None:
            title = next(
                (
                    self.sidebar.thread_list.item(r).text().split("\n")[0].strip()
                    for r in range(self.sidebar.thread_list.count())
                    if self.sidebar.thread_list.item(r).data(Qt.ItemDataRole.UserRole) == thread_id
                ),
                "",
            )
            self._notice(tr("project.moved", title=title or tr("thread.untitled"), name=project.name))

        self.runner.op(self.parent, lambda: services.projects.move_thread(thread_id, project_id)).success(
            moved
        ).failure(lambda exc: self._notice(explain(exc))).run()

    def ask_name(self) -> QInputDialog:
        """ "New project…": its name, then it is made (without a folder: one can be set later)."""
        dialog = QInputDialog(self.parent)
        dialog.setWindowTitle(tr("project.new_title"))
        dialog.setLabelText(tr("project.name"))
        dialog.textValueSelected.connect(self.create)
        self.name_dialog = dialog
        dialog.open()
        return dialog

    def create(self, name: str) -> None:
        services = self.services
        self.runner.op(self.parent, lambda: services.projects.create(name)).success(
            lambda project: self._notice(tr("project.created", name=project.name))
        ).failure(lambda exc: self._notice(explain(exc))).run()

    def ask_delete(self, project_id: str) -> DeleteProjectQuestion | None:
        summary = self._summary(project_id)
        if summary is None:
            return None
        question = DeleteProjectQuestion(self.parent, summary)
        question.buttonClicked.connect(lambda button: self._answered(question, button, project_id))
        self.question = question
        question.open()
        return question

    def _answered(self, question: DeleteProjectQuestion, button: object, project_id: str) -> None:
        choice = {id(question.to_base): "base", id(question.to_trash): "trash"}.get(id(button))
        self.question = None
        if choice is None:
            return  # cancelled: nothing changes
        services = self.services
        if self.sidebar.scope == project_id:
            self.sidebar.set_scope(None)
        self.runner.op(self.parent, lambda: services.projects.delete(project_id, choice)).success(  # type: ignore[arg-type]
            lambda project: self._notice(tr("project.deleted", name=project.name))
        ).failure(lambda exc: self._notice(explain(exc))).run()

    def ask_export(self, project: Workspace) -> None:
        path, _chosen = file_dialogs.save_file(
            self.parent, tr("project.export"), f"{project.name}.json", "JSON (*.json)"
        )
        if path:
            self.export_to(project.id, Path(path))

    def export_to(self, project_id: str, path: Path) -> None:
        """Write the project (instructions, defaults, every thread) to ``path`` in the background."""
        services = self.services

        def write() -> Path:
            transfer = services.projects.transfer
            assert transfer is not None
            return transfer.export(services.projects.get(project_id), path)

        self.runner.op(self.parent, write).success(
            lambda written: self._notice(tr("project.exported", path=str(written)))
        ).failure(lambda exc: self._notice(explain(exc))).run()

    def ask_import(self) -> None:
        path, _chosen = file_dialogs.open_file(self.parent, tr("project.import"), filters="JSON (*.json)")
        if path:
            self.import_from(Path(path))

    def import_from(self, path: Path) -> None:
        """Import a project export as a new project, in the background; say what could not be bound."""
        services = self.services

        def read() -> ImportedProject:
            transfer = services.projects.transfer
            assert transfer is not None
            return transfer.import_file(path)

        def done(imported: ImportedProject) -> None:
            said = tr("project.imported", name=imported.project.name, count=imported.threads)
            if imported.missing:
                said += " " + tr("project.imported_missing", names=", ".join(imported.missing))
            self._notice(said)

        self.runner.op(self.parent, read).success(done).failure(lambda exc: self._notice(explain(exc))).run()

    def open_settings(self, project_id: str) -> QWidget:
        from mira_desktop.ui.shell.project_dialog import ProjectDialog

        dialog = ProjectDialog(self.services, self.runner, project_id, self.parent)
        self.settings_dialog = dialog
        dialog.show()
        return dialog
