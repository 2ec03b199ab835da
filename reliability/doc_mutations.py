"""Hostile documents for the fuzzing: every corpus file mutated, and a few files made to hurt.

Mutations of each file (seeded, so a run can be repeated): random bit flips, truncation to half,
and for zip packages (docx, xlsx, pptx, epub) one entry corrupted — garbage in its XML, or flipped
bytes in its compressed data that no longer match the CRC. Made files: zip bombs (one huge entry, or
many that add up), a spreadsheet of millions of cells that passes the zip checks, a PDF whose
content stream inflates to a gigabyte, a 10,000-page PDF, deeply nested HTML, XML (in a docx) and
JSON, and a docx with an entity-expansion ("billion laughs") document.
"""

from __future__ import annotations

import random
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ZIP_SUFFIXES = frozenset({".docx", ".xlsx", ".xlsm", ".pptx", ".pptm", ".epub"})
NOT_DOCUMENTS = frozenset({"MANIFEST.md", "manifest.json", "passwords.json"})
MB = 1024 * 1024


@dataclass(frozen=True)
class Case:
    name: str  # "<source file>~<mutation>" or "made~<what>"
    path: Path
    mutation: str


def corpus(docs: Path) -> list[Path]:
    return sorted(p for p in docs.rglob("*") if p.is_file() and p.name not in NOT_DOCUMENTS)


