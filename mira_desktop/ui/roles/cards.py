"""The role workbench's cards: import by file dialog or drag and drop, export to a file, in the
background. A mixin of :class:`~mira_desktop.ui.roles.workbench.RoleWorkbench`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QWidget

from mira_desktop.core.errors import MiraError
from mira_desktop.core.phrases import joined
from mira_desktop.services.roles.cards import CardFormat
from mira_desktop.ui.desktop import file_dialogs
from mira_desktop.ui.language.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.services.roles.service import CardImport

CARD_SUFFIXES = (".png", ".json")


class CardActions:
    services: Any
    runner: Any
    role_id: str | None
    dirty: bool
    _saved: dict[str, Any] | None
    message_label: Any
    imported: Any  # Signal(list)
    exported: Any  # Signal(bool)
    roles_changed: Any  # Signal()
    refresh_list: Any

    def import_files(self, paths: list[Path]) -> None:
        """Import each card in the background; a refused file is reported and does not stop the others.
        ``imported`` is emitted with what was imported."""
        roles = self.services.roles

        def work() -> tuple[list[CardImport], list[str]]:
            done: list[CardImport] = []
            notes: list[str] = []
            for path in paths:
                try:
                    result = roles.import_card(path)
                except MiraError as exc:
                    notes.append(tr("roles.import_refused", name=path.name, reason=explain(exc)))
                    continue
                done.append(result)
                notes.append(tr("roles.imported", name=result.role.name, spec=result.spec.upper()))
                if result.warnings:
                    notes.append(tr("roles.sanitized", fields=joined(list(result.warnings))))
            return done, notes

        def finished(result: tuple[list[CardImport], list[str]]) -> None:
            done, notes = result

            def told() -> None:
                self.message_label.setText("\n".join(notes))
                self.imported.emit(done)

            if done:
                self.dirty = False
                self.refresh_list(select=done[-1].role.id, then=told)
                self.roles_changed.emit()
            else:
                told()

        self.runner.op(self, work).success(finished).run()

    def export_role(self, target: Path, card_format: CardFormat, *, png: bool) -> None:
        """Write the selected role's card to ``target`` in the background; ``exported`` tells how it went."""
        if self.role_id is None:
            self.exported.emit(False)
            return
        role_id, roles = self.role_id, self.services.roles

        def done(_result: object) -> None:
            self.message_label.setText(tr("roles.exported", path=target))
            self.exported.emit(True)

        def failed(exc: BaseException) -> None:
            self.message_label.setText(explain(exc))
            self.exported.emit(False)

        self.runner.op(self, lambda: roles.export_card(role_id, card_format, png=png, target=target)).success(
            done
        ).failure(failed).run()

    def _pick_cards(self) -> None:
        paths, _ = file_dialogs.open_files(
            cast("QWidget", self), tr("roles.import"), "", tr("roles.import.filter")
        )
        self.import_files([Path(p) for p in paths])

    def _pick_export(self, card_format: CardFormat, png: bool) -> None:
        name = (self._saved or {}).get("name", "role")
        suggested = f"{name}.{'png' if png else 'json'}"
        path, _ = file_dialogs.save_file(cast("QWidget", self), tr("roles.export"), suggested)
        if path:
            self.export_role(Path(path), card_format, png=png)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 (Qt naming)
        if _card_paths(event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 (Qt naming)
        paths = _card_paths(event.mimeData().urls())
        if paths:
            event.acceptProposedAction()
            self.import_files(paths)


def _card_paths(urls: list[Any]) -> list[Path]:
    paths = [Path(url.toLocalFile()) for url in urls if url.isLocalFile()]
    return [p for p in paths if p.suffix.lower() in CARD_SUFFIXES]
