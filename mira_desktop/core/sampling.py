"""Sampling parameters: what a role's profile, a thread or a request may set."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any


@dataclass(frozen=True)
class SamplingParams:
    """None means "the model's default"; ``merged`` lets a later layer override an earlier one."""

    temperature: float | None = None
    top_p: float | None = None
    top_k: int | None = None
    max_tokens: int | None = None
    frequency_penalty: float | None = None
    presence_penalty: float | None = None
    seed: int | None = None
    stop: tuple[str, ...] = field(default_factory=tuple)

    def merged(self, override: SamplingParams) -> SamplingParams:
        changes = {k: v for k, v in asdict(override).items() if v not in (None, ())}
        if "stop" in changes:
            changes["stop"] = tuple(changes["stop"])
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        data = {k: v for k, v in asdict(self).items() if v is not None}
        data["stop"] = list(self.stop)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SamplingParams:
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data and data[k] is not None}
        if "stop" in known:
            known["stop"] = tuple(known["stop"])
        return cls(**known)
