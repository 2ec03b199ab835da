"""The window's first moments, before its services are attached.

The first frame lists the newest threads and shows the welcome draft (the data folder's first
look); the services take most of a second more to build. Meanwhile a click on a listed thread opens
it: its visible branch is read read-only off the UI thread
(:func:`~mira_desktop.services.app.first_thread.read_first_thread`) and shown as it is stored, and
the composer shows that thread's draft. What is typed on each page shown is kept, and Enter queues
the message (the composer's own queue, sent once the model is ready).

:meth:`FirstMoments.hand_over` gives all of it to the window when the services are attached: the
open page with the messages on screen, and each page's text with whether it was typed, for the chat
state (:class:`~mira_desktop.core.conversation.chat_state.FirstLookCarried`); the thread is then read
again through the services (its actions, branches and media work from then on).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from mira_desktop.core.conversation.chat_view import ViewMessage
    from mira_desktop.services.app.first_look import FirstLook
    from mira_desktop.ui.chat.composer import Composer
    from mira_desktop.ui.chat.header import ChatHeader
    from mira_desktop.ui.chat.view import ChatView
    from mira_desktop.ui.runtime.operations import OperationRunner
    from mira_desktop.ui.shell.sidebar import ThreadSidebar


# The welcome page's key, as ``chat_state.WELCOME``: that module (some forty dataclasses) is not
# imported before the first frame.
WELCOME = ""


@dataclass(frozen=True)
class _Read:
    thread_id: str
    history: tuple[ViewMessage, ...]
    draft: str
    hidden_earlier: int


@dataclass(frozen=True)
class Carried:
    """What the first moments hand to the attached window."""

    current: str  # the open page: a thread's id, or WELCOME
    shown: tuple[ViewMessage, ...]  # its messages on screen
    hidden_earlier: int  # older messages of its branch, not shown
    drafts: tuple[tuple[str, str], ...]  # (page, the composer's text there)
    typed: frozenset[str]  # the pages whose text was typed, not read


class FirstMoments(QObject):
    """Opens listed threads and keeps each page's text until the services are attached."""

    shown = Signal(str)  # a thread's messages are on screen (its id)

    def __init__(
        self,
        owner: QObject,
        *,
        data_dir: str,
        look: FirstLook | None,
        runner: OperationRunner,
        sidebar: ThreadSidebar,
        header: ChatHeader,
        chat_view: ChatView,
        composer: Composer,
    ) -> None:
        super().__init__(owner)
        self._owner = owner
        self._data_dir = Path(data_dir)
        self._runner = runner
        self._sidebar, self._header, self._chat_view, self._composer = sidebar, header, chat_view, composer
        self.current = WELCOME
        self._shown: tuple[ViewMessage, ...] = ()
        self._hidden_earlier = 0
        # Each page's saved draft as read (the welcome page's from the first look), and its text now.
        self._read: dict[str, str] = {WELCOME: look.welcome_draft} if look is not None and look.read else {}
        self._texts: dict[str, str] = {}
        self._handed_over = False

    def open_thread(self, thread_id: str) -> None:
        """Show ``thread_id`` as it is stored: its title now, its messages and draft once read."""
        if self._handed_over or thread_id == self.current:
            return
        self._leave()
        self.current, self._shown, self._hidden_earlier = thread_id, (), 0
        item = self._sidebar.thread_list.currentItem()
        self._header.show_thread(thread_id, item.text().split("\n", 1)[0] if item is not None else "")
        self._sidebar.select(thread_id)
        self._chat_view.show_history(())
        self._composer.set_text(self._texts.get(thread_id, ""))
        data_dir = self._data_dir
        self._runner.op(self._owner, lambda: _read_thread(data_dir, thread_id)).success(self._show).run()

    def new_chat(self) -> None:
        """Back to the welcome page and its text."""
        if self._handed_over:
            return
        self._leave()
        self.current, self._shown, self._hidden_earlier = WELCOME, (), 0
        self._header.show_thread(None)
        self._sidebar.select(None)
        self._chat_view.show_history(())
        self._composer.set_text(self._texts.get(WELCOME, self._read.get(WELCOME, "")))

    def hand_over(self) -> Carried:
        """The open page and every page's text, for the attached window; nothing more is shown here."""
        self._leave()
        self._handed_over = True
        drafts = tuple(
            (page, text) for page, text in self._texts.items() if page in self._read or text
        ) + tuple((page, draft) for page, draft in self._read.items() if page not in self._texts)
        typed = frozenset(page for page, text in self._texts.items() if text != self._read.get(page, ""))
        return Carried(self.current, self._shown, self._hidden_earlier, drafts, typed)

    def _leave(self) -> None:
        """Keep the composer's text as the open page's."""
        self._texts[self.current] = self._composer.editor.toPlainText()

    def _show(self, read: _Read | None) -> None:
        if read is None or self._handed_over or read.thread_id != self.current:
            return  # not readable yet (the services will open it), attached meanwhile, or left
        self._read[read.thread_id] = read.draft
        self._shown, self._hidden_earlier = read.history, read.hidden_earlier
        self._chat_view.show_history(read.history, hidden_earlier=read.hidden_earlier)
        if read.thread_id not in self._texts and not self._composer.editor.toPlainText():
            self._composer.set_text(read.draft)  # nothing typed there before it was read
        self.shown.emit(read.thread_id)


def _read_thread(data_dir: Path, thread_id: str) -> _Read | None:
    """On a worker: the thread's newest visible messages, as the chat view shows them. (Imported
    here, on the first click: the first frame does without the reader and the view's conversion.)"""
    from mira_desktop.services.app.first_thread import read_first_thread
    from mira_desktop.ui.chat.view_message import VISIBLE_MESSAGES, view_message

    first = read_first_thread(data_dir, thread_id, VISIBLE_MESSAGES)
    if first is None:
        return None
    history = tuple(view_message(m, first.siblings[m.id]) for m in first.messages)
    return _Read(thread_id, history, first.thread.draft, first.hidden_earlier)
