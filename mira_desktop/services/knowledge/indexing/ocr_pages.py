"""OCR in an index job: the knowledge base's languages, the caps on time and pages, and the file
beside the stored copy that keeps each page once read (so a resumed job OCRs only the rest)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.ingest.ocr import DEFAULT_LANGUAGES, OcrOptions, PageCallback, Tesseract
from mira_desktop.ingest.ocr_store import FilePageStore, store_path

OCR_LANGUAGES_KEY = "ocr_languages"  # in a knowledge base's settings: Tesseract codes, in order
_CODE = re.compile(r"^[a-z]{3}(_[a-z]+)?$")


@dataclass(frozen=True)
class OcrSettings:
    page_timeout_s: float = 90.0  # a page that takes longer is skipped, with the reason noted
    max_pages: int = 300  # pages OCR'd per document; the rest are left out, with the reason noted
    dpi: int = 300  # measured in benchmarks/ocr.py: 200 lost accuracy on small print
    program: str = "tesseract"


def languages_of(kb_settings: dict[str, Any]) -> tuple[str, ...]:
    """The base's OCR languages (English and simplified Chinese unless set)."""
    found = kb_settings.get(OCR_LANGUAGES_KEY)
    if isinstance(found, list) and found and all(isinstance(x, str) for x in found):
        return tuple(found)
    return DEFAULT_LANGUAGES


def parse_languages(text: str) -> tuple[str, ...]:
    """``eng+chi_sim`` (or ``eng,chi_sim``) as Tesseract codes; a clear error for anything else."""
    codes = tuple(c.strip() for c in re.split(r"[+,\s]+", text) if c.strip())
    bad = [c for c in codes if not _CODE.match(c)]
    if not codes or bad:
        raise InvalidInputError.said("kb.bad_ocr_languages", codes=", ".join(bad) or repr(text))
    return codes


def job_ocr(
    settings: OcrSettings,
    kb_settings: dict[str, Any],
    folder: Path | None,
    on_page: PageCallback | None,
    cancel: CancelToken,
) -> OcrOptions:
    languages = languages_of(kb_settings)
    store = FilePageStore(store_path(folder, languages, settings.dpi)) if folder is not None else None
    return OcrOptions(
        engine=Tesseract(languages, settings.program, settings.page_timeout_s),
        max_pages=settings.max_pages,
        dpi=settings.dpi,
        store=store,
        on_page=on_page,
        cancel=cancel,
    )
