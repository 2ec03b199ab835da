"""`mira data add|list|schema|query|remove` on real files: what a person types, what they read, and a
one-line error with nothing stored or changed for each bad input."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from tests.support.cli import Mira
from tests.support.fixtures import Script


def test_a_file_is_attached_listed_queried_and_detached(mira: Mira, people_db: Path) -> None:
    added = mira("--json", "data", "add", str(people_db), "--allow", "people", "--mask", "people.ssn")
    assert added.code == 0, added.err
    source = added.json()
    assert source["allow"] == ["people"]
    assert source["mask"] == ["people.ssn"]
    assert source["workspace_id"]  # Mira BASE by default
    listed = mira("data", "list")
    assert source["id"] in listed.out
    assert "people.db" in listed.out
    assert "people.ssn" in listed.out
    schema = mira("data", "schema", source["id"])
    assert "people: name TEXT, ssn (masked), age INTEGER" in schema.out
    rows = mira("data", "query", source["id"], "SELECT name, ssn FROM people ORDER BY name LIMIT 2")
    assert rows.code == 0, rows.err
    assert "| Ann | *** |" in rows.out
    assert "| Bob | *** |" in rows.out
    removed = mira("data", "remove", source["id"])
    assert removed.code == 0
    assert "the file is unchanged" in removed.out
    assert mira("--json", "data", "list").json() == []
    assert people_db.exists()


def test_bad_input_gets_one_line_and_changes_nothing(mira: Mira, people_db: Path, tmp_path: Path) -> None:
    before = hashlib.sha256(people_db.read_bytes()).hexdigest()
    source = mira("--json", "data", "add", str(people_db), "--allow", "people").json()
    fake = tmp_path / "fake.sqlite"
    fake.write_bytes(b"\x00garbage" * 100)
    cases = {
        ("data", "add", str(fake)): "fake.sqlite is not a SQLite database",
        ("data", "add", str(people_db), "--mask", "people"): "people names no column",
        ("data", "query", source["id"], "DELETE FROM people"): "DELETE is not a read-only query",
        ("data", "query", source["id"], "SELECT 1; SELECT 2"): "2 statements were sent",
        ("data", "query", source["id"], "SELECT * FROM salaries"): "the table salaries is not allowed",
        ("data", "query", source["id"], "ATTACH '/tmp/x.db' AS x"): "ATTACH is not a read-only query",
        ("data", "remove", "nope"): "No attached data with the id nope",
    }
    for args, said in cases.items():
        result = mira(*args)
        assert result.code != 0, args
        assert said in result.err, (args, result.err)
        assert len(result.err.strip().splitlines()) == 1, result.err
    assert [s["id"] for s in mira("--json", "data", "list").json()] == [source["id"]]
    assert hashlib.sha256(people_db.read_bytes()).hexdigest() == before


def test_capabilities_say_the_sql_tools_need_attached_data_and_are_ready_once_it_is(
    mira: Mira, cities_csv: Path
) -> None:
    def sql_query() -> dict[str, object]:
        return next(c for c in mira("--json", "skills", "capabilities").json() if c["name"] == "sql_query")

    before = sql_query()
    assert before["needs"] == ["data"]
    assert before["ready"] is False
    assert before["why_not"] == (
        "No data is attached to Mira BASE: attach a file in Settings → Workspaces → Data or with `mira data add FILE`."
    )
    assert mira("data", "add", str(cities_csv)).code == 0
    assert sql_query()["ready"] is True


def test_a_threads_own_data_is_listed_and_removed_by_id_or_by_thread(
    mira: Mira, script: Script, people_db: Path, cities_csv: Path
) -> None:
    sent = mira("--json", "chat", "send", "--model", script({"text": "Hi."}), "Hello")
    assert sent.code == 0, sent.err
    thread_id = json.loads(sent.out.splitlines()[0])["thread_id"]
    first = mira("--json", "data", "add", str(people_db), "--thread", thread_id).json()
    second = mira("--json", "data", "add", str(cities_csv), "--thread", thread_id).json()
    shared = mira("--json", "data", "add", str(cities_csv)).json()  # Mira BASE's, not the thread's
    mine = mira("--json", "data", "list", "--thread", thread_id).json()
    assert sorted(s["id"] for s in mine) == sorted([first["id"], second["id"]])
    assert mira("data", "remove", first["id"]).code == 0
    assert [s["id"] for s in mira("--json", "data", "list", "--thread", thread_id).json()] == [second["id"]]
    cleared = mira("data", "remove", "--thread", thread_id)
    assert cleared.code == 0, cleared.err
    assert cleared.out.strip() == (
        f"Detached cities.csv ({second['id']}) from the thread {thread_id}; the files are unchanged."
    )
    assert [s["id"] for s in mira("--json", "data", "list").json()] == [shared["id"]]
    assert mira("data", "remove", "--thread", thread_id).out.strip() == (
        f"No data is attached to the thread {thread_id} itself."
    )
    assert people_db.exists()
    assert cities_csv.exists()
