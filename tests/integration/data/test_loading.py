"""Loading CSV, XLSX and Parquet files for queries: once per version of the file, refused above the
size cap, stopped at its time limit and by Stop."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.data.engine import Limits
from mira_desktop.services.data.loading import CACHE
from mira_desktop.services.data.sources import DataSource
from mira_desktop.services.data.tool import SqlQuery, SqlSchema


def _base(services: AppServices) -> str:
    return services.workspaces.default().id


@pytest.fixture
def wide_csv(tmp_path: Path) -> Path:
    """About 20 MB of CSV: long enough to read that a 10 ms limit or a Stop lands while loading."""
    path = tmp_path / "wide.csv"
    line = "".join(f"{n},city{n % 97},note number {n} with some words\n" for n in range(2000))
    with path.open("w", encoding="utf-8") as out:
        out.write("n,city,note\n")
        for _ in range(200):
            out.write(line)
    return path


def test_a_csv_is_read_once_for_every_call_until_it_changes(
    services: AppServices, cities_csv: Path, sales_xlsx: Path
) -> None:
    csv = services.data.add(cities_csv, workspace_id=_base(services))
    xlsx = services.data.add(sales_xlsx, workspace_id=_base(services))
    before = CACHE.loads
    SqlSchema([csv, xlsx]).call({}, CancelToken())
    query = SqlQuery([csv, xlsx])
    for _ in range(3):
        rows = query.call({"source": "cities.csv", "sql": "SELECT count(*) FROM cities"}, CancelToken())
        assert rows.data["rows"] == [[3]]
        sheet = query.call({"source": "sales.xlsx", "sql": "SELECT sum(amount) FROM q1_sales"}, CancelToken())
        assert sheet.data["rows"] == [[230]]
    assert CACHE.loads == before  # attaching read both files; the schema and six queries read none
    with cities_csv.open("a", encoding="utf-8") as out:
        out.write("Lyon,France,520000\n")
    stat = cities_csv.stat()
    os.utime(cities_csv, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    changed = query.call({"source": "cities.csv", "sql": "SELECT count(*) FROM cities"}, CancelToken())
    assert changed.data["rows"] == [[4]]
    assert CACHE.loads == before + 1


def test_a_file_loaded_once_is_seen_through_each_sources_own_mask(
    services: AppServices, cities_csv: Path
) -> None:
    base = _base(services)
    plain = services.data.add(cities_csv, workspace_id=base)
    masked = services.data.add(cities_csv, workspace_id=base, mask=("cities.population",))
    sql = {"sql": "SELECT city, population FROM cities WHERE population > 2500000 ORDER BY city"}
    assert SqlQuery([plain]).call(sql, CancelToken()).data["rows"] == [["Rome", 2800000], ["北京", 21500000]]
    probe = {"sql": "SELECT count(*) FROM cities WHERE population::VARCHAR LIKE '28%'"}
    assert SqlQuery([plain]).call(probe, CancelToken()).data["rows"] == [[1]]
    assert SqlQuery([masked]).call(probe, CancelToken()).data["rows"] == [[0]]  # no probing by WHERE
    shown = SqlQuery([masked]).call({"sql": "SELECT city, population FROM cities"}, CancelToken())
    assert [row[1] for row in shown.data["rows"]] == ["***", "***", "***"]
    assert "2800000" not in shown.text
    schema = SqlSchema([masked]).call({}, CancelToken())
    assert "population (masked)" in schema.text


def test_a_file_above_the_size_cap_is_refused_with_its_size_and_the_cap(
    services: AppServices, cities_csv: Path, tmp_path: Path
) -> None:
    source = services.data.add(cities_csv, workspace_id=_base(services))
    big = tmp_path / "big.csv"
    big.write_text("a,b\n" + "1,2\n" * 400_000)  # 1.6 MB
    as_big = DataSource(source.id, str(big), "csv", source.workspace_id)
    result = SqlQuery([as_big], lambda: Limits(file_bytes=1_000_000)).call(
        {"sql": "SELECT count(*) FROM big"}, CancelToken()
    )
    assert not result.ok
    assert result.phrase is not None
    assert result.phrase["key"] == "data.too_big"
    assert result.text.startswith("big.csv is 1.6 MB, above the 1.0 MB limit")
    os.truncate(big, 250_000_000)  # sparse: the cap is checked before a byte is read
    with pytest.raises(InvalidInputError, match=r"big\.csv is 250\.0 MB, above the 200\.0 MB limit"):
        services.data.add(big, workspace_id=_base(services))
    assert [s.path for s in services.data.list()] == [str(cities_csv)]


def test_loading_past_its_time_limit_is_stopped_with_a_sentence(
    services: AppServices, wide_csv: Path
) -> None:
    source = DataSource("w1", str(wide_csv), "csv", _base(services))
    started = time.monotonic()
    result = SqlQuery([source], lambda: Limits(load_seconds=0.01)).call(
        {"sql": "SELECT count(*) FROM wide"}, CancelToken()
    )
    took = time.monotonic() - started
    assert not result.ok
    assert result.phrase is not None
    assert result.phrase["key"] == "data.load_timed_out", result.text
    assert result.text.startswith("Reading wide.csv took longer than 0.01 s and was stopped")
    assert took < 2, f"loading ran {took:.1f} s past a 0.01 s limit"


def test_stop_ends_a_load_in_progress_and_nothing_is_kept(services: AppServices, wide_csv: Path) -> None:
    source = DataSource("w2", str(wide_csv), "csv", _base(services))
    cancel = CancelToken()
    loads = CACHE.loads
    stopper = threading.Timer(0.02, cancel.cancel)
    started = time.monotonic()
    stopper.start()
    with pytest.raises(Cancelled):
        SqlQuery([source]).call({"sql": "SELECT count(*) FROM wide"}, cancel)
    took = time.monotonic() - started
    stopper.join()
    assert took < 2, f"Stop took {took:.1f} s to end the load"
    assert CACHE.loads == loads
