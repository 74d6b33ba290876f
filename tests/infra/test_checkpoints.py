"""The checkpointer: DuckDB's log kept short by a thread of its own while another one writes."""
from __future__ import annotations

import logging
import threading

import duckdb
import pytest

from infra.checkpoints import BACKSTOP, Checkpointer, size_bytes
from tracepatrol.settings import Settings

THRESHOLD = 256 * 1024


def write_rows(con, commits: int = 400, rows: int = 200) -> None:
    cur = con.cursor()
    for i in range(commits):
        cur.execute("INSERT INTO t SELECT ? * 1000 + range, repeat('x', 200) FROM range(?)", [i, rows])


def wal_bytes(path) -> int:
    wal = path.with_name(path.name + ".wal")
    return wal.stat().st_size if wal.exists() else 0


def database(path, threshold: str = "1GB"):
    con = duckdb.connect(str(path), config={"checkpoint_threshold": threshold})
    con.execute("CREATE TABLE t (id BIGINT, body VARCHAR)")
    return con


def test_the_log_stays_near_the_threshold_and_no_row_is_lost(tmp_path):
    con = database(tmp_path / "c.duckdb")
    checkpointer = Checkpointer(con, tmp_path / "c.duckdb", THRESHOLD, every_s=0.01).start()
    writer = threading.Thread(target=write_rows, args=(con,))
    writer.start()
    writer.join(60)
    checkpointer.checkpoint()  # what the next look would do
    checkpointer.shutdown()
    assert checkpointer.checkpoints >= 2
    assert wal_bytes(tmp_path / "c.duckdb") < THRESHOLD
    assert con.execute("SELECT count(*), count(DISTINCT id) FROM t").fetchone() == (80_000, 80_000)


def test_without_it_the_log_grows_past_the_threshold(tmp_path):
    """The control: the same writes, no checkpointer, DuckDB's own threshold far away."""
    con = database(tmp_path / "c.duckdb")
    write_rows(con)
    assert wal_bytes(tmp_path / "c.duckdb") > 10 * THRESHOLD


def test_a_failing_checkpoint_is_logged_once_and_the_thread_carries_on(tmp_path, caplog):
    con = database(tmp_path / "c.duckdb")
    checkpointer = Checkpointer(con, tmp_path / "c.duckdb", 0)
    checkpointer.cursor.close()  # every CHECKPOINT on it now raises
    with caplog.at_level(logging.WARNING, logger="infra.checkpoints"):
        checkpointer.checkpoint()
        checkpointer.checkpoint()
    assert [r.message.startswith("checkpoint failed") for r in caplog.records] == [True]
    assert checkpointer.checkpoints == 0


@pytest.mark.parametrize("text", ["256MB", "1.5GB", "384KB", "100MiB", "2 GiB", "64KiB"])
def test_sizes_are_read_as_duckdb_reads_them(text):
    con = duckdb.connect(config={"checkpoint_threshold": text})
    ours = duckdb.connect(config={"checkpoint_threshold": f"{size_bytes(text)}B"})
    setting = "SELECT current_setting('checkpoint_threshold')"
    assert con.execute(setting).fetchone() == ours.execute(setting).fetchone()


def test_the_servers_own_threshold_is_a_backstop_above_the_checkpointers():
    settings = Settings.model_construct()
    assert settings.checkpoint_bytes == 256 * 10**6
    assert settings.duckdb_config()["checkpoint_threshold"] == f"{BACKSTOP * 256 * 10**6}B"
