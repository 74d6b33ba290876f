"""Exports read back (Parquet with DuckDB, CSV, JSON Lines) equal the tables they came from."""
from __future__ import annotations

import csv
import datetime as dt
import json
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from collector.store import TraceStore
from collector.queue.ingest import IngestQueue, IngestStats
from evaluators.base import EvalResult, Finding
from evaluators.results import ResultStore, Scored
from tracepatrol.cli import export as cli_export
from tracepatrol.api.guard import secured
from tracepatrol.app import build_api
from tracepatrol.file_export import TABLES, ExportError, export_table, format_for

T0 = dt.datetime(2026, 3, 1, 9, 30, 0, 123456)
SINCE = dt.datetime(2026, 3, 1, 10, 0)
NASTY = 'héllo, "wörld"\n☃ 日本語 \'quote\''


def _fill(con: duckdb.DuckDBPyConnection) -> None:
    TraceStore(con)
    ResultStore(con)
    traces = [
        ("t1", T0, NASTY, ["search", "a,b"], '{"k": ["ü", 1, null], "n": {"x": 1.5}}', 12),
        ("t2", T0 + dt.timedelta(hours=1), "", [], None, None),
        ("t3", None, None, None, '{"only": true}', 0),
        ("t4", T0 + dt.timedelta(hours=2), "plain", ['say "hi"', None], "[]", 7),
    ]
    for tid, start, text, tools, attrs, tokens in traces:
        con.execute("""INSERT INTO traces (trace_id, version, start_time, input, output, tool_names, attributes,
                       total_tokens, duration_ms, completed_at) VALUES (?, 2, ?, ?, ?, ?, ?, ?, 0.1, ?)""",
                    [tid, start, text, text, tools, attrs, tokens, T0])
    calls = [("t1", 0, "search", '{"q": "日本"}', T0, True), ("t1", 1, "a,b", None, None, None),
             ("t4", 0, "say", '{"text": "it\'s"}', T0 + dt.timedelta(hours=2), False)]
    for tid, seq, name, args, start, offered in calls:
        con.execute("""INSERT INTO tool_calls (trace_id, version, seq, name, arguments, arguments_raw, start_time,
                       offered) VALUES (?, 2, ?, ?, ?, ?, ?, ?)""", [tid, seq, name, args, args, start, offered])
    results = [("t1", "safety", 0.5, "pii_leak", ["pii_leak", "tone"], [0, 2], '{"why": "é"}', T0, json.dumps(
                   [{"call": 2, "label": "pii_leak", "reason": NASTY}, {"call": None, "label": "tone", "reason": "ü"}])),
               ("t2", "safety", None, "not_applicable", [], None, "{}", T0 + dt.timedelta(hours=1), "[]"),
               ("t4", "grounding", 1.0, "pass", None, [], None, T0 + dt.timedelta(hours=3), None)]
    for tid, ev, score, label, labels, evidence, details, created, findings in results:
        con.execute("""INSERT INTO eval_results (task_id, trace_id, version, evaluator, run_id, dimension, score,
                       label, labels, passed, reason, evidence, details, created_at, findings)
                       VALUES ('task', ?, 2, ?, 'run-1', 'dim', ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                    [tid, ev, score, label, labels, label == "pass", NASTY if score else None, evidence,
                     details, created, findings])


@pytest.fixture()
def db(tmp_path) -> Path:
    path = tmp_path / "tp.duckdb"
    con = duckdb.connect(str(path))
    _fill(con)
    con.close()
    return path


# Each exported table's time column (for --since) and its order, as the owners export them.
EXPORTED = {"traces": ("start_time", "start_time, trace_id"), "tool_calls": ("start_time", "trace_id, version, seq"),
            "eval_results": ("created_at", "created_at, task_id, trace_id, version, evaluator")}


def test_every_exported_table_is_checked():
    assert set(TABLES) == set(EXPORTED)


def _expected(con, table: str, since: dt.datetime | None = None):
    column, order = EXPORTED[table]
    where, params = (f"WHERE {column} >= ?", [since]) if since else ("", [])
    cursor = con.execute(f"SELECT * FROM {table} {where} ORDER BY {order}", params)
    return [d[0] for d in cursor.description], cursor.fetchall(), {d[0]: str(d[1]) for d in cursor.description}


def _read_back(con, fmt: str, path: Path, types: dict[str, str]):
    if fmt == "parquet":
        return con.execute("SELECT * FROM read_parquet(?)", [str(path)]).fetchall()
    if fmt == "csv":
        return con.execute("SELECT * FROM read_csv(?, header = true, columns = ?, allow_quoted_nulls = false)",
                           [str(path), types]).fetchall()
    raise AssertionError(fmt)


def _json_value(value, sql_type: str):
    """A table value as DuckDB's JSON writer renders it."""
    if value is None:
        return None
    if sql_type == "JSON":
        return json.loads(value)
    if isinstance(value, dt.datetime):
        return str(value)  # "2026-03-01 09:30:00.123456", DuckDB's text form
    return value


@pytest.mark.parametrize("table", list(TABLES))
@pytest.mark.parametrize("fmt", ["parquet", "csv", "jsonl"])
@pytest.mark.parametrize("since", [None, SINCE])
def test_export_reads_back_equal(db, tmp_path, table, fmt, since):
    con = duckdb.connect(str(db), read_only=True)
    out = tmp_path / f"out it's.{fmt}"  # a quote in the path
    rows = export_table(con, table, since, fmt, out)
    cols, expected, types = _expected(con, table, since)
    assert rows == len(expected) > 0
    if since is None:
        assert rows == con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    if fmt == "jsonl":
        lines = out.read_text(encoding="utf-8").splitlines()
        got = [json.loads(line) for line in lines]
        assert got == [{c: _json_value(v, types[c]) for c, v in zip(cols, row)} for row in expected]
    else:
        assert _read_back(con, fmt, out, types) == expected
    if fmt == "csv":  # also plain csv: header, row count, unicode text survives
        with out.open(newline="", encoding="utf-8") as f:
            records = list(csv.reader(f))
        assert records[0] == cols and len(records) == len(expected) + 1
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    con.close()


def test_values_survive_specifically(db, tmp_path):
    con = duckdb.connect(str(db), read_only=True)
    export_table(con, "traces", None, "jsonl", tmp_path / "t.jsonl")
    first = json.loads((tmp_path / "t.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert first["input"] == NASTY and first["tool_names"] == ["search", "a,b"]
    assert first["attributes"] == {"k": ["ü", 1, None], "n": {"x": 1.5}}
    export_table(con, "eval_results", None, "parquet", tmp_path / "e.parquet")
    row = con.execute("SELECT labels, evidence, details, reason FROM read_parquet(?) WHERE trace_id = 't1'",
                      [str(tmp_path / "e.parquet")]).fetchone()
    assert row == (["pii_leak", "tone"], [0, 2], '{"why": "é"}', NASTY)
    con.close()


def test_findings_read_back_from_every_format(tmp_path):
    """A result saved through the store: its findings read back equal in Parquet, CSV and JSON Lines."""
    con = duckdb.connect(str(tmp_path / "r.duckdb"))
    findings = [Finding(call=1, label="ungrounded_value", reason=NASTY),
                *(Finding(call=c, label="relative_date", reason=f"call {c}: 'tomorrow' | 明天, \"quoted\"")
                  for c in (2, 3, 4)), Finding(call=None, label="no_final_answer", reason="no answer\r\n")]
    result = EvalResult(evaluator="grounding", dimension="tool_use", score=0.2, label="ungrounded_value",
                        labels=["ungrounded_value", "relative_date", "no_final_answer"], passed=False,
                        reason=NASTY, evidence=[1, 2, 3, 4], findings=findings)
    ResultStore(con).save([Scored("task", "t" * 32, 1, "run", result)])
    expected = [f.model_dump() for f in findings]
    for fmt in ("parquet", "csv", "jsonl"):
        out = tmp_path / f"r.{fmt}"
        assert export_table(con, "eval_results", None, fmt, out) == 1
        if fmt == "parquet":
            cell = pq.read_table(out).column("findings").to_pylist()[0]
        elif fmt == "csv":
            with out.open(newline="", encoding="utf-8") as f:
                cell = next(csv.DictReader(f))["findings"]
        else:
            cell = json.loads(out.read_text(encoding="utf-8"))["findings"]
        assert (json.loads(cell) if isinstance(cell, str) else cell) == expected, fmt
    con.close()


def test_refuses_unknown_table_format_and_bad_paths(db, tmp_path):
    con = duckdb.connect(str(db), read_only=True)
    with pytest.raises(ExportError):
        export_table(con, "spans; DROP TABLE traces", None, "csv", tmp_path / "x.csv")
    with pytest.raises(ExportError):
        export_table(con, "traces", None, "xlsx", tmp_path / "x.xlsx")
    with pytest.raises(ExportError):
        export_table(con, "traces", None, "csv", tmp_path)  # a directory
    bad = tmp_path / "a\nb"
    bad.mkdir()
    with pytest.raises(ExportError):
        export_table(con, "traces", None, "csv", bad / "x.csv")
    assert con.execute("SELECT count(*) FROM traces").fetchone()[0] == 4
    con.close()


def test_format_for():
    assert format_for(Path("a.parquet")) == "parquet" and format_for(Path("a.CSV")) == "csv"
    assert format_for(Path("a.ndjson")) == "jsonl" and format_for(Path("a.txt")) is None


@pytest.fixture()
def api(db):
    con = duckdb.connect(str(db))
    from tracepatrol.file_export import build_export_router
    app = build_api(con, IngestStats(), IngestQueue(max_spans=10), pending=[], api_key="secret")
    app.include_router(build_export_router(secured))
    yield TestClient(app)
    con.close()


def test_api_export(api, tmp_path, db):
    auth = {"Authorization": "Bearer secret"}
    assert api.get("/api/export/traces").status_code == 401
    assert api.get("/api/export/spans", headers=auth).status_code == 404
    assert api.get("/api/export/traces", params={"format": "xml"}, headers=auth).status_code == 422
    resp = api.get("/api/export/tool_calls", params={"format": "jsonl", "since": "2026-03-01T10:00:00Z"},
                   headers=auth)
    assert resp.status_code == 200 and resp.headers["content-type"] == "application/x-ndjson"
    assert resp.headers["x-tracepatrol-rows"] == "1"
    assert [json.loads(x)["name"] for x in resp.text.splitlines()] == ["say"]
    resp = api.get("/api/export/eval_results", params={"format": "parquet"}, headers=auth)
    assert resp.headers["content-type"] == "application/vnd.apache.parquet"
    (tmp_path / "r.parquet").write_bytes(resp.content)
    con = duckdb.connect()
    assert con.execute("SELECT count(*) FROM read_parquet(?)", [str(tmp_path / "r.parquet")]).fetchone()[0] == 3


def test_cli_export_db_and_api(db, tmp_path, api, monkeypatch):
    runner = CliRunner()
    copy = tmp_path / "copy.duckdb"  # `api` holds `db` open in this process
    copy.write_bytes(db.read_bytes())
    result = runner.invoke(cli_export.export, ["--table", "traces", "--out", str(tmp_path / "z.csv"), "--db", str(db)])
    assert result.exit_code == 1 and "--api" in result.output
    out = tmp_path / "traces.csv"  # format from the extension
    result = runner.invoke(cli_export.export, ["--table", "traces", "--out", str(out), "--db", str(copy),
                                               "--since", "2026-03-01T10:00:00"])
    assert result.exit_code == 0, result.output
    assert "wrote 2 traces rows" in result.output
    assert len(list(csv.reader(out.open(encoding="utf-8")))) == 3

    monkeypatch.setattr(cli_export.httpx, "stream", lambda method, url, **kw: api.stream(method, url, **kw))
    out = tmp_path / "results.bin"
    result = runner.invoke(cli_export.export, ["--table", "eval_results", "--format", "jsonl", "--out", str(out),
                                               "--api", "http://testserver", "--api-key", "secret"])
    assert result.exit_code == 0, result.output
    assert "wrote 3 eval_results rows" in result.output
    assert len(out.read_text(encoding="utf-8").splitlines()) == 3

    result = runner.invoke(cli_export.export, ["--table", "traces", "--out", str(tmp_path / "x.parquet"),
                                               "--api", "http://testserver"])  # no key
    assert result.exit_code == 1 and not (tmp_path / "x.parquet").exists()

    result = runner.invoke(cli_export.export, ["--table", "traces", "--out", str(tmp_path / "y.csv"),
                                               "--db", str(copy), "--since", "yesterday"])
    assert result.exit_code == 2