def bit_flips(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(max(1, len(out) // 2000)):
        out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
    return bytes(out)


def _largest_member(archive: zipfile.ZipFile) -> zipfile.ZipInfo:
    xml = [m for m in archive.infolist() if m.filename.endswith((".xml", ".xhtml", ".html"))]
    return max(xml or archive.infolist(), key=lambda m: m.file_size)


def zip_garbage(source: Path, target: Path, rng: random.Random) -> None:
    """The package rewritten with random bytes spliced into its largest XML entry."""
    with zipfile.ZipFile(source) as archive, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        victim = _largest_member(archive).filename
        for member in archive.infolist():
            data = archive.read(member.filename)
            if member.filename == victim and data:
                at = rng.randrange(len(data))
                data = data[:at] + rng.randbytes(64) + data[at + 32 :]
            out.writestr(member, data)


def zip_crc(source: Path, target: Path, rng: random.Random) -> None:
    """Bytes flipped inside the compressed data of the largest entry: the CRC no longer matches."""
    data = bytearray(source.read_bytes())
    with zipfile.ZipFile(source) as archive:
        member = _largest_member(archive)
    start = member.header_offset + 30 + len(member.filename.encode()) + len(member.extra)
    for _ in range(8):
        data[start + rng.randrange(max(member.compress_size, 1))] ^= 0xFF
    target.write_bytes(bytes(data))


def mutations(docs: Path, out: Path, seed: int) -> Iterator[Case]:
    rng = random.Random(seed)
    for index, source in enumerate(corpus(docs)):
        stem = f"{index:03d}-{source.stem}"
        data = source.read_bytes()
        flipped = out / f"{stem}.flip{source.suffix}"
        flipped.write_bytes(bit_flips(data, rng))
        yield Case(f"{source.name}~bit flips", flipped, "bit flips")
        truncated = out / f"{stem}.half{source.suffix}"
        truncated.write_bytes(data[: len(data) // 2])
        yield Case(f"{source.name}~truncated", truncated, "truncated")
        if source.suffix.lower() in ZIP_SUFFIXES and zipfile.is_zipfile(source):
            corrupt, how = (zip_garbage, "zip entry garbage") if index % 2 else (zip_crc, "zip entry crc")
            target = out / f"{stem}.zip{source.suffix}"
            corrupt(source, target, rng)
            yield Case(f"{source.name}~{how}", target, how)


def _docx_with(
    template: Path, target: Path, document_xml: bytes, extra: dict[str, bytes] | None = None
) -> None:
    with zipfile.ZipFile(template) as archive, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for member in archive.infolist():
            if member.filename != "word/document.xml":
                out.writestr(member, archive.read(member.filename))
        out.writestr("word/document.xml", document_xml)
        for name, data in (extra or {}).items():
            out.writestr(name, data)


W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def _bomb_pdf(target: Path, inflated: int) -> None:
    """One page whose content stream inflates to ``inflated`` bytes (spaces, then a line of text)."""
    packer = zlib.compressobj(9)
    stream = b"".join(packer.compress(b" " * MB) for _ in range(inflated // MB))
    stream += packer.compress(b"BT /F1 12 Tf 72 720 Td (bomb) Tj ET") + packer.flush()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    body, offsets = b"%PDF-1.7\n", []
    for number, obj in enumerate(objects, start=1):
        offsets.append(len(body))
        body += b"%d 0 obj\n" % number + obj + b"\nendobj\n"
    xref = b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    xref += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    trailer = b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, len(body))
    target.write_bytes(body + xref + trailer)


def _pages_pdf(target: Path, pages: int) -> None:
    import importlib

    pymupdf: Any = importlib.import_module("pymupdf")  # partly annotated

    document = pymupdf.open()
    for n in range(pages):
        document.new_page().insert_text((72, 72), f"Page {n + 1} of a very long document.")
    document.save(target, garbage=0, deflate=True)
    document.close()


def _cells_xlsx(template: Path, target: Path, rows: int, columns: int) -> None:
    sheet = [b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>']
    for r in range(1, rows + 1):
        cells = b"".join(b'<c r="%s%d"><v>%d</v></c>' % (bytes([65 + c]), r, r * c) for c in range(columns))
        sheet.append(b'<row r="%d">%s</row>' % (r, cells))
    sheet.append(b"</sheetData></worksheet>")
    with zipfile.ZipFile(template) as archive, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for member in archive.infolist():
            data = archive.read(member.filename)
            out.writestr(member, b"".join(sheet) if member.filename == "xl/worksheets/sheet1.xml" else data)


def made(docs: Path, out: Path) -> Iterator[Case]:
    """Files made to exhaust memory, time or the stack."""
    docx = docs / "docx" / "unstructured__eng_spa_mult.docx"
    one = out / "bomb-one-entry.docx"
    with (
        zipfile.ZipFile(one, "w", zipfile.ZIP_DEFLATED) as archive,
        archive.open("word/document.xml", "w", force_zip64=True) as entry,
    ):
        entry.write(b"<w:document " + W.encode() + b"><w:body><w:p><w:r><w:t>")
        for _ in range(1024):
            entry.write(b"a" * MB)
        entry.write(b"</w:t></w:r></w:p></w:body></w:document>")
    yield Case("made~zip bomb (one 1 GB entry)", one, "zip bomb")
    many = out / "bomb-many-entries.docx"
    _docx_with(
        docx,
        many,
        b"<w:document " + W.encode() + b"><w:body/></w:document>",
        {f"word/media/pad{n}.xml": b"b" * (9 * MB) for n in range(70)},
    )
    yield Case("made~zip bomb (70 entries of 9 MB)", many, "zip bomb")
    cells = out / "three-million-cells.xlsx"
    _cells_xlsx(docs / "xlsx" / "calamine__date.xlsx", cells, 300_000, 10)
    yield Case("made~spreadsheet of 3,000,000 cells", cells, "size bomb")
    bomb = out / "inflating-stream.pdf"
    _bomb_pdf(bomb, 1024 * MB)
    yield Case("made~PDF stream inflating to 1 GB", bomb, "decompression bomb")
    pages = out / "ten-thousand-pages.pdf"
    _pages_pdf(pages, 10_000)
    yield Case("made~PDF of 10,000 pages", pages, "size bomb")
    html = out / "nested.html"
    html.write_text("<html><body>" + "<div>" * 200_000 + "deep text" + "</div>" * 200_000 + "</body></html>")
    yield Case("made~HTML nested 200,000 deep", html, "deep nesting")
    nested = out / "nested.docx"
    _docx_with(
        docx,
        nested,
        b"<w:document "
        + W.encode()
        + b"><w:body>"
        + b"<w:sdt><w:sdtContent>" * 50_000
        + b"<w:p><w:r><w:t>deep</w:t></w:r></w:p>"
        + b"</w:sdtContent></w:sdt>" * 50_000
        + b"</w:body></w:document>",
    )
    yield Case("made~docx XML nested 100,000 deep", nested, "deep nesting")
    laughs = out / "billion-laughs.docx"
    entities = '<!ENTITY l0 "lol">' + "".join(f'<!ENTITY l{n} "{f"&l{n - 1};" * 10}">' for n in range(1, 10))
    _docx_with(
        docx,
        laughs,
        f'<?xml version="1.0"?><!DOCTYPE w:document [{entities}]><w:document {W}><w:body><w:p><w:r><w:t>&l9;</w:t></w:r></w:p></w:body></w:document>'.encode(),
    )
    yield Case("made~docx with entity expansion (billion laughs)", laughs, "entity expansion")
    deep_json = out / "nested.json"
    deep_json.write_text("[" * 100_000 + "1" + "]" * 100_000)
    yield Case("made~JSON nested 100,000 deep", deep_json, "deep nesting")
