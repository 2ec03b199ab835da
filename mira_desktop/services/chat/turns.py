"""The turn each chat action answers, built and checked before anything is written: a send (a new
thread's or an existing one's), an edit of a user message, a cut-off answer carried on, a message
answered again. :class:`~mira_desktop.services.chat.service.ChatService` runs them; the side-by-side
comparison (``services/chat/compare.py``) runs a send's or an answer-again's turn with several models."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mira_desktop.core.conversation.request_compiler import PromptMessage
from mira_desktop.core.conversation.threads import MessageRole
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.services.chat.run_records import SendOptions, Turn
from mira_desktop.services.chat.titles import make_title
from mira_desktop.services.chat.turn_inputs import TurnInputs
from mira_desktop.services.threads.branches import BranchEditor, RecentPath
from mira_desktop.store.threads import ThreadRepository

if TYPE_CHECKING:
    from mira_desktop.services.attachments.service import AttachmentService

CONTINUE_PROMPT = "Continue your previous answer exactly where it stopped, without repeating it."


class TurnMaker:
    """Makes the :class:`~mira_desktop.services.chat.run_records.Turn` of each action; a turn that
    cannot be answered is refused here (InvalidInputError, ConflictError, NotFoundError), writing
    nothing but a send's changed bindings (``TurnInputs.apply_options``)."""

    def __init__(
        self,
        inputs: TurnInputs,
        threads: ThreadRepository,
        branches: BranchEditor,
        attachments: AttachmentService,
    ) -> None:
        self._inputs = inputs
        self._threads = threads
        self._branches = branches
        self._attachments = attachments

    def new_turn(self, thread_id: str | None, text: str, options: SendOptions) -> Turn:
        """What sending ``text`` to ``thread_id`` answers (refused, writing nothing, when it cannot);
        a new thread's ``options`` already carry its project's defaults (``with_project_defaults``)."""
        if not text.strip():
            raise InvalidInputError.said("chat.empty")
        self._inputs.check_bindings(options)
        file = self._inputs.attached(options.attachment)
        if thread_id is None:
            thread = self._inputs.draft_thread(options)
            greeting = (options.greeting or "").strip() or None
            opening = [PromptMessage("assistant", greeting)] if greeting else []
            history = [*opening, PromptMessage("user", text)]
            return Turn(thread, None, text, history, greeting=greeting, attachment=file)
        thread = self._inputs.apply_options(self._inputs.writable_thread(thread_id), options)
        path = self._inputs.recent(thread, None)
        parent = path.ids[-1] if path.ids else None
        history = [*path.history, PromptMessage("user", text)]
        return Turn(
            thread,
            parent,
            text,
            history,
            attachment=file or self._inputs.carried(path.ids),
            earlier=path.earlier,
        )

    def edit_turn(self, message_id: str, text: str) -> Turn:
        """A new sibling of the user message ``message_id`` with ``text``, to be answered."""
        message = self._inputs.message(message_id)
        if message.role is not MessageRole.USER:
            raise InvalidInputError.said("chat.edit_own")
        if not text.strip():
            raise InvalidInputError.said("chat.empty")
        thread = self._inputs.writable_thread(message.thread_id)
        path = self._inputs.recent(thread, message.parent_id) if message.parent_id else RecentPath([], [], 0)
        own = self._attachments.file_of_message(message)
        return Turn(
            thread, message.parent_id, text, [*path.history, PromptMessage("user", text)],
            attachment=own or self._inputs.carried(path.ids),  # the edited message keeps its own file
            earlier=path.earlier,
        )  # fmt: skip

    def title_after_edit(self, message_id: str, text: str) -> str | None:
        """The title to offer when ``message_id``, the thread's first user message, becomes ``text``
        while the title still is that message as it was (a title the user chose is left alone)."""
        message = self._inputs.message(message_id)
        thread = self._threads.get(message.thread_id)
        if thread is None or message.role is not MessageRole.USER:
            return None
        earlier = self._branches.path_to(thread, message.parent_id) if message.parent_id else []
        if any(m.role is MessageRole.USER for m in earlier):
            return None
        old, new = make_title(message.content), make_title(text)
        return new if thread.title == old and new != old else None

    def continue_turn(self, message_id: str) -> Turn:
        """The answer ``message_id`` carried on: a new branch beside it that starts with its text.
        An answer cut off while thinking has no text to carry on from: its question answered again
        with twice the tokens that one used (its reasoning is never sent back)."""
        answer = self._inputs.message(message_id)
        if (
            answer.role is MessageRole.ASSISTANT
            and answer.parent_id
            and (answer.error or {}).get("kind") == "cut_off_thinking"
        ):
            used = int(answer.metadata.get("thinking_tokens") or 0)
            return self.again_turn(answer.parent_id, max_tokens=2 * used or None)
        if answer.role is not MessageRole.ASSISTANT or answer.parent_id is None or not answer.content:
            raise InvalidInputError.said("chat.continue_text")
        question = self._inputs.message(answer.parent_id)
        thread = self._inputs.writable_thread(answer.thread_id)
        path = self._inputs.recent(thread, question.id)
        history = [
            *path.history,
            PromptMessage("assistant", answer.content),
            PromptMessage("user", CONTINUE_PROMPT),
        ]
        return Turn(
            thread, question.parent_id, CONTINUE_PROMPT, history, question.id, prefix=answer.content,
            earlier=path.earlier,
        )  # fmt: skip

    def again_turn(self, message_id: str, *, max_tokens: int | None = None) -> Turn:
        """What answering the user message ``message_id`` again answers (an answer: its question)."""
        user_message = self._inputs.message(message_id)
        if user_message.role is not MessageRole.USER:
            if user_message.parent_id is None:
                raise InvalidInputError.said("chat.no_question")
            user_message = self._inputs.message(user_message.parent_id)
        thread = self._inputs.writable_thread(user_message.thread_id)
        path = self._inputs.recent(thread, user_message.id)
        file = self._attachments.file_of_message(user_message)
        file = file or self._inputs.carried(path.ids[:-1])
        return Turn(
            thread, user_message.parent_id, user_message.content, path.history, user_message.id,
            attachment=file, earlier=path.earlier, max_tokens=max_tokens,
        )  # fmt: skip
