"""The normal chat route: stream the compiled request from the thread's model."""

from __future__ import annotations

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.models.protocol import ChatMessage, ChatRequest, Finish, TextDelta, Usage
from mira_desktop.models.retry import DEFAULT_DELAYS, stream_with_retry
from mira_desktop.services.chat.run_context import RunContext, RunOutcome


def model_request(context: RunContext) -> ChatRequest:
    messages = tuple(ChatMessage(m.role, m.content) for m in context.request.messages)
    return ChatRequest(messages, context.request.sampling)


class ChatRoute:
    def __init__(self, retry_delays: tuple[float, ...] = DEFAULT_DELAYS) -> None:
        self._delays = retry_delays

    def run(self, context: RunContext) -> RunOutcome:
        usage: dict[str, int] = {}
        finish = "stop"
        for chunk in stream_with_retry(context.model, model_request(context), context.cancel, self._delays):
            if isinstance(chunk, TextDelta):
                context.delta(chunk.text)
            elif isinstance(chunk, Usage):
                usage = {"prompt_tokens": chunk.prompt_tokens, "completion_tokens": chunk.completion_tokens}
            elif isinstance(chunk, Finish):
                finish = chunk.reason
        if finish == "cancelled" or context.cancel.cancelled:
            return RunOutcome(RunStatus.CANCELLED, metadata={"usage": usage} if usage else {})
        return RunOutcome(RunStatus.COMPLETED, metadata={"usage": usage, "finish_reason": finish})
