"""Model references: ``local:smollm2``, ``local:/path/model.gguf``, ``remote:PROVIDER/MODEL``, ``scripted:FILE``."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from mira_desktop.core.errors import InvalidInputError


class ModelKind(StrEnum):
    LOCAL = "local"
    REMOTE = "remote"
    SCRIPTED = "scripted"


@dataclass(frozen=True)
class ModelRef:
    kind: ModelKind
    target: str  # "smollm2" or a GGUF path; a script path; for remote, the provider name
    model: str = ""  # remote only: the model name on the provider

    def __str__(self) -> str:
        if self.kind is ModelKind.REMOTE:
            return f"remote:{self.target}/{self.model}" if self.model else f"remote:{self.target}"
        return f"{self.kind.value}:{self.target}"


def parse_model_ref(text: str) -> ModelRef:
    kind, sep, rest = text.strip().partition(":")
    if not sep or not rest or kind not in {k.value for k in ModelKind}:
        raise InvalidInputError.said("models.bad_ref", text=text)
    if kind == ModelKind.REMOTE:
        provider, _, model = rest.partition("/")
        if not provider:
            raise InvalidInputError.said("models.ref_no_provider", text=text)
        return ModelRef(ModelKind.REMOTE, provider, model)
    return ModelRef(ModelKind(kind), rest)
