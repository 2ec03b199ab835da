"""The window's runs and the server's requests take turns on one model, and say where they wait;
one server request can be stopped on its own. Ordering is held with the scripted model's
``hold_after`` / ``release_when``: nothing here waits on the clock."""

from __future__ import annotations

import io
import json
import logging
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest

from mira_desktop.cli.streaming import follow
from mira_desktop.core.conversation.runs import EventType, RunStatus
from mira_desktop.services.chat.service import SendOptions
from tests.support.waiting import wait_for

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.chat.run_bus import LiveEvent
    from tests.integration.local_server.conftest import Serve
    from tests.support.fixtures import Script


def _release(tmp_path: Path, name: str) -> None:
    (tmp_path / "scripts" / name).touch()  # beside the script: the held reply goes on


def _streamed_text(lines: list[str]) -> str:
    """The answer's text, from the content deltas of a streamed completion's events."""
    events = [json.loads(line[len("data: ") :]) for line in lines if line.startswith("data: {")]
    return "".join(e["choices"][0]["delta"].get("content", "") for e in events if e["choices"])


def _body(ref: str, text: str, *, stream: bool = True) -> dict[str, object]:
    return {"model": ref, "stream": stream, "messages": [{"role": "user", "content": text}]}


def test_a_streamed_request_waits_while_the_window_answers_and_hears_waiting_comments(
    services: AppServices, serve: Serve, script: Script, tmp_path: Path
) -> None:
    ref = script(
        {"text": "window words here", "hold_after": 1, "release_when": "window-go"}, {"text": "served after"}
    )
    running = serve(ref)
    services.local_server.wait_comment_s = 0.05  # said again while it waits: seen twice below
    run = services.chat.send(None, "from the window", SendOptions(model_ref=ref))
    model = services.models.registry.get(ref)
    wait_for(
        lambda: services.local_server.gate.ahead(model) == 1, what="the window's answer holding the model"
    )

    with (
        httpx.Client(timeout=30) as http,
        http.stream("POST", f"{running.url}/chat/completions", json=_body(ref, "from a program")) as served,
    ):
        lines = served.iter_lines()
        comments = [
            next(lines),
            next(lines),
            next(lines),
            next(lines),
        ]  # two comments, each with its blank line
        [waiting] = services.local_server.in_progress.listed()
        _release(tmp_path, "window-go")
        rest = list(lines)

    assert served.headers["X-Mira-Queue-Ahead"] == "1"
    assert comments == [": waiting, 1 ahead", "", ": waiting, 1 ahead", ""]
    assert waiting.ahead == 1
    assert run.wait(30) is RunStatus.COMPLETED
    assert services.threads.show(run.thread_id).messages[-1].content == "window words here"
    assert _streamed_text(rest) == "served after"
    assert rest[-2] == "data: [DONE]"
    asked = [r.messages[-1].content for r in model.requests]  # type: ignore[attr-defined]
    assert asked[-2:] == ["from the window", "from a program"]  # the window first: the program waited


def test_a_window_run_waits_while_a_program_is_answered_and_says_who_it_waits_for(
    services: AppServices, serve: Serve, script: Script, tmp_path: Path
) -> None:
    ref = script(
        {"text": "program words here", "hold_after": 1, "release_when": "program-go"},
        {"text": "window after"},
    )
    running = serve(ref)
    notices: list[LiveEvent] = []
    unsubscribe = services.run_bus.subscribe(
        lambda e: notices.append(e) if e.type == EventType.NOTICE else None
    )
    try:
        with (
            httpx.Client(timeout=30) as http,
            http.stream(
                "POST", f"{running.url}/chat/completions", json=_body(ref, "from a program")
            ) as served,
        ):
            lines = served.iter_lines()
            next(lines)  # the program's answer began: it holds the model
            run = services.chat.send(None, "from the window", SendOptions(model_ref=ref))
            wait_for(lambda: any(n.data.get("waiting") == 1 for n in notices), what="the run saying it waits")
            assert run.status is RunStatus.RUNNING
            _release(tmp_path, "program-go")
            rest = list(lines)
        assert run.wait(30) is RunStatus.COMPLETED
    finally:
        unsubscribe()

    waiting, turn = notices[0].data, notices[-1].data
    assert waiting["holder"] == "server"
    assert waiting["phrase"]["key"] == "chat.waiting_server"
    assert "a program using Mira's server" in str(waiting["text"])
    assert turn == {"waiting": 0}  # its turn came: the window stops saying it waits
    assert rest[-2] == "data: [DONE]"
    assert services.threads.show(run.thread_id).messages[-1].content == "window after"


def test_stopping_the_window_run_while_it_waits_leaves_the_program_answered(
    services: AppServices, serve: Serve, script: Script, tmp_path: Path
) -> None:
    ref = script(
        {"text": "program words here", "hold_after": 1, "release_when": "program-go"}, {"text": "never"}
    )
    running = serve(ref)
    with (
        httpx.Client(timeout=30) as http,
        http.stream("POST", f"{running.url}/chat/completions", json=_body(ref, "from a program")) as served,
    ):
        lines = served.iter_lines()
        next(lines)
        model = services.models.registry.get(ref)
        run = services.chat.send(None, "from the window", SendOptions(model_ref=ref))
        wait_for(lambda: services.local_server.gate.ahead(model) == 2, what="the run waiting its turn")
        assert services.chat.stop(run.run_id)
        assert run.wait(30) is RunStatus.CANCELLED
        assert services.local_server.in_progress.count() == 1  # the program's request goes on
        _release(tmp_path, "program-go")
        rest = list(lines)

    assert rest[-2] == "data: [DONE]"
    assert [r.outcome for r in services.local_server.recent()] == ["completed"]
    assert len(model.requests) == 1  # type: ignore[attr-defined]  # the stopped run never asked


