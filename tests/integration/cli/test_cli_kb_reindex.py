"""`mira kb reindex`: words a PDF wrote with ligatures are found once the text is normalised, and an
encrypted PDF is indexed with its password, which is kept nowhere."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from tests.conftest import SHARED_DATA
from tests.integration.cli.conftest import Mira

LIGATURES = SHARED_DATA / "docs/pdf/normal/pymupdf__2201.00069.pdf"  # "oﬀset" (U+FB00), "ﬂux" (U+FB02)
LOCKED = SHARED_DATA / "docs/pdf/encrypted/pdfminer__aes-256-r6.pdf"  # "Hello World" behind "usersecret"
PASSWORD = "usersecret"


def _bm25(mira: Mira, kb: str, query: str) -> list[dict[str, object]]:
    found = mira("--json", "kb", "search", kb, query, "--mode", "bm25", "--k", "3")
    assert found.code == 0, found.err
    return list(found.json()["hits"])


def test_words_written_with_ligatures_are_found_by_keyword_and_quoted_plainly(
    mira: Mira, tmp_path: Path
) -> None:
    paper = tmp_path / "paper.pdf"
    shutil.copy(LIGATURES, paper)
    assert mira("kb", "create", "Papers").code == 0
    assert mira("kb", "add", "Papers", str(paper)).code == 0
    hits = _bm25(mira, "Papers", "offset")
    assert hits
    assert "offset" in str(hits[0]["text"]).lower()
    assert "\ufb00" not in str(hits[0]["text"])  # shown as it is searched
    assert _bm25(mira, "Papers", "flux")
    assert _bm25(mira, "Papers", "oﬀset")  # a query written with the ligature finds it too


def test_a_base_indexed_before_normalisation_finds_the_words_after_reindex(
    mira: Mira, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paper = tmp_path / "paper.pdf"
    shutil.copy(LIGATURES, paper)
    assert mira("kb", "create", "Papers").code == 0
    with monkeypatch.context() as older_mira:  # what a base indexed by an earlier Mira holds
        older_mira.setattr("mira_desktop.ingest.registry.normal_form", lambda text: text)
        assert mira("kb", "add", "Papers", str(paper)).code == 0
    assert _bm25(mira, "Papers", "offset") == []  # stored as "oﬀset": the keyword misses it

    again = mira("kb", "reindex", "Papers")
    assert again.code == 0, again.err
    assert again.out.splitlines()[0] == "Queued 1 document(s) of Papers to index again"
    assert "Indexed 1 of 1 document(s)." in again.out
    hits = _bm25(mira, "Papers", "offset")
    assert hits
    assert "offset" in str(hits[0]["text"]).lower()
    docs = mira("--json", "kb", "docs", "Papers").json()
    assert [(d["version"], d["status"]) for d in docs] == [(2, "published")]


def test_an_encrypted_pdf_is_indexed_with_its_password_which_is_stored_nowhere(
    mira: Mira, data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    locked = tmp_path / "locked.pdf"
    shutil.copy(LOCKED, locked)
    assert mira("kb", "create", "Vault").code == 0
    added = mira("--json", "kb", "add", "Vault", str(locked))
    assert added.code == 2
    assert "encrypted" in added.json()["failed"][0]["error"]

    monkeypatch.setattr("sys.stdin", io.StringIO("not it\n"))
    wrong = mira("kb", "reindex", "Vault", "locked.pdf", "--password-stdin")
    assert wrong.code == 2
    assert "The password did not open locked.pdf" in wrong.out

    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD + "\n"))
    right = mira("--json", "kb", "reindex", "Vault", "locked.pdf", "--password-stdin")
    assert right.code == 0, right.err
    assert right.json()["published"] == 1
    assert "Hello World" in str(_bm25(mira, "Vault", "hello world")[0]["text"])
    for path in data_dir.rglob("*"):  # the database and its WAL, the logs, the index, the copies
        if path.is_file():
            assert PASSWORD.encode() not in path.read_bytes(), path
    events = mira("--json", "kb", "jobs", "Vault").out
    assert PASSWORD not in events


def test_reindex_refuses_what_it_cannot_do_with_one_line_and_changes_nothing(
    mira: Mira, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    note = tmp_path / "note.md"
    note.write_text("# Note\n\nPlain words.\n")
    assert mira("kb", "create", "Notes").code == 0
    assert mira("kb", "add", "Notes", str(note)).code == 0
    before = mira("--json", "kb", "jobs", "Notes").json()
    monkeypatch.setattr("sys.stdin", io.StringIO("secret\n"))
    cases = [
        (("kb", "reindex", "Notes", "--password-stdin"), "name it", 2),
        (("kb", "reindex", "Notes", "nothing.pdf"), "No document 'nothing.pdf'", 3),
        (("kb", "reindex", "Nope"), "Nope", 3),
    ]
    for args, message, code in cases:
        result = mira(*args)
        assert result.code == code, (args, result.err)
        assert message in result.err
        assert result.err.count("\n") == 1
    assert mira("--json", "kb", "jobs", "Notes").json() == before
