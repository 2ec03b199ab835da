"""The normal chat route: stream the compiled request from the thread's model."""

from __future__ import annotations

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.models.protocol import ChatMessage, ChatRequest
from mira_desktop.models.retry import DEFAULT_DELAYS
from mira_desktop.services.chat.routes.answer_stream import stream_answer, thinking_cut_off
from mira_desktop.services.chat.run_context import RunContext, RunOutcome


def model_request(context: RunContext) -> ChatRequest:
    messages = tuple(ChatMessage(m.role, m.content, images=m.images) for m in context.request.messages)
    return ChatRequest(messages, context.request.sampling, thinking=context.request.thinking)


class ChatRoute:
    def __init__(self, retry_delays: tuple[float, ...] = DEFAULT_DELAYS) -> None:
        self._delays = retry_delays

    def run(self, context: RunContext) -> RunOutcome:
        """The answer's metadata says how it ended: ``finish_reason``, ``usage``, and ``cut_off`` /
        ``stopped_repeating`` when it was cut at ``max_tokens`` or stopped in a loop; an answer cut
        off while thinking fails with that reason (``cut_off_thinking``)."""
        answered = stream_answer(context, model_request(context), retry_delays=self._delays)
        if answered.cancelled or context.cancel.cancelled:
            return RunOutcome(
                RunStatus.CANCELLED, metadata={"usage": answered.usage} if answered.usage else {}
            )
        if answered.cut_off_thinking:
            return thinking_cut_off(answered)
        return RunOutcome(RunStatus.COMPLETED, metadata=answered.metadata())