def test_stopping_one_request_stops_it_alone_and_the_next_gets_its_turn(
    services: AppServices, serve: Serve, script: Script, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="mira.local_server")
    ref = script({"text": "first words never end", "hold_after": 1}, {"text": "second answer"})
    running = serve(ref)
    answers: dict[str, list[str]] = {}

    def ask(text: str) -> None:
        with httpx.stream("POST", f"{running.url}/chat/completions", json=_body(ref, text), timeout=30) as r:
            answers[text] = list(r.iter_lines())

    first = threading.Thread(target=ask, args=("first",))
    first.start()
    wait_for(
        lambda: [s.ahead for s in services.local_server.in_progress.listed()] == [0],
        what="the first answered",
    )
    second = threading.Thread(target=ask, args=("second",))
    second.start()
    wait_for(
        lambda: [s.ahead for s in services.local_server.in_progress.listed()] == [0, 1],
        what="the second queued",
    )
    answered = services.local_server.in_progress.listed()[0]

    assert services.local_server.in_progress.stop(answered.id)
    first.join(30)
    second.join(30)

    assert answers["first"][-2] == "data: [DONE]"
    assert _streamed_text(answers["second"]) == "second answer"
    assert _streamed_text(answers["first"]) == "first "  # what was written before the stop
    outcomes = {r.outcome for r in services.local_server.recent()}
    assert outcomes == {"cancelled", "completed"}
    assert f"request {answered.id} from 127.0.0.1 for {ref} stopped in the window" in caplog.messages
    assert any("waits for" in line and "1 ahead (the server answering)" in line for line in caplog.messages)
    assert not services.local_server.in_progress.stop(answered.id)  # already ended


def test_stopping_a_waiting_request_ends_its_stream_and_leaves_the_answer_being_written(
    services: AppServices, serve: Serve, script: Script, tmp_path: Path
) -> None:
    ref = script({"text": "first words here", "hold_after": 1, "release_when": "first-go"}, {"text": "never"})
    running = serve(ref)
    progress = services.local_server.in_progress
    with (
        httpx.Client(timeout=30) as http,
        http.stream("POST", f"{running.url}/chat/completions", json=_body(ref, "first")) as first,
        http.stream("POST", f"{running.url}/chat/completions", json=_body(ref, "second")) as second,
    ):
        first_lines, second_lines = first.iter_lines(), second.iter_lines()
        next(first_lines)
        assert next(second_lines) == ": waiting, 1 ahead"
        waiting = next(s for s in progress.listed() if s.ahead)

        assert progress.stop(waiting.id)
        stopped = list(second_lines)
        assert [s.ahead for s in progress.listed()] == [0]  # the first is still being answered
        _release(tmp_path, "first-go")
        answered = list(first_lines)

    assert stopped[-2] == "data: [DONE]"
    assert _streamed_text(stopped) == ""
    assert _streamed_text(answered) == "first words here"
    assert sorted(r.outcome for r in services.local_server.recent()) == ["cancelled", "completed"]
    model = services.models.registry.get(ref)
    assert [r.messages[-1].content for r in model.requests] == ["first"]  # type: ignore[attr-defined]


def test_mira_chat_says_on_stderr_that_it_waits_for_a_program(
    services: AppServices, serve: Serve, script: Script, tmp_path: Path
) -> None:
    ref = script(
        {"text": "program words", "hold_after": 1, "release_when": "program-go"}, {"text": "window answer"}
    )
    running = serve(ref)
    out, err = io.StringIO(), io.StringIO()

    def release_once_said() -> None:
        try:
            wait_for(lambda: "Waiting for the model" in err.getvalue(), what="the wait said on stderr")
        finally:
            _release(tmp_path, "program-go")  # never left holding: the run below would wait forever

    with (
        httpx.Client(timeout=30) as http,
        http.stream("POST", f"{running.url}/chat/completions", json=_body(ref, "from a program")) as served,
    ):
        lines = served.iter_lines()
        next(lines)  # the program's answer holds the model
        releaser = threading.Thread(target=release_once_said)
        releaser.start()
        code = follow(
            services,
            lambda: services.chat.send(None, "from the window", SendOptions(model_ref=ref)),
            as_json=False,
            stdout=out,
            stderr=err,
        )
        releaser.join(30)
        rest = list(lines)

    assert code == 0
    assert out.getvalue().startswith("window answer")
    said = "mira: Waiting for the model: a program using Mira's server is being answered (1 ahead).\n"
    assert said in err.getvalue()
    assert _streamed_text(rest) == "program words"  # the program's answer went on, whole


def test_a_streamed_request_that_waits_past_the_limit_hears_busy_as_its_error_event(
    services: AppServices, serve: Serve, script: Script
) -> None:
    ref = script({"text": "held words", "hold_after": 1})  # held until the server stops
    running = serve(ref)
    services.local_server.wait_s = 0.2
    with (
        httpx.Client(timeout=30) as http,
        http.stream("POST", f"{running.url}/chat/completions", json=_body(ref, "first")) as first,
        http.stream("POST", f"{running.url}/chat/completions", json=_body(ref, "second")) as second,
    ):
        first_lines = first.iter_lines()  # kept: a dropped iterator closes the connection
        next(first_lines)
        lines = list(second.iter_lines())

    assert lines[0] == ": waiting, 1 ahead"
    [error] = [json.loads(line[len("data: ") :])["error"] for line in lines if '"error"' in line]
    assert error["code"] == 503, error
    assert "requests ahead of this one: 1" in error["message"]
