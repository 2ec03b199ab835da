"""XLSX through openpyxl: each sheet's rows as table text, located by sheet and row number."""

from __future__ import annotations

import datetime
import warnings
from pathlib import Path
from typing import Any

from mira_desktop.core.phrases import Phrase, said
from mira_desktop.ingest.limits import ReaderLimits, check_chars, check_zip_container
from mira_desktop.ingest.types import Block, Location, ParsedDocument, ReadError, ReadErrorKind

# Sheets often declare a million formatted but empty rows; stop after this many empty ones in a row.
MAX_EMPTY_RUN = 10_000


def read_xlsx(path: Path, limits: ReaderLimits) -> ParsedDocument:
    import openpyxl

    check_zip_container(path, limits, "Excel (.xlsx)")
    with warnings.catch_warnings():
        # openpyxl warns about styles and extensions it does not model; the cell values are intact.
        warnings.simplefilter("ignore", UserWarning)
        try:
            workbook = openpyxl.load_workbook(str(path), read_only=True, data_only=True)
        except Exception as exc:
            raise ReadError.said(ReadErrorKind.CORRUPT, "read.bad_xlsx", name=path.name, error=exc) from exc
        try:
            blocks, notes = _read_sheets(workbook, path, limits)
        finally:
            workbook.close()
    if not blocks:
        raise ReadError.said(ReadErrorKind.EMPTY, "read.no_cells", name=path.name)
    return ParsedDocument(blocks, "xlsx", notes=notes)


def _read_sheets(workbook: Any, path: Path, limits: ReaderLimits) -> tuple[list[Block], list[Phrase | str]]:
    blocks: list[Block] = []
    notes: list[Phrase | str] = []
    cells = 0
    chars = 0
    for sheet in workbook.worksheets:
        name = str(sheet.title)
        empty_run = 0
        header = ""
        try:
            # Sheets may declare 16,384 columns: size rows by the cells actually present instead.
            sheet.reset_dimensions()
            for number, row in enumerate(sheet.iter_rows(values_only=True), start=1):
                values = [_cell_text(v) for v in row]
                cells += sum(1 for v in values if v)
                if cells > limits.max_cells:
                    raise ReadError.said(
                        ReadErrorKind.TOO_LARGE,
                        "read.too_many_cells",
                        name=path.name,
                        most=f"{limits.max_cells:,}",
                    )
                while values and not values[-1]:
                    values.pop()
                if not any(values):
                    empty_run += 1
                    if empty_run >= MAX_EMPTY_RUN:
                        notes.append(
                            said("read.note.empty_rows", sheet=name, rows=f"{MAX_EMPTY_RUN:,}", row=f"{number:,}")
                        )
                        break
                    continue
                empty_run = 0
                text = " | ".join(values)
                chars += len(text)
                check_chars(path.name, chars, limits)
                # The first row with values usually names the columns: it heads the rows below it.
                heading = (name, header) if header else (name,)
                header = header or text
                blocks.append(
                    Block(text, Location(sheet=name, row_start=number, heading=heading), f"sheet {name}")
                )
        except ReadError:
            raise
        except Exception as exc:
            raise ReadError.said(
                ReadErrorKind.CORRUPT, "read.bad_sheet", name=path.name, sheet=name, error=exc
            ) from exc
    return blocks, notes


def _cell_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime.datetime) and value.time() == datetime.time(0):
        return value.date().isoformat()
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return " ".join(str(value).split())
