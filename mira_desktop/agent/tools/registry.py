"""Which tools a run offers: the file tools always, ``kb_search`` only with a knowledge base bound."""

from __future__ import annotations

from collections.abc import Iterable

from mira_desktop.agent.tools.catalog import FILE_TOOLS, KB_SEARCH_TOOL, ToolDef
from mira_desktop.agent.tools.knowledge import KbSearch
from mira_desktop.models.protocol import ToolSpec


class ToolRegistry:
    """The tools of one run.

    Args:
        kb_search: the bound knowledge base's search; without one, ``kb_search`` is not offered.
        only: offer just these tool names (e.g. a read-only run); unknown names are ignored.
    """

    def __init__(self, kb_search: KbSearch | None = None, *, only: Iterable[str] | None = None) -> None:
        tools: tuple[ToolDef, ...] = (*FILE_TOOLS, KB_SEARCH_TOOL) if kb_search is not None else FILE_TOOLS
        if only is not None:
            wanted = set(only)
            tools = tuple(tool for tool in tools if tool.name in wanted)
        self.tools: tuple[ToolDef, ...] = tools
        self.kb_search = kb_search
        self._by_name = {tool.name: tool for tool in tools}

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._by_name)

    def get(self, name: str) -> ToolDef | None:
        return self._by_name.get(name)

    def specs(self) -> tuple[ToolSpec, ...]:
        """The offered tools as OpenAI tool specs, for models with native tool calls."""
        return tuple(tool.spec() for tool in self.tools)
