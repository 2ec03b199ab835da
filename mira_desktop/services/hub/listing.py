"""What the Hub lists: repositories found by a search, and a repository's GGUF files.

A file's quantization is read from its name (``…-Q4_K_M.gguf``), the way every GGUF repository
names them; a split model (``…-00001-of-00003.gguf``) and a vision projector (``mmproj-…``) are
recognised so they are not offered as a chat model of their own. Sizes and checksums are the
listing's (the LFS sha256), never a guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_QUANT = re.compile(
    r"(?<![A-Za-z0-9])(I?Q[1-8](?:_[0-9])?(?:_K)?(?:_(?:XXS|XS|S|M|L|XL|NL))?|BF16|F16|FP16|F32)(?![A-Za-z0-9])",
    re.IGNORECASE,
)
_SPLIT = re.compile(r"-(\d{5})-of-(\d{5})\.gguf$", re.IGNORECASE)


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
    def quantization(self) -> str:
        found = _QUANT.findall(self.name.removesuffix(".gguf"))
        return found[-1].upper().replace("FP16", "F16") if found else ""

    @property
    def split(self) -> tuple[int, int] | None:
        """(part, parts) of a model split into several files, else None."""
        found = _SPLIT.search(self.name)
        return (int(found.group(1)), int(found.group(2))) if found else None

    @property
    def projector(self) -> bool:
        """A vision projector (``mmproj``): it goes beside a model, it is not one."""
        return "mmproj" in self.name.lower()

    @property
    def chat_model(self) -> bool:
        return not self.projector and self.split is None

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
