"""A declared HTTP tool as a run's tool (the :class:`~mira_desktop.agent.tools.external.ExternalTool`
the loop calls): it asks before each call by default, like an MCP server's tools."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from mira_desktop.agent.tools.catalog import Origin, Risk, ToolDef
from mira_desktop.agent.tools.results import ToolResult
from mira_desktop.agent.tools.validation import validation_errors
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import MiraError
from mira_desktop.core.phrases import said
from mira_desktop.services.http_tools.caller import call_declared
from mira_desktop.services.http_tools.declaration import HttpToolDeclaration

Secrets = Callable[[HttpToolDeclaration], dict[str, str]]  # header → value, or MiraError when one is missing


def definition(tool: HttpToolDeclaration) -> ToolDef:
    return ToolDef(
        tool.name,
        tool.description,
        tool.parameters,
        Risk.EXTERNAL,
        Origin.HTTP,
        tool.host,  # the approval card says where the call goes
        f"{tool.method} {tool.url}",
        None,  # no readOnlyHint: the person declared the tool, no server vouches for it
    )


class HttpTool:
    def __init__(self, declaration: HttpToolDeclaration, secrets: Secrets) -> None:
        self._declaration = declaration
        self._secrets = secrets
        self._definition = definition(declaration)

    @property
    def definition(self) -> ToolDef:
        return self._definition

    def call(self, arguments: dict[str, Any], cancel: CancelToken) -> ToolResult:
        tool = self._declaration
        problems = validation_errors(arguments, tool.parameters)
        if problems:  # the loop checks first; this keeps a direct call to the same rule
            return ToolResult.refused(
                said("http_tools.bad_arguments", name=tool.name, problem=problems[0]), "invalid"
            )
        defaults = {
            name: spec["default"]
            for name, spec in tool.parameters.get("properties", {}).items()
            if isinstance(spec, dict) and "default" in spec
        }
        try:
            answer = call_declared(tool, {**defaults, **arguments}, self._secrets(tool), cancel)
        except MiraError as exc:
            phrase = exc.phrase or said(
                "http_tools.unreachable", name=tool.name, host=tool.host, problem=str(exc)
            )
            return ToolResult.refused(phrase, getattr(exc, "kind", "http_failed"))
        text = json.dumps(answer.value, ensure_ascii=False)
        return ToolResult(
            True,
            text,
            data={"host": tool.host, "status": answer.status, "bytes": answer.size},
            phrase=said(
                "http_tools.answered", name=tool.name, status=answer.status, size=answer.size
            ).to_dict(),
        )
