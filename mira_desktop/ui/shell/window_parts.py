"""The parts of the main window built once its services are attached, each handed exactly what it
uses: the services (or one of them), the operation runner, the widgets it drives and the window's
callbacks. Built here so that the window's module stays its layout and its wiring."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mira_desktop.core.conversation import chat_state as uchat
from mira_desktop.ui.chat.agent_actions import AgentActions
from mira_desktop.ui.chat.attachment_actions import AttachmentActions
from mira_desktop.ui.chat.compare_actions import CompareActions
from mira_desktop.ui.chat.dictation import Dictation
from mira_desktop.ui.chat.fork_actions import ForkActions
from mira_desktop.ui.chat.media_actions import MediaActions
from mira_desktop.ui.chat.skill_picker import SkillCompletion
from mira_desktop.ui.chat.thread_actions import ThreadActions
from mira_desktop.ui.shell.greetings import WelcomeGreetings
from mira_desktop.ui.shell.model_status import ModelStatus, StatusLine
from mira_desktop.ui.shell.notices import MessageQuestions
from mira_desktop.ui.shell.open_thread import OpenThreadFollow
from mira_desktop.ui.shell.other_windows import OtherWindows
from mira_desktop.ui.shell.project_actions import ProjectActions
from mira_desktop.ui.shell.quitting import Quitting

if TYPE_CHECKING:
    from PySide6.QtCore import QObject

    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.app.preferences import Preferences
    from mira_desktop.ui.chat.controller import ChatController
    from mira_desktop.ui.runtime.changes import ChangeSignal
    from mira_desktop.ui.runtime.operations import OperationRunner
    from mira_desktop.ui.shell.main_window import MainWindow


@dataclass(frozen=True)
class ShellParts:
    greetings: WelcomeGreetings  # the welcome page's role greetings
    model_status: ModelStatus  # the model line: checked, loading, ready, failed, in memory
    following: OpenThreadFollow  # the open thread followed as it changes; the context meter
    questions: MessageQuestions  # delete, retitle, remember: the questions about a message
    quitting: Quitting  # whether the window may close now, or once the answers are written


def build_shell_parts(
    window: MainWindow, services: AppServices, changes: ChangeSignal, controller: ChatController
) -> ShellParts:
    runner, notice = window.background, window.notices.notice

    def current() -> str | None:
        return window.current_thread_id

    return ShellParts(
        greetings=WelcomeGreetings(
            window, chat=services.chat, runner=runner, controller=controller, header=window.header, current=current
        ),
        model_status=ModelStatus(
            window,
            services=services,
            runner=runner,
            changes=changes,
            controller=controller,
            header=window.header,
            composer=window.composer,
            chat_view=window.chat_view,
            line=StatusLine(window.model_label, window.model_progress, window.memory_label),
            usage_timer=window.usage_timer,
            checked=window.model_readiness_changed.emit,
        ),
        following=OpenThreadFollow(
            window,
            services=services,
            runner=runner,
            controller=controller,
            composer=window.composer,
            usage_timer=window.usage_timer,
            current=current,
            model_ref=window.current_model_ref,
            send_options=window.send_options,
            new_chat=window.new_chat,
            followed=window.thread_followed.emit,
        ),
        questions=MessageQuestions(
            window,
            services=services,
            runner=runner,
            controller=controller,
            header=window.header,
            undo_notice=window.undo_notice,
            current=current,
            notice=notice,
        ),
        quitting=Quitting(window, services=services, notices=window.notices),
    )


@dataclass(frozen=True)
class ChatParts:
    agent: AgentActions  # an agent run's panel, approvals and undo
    attachments: AttachmentActions  # files given to the composer, and how each is sent
    dictation: Dictation  # speech to text into the composer
    skills: SkillCompletion  # ``/skill`` completion in the composer
    media: MediaActions  # an answer's audio and pictures
    threads: ThreadActions  # the thread menu: rename, pin, export, delete…


def build_chat_parts(
    window: MainWindow,
    services: AppServices,
    changes: ChangeSignal,
    controller: ChatController,
    *,
    deleted: Callable[[str], None],
) -> ChatParts:
    runner, notice, composer = window.background, window.notices.notice, window.composer
    return ChatParts(
        agent=AgentActions(
            window, services=services, runner=runner, controller=controller, chat_view=window.chat_view, notice=notice
        ),
        attachments=AttachmentActions(
            window,
            services=services,
            runner=runner,
            composer=composer,
            changes=changes,
            model_ref=window.header.bound_model_ref,
        ),
        dictation=Dictation(window, services=services, runner=runner, composer=composer),
        skills=SkillCompletion(window, services=services, runner=runner, composer=composer, changes=changes),
        media=MediaActions(
            window, services=services, runner=runner, chat_view=window.chat_view, changes=changes, notice=notice
        ),
        threads=ThreadActions(
            window,
            services=services,
            runner=runner,
            current=lambda: window.current_thread_id,
            deleted=deleted,
            notice=notice,
            undo=window.undo_notice.offer,
            draft=lambda: window.header.draft,
        ),
    )


def other_windows(
    window: MainWindow, services: AppServices, changes: ChangeSignal, thread_actions: ThreadActions
) -> OtherWindows:
    """What opens the Roles, Knowledge and Settings windows, the switcher, the trash, a source."""
    return OtherWindows(
        window,
        services=services,
        runner=window.background,
        changes=changes,
        sidebar=window.sidebar,
        header=window.header,
        composer=window.composer,
        thread_actions=thread_actions,
        current=lambda: window.current_thread_id,
        open_thread=window.open_thread,
        start_chat_with_role=window.start_chat_with_role,
        notice=window.notices.notice,
    )


def remember_folders(owner: QObject, runner: OperationRunner, preferences: Preferences) -> None:
    """File dialogs open where the last one was left, across restarts (the home folder at first)."""
    from mira_desktop.ui.desktop import file_dialogs

    def save(folder: str) -> None:
        runner.op(owner, lambda: preferences.set_last_folder(folder)).run()

    runner.op(owner, preferences.last_folder).success(lambda folder: file_dialogs.use(folder, save)).run()


def connect_chat(window: MainWindow) -> None:
    """The chat's widgets to the controller and the parts built on attach: sending, stopping, the
    draft, a message's actions and the run's live events."""
    dispatch, attachments = window.controller.dispatch, window.attachment_actions
    window.composer.send_requested.connect(lambda text: dispatch(attachments.send_event(text)))
    window.controller.state_changed.connect(attachments.follow_state)
    window.header.changed.connect(attachments.refresh_plan)
    attachments.file_tokens_changed.connect(window.composer.set_file_tokens)
    window.chat_view.files_given.connect(attachments.give)
    window.composer.stop_requested.connect(lambda: dispatch(uchat.StopRequested()))
    window.composer.draft_changed.connect(lambda text: dispatch(uchat.DraftEdited(text)))
    window.composer.draft_changed.connect(lambda _text: window.usage_timer.start())
    window.chat_view.edit_submitted.connect(window.questions.offer_retitle)
    window.chat_view.edit_submitted.connect(lambda mid, text: dispatch(uchat.EditRequested(mid, text)))
    window.chat_view.regenerate_requested.connect(lambda mid: dispatch(uchat.RegenerateRequested(mid)))
    window.chat_view.retry_requested.connect(lambda mid: dispatch(uchat.RetryRequested(mid)))
    window.chat_view.sibling_requested.connect(window.greetings.sibling_requested)
    window.chat_view.continue_requested.connect(lambda mid: dispatch(uchat.ContinueRequested(mid)))
    window.chat_view.delete_requested.connect(window.questions.delete_message)
    window.chat_view.source_requested.connect(window.open_source)
    window.chat_view.earlier_requested.connect(window.controller.show_earlier)
    window.chat_view.agent_panel_needed.connect(window.agent_actions.fill_panel)
    window.chat_view.memory_answered.connect(window.questions.memory_answered)
    window.chat_view.better_model_requested.connect(window.open_get_models)
    window.controller.run_event.connect(window.agent_actions.live_event)
    window.controller.run_event.connect(window.answer_stage.live_event)


def build_thread_actions(
    window: MainWindow, services: AppServices, runner: OperationRunner, notice: Callable[[str], None]
) -> tuple[ForkActions, ProjectActions, CompareActions]:
    """What a message or a thread row offers beyond its own menu: a fork into a new thread, the
    project a thread moves to, and the same message answered by two models side by side."""
    forks = ForkActions(services, runner, window.fork_link, open_thread=window.open_thread, notice=notice, parent=window)
    window.chat_view.fork_requested.connect(forks.fork)
    projects = ProjectActions(
        window, services=services, runner=runner, sidebar=window.sidebar, notice=notice,
        new_thread_in=window.new_chat_in_project,
    )  # fmt: skip
    compare = CompareActions(
        window, services, runner, open_thread=window.open_thread, offer_undo=window.undo_notice.offer,
        reload_thread=lambda tid: window.controller.reload() if tid == window.current_thread_id else None,
        notice=notice,
    )  # fmt: skip
    window.chat_view.compare_requested.connect(lambda mid: compare.compare_message(mid, window.current_model_ref()))
    window.composer.compare_requested.connect(lambda text: compare.compare_draft(
        window.current_thread_id, text, welcome_options=window.send_options(), model_ref=window.current_model_ref(),
        attachment=window.attachment_actions.view.draft_key if window.attachment_actions.view else None,
        sent=(window.composer.editor.clear, window.attachment_actions.reload),  # as after a send
    ))  # fmt: skip
    return forks, projects, compare
