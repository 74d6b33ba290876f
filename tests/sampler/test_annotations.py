"""Human annotations: history, the current status, labels checked against their configs (each
reviewer's latest value, every value kept), all-or-nothing imports, CSV export that imports back,
the migration from schema 1, the `annotation` filter."""
from __future__ import annotations

import datetime as dt
import json
import re

import duckdb
import pytest

from infra.schema import SchemaError, ensure_schema, installed_version
from sampler.annotation_configs import ConfigError, all_configs, define
from sampler.annotations import (AnnotationError, annotate, authors, current, ensure_table, export_csv, history,
                                 import_file, latest_values, search)
from sampler.policy import SamplingPolicy
from sampler.selection import TimeRange, select
from tests.sampler.handmade import insert_traces


def count(con) -> int:
    return con.execute("SELECT count(*) FROM annotations").fetchone()[0]


def test_latest_annotation_is_current_and_history_is_kept(store):
    annotate(store, "t1", "flagged", label="loop", author="ann")
    latest = annotate(store, "t1", "reviewed", note="checked")
    assert (latest.trace_id, latest.status, latest.label, latest.note, latest.author) == ("t1", "reviewed", None, "checked", None)
    assert current(store, "t1") == latest
    assert count(store) == 2
    assert abs(latest.created_at - dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)) < dt.timedelta(minutes=1)


def test_unannotated_trace_has_no_current_status(store):
    assert current(store, "nope") is None


@pytest.mark.parametrize(("status", "trace_id", "message"), [
    ("Flagged", "t1", "status 'Flagged' is not a lower_snake_case word"),
    ("needs review", "t1", "status 'needs review' is not a lower_snake_case word"),
    ("", "t1", "give a status, or a label's name and value"),
    ("ok", "  ", "trace_id is missing"),
])
def test_annotate_refuses_bad_values(store, status, trace_id, message):
    with pytest.raises(AnnotationError, match=message):
        annotate(store, trace_id, status)


GOOD_CSV = (
    "\ufefftrace_id,status,label,note,author\n"
    "t1,flagged,loop,\"retries, then gives up\",ann\n"
    "t2,approved,,,\n"
    "t1,needs_fix,,\"second look\nspans lines\",bob\n"
)


def test_import_csv(store, tmp_path):
    path = tmp_path / "ann.csv"
    path.write_text(GOOD_CSV, encoding="utf-8")
    assert import_file(store, path) == 3
    t1, t2 = current(store, "t1"), current(store, "t2")
    assert (t1.status, t1.note, t1.author) == ("needs_fix", "second look\nspans lines", "bob")
    assert (t2.status, t2.label, t2.note) == ("approved", None, None)


def test_import_csv_with_only_the_required_columns(store, tmp_path):
    path = tmp_path / "ann.csv"
    path.write_text("status,trace_id\npending,t9\n")
    assert import_file(store, path) == 1
    assert current(store, "t9").status == "pending"


def test_import_jsonl(store, tmp_path):
    path = tmp_path / "ann.jsonl"
    rows = [{"trace_id": "t1", "status": "rejected", "label": None, "note": "wrong tool"}, {}, {"trace_id": "t2", "status": "reviewed"}]
    path.write_text("\n".join("" if not r else json.dumps(r) for r in rows) + "\n")
    assert import_file(store, path) == 2
    assert (current(store, "t1").status, current(store, "t1").note) == ("rejected", "wrong tool")


def test_bad_csv_names_each_line_and_imports_nothing(store, tmp_path):
    annotate(store, "t0", "reviewed")
    path = tmp_path / "bad.csv"
    path.write_text("trace_id,status,note\nt1,flagged,ok\nt2,Bad Status,x\nt3,reviewed,fine\n,flagged,\nt4,ok,a,extra\n")
    with pytest.raises(AnnotationError) as info:
        import_file(store, path)
    message = str(info.value)
    assert message.splitlines() == [
        "bad.csv: nothing imported, 3 bad row(s)",
        "line 3: status 'Bad Status' is not a lower_snake_case word (e.g. reviewed, flagged, approved, rejected, pending)",
        "line 5: trace_id is missing",
        "line 6: more cells than the header names",
    ]
    assert count(store) == 1 and current(store, "t1") is None


def test_bad_jsonl_names_each_line_and_imports_nothing(store, tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join([
        '{"trace_id": "t1", "status": "flagged"}',
        '{"trace_id": "t2", "status": ',
        '["t3", "flagged"]',
        '{"trace_id": 4, "status": "flagged"}',
        '{"trace_id": "t5", "status": "flagged", "score": 3}',
    ]))
    with pytest.raises(AnnotationError) as info:
        import_file(store, path)
    lines = str(info.value).splitlines()
    assert lines[0] == "bad.jsonl: nothing imported, 4 bad row(s)"
    assert lines[1].startswith("line 2: invalid JSON")
    assert lines[2:] == [
        "line 3: expected a JSON object, got list",
        "line 4: trace_id must be text (got 4)",
        "line 5: unknown column 'score'; valid: trace_id, status, label, note, author, name, value",
    ]
    assert current(store, "t1") is None


