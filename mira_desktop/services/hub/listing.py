"""What the Hub lists: repositories found by a search, and a repository's GGUF files.

A file's quantization is read from its name (``…-Q4_K_M.gguf``), the way every GGUF repository
names them; a split model (``…-00001-of-00003.gguf``) and a vision projector (``mmproj-…``) are
recognised so they are not offered as a chat model of their own. Sizes and checksums are the
listing's (the LFS sha256), never a guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mira_desktop.core.gguf_names import SplitName, model_name, split_name

_QUANT = re.compile(
    r"(?<![A-Za-z0-9])(I?Q[1-8](?:_[0-9])?(?:_K)?(?:_(?:XXS|XS|S|M|L|XL|NL))?|BF16|F16|FP16|F32)(?![A-Za-z0-9])",
    re.IGNORECASE,
)

__all__ = [
    "HubFile",
    "HubModel",
    "SplitName",
    "hub_files",
    "hub_model",
    "is_projector",
    "model_groups",
    "model_name",
    "parts_of",
    "projector_for",
    "split_name",
]


def is_projector(path: str) -> bool:
    """Whether a file is a vision projector (llama.cpp's ``mmproj`` naming, as every repository uses)."""
    return "mmproj" in path.rsplit("/", 1)[-1].lower()


@dataclass(frozen=True)
class HubModel:
    """A repository a search found."""

    id: str
    downloads: int
    likes: int
    gated: bool
    updated: str


@dataclass(frozen=True)
class HubFile:
    """One GGUF file of a repository, as the listing describes it."""

    repo: str
    revision: str
    path: str
    size: int
    sha256: str | None  # the LFS object id; None when the listing announces none

    @property
    def name(self) -> str:
        return self.path.rsplit("/", 1)[-1]

    @property
    def model_name(self) -> str:
        return model_name(self.path)

    @property
    def quantization(self) -> str:
        split = self.split
        name = split.stem.rsplit("/", 1)[-1] if split else self.name.removesuffix(".gguf")
        found = _QUANT.findall(name)
        return found[-1].upper().replace("FP16", "F16") if found else ""

    @property
    def split(self) -> SplitName | None:
        """Which part of a model split into several files this is, else None."""
        return split_name(self.path)

    @property
    def projector(self) -> bool:
        """A vision projector (``mmproj``): it goes beside a model, it is not one."""
        return is_projector(self.path)

    @property
    def chat_model(self) -> bool:
        """A whole model in one file (a split model's parts are grouped by :func:`model_groups`)."""
        return not self.projector and self.split is None


def model_groups(files: list[HubFile]) -> list[tuple[HubFile, ...]]:
    """The repository's models: each single file, and each split model whose parts are all listed
    (in part order). A projector is none; a split with a part missing from the listing is left out."""
    singles = [(f,) for f in files if f.chat_model]
    sets: dict[str, list[HubFile]] = {}
    for f in files:
        split = f.split
        if split is not None and not f.projector:
            sets.setdefault(split.stem.casefold(), []).append(f)
    complete = []
    for group in sets.values():
        ordered = sorted(group, key=lambda f: f.split.part if f.split else 0)
        wanted = ordered[0].split.parts if ordered[0].split else 0
        if [f.split.part if f.split else 0 for f in ordered] == list(range(1, wanted + 1)):
            complete.append(tuple(ordered))
    return sorted(singles + complete, key=lambda g: (sum(f.size for f in g), g[0].path))


def parts_of(files: list[HubFile], first: HubFile) -> tuple[HubFile, ...] | None:
    """Every part of the split model ``first`` belongs to, in order; None if the listing lacks one."""
    split = first.split
    if split is None:
        return (first,)
    stem = split.stem.casefold()
    return next((g for g in model_groups(files) if (g[0].split and g[0].split.stem.casefold()) == stem), None)


# The projector precision taken when a repository offers several: F16 loads on every llama.cpp build and
# is what the converters write by default; BF16 and F32 are the same weights, larger or slower on CPUs.
_PROJECTOR_PRECISION = ("F16", "BF16", "Q8_0", "F32")


def projector_for(files: list[HubFile], model: HubFile) -> HubFile | None:
    """The vision projector that goes with ``model``, or None when the repository has none.

    Of the repository's ``mmproj`` files: one in the model's folder before one elsewhere, one named
    after the model (``mmproj-gemma-4-12b-….gguf`` beside ``gemma-4-12b-….gguf``) before a generic
    one (``mmproj-F16.gguf``), then by precision (F16 first), then the smallest.
    """
    projectors = [f for f in files if f.projector and f.split is None]
    if not projectors or model.projector:
        return None
    folder = model.path.rpartition("/")[0]
    base = _bare(model.name)

    def rank(candidate: HubFile) -> tuple[int, int, int, int]:
        shared = len(_common_prefix(base, _bare(candidate.name)))
        quant = candidate.quantization
        precision = (
            _PROJECTOR_PRECISION.index(quant) if quant in _PROJECTOR_PRECISION else len(_PROJECTOR_PRECISION)
        )
        return (candidate.path.rpartition("/")[0] != folder, -shared, precision, candidate.size)

    return min(projectors, key=rank)


def _bare(name: str) -> str:
    """A file name without its extension, quantization and ``mmproj`` marker, for comparing names."""
    stem = name.lower().removesuffix(".gguf")
    stem = _QUANT.sub("", stem).replace("mmproj", "")
    return re.sub(r"[-_.]+", "-", stem).strip("-")


def _common_prefix(a: str, b: str) -> str:
    size = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        size += 1
    return a[:size]


def hub_model(item: dict[str, object]) -> HubModel:
    gated = item.get("gated")
    return HubModel(
        id=str(item.get("id") or item.get("modelId") or ""),
        downloads=_int(item.get("downloads")),
        likes=_int(item.get("likes")),
        gated=bool(gated) and gated != "false",
        updated=str(item.get("lastModified") or ""),
    )


def hub_files(repo: str, revision: str, entries: list[dict[str, object]]) -> list[HubFile]:
    """The ``.gguf`` files of a tree listing, in the order of their names."""
    files = []
    for entry in entries:
        path = str(entry.get("path") or "")
        if entry.get("type") != "file" or not path.lower().endswith(".gguf"):
            continue
        lfs = entry.get("lfs")
        sha = str(lfs.get("oid") or "") if isinstance(lfs, dict) else ""
        size = lfs.get("size") if isinstance(lfs, dict) and lfs.get("size") else entry.get("size")
        files.append(HubFile(repo, revision, path, _int(size), sha.lower() if len(sha) == 64 else None))
    return sorted(files, key=lambda f: f.path.casefold())


def _int(value: object) -> int:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0
