"""Reasoning is never history: an old answer's think block is cut, and an agent step's reasoning goes
back only within its run, to a template that reads it."""

from __future__ import annotations

from mira_desktop.agent.run_state import step_reasoning
from mira_desktop.core.conversation.request_compiler import prompt_history
from mira_desktop.core.conversation.threads import Message, MessageRole, MessageStatus


def _message(role: MessageRole, content: str, status: MessageStatus = MessageStatus.COMPLETE) -> Message:
    return Message("msg_x", "thr_x", None, role, content, status, None, "", "")


def test_an_answer_saved_with_its_think_block_is_sent_back_without_it() -> None:
    path = [
        _message(MessageRole.USER, "2 + 2?"),
        _message(MessageRole.ASSISTANT, "<think>\nadd them\n</think>\n\nIt is 4."),
        _message(MessageRole.ASSISTANT, "<thinking>only thought</thinking>"),
        _message(MessageRole.ASSISTANT, "Quoting <think> tags is fine. </think>"),
    ]
    assert [(m.role, m.content) for m in prompt_history(path)] == [
        ("user", "2 + 2?"),
        ("assistant", "It is 4."),
        ("assistant", "Quoting <think> tags is fine. </think>"),
    ]


def test_an_answer_cut_off_while_thinking_is_no_history() -> None:
    cut = _message(MessageRole.ASSISTANT, "", MessageStatus.ERROR)
    assert prompt_history([_message(MessageRole.USER, "hi"), cut]) == prompt_history([_message(MessageRole.USER, "hi")])


def test_a_steps_reasoning_goes_back_only_with_its_tool_calls_to_a_template_that_reads_it() -> None:
    step = {"role": "assistant", "content": "", "tool_calls": [{"id": "c", "name": "read_file"}], "reasoning": "plan"}
    final = {"role": "assistant", "content": "done", "reasoning": "why"}
    assert step_reasoning(step, True) == "plan"
    assert step_reasoning(step, False) == ""
    assert step_reasoning(final, True) == ""
