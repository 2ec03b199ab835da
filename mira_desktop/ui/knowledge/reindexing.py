"""Indexing documents again from the Knowledge window, as ``mira kb reindex`` does: one document,
every document of the base, or an encrypted PDF with the password the person types (handed to
the indexer in memory for that one read, never saved)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QInputDialog, QLineEdit, QWidget

from mira_desktop.ui.language.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.knowledge.indexing.queue import ReindexResult
    from mira_desktop.ui.runtime.operations import OperationRunner


def ask_password(parent: QWidget, name: str) -> str | None:
    """The password a person types for ``name`` (hidden as typed; None when they cancel)."""
    text, ok = QInputDialog.getText(
        parent,
        tr("win.kb_password_title", name=name),
        tr("win.kb_password_prompt", name=name),
        QLineEdit.EchoMode.Password,
    )
    return text if ok and text else None


def reindex(
    owner: QWidget,
    services: AppServices,
    runner: OperationRunner,
    kb_id: str,
    document_ids: Sequence[str] | None,
    *,
    say: Callable[[str], None],
    password: str | None = None,
) -> None:
    """Queue the documents again (the app's indexer runs them) and say what was queued."""
    queue = services.knowledge.queue
    ids = list(document_ids) if document_ids is not None else None

    def queued(result: ReindexResult) -> None:
        parts = [tr("win.kb_reindex_queued", count=len(result.jobs))]
        if result.busy:
            parts.append(tr("win.kb_reindex_busy", names=", ".join(result.busy)))
        if result.missing:
            parts.append(tr("win.kb_reindex_missing", names=", ".join(result.missing)))
        say(" ".join(parts))

    runner.op(owner, lambda: queue.reindex(kb_id, ids, password=password)).success(queued).failure(
        lambda exc: say(explain(exc))
    ).run()
