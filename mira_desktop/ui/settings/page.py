"""What every Settings page holds: the services, the operation runner, and the changes it follows."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from PySide6.QtWidgets import QWidget

from mira_desktop.ui.runtime.changes import Follow

if TYPE_CHECKING:
    from mira_desktop.core.changes import Topic
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.runtime.changes import ChangeSignal
    from mira_desktop.ui.runtime.operations import OperationRunner


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

    # What each page defines (checked when the page class is made, so a page cannot forget them):
    _build: Callable[[], None]  # make the page's widgets and start reading what it shows
    reload: Callable[[], None]  # show the page's data again: required of a page that follows topics

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not callable(getattr(cls, "_build", None)):
            raise TypeError(f"{cls.__name__} is a settings page without _build")
        if cls.follows and not callable(getattr(cls, "reload", None)):
            raise TypeError(f"{cls.__name__} follows {set(cls.follows)} but has no reload")
