"""A cited passage found on its page for the viewer, and printed by `mira kb show-source`: on a real
scan read by OCR (marked from the words OCR read), on a text PDF (from its text layer), and in a
Markdown file (its cited lines)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.ingest.ocr_store import latest_pages
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from mira_desktop.services.knowledge.passage_marks import Word, ocr_words, pdf_words
from tests.conftest import SHARED_DATA, needs_shared_corpus
from tests.support.cli import Mira
from tests.support.documents import make_pdf
from tests.support.fixtures import Script
from tests.support.scans import scan_of

DOCS = SHARED_DATA / "docs"
pytestmark = [*needs_shared_corpus(DOCS), pytest.mark.slow]


def _answer(services: AppServices, kb_id: str, question: str, script: Script) -> str:
    ref = script({"text": "From the source [1]."})
    handle = services.chat.send(None, question, SendOptions(model_ref=ref, knowledge_base_id=kb_id))
    assert handle.wait(120) is RunStatus.COMPLETED
    return services.threads.show(handle.thread_id).messages[-1].id


def _inside(box: tuple[float, ...], marks: list[tuple[float, ...]], slack: float = 1.0) -> bool:
    x0, y0, x1, y1 = box
    return any(
        m[0] - slack <= x0 and m[1] - slack <= y0 and x1 <= m[2] + slack and y1 <= m[3] + slack for m in marks
    )


def _words_of(words: list[Word], phrase: str) -> list[Word]:
    """The run of ``words`` that spells ``phrase`` (word by word, punctuation aside)."""
    wanted = phrase.lower().split()
    texts = [w.text.lower().strip(".,;:") for w in words]
    for start in range(len(words) - len(wanted) + 1):
        if texts[start : start + len(wanted)] == wanted:
            return words[start : start + len(wanted)]
    raise AssertionError(f"{phrase!r} is not on the page")


def test_a_passage_on_a_scanned_page_is_marked_where_ocr_read_it(
    services: AppServices, tmp_path: Path, script: Script, mira: Mira
) -> None:
    scan = scan_of(DOCS / "pdf/scanned/pypdf__Seige_of_Vicksburg_Sample_OCR.pdf", [3, 4], tmp_path / "siege.pdf")
    kb = services.knowledge_bases.create("Siege")
    services.knowledge.queue.add(kb.id, [str(scan)])
    services.knowledge.queue.run(kb.id)
    answer = _answer(services, kb.id, "Were there church bells on Sunday June 14th?", script)

    passage = services.sources.passage(answer, 1)
    assert (passage.source.document, passage.source.page, passage.source.label) == ("siege.pdf", 2, "p. 2, OCR")
    assert passage.ocr
    assert passage.kind == "pdf"
    assert "No bells to ring us" in passage.quote
    view = services.sources.page_view(passage, zoom=2.0)
    assert (view.page, view.pages) == (2, 2)
    assert view.png.startswith(b"\x89PNG")
    page = latest_pages(passage.source.path.parent)[2]
    for word in _words_of(ocr_words(page), "No bells to ring us"):
        assert _inside(tuple(v * 2.0 for v in word.box), view.marks), word
    assert services.sources.page_view(passage, page=1).marks == []  # only the cited page is marked

    shown = mira("kb", "show-source", answer, "1")
    assert shown.code == 0, shown.err
    lines = shown.out.splitlines()
    assert lines[0] == "[1] siege.pdf — p. 2, OCR"
    assert lines[1].startswith("stored copy: ")
    assert lines[1].endswith("siege.pdf")
    assert "No bells to ring us" in shown.out
    data = mira("--json", "kb", "show-source", answer, "1").json()
    assert (data["page"], data["ocr"], data["location"]) == (2, True, {"page": 2, "ocr": True})


def test_a_passage_in_a_text_pdf_and_in_markdown_is_marked(
    services: AppServices, tmp_path: Path, script: Script, mira: Mira
) -> None:
    pdf = make_pdf(
        tmp_path / "manual.pdf",
        [
            "Chapter one. The station has four docking ports and a greenhouse module. "
            + " ".join(f"Greenhouse note {i}: the tomatoes need water every morning." for i in range(20)),
            "Chapter two. The emergency launch code for the escape capsule is 7741. Keep it secret. "
            + " ".join(f"Capsule note {i}: check the hatch seals weekly." for i in range(20)),
        ],
    )
    notes = tmp_path / "crew.md"
    notes.write_text(
        "# Crew\n\n" + "\n".join(f"Filler line {i} about the mess hall menu." for i in range(30))
        + "\n\n## Command\n\nThe commander of the station is Aiko Tanaka.\nShe joined in 2031.\n",
        encoding="utf-8",
    )  # fmt: skip
    kb = services.knowledge_bases.create("Station")
    services.knowledge.queue.add(kb.id, [str(pdf), str(notes)])
    services.knowledge.queue.run(kb.id)

    code = services.sources.passage(_answer(services, kb.id, "What is the emergency launch code?", script), 1)
    assert (code.source.document, code.ocr) == ("manual.pdf", False)
    assert code.source.page <= 2 <= code.location.get("page_end", code.source.page)
    view = services.sources.page_view(code, page=2, zoom=1.0)  # the passage runs over to page 2
    assert (view.page, view.cited_to) == (2, 2)
    import pymupdf

    with pymupdf.open(code.source.path) as document:
        words = _words_of(pdf_words(document, 2), "emergency launch code for the escape capsule is 7741")
    assert all(_inside(w.box, view.marks) for w in words)

    commander = _answer(services, kb.id, "Who is the commander of the station?", script)
    crew = services.sources.passage(commander, 1)
    assert crew.kind == "text"
    shown = services.sources.text_view(crew)
    marked = [shown.lines[i] for i in shown.marked]
    assert "The commander of the station is Aiko Tanaka." in marked
    assert all(not line.startswith("Filler line 1 ") for line in marked)
    printed = mira("kb", "show-source", commander, "1")
    assert printed.code == 0
    assert printed.out.splitlines()[0].startswith("[1] crew.md — lines ")

    missing = mira("kb", "show-source", commander, "9")
    assert missing.code == 3
    assert missing.err.startswith("mira: error: The answer has no source [9]: it has ")
    assert len(missing.err.strip().splitlines()) == 1


def test_a_passage_on_a_photo_of_a_page_is_marked_on_the_picture(
    services: AppServices, tmp_path: Path, script: Script
) -> None:
    kb = services.knowledge_bases.create("Photos")
    services.knowledge.queue.add(kb.id, [str(DOCS / "other/unstructured__chi_sim_image.jpeg")])
    services.knowledge.queue.run(kb.id)
    passage = services.sources.passage(_answer(services, kb.id, "甘草黄酮有什么作用？", script), 1)
    assert (passage.kind, passage.source.page, passage.source.label) == ("image", 1, "p. 1, OCR")
    view = services.sources.page_view(passage, zoom=1.0)
    assert view.pages == 1
    assert view.marks
    assert all(0 <= x0 < x1 <= view.width + 2 and 0 <= y0 < y1 <= view.height + 2 for x0, y0, x1, y1 in view.marks)
