"""Get models: search the Hub, list a repository's models with a fit estimate, start a download.

A repository's files are grouped into models (one file, or the parts of a split model); the GGUF
header of one of them is read with a Range request of its first bytes — never a full download —
and every model gets the memory it needs at Mira's context against this machine's available memory,
with the quantization recommended for this machine marked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from mira_desktop.core.errors import MiraError
from mira_desktop.core.phrases import Phrase, said
from mira_desktop.models.adapters.local.fit import FitEstimate, Verdict, available_memory
from mira_desktop.models.adapters.local.gguf_metadata import GgufHeader
from mira_desktop.models.adapters.local.settings import LocalSettings
from mira_desktop.models.adapters.local.window import choose_window
from mira_desktop.services.hub.catalogue import Recommended, load_catalogue
from mira_desktop.services.hub.client import HubClient
from mira_desktop.services.hub.downloads import Chosen, DownloadService, choose
from mira_desktop.services.hub.endpoint import HubEndpoint, HubSettings
from mira_desktop.services.hub.listing import HubModel, model_groups, projector_for
from mira_desktop.store.downloads import Download


@dataclass(frozen=True)
class ModelFile:
    """One model of a repository: a single GGUF file or the parts of a split one."""

    path: str  # the first part
    name: str  # a split model's name is without the part suffix
    files: tuple[str, ...]  # the file names: one, or every part in order
    quantization: str
    size: int
    parts: int
    fit: FitEstimate | None
    recommended: bool = False
    projector: str | None = None  # the vision projector that goes with it (downloaded with it by default)
    projector_size: int = 0

    @property
    def verdict(self) -> str:
        return self.fit.verdict.value if self.fit is not None else "unknown"


@dataclass(frozen=True)
class RepoModels:
    repo: str
    revision: str
    models: list[ModelFile]
    architecture: str = ""
    context_length: int | None = None
    chat_template: str | None = None
    header_problem: Phrase | None = None
    other_files: list[str] = field(default_factory=list)  # projectors: they go beside a model


class HubService:
    def __init__(
        self,
        settings: HubSettings,
        downloads: DownloadService,
        local_settings: Callable[[], LocalSettings],
        memory: Callable[[], int] = available_memory,
    ) -> None:
        self.settings = settings
        self.downloads = downloads
        self._local = local_settings
        self._memory = memory

    def endpoint(self) -> HubEndpoint:
        return self.settings.current()

    def client(self) -> HubClient:
        return self.client_for(self.settings)

    @staticmethod
    def client_for(settings: HubSettings) -> HubClient:
        """A client of the endpoint and token in effect now (a changed setting applies at once)."""
        return HubClient(settings.current())

    def recommended(self) -> list[Recommended]:
        return load_catalogue()

    def search(self, query: str, limit: int = 30) -> list[HubModel]:
        with self.client() as client:
            return client.search(query, limit)

    def models(self, repo: str, revision: str = "main") -> RepoModels:
        """The repository's models with size, quantization and fit; one Range-read header."""
        with self.client() as client:
            files = client.files(repo, revision)
            groups = model_groups(files)
            header: GgufHeader | None = None
            problem: Phrase | None = None
            if groups:
                probe = min(groups, key=lambda g: sum(f.size for f in g))[0]
                try:
                    header = client.header(probe)
                except MiraError as exc:  # shown beside the list: the sizes stand without a fit
                    problem = exc.phrase or said("download.error", error=str(exc))
        settings = self._local()
        available = self._memory()
        models = []
        for group in groups:
            size = sum(f.size for f in group)
            head = group[0]
            projector = projector_for(files, head)
            fit = (  # at the window it would load with here (what it was trained for, or what memory holds)
                choose_window(
                    header,
                    size + (projector.size if projector else 0),  # a projector loads beside the model
                    batch=settings.batch_size,
                    available=available,
                ).fit
                if header is not None
                else None
            )
            models.append(
                ModelFile(
                    head.path,
                    head.model_name,
                    tuple(f.name for f in group),
                    head.quantization,
                    size,
                    len(group),
                    fit,
                    projector=projector.name if projector else None,
                    projector_size=projector.size if projector else 0,
                )
            )
        best = _recommended(models)
        models = [replace(m, recommended=m.path == best) for m in models]
        return RepoModels(
            repo,
            revision,
            models,
            architecture=header.architecture if header else "",
            context_length=header.context_length if header else None,
            chat_template=header.chat_template if header else None,
            header_problem=problem,
            other_files=[f.name for f in files if f.projector],
        )

    def choose(
        self,
        repo: str,
        file: str | None = None,
        quant: str | None = None,
        revision: str = "main",
        *,
        text_only: bool = False,
    ) -> Chosen:
        with self.client() as client:
            return choose(client.files(repo, revision), repo, file, quant, text_only=text_only)

    def download(
        self,
        repo: str,
        file: str | None = None,
        quant: str | None = None,
        revision: str = "main",
        *,
        text_only: bool = False,
    ) -> Download:
        """The durable job for that file (created queued, or the one already there); not started.
        The repository's vision projector for it comes along unless ``text_only``."""
        return self.downloads.prepare(self.choose(repo, file, quant, revision, text_only=text_only))


def _recommended(models: list[ModelFile]) -> str | None:
    useful = [m for m in models if m.fit is not None and (m.quantization not in ("F16", "BF16", "F32"))]
    fitting = [m for m in useful if m.fit is not None and m.fit.verdict is Verdict.FITS]
    if fitting:
        return max(fitting, key=lambda m: m.size).path
    tight = [m for m in useful if m.fit is not None and m.fit.verdict is Verdict.TIGHT]
    return min(tight, key=lambda m: m.size).path if tight else None
