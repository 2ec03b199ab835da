"""What every Settings page holds: the services, the operation runner, and the changes it follows."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from PySide6.QtWidgets import QWidget

from mira_desktop.ui.changes import Follow

if TYPE_CHECKING:
    from mira_desktop.core.changes import Topic
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.changes import ChangeSignal
    from mira_desktop.ui.operations import OperationRunner


class SettingsPage(QWidget):
    """A page of the Settings dialog: one constructor for every page, which builds its widgets in
    ``_build``.

    A page that shows data names the topics it follows in ``follows``: after a change of one of them
    (made by the window, a `mira` command or another process) its ``reload`` runs on the UI thread,
    coalesced over ``follow_delay_ms``. Without ``changes`` (a page tested alone) it follows nothing.
    """

    follows: ClassVar[frozenset[Topic]] = frozenset()
    follow_delay_ms: ClassVar[int] = 100

    def __init__(
        self,
        services: AppServices,
        runner: OperationRunner,
        changes: ChangeSignal | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.services = services
        self.runner = runner
        self.changes = changes
        self._build()
        self._follow = (
            Follow(self, changes, self.follows, lambda _changes: self.reload(), self.follow_delay_ms)
            if changes is not None and self.follows
            else None
        )

    def _build(self) -> None:
        """Make the page's widgets and start reading what it shows."""
        raise NotImplementedError

    def reload(self) -> None:
        """Show the page's data again (a page that follows changes defines it)."""
        raise NotImplementedError(f"{type(self).__name__} follows {set(self.follows)} but has no reload")
