"""Which tools a run offers: the file tools always, ``kb_search`` only with a knowledge base bound, and
the external tools (MCP servers', ``run_command``) the services found for this run. Folded tools
(:mod:`.disclosure`) are callable but offered with their schemas only once the model asked for them."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from mira_desktop.agent.tools.catalog import FILE_TOOLS, KB_SEARCH_TOOL, ToolDef
from mira_desktop.agent.tools.disclosure import TOOL_SCHEMA, SchemaShare, schema_tool
from mira_desktop.agent.tools.external import ExternalTool
from mira_desktop.agent.tools.knowledge import KbSearch
from mira_desktop.models.protocol import ToolSpec


class ToolRegistry:
    """The tools of one run.

    Args:
        kb_search: the bound knowledge base's search; without one, ``kb_search`` is not offered.
        only: offer just these tool names (e.g. a read-only run); unknown names are ignored.
        external: tools run by another program; a name Mira's own tools use is not offered twice.
    """

    def __init__(
        self,
        kb_search: KbSearch | None = None,
        *,
        only: Iterable[str] | None = None,
        external: Sequence[ExternalTool] = (),
    ) -> None:
        tools: tuple[ToolDef, ...] = (*FILE_TOOLS, KB_SEARCH_TOOL) if kb_search is not None else FILE_TOOLS
        own = {tool.name for tool in tools}
        others = {t.definition.name: t for t in external if t.definition.name not in own}
        tools = (*tools, *(t.definition for t in others.values()))
        if only is not None:
            wanted = set(only)
            tools = tuple(tool for tool in tools if tool.name in wanted)
        self.tools: tuple[ToolDef, ...] = tools
        self.kb_search = kb_search
        self._by_name = {tool.name: tool for tool in tools}
        self._external = {name: tool for name, tool in others.items() if name in self._by_name}
        self.folded: frozenset[str] = frozenset()  # listed by name only until the model asks

    def fold(self, names: Iterable[str]) -> None:
        """List ``names`` by name only (those the run offers); ``tool_schema`` discloses them."""
        self.folded = frozenset(names) & {tool.name for tool in self.tools}
        if self.folded:
            self._by_name[TOOL_SCHEMA] = schema_tool(self.folded)
        else:
            self._by_name.pop(TOOL_SCHEMA, None)

    def offered(self, disclosed: Collection[str] = ()) -> tuple[ToolDef, ...]:
        """The tools sent with their full schemas: all but the folded ones the model has not asked
        for, and ``tool_schema`` while any is left to ask for."""
        if not self.folded:
            return self.tools
        left = self.folded - set(disclosed)
        shown = tuple(tool for tool in self.tools if tool.name not in left)
        return (*shown, schema_tool(left)) if left else shown

    def share(self, disclosed: Collection[str] = ()) -> SchemaShare:
        asked = len(self.folded & set(disclosed))
        return SchemaShare(len(self.tools) - len(self.folded) + asked, len(self.tools), asked)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._by_name)

    def get(self, name: str) -> ToolDef | None:
        return self._by_name.get(name)

    def external(self, name: str) -> ExternalTool | None:
        return self._external.get(name)

    def specs(self, disclosed: Collection[str] = ()) -> tuple[ToolSpec, ...]:
        """The offered tools as OpenAI tool specs, for models with native tool calls."""
        return tuple(tool.spec() for tool in self.offered(disclosed))