def test_many_bad_rows_are_summarised(store, tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("trace_id,status\n" + "".join(f"t{i},BAD\n" for i in range(30)))
    lines = str(pytest.raises(AnnotationError, import_file, store, path).value).splitlines()
    assert lines[0] == "bad.csv: nothing imported, 30 bad row(s)"
    assert lines[-1] == "… and 10 more" and len(lines) == 22


@pytest.mark.parametrize(("name", "text", "message"), [
    ("ann.csv", "trace,state\nt1,flagged\n", "ann.csv: line 1: header needs trace_id,status[,label,note,author] or trace_id,name,value[,note,author] (missing trace_id, status)"),
    ("ann.csv", "", "ann.csv: line 1: header needs trace_id,status"),
    ("ann.txt", "t1 flagged\n", "ann.txt: unknown format '.txt'; use .csv or .jsonl"),
])
def test_unusable_files(store, tmp_path, name, text, message):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(AnnotationError) as info:
        import_file(store, path)
    assert str(info.value).startswith(message)


def test_undecodable_or_missing_files(store, tmp_path):
    latin = tmp_path / "latin.csv"
    latin.write_bytes("trace_id,status,note\nt1,flagged,ok\nt2,flagged,caf\xe9\n".encode("latin-1"))
    with pytest.raises(AnnotationError, match=r"latin.csv: line 3: not UTF-8 text \(invalid continuation byte\)"):
        import_file(store, latin)
    with pytest.raises(AnnotationError, match="cannot read: No such file or directory"):
        import_file(store, tmp_path / "missing.csv")
    unterminated = tmp_path / "quote.csv"
    unterminated.write_text('trace_id,status\nt1,"flagged\n')
    with pytest.raises(AnnotationError, match=r"quote.csv: line 2: not readable as CSV \(unexpected end of data\)"):
        import_file(store, unterminated)


def test_annotation_filter_reads_imported_status(store, tmp_path):
    insert_traces(store, [dict(trace_id=t, status="ok") for t in ("t1", "t2", "t3")])
    path = tmp_path / "ann.csv"
    path.write_text("trace_id,status\nt1,flagged\nt2,flagged\nt2,approved\n")
    import_file(store, path)
    window = TimeRange(column="start_time", end=dt.datetime(2100, 1, 1))

    def pick(op, value=None):
        p = SamplingPolicy.model_validate({"filters": [{"field": "annotation", "op": op, "value": value}],
                                           "sampling": {"ratio": 1.0, "max_items": 10}})
        return {s.trace_id for s in select(store, p, "x", window).selected}

    assert pick("eq", "flagged") == {"t1"}
    assert pick("ne", "flagged") == {"t2", "t3"}
    assert pick("exists", False) == {"t3"}


def test_annotation_filter_works_before_any_annotation(store):
    insert_traces(store, [dict(trace_id="t1", status="ok")])
    p = SamplingPolicy.model_validate({"filters": [{"field": "annotation", "op": "exists", "value": False}],
                                       "sampling": {"ratio": 1.0, "max_items": 10}})
    window = TimeRange(column="start_time", end=dt.datetime(2100, 1, 1))
    assert [s.trace_id for s in select(store, p, "x", window).selected] == ["t1"]


def test_a_newer_annotations_schema_is_refused(store):
    ensure_table(store)
    store.execute("UPDATE schema_versions SET version = 3 WHERE component = 'annotations'")
    with pytest.raises(SchemaError, match="'annotations' is version 3"):
        ensure_table(store)


def define_labels(con) -> None:
    define(con, {"name": "correctness", "kind": "categorical", "values": ["right", "partly", "wrong"]})
    define(con, {"name": "helpfulness", "kind": "score", "min": 1, "max": 5})
    define(con, {"name": "comment", "kind": "text"})


def test_labels_keep_every_value_and_each_reviewers_latest(store):
    define_labels(store)
    annotate(store, "t1", name="correctness", value="wrong", author="ana")
    annotate(store, "t1", name="correctness", value="partly", author="ana")  # she changed her mind
    annotate(store, "t1", name="correctness", value="right", author="bo")
    annotate(store, "t1", name="helpfulness", value=" 4.0 ", author="bo")
    annotate(store, "t1", "flagged", author="bo")
    annotate(store, "t2", name="comment", value="西安 is Xi'an <ok> & fine", author="ana")
    assert [(a.status, a.name, a.value) for a in history(store, "t1")] == [
        ("flagged", None, None), (None, "helpfulness", "4"), (None, "correctness", "right"),
        (None, "correctness", "partly"), (None, "correctness", "wrong")]
    latest = latest_values(store, ["t1", "t2", "t9"])
    assert [(a.name, a.author, a.value, a.score) for a in latest["t1"]] == [
        ("correctness", "ana", "partly", None), ("correctness", "bo", "right", None), ("helpfulness", "bo", "4", 4.0)]
    assert latest["t2"][0].value == "西安 is Xi'an <ok> & fine" and "t9" not in latest
    assert [a.trace_id for a in search(store, name="correctness", value="partly")] == ["t1"]
    assert [a.value for a in search(store, author="bo", name="correctness")] == ["right"]
    assert search(store, name="correctness", value="wrong") == []  # ana's wrong is history now
    assert current(store, "t1").status == "flagged" and authors(store) == ["ana", "bo"]


@pytest.mark.parametrize(("name", "value", "message"), [
    ("correctness", "maybe", "correctness: 'maybe' is not one of right, partly, wrong"),
    ("helpfulness", "9", "helpfulness: '9' is not a number from 1 to 5"),
    ("helpfulness", "nan", "helpfulness: 'nan' is not a number from 1 to 5"),
    ("comment", " ", "comment: free text of 1 to 4000 characters"),
    ("tone", "x", "unknown label 'tone'; defined: correctness, helpfulness, comment"),
    (None, "x", "a value needs the name of its label"),
])
def test_a_label_value_must_fit_its_config(store, name, value, message):
    define_labels(store)
    with pytest.raises(AnnotationError, match=re.escape(message)):
        annotate(store, "t1", name=name, value=value)


def test_configs_are_defined_once_and_checked():
    con = duckdb.connect()
    define(con, {"name": "verdict", "kind": "categorical", "values": ["pass", "fail"]})
    with pytest.raises(ConfigError, match="a label named 'verdict' is already defined"):
        define(con, {"name": "verdict", "kind": "text"})
    for doc, message in [({"name": "x", "kind": "categorical", "values": ["a"]}, "takes 2 to 20 values"),
                         ({"name": "x", "kind": "score", "min": 5, "max": 1}, "a finite min below its max"),
                         ({"name": "Bad", "kind": "text"}, "name:"),
                         ({"name": "x", "kind": "text", "values": ["a", "b"]}, "only a categorical label has values"),
                         ({"name": "x", "kind": "mood"}, "kind:")]:
        with pytest.raises(ConfigError, match=re.escape(message)):
            define(con, doc)
    assert [c.name for c in all_configs(con)] == ["verdict"]


def test_export_is_an_import(store, tmp_path):
    define_labels(store)
    annotate(store, "t1", "flagged", label="loop", note='said "no", then <b>yes</b>', author="ana")
    annotate(store, "t1", name="helpfulness", value="2", author="bo")
    exported = export_csv(store)
    assert exported.splitlines()[0] == "trace_id,status,label,note,author,name,value,created_at"
    path = tmp_path / "again.csv"
    path.write_text(exported, encoding="utf-8")
    assert import_file(store, path) == 2
    again = history(store, "t1")
    assert [(a.status, a.note, a.name, a.value) for a in again[:2]] == [
        (None, None, "helpfulness", "2"), ("flagged", 'said "no", then <b>yes</b>', None, None)]


def test_a_schema_1_table_is_migrated_with_its_rows(tmp_path):
    """A database written before labels: its statuses stay current and the table takes labels."""
    path = tmp_path / "old.duckdb"
    con = duckdb.connect(str(path))
    ensure_schema(con, "annotations", 1, """
        CREATE SEQUENCE IF NOT EXISTS annotations_seq;
        CREATE TABLE IF NOT EXISTS annotations (id BIGINT PRIMARY KEY, trace_id VARCHAR NOT NULL,
            status VARCHAR NOT NULL, label VARCHAR, note VARCHAR, author VARCHAR, created_at TIMESTAMP NOT NULL);""")
    con.execute("INSERT INTO annotations VALUES (nextval('annotations_seq'), 't1', 'flagged', 'loop', NULL, 'ana', now()),"
                " (nextval('annotations_seq'), 't1', 'reviewed', NULL, 'ok', 'bo', now())")
    con.close()
    con = duckdb.connect(str(path))
    assert current(con, "t1").status == "reviewed" and installed_version(con, "annotations") == 2
    define_labels(con)
    annotate(con, "t1", name="correctness", value="right", author="ana")
    assert [a.status or a.value for a in history(con, "t1")] == ["right", "reviewed", "flagged"]
    assert current(con, "t1").status == "reviewed"  # a label is not a status
