"""A run ready to be written and started: its model, its compiled request and its route.

Everything here can refuse (an unknown model, a message too long for the window) and writes nothing,
so a send — or a comparison's several answers — is refused whole before any row exists.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from mira_desktop.core.conversation.request_compiler import CompiledRequest
from mira_desktop.core.conversation.routing import RouteDecision, choose_route
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.models.protocol import ChatModel
from mira_desktop.services.attachments.views import FileBlock
from mira_desktop.services.chat.requests import RequestBuilder
from mira_desktop.services.chat.run_records import Turn
from mira_desktop.services.model_catalog.catalog import ModelService


@dataclass(frozen=True)
class ReadyRun:
    turn: Turn
    model_ref: str
    model: ChatModel
    request: CompiledRequest
    route: RouteDecision
    file_block: FileBlock | None


def prepare_run(models: ModelService, requests: RequestBuilder, turn: Turn) -> ReadyRun:
    """Validate and compile ``turn``'s request with its model (``turn.model_ref``, else the thread's)."""
    thread = turn.thread
    model_ref = models.validate_ref(turn.model_ref or models.resolve(thread.model_ref))
    model = models.registry.get(model_ref)
    file_block = None
    if turn.attachment is None:
        request = requests.compile(thread, turn.history, model, earlier=turn.earlier)
    else:
        request, file_block = requests.compile_with_file(
            thread, turn.history, model, turn.attachment, earlier=turn.earlier
        )
    if turn.max_tokens:  # more room than the request's own (never past the window)
        room = min(turn.max_tokens, max(request.window - request.prompt_tokens, 16))
        request = replace(request, sampling=request.sampling.merged(SamplingParams(max_tokens=room)))
    route = choose_route(
        agent_enabled=thread.agent_enabled,
        knowledge_base_id=thread.knowledge_base_id,
        user_text=turn.user_text,
    )
    return ReadyRun(turn, model_ref, model, request, route, file_block)


def prepare_runs(
    models: ModelService, requests: RequestBuilder, turn: Turn, model_refs: Sequence[str], *, together: bool
) -> list[ReadyRun]:
    """``turn`` prepared for each model of ``model_refs``. Compiling counts tokens, which loads a local
    model: for runs one after the other, the later ones are prepared first and unloaded again, so only
    the first to answer holds memory until its turn is over."""
    order = range(len(model_refs)) if together else range(len(model_refs) - 1, -1, -1)
    readies: dict[int, ReadyRun] = {}
    for index in order:
        readies[index] = prepare_run(models, requests, replace(turn, model_ref=model_refs[index]))
        if not together and index:
            readies[index].model.unload_if_idle(0)  # loaded again in its turn
    return [readies[index] for index in range(len(model_refs))]
