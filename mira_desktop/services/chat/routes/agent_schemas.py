"""Which of an agent run's tools its requests list by name only (``agent/tools/disclosure``): decided
by the model's own token count when the run starts and said in its trace, read back from that event
when the run goes on, so every request of a run keeps the tool list its first one had."""

from __future__ import annotations

from mira_desktop.agent.journal import AgentEvent
from mira_desktop.agent.tools.disclosure import folded_names
from mira_desktop.agent.tools.registry import ToolRegistry
from mira_desktop.core.phrases import said
from mira_desktop.models.protocol import ChatModel
from mira_desktop.services.chat.run_context import RunContext
from mira_desktop.store.runs import RunRepository


def folded_for(registry: ToolRegistry, model: ChatModel) -> frozenset[str]:
    """The tools of ``registry`` whose schemas do not fit in a fifth of ``model``'s window."""
    return folded_names(registry.tools, model.profile().context_window, model.count_tokens)


def fold_run(context: RunContext, runs: RunRepository, registry: ToolRegistry, *, fresh: bool) -> None:
    """Fold ``registry`` for this run: a new run decides (and journals ``agent.tool_schemas``), a run
    that goes on folds what its first request folded (nothing, for a run from before this existed)."""
    if not fresh:
        for event in runs.events(context.run_id):
            if event.type == AgentEvent.TOOL_SCHEMAS and "folded" in event.data:
                registry.fold(map(str, event.data["folded"]))
                return
        registry.fold(())
        return
    registry.fold(folded_for(registry, context.model))
    if registry.folded:
        share = registry.share()
        phrase = said("agent.tool_schemas.folded", **share.to_dict())
        data = {
            "folded": sorted(registry.folded),
            **share.to_dict(),
            "text": phrase.english,
            "phrase": phrase.to_dict(),
        }
        context.emit(AgentEvent.TOOL_SCHEMAS, data)
