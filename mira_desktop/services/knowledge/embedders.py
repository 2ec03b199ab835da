"""Which embedder each knowledge base uses, what a user can pick, and how fast each indexes here.

A knowledge base records its choice (``settings_json["embedder"]``; absent: the default, MiniLM).
Changing it does not touch the index at once: the next indexing run sees that the live generation
was built with another embedder and builds a new generation beside it, while searches go on with
the old generation and the embedder it was built with, then switches in one manifest rename.

Indexing speed is measured on this computer, never assumed: :meth:`KnowledgeEmbedders.measure`
embeds a fixed sample of English and Chinese chunks (and times the cold start), and every real
indexing run records the speed it saw, so a user sees chunks per second before picking.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mira_desktop.core import phrases
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.clock import now_iso
from mira_desktop.core.errors import NotFoundError
from mira_desktop.index import embedder_catalog
from mira_desktop.index.embedder_catalog import FOLDER_PREFIX, EmbedderOption, folder_name
from mira_desktop.index.embedding import EmbedderUnavailableError, TextEmbedder
from mira_desktop.index.manifest import DEFAULT_EMBEDDER, IndexSpec
from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository
from mira_desktop.store.settings import SettingsRepository

EMBEDDER_KEY = "embedder"  # in a knowledge base's settings
SPEED_SETTING = "knowledge.embedder_speed"  # {name: {"chunks_per_s", "cold_start_s", "measured_at", "how"}}
_SAMPLE_EN = (
    "Mitochondria generate most of the chemical energy needed to power the cell's biochemical "
    "reactions. Chemical energy produced by the mitochondria is stored in a small molecule called "
    "adenosine triphosphate (ATP). Mitochondria contain their own small chromosomes. Generally, "
    "mitochondria, and therefore mitochondrial DNA, are inherited only from the mother. Sample {n}."
)
_SAMPLE_ZH = (
    "《战国无双3》是由光荣和ω-force开发的战国无双系列的正统第三续作。本作以三大故事为主轴，分别是以"
    "武田信玄等人为主的《关东三国志》，织田信长等人为主的《战国三杰》，石田三成等人为主的《关原的年轻"
    "武者》，丰富游戏内的剧情。此部份专门介绍角色，欲知武器情报、奥义字或擅长攻击类型等，请至战国无双"
    "系列1.由于乡里大辅先生因故去世，不得不寻找其他声优接手。第{n}段。"
)


@dataclass(frozen=True)
class EmbedderSpeed:
    chunks_per_s: float
    cold_start_s: float | None
    measured_at: str
    how: str  # "sample" (measure()) or "indexing" (seen in a real run)


@dataclass(frozen=True)
class EmbedderChoice:
    """An embedder as the Knowledge page or `mira kb embedders` shows it before a user picks."""

    option: EmbedderOption
    speed: EmbedderSpeed | None  # None: not measured on this computer yet
    in_use_by: int  # knowledge bases that use it


class KnowledgeEmbedders:
    def __init__(
        self,
        knowledge_bases: KnowledgeBaseRepository,
        settings: SettingsRepository,
        *,
        changes: ChangeFeed,
        default: TextEmbedder | None = None,
        build: Callable[[str], TextEmbedder] = embedder_catalog.build,
    ) -> None:
        self._kbs = knowledge_bases
        self._settings = settings
        self._changes = changes
        self._build = build
        self._built: dict[str, TextEmbedder] = {}
        if default is not None:
            self._built[default.name] = default
        self._lock = threading.Lock()
        self._listeners: list[Callable[[str], None]] = []

    def on_changed(self, listener: Callable[[str], None]) -> None:
        """``listener(kb_id)`` after a knowledge base switched embedder (the indexer wakes up)."""
        self._listeners.append(listener)

    # -- which embedder --------------------------------------------------------------------------

    def name_for(self, kb_id: str) -> str:
        return str(self._kbs.settings(kb_id).get(EMBEDDER_KEY) or DEFAULT_EMBEDDER)

    def get(self, name: str) -> TextEmbedder:
        """The embedder called ``name``, one per process; raises ``EmbedderUnavailableError``."""
        with self._lock:
            found = self._built.get(name)
            if found is None:
                found = self._build(name)
                self._built[name] = found
            return found

    def use(self, embedder: TextEmbedder) -> None:
        """Use ``embedder`` for its name in this process (a benchmark's cache, a test's stand-in)."""
        with self._lock:
            self._built[embedder.name] = embedder

    def for_kb(self, kb_id: str) -> TextEmbedder:
        """The embedder ``kb_id`` chose; raises ``EmbedderUnavailableError`` naming the knowledge base."""
        name = self.name_for(kb_id)
        try:
            return self.get(name)
        except EmbedderUnavailableError as exc:
            kb = self._kbs.get(kb_id)
            label = phrases.said("kb.the_base", name=kb.name) if kb else phrases.said("kb.this_base")
            raise EmbedderUnavailableError.said(
                "kb.embedder_cannot_run", label=label, name=name, reason=phrases.of(exc), default=DEFAULT_EMBEDDER
            ) from exc

    def for_spec(self, spec: IndexSpec) -> TextEmbedder | None:
        """The embedder a generation was built with, if it runs here and is still the same model."""
        try:
            embedder = self.get(spec.embedder)
        except EmbedderUnavailableError:
            return None
        return embedder if embedder.model_id == spec.embedding_model else None

    def spec_for(self, kb_id: str) -> IndexSpec | None:
        """What ``kb_id``'s index should be built with now (None: its embedder cannot run here)."""
        try:
            embedder = self.for_kb(kb_id)
        except EmbedderUnavailableError:
            return None
        return IndexSpec(
            embedding_model=embedder.model_id, dimension=embedder.dimension, embedder=embedder.name
        )

    def set_for(self, kb_id: str, name: str) -> EmbedderOption:
        """Switch ``kb_id`` to the embedder ``name`` (a folder path is taken as ``folder:PATH``).

        Refuses, with the reason and the fix, an embedder that cannot run here; the index is rebuilt
        by the next indexing run (the app's indexer is woken), the old one answering until then.
        """
        kb = self._kbs.get(kb_id)
        if kb is None:
            raise NotFoundError.said("kb.not_found", kb_id=kb_id)
        chosen = self.check(name)
        name = chosen.name
        settings = self._kbs.settings(kb_id)
        if settings.get(EMBEDDER_KEY, DEFAULT_EMBEDDER) != name:
            self._kbs.set_settings(kb_id, {**settings, EMBEDDER_KEY: name})
            self._changes.publish(Topic.KNOWLEDGE_BASES, kb_id)
            self._changes.publish(Topic.INDEX, kb_id)
            for listener in self._listeners:
                listener(kb_id)
        return chosen

    def check(self, name: str) -> EmbedderOption:
        """The catalog entry for ``name`` if it can run here; raises ``EmbedderUnavailableError`` with
        the reason and the fix otherwise (call it before creating a base that should use it)."""
        chosen = embedder_catalog.option(_normalise(name))
        if chosen.unavailable is not None:
            raise EmbedderUnavailableError.because(chosen.unavailable)
        return chosen

    # -- what a user can pick --------------------------------------------------------------------

    def choices(self) -> list[EmbedderChoice]:
        """Every embedder a user can pick, available or not (with the reason), with its speed here."""
        in_use: dict[str, int] = {}
        for kb in self._kbs.list():
            name = self.name_for(kb.id)
            in_use[name] = in_use.get(name, 0) + 1
        folders = sorted(n for n in in_use if n.startswith(FOLDER_PREFIX))
        speeds = self.speeds()
        return [
            EmbedderChoice(option, speeds.get(option.name), in_use.get(option.name, 0))
            for option in embedder_catalog.options(folders)
        ]

    def speeds(self) -> dict[str, EmbedderSpeed]:
        stored: dict[str, Any] = self._settings.get(SPEED_SETTING, {}) or {}
        speeds = {}
        for name, data in stored.items():
            try:
                speeds[name] = EmbedderSpeed(
                    float(data["chunks_per_s"]),
                    None if data.get("cold_start_s") is None else float(data["cold_start_s"]),
                    str(data["measured_at"]),
                    str(data.get("how", "sample")),
                )
            except (KeyError, TypeError, ValueError):
                continue
        return speeds

    def measure(self, name: str, chunks: int = 32, cancel: CancelToken | None = None) -> EmbedderSpeed:
        """Embed ``chunks`` sample chunks (half English, half Chinese) with ``name`` and keep the speed.

        The cold start (loading the model) is timed apart, the first time in this process only.
        """
        embedder = self.get(_normalise(name))
        started = time.perf_counter()
        embedder.load()
        cold: float | None = time.perf_counter() - started
        known = self.speeds().get(embedder.name)
        if cold is not None and cold < 0.05 and known is not None:
            cold = known.cold_start_s  # it was loaded already: keep the cold start measured earlier
        texts = [(_SAMPLE_EN if i % 2 else _SAMPLE_ZH).format(n=i) for i in range(max(chunks, 2))]
        embedder.encode(texts[:2], cancel)  # warm-up: the first batch pays one-off costs
        started = time.perf_counter()
        embedder.encode(texts, cancel)
        speed = EmbedderSpeed(len(texts) / (time.perf_counter() - started), cold, now_iso(), "sample")
        return self._keep(embedder.name, speed)

    def observed(self, name: str, chunks: int, seconds: float) -> None:
        """A real indexing run embedded ``chunks`` in ``seconds`` (kept when it is a fair sample)."""
        if chunks >= 64 and seconds > 0:
            known = self.speeds().get(name)
            self._keep(
                name,
                EmbedderSpeed(chunks / seconds, known.cold_start_s if known else None, now_iso(), "indexing"),
            )

    def _keep(self, name: str, speed: EmbedderSpeed) -> EmbedderSpeed:
        """Store ``speed`` (rounded) for ``name``; returns it as stored."""
        kept = EmbedderSpeed(
            round(speed.chunks_per_s, 2),
            None if speed.cold_start_s is None else round(speed.cold_start_s, 3),
            speed.measured_at,
            speed.how,
        )
        stored = dict(self._settings.get(SPEED_SETTING, {}) or {})
        stored[name] = {
            "chunks_per_s": kept.chunks_per_s,
            "cold_start_s": kept.cold_start_s,
            "measured_at": kept.measured_at,
            "how": kept.how,
        }
        self._settings.set(SPEED_SETTING, stored)
        self._changes.publish(Topic.KNOWLEDGE_BASES)
        return kept


def _normalise(name: str) -> str:
    """``/path/to/model`` and ``~/model`` are folders; the catalog names stay as they are."""
    if name.startswith(("/", "~", ".")) and not name.startswith(FOLDER_PREFIX):
        return folder_name(name)
    if name.startswith(FOLDER_PREFIX):
        return folder_name(name[len(FOLDER_PREFIX) :])
    return name
