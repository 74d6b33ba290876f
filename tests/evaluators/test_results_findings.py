"""Findings in the results store: saved and read back as evaluators wrote them; derived for results
that carry none (a plug-in's, an older worker's) only where the result is unambiguous; a database
of schema 1 (before findings) is migrated when it is opened, and read before that too."""
from __future__ import annotations

import datetime as dt

import duckdb
import orjson

from evaluators.base import EvalResult, Finding
from evaluators.results import SCHEMA_VERSION, ResultStore, Scored, results
from evaluators.results.findings import derive

# evaluators/results/schema.py's DDL at schema version 1, as released.
_V1_DDL = """
CREATE TABLE schema_versions (component VARCHAR PRIMARY KEY, version INTEGER NOT NULL);
CREATE TABLE eval_results (
    task_id VARCHAR NOT NULL, trace_id VARCHAR NOT NULL, version INTEGER NOT NULL,
    evaluator VARCHAR NOT NULL, run_id VARCHAR, dimension VARCHAR NOT NULL,
    score DOUBLE, label VARCHAR NOT NULL, labels VARCHAR[], passed BOOLEAN, reason VARCHAR,
    evidence INTEGER[], details JSON, agent_name VARCHAR, agent_version VARCHAR,
    trace_start TIMESTAMP, created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (task_id, trace_id, version, evaluator)
);
INSERT INTO schema_versions VALUES ('evaluators', 1);
"""

UNGROUNDED = "call 1 login(user='bob'): ungrounded_value: not in the input or any earlier result"
TOMORROW = "call 2 book(date='tomorrow'): relative_date: the schema wants a date (+2 more)"


def row(evaluator: str, label: str, labels: list[str], evidence: list[int], reason: str, details: dict | None = None,
        score: float | None = 0.0, passed: bool | None = False) -> dict:
    return {"evaluator": evaluator, "score": score, "label": label, "labels": labels, "passed": passed,
            "reason": reason, "evidence": evidence, "details": details or {}}


# Results as the evaluators stored them before findings existed.
OLD = {
    "pass": row("parameters", "pass", [], [], "3 call(s) valid", score=1.0, passed=True),
    "not_applicable": row("safety", "not_applicable", [], [], "no tool calls", score=None, passed=None),
    # one label on three calls: that label on each, with the result's reason
    "one_label": row("date_check", "relative_date", ["relative_date"], [2, 3, 4], TOMORROW),
    # one label and no call: a finding about the whole trace
    "trace_level": row("trajectory_quality", "no_final_answer", ["no_final_answer"], [],
                       "no tool calls: no_final_answer: the input got no final answer"),
    # two labels whose details say which call each is on, and why (grounding's problems)
    "two_labels_detailed": row("grounding", "ungrounded_value", ["ungrounded_value", "relative_date"], [1, 2, 3],
                               UNGROUNDED + " (+2 more)", {"calls": [
                                   {"seq": 1, "problems": [{"seq": 1, "label": "ungrounded_value",
                                                            "why": "not in the input or any earlier result"}]},
                                   {"seq": 2, "problems": [{"seq": 2, "label": "relative_date", "why": "'tomorrow'"}]},
                                   {"seq": 3, "problems": [{"seq": 3, "label": "relative_date", "why": "'后天'"}]}]}),
    # two labels and nothing telling them apart: no finding can be told
    "two_labels_bare": row("custom", "wrong_tool", ["wrong_tool", "hallucinated_tool"], [1, 2], "call 1: wrong_tool"),
}
DERIVED = {
    "pass": [], "not_applicable": [],
    "one_label": [{"call": c, "label": "relative_date", "reason": TOMORROW} for c in (2, 3, 4)],
    "trace_level": [{"call": None, "label": "no_final_answer",
                     "reason": "no tool calls: no_final_answer: the input got no final answer"}],
    "two_labels_detailed": [{"call": 1, "label": "ungrounded_value",
                             "reason": "not in the input or any earlier result"},
                            {"call": 2, "label": "relative_date", "reason": "'tomorrow'"},
                            {"call": 3, "label": "relative_date", "reason": "'后天'"}],
    "two_labels_bare": [],
}


def test_derived_only_where_the_result_is_unambiguous():
    assert {key: derive(r) for key, r in OLD.items()} == DERIVED


def test_a_details_entry_with_several_labels_or_a_passing_one_is_not_a_finding():
    loops = {"label": "repeated_identical_call", "labels": ["repeated_identical_call", "cyclic_pattern"],
             "evidence": [1, 2, 3], "reason": "calls 1-3: repeated"}
    recovered = {"seq": 4, "label": "recovered", "reason": "switched to the backup"}
    r = row("trajectory_quality", "repeated_identical_call", ["repeated_identical_call", "cyclic_pattern"], [1, 2, 3],
            "calls 1-3: repeated (also cyclic_pattern)", {"loops": loops, "recovery": {"calls": [recovered]}})
    assert derive(r) == []
    loops |= {"labels": ["repeated_identical_call"]}
    assert derive(r) == [{"call": c, "label": "repeated_identical_call", "reason": "calls 1-3: repeated"}
                         for c in (1, 2, 3)]


def _scored(trace: str, result: EvalResult) -> Scored:
    return Scored("task", trace, 1, "run-1", result, "agent", "1.0", dt.datetime(2026, 12, 1))


def test_saved_findings_read_back_as_written_and_missing_ones_are_derived():
    store = ResultStore(duckdb.connect())
    written = [Finding(call=1, label="ungrounded_value", reason=UNGROUNDED),
               *(Finding(call=c, label="relative_date", reason=f"call {c}: relative_date: its own") for c in (2, 3, 4))]
    grounding = EvalResult(evaluator="grounding", dimension="tool_use", score=0.2, label="ungrounded_value",
                           labels=["ungrounded_value", "relative_date"], passed=False, reason=UNGROUNDED + " (+3 more)",
                           evidence=[1, 2, 3, 4], findings=written)
    plugin = EvalResult(evaluator="plugin", dimension="safety", score=0.0, label="pii_leak", labels=["pii_leak"],
                        passed=False, reason="call 2: pii_leak: a phone number", evidence=[2])
    store.save([_scored("a" * 32, grounding), _scored("b" * 32, plugin)])
    got = {r["evaluator"]: r["findings"] for r in store.query(task_id="task")}
    assert got == {"grounding": [f.model_dump() for f in written],
                   "plugin": [{"call": 2, "label": "pii_leak", "reason": "call 2: pii_leak: a phone number"}]}


def schema_1_database(path) -> None:
    """A DuckDB file at `path` holding OLD as a schema-1 database stored them (trace id = OLD's key)."""
    with duckdb.connect(str(path)) as con:
        con.execute(_V1_DDL)
        for i, (key, r) in enumerate(OLD.items()):
            con.execute("""INSERT INTO eval_results (task_id, trace_id, version, evaluator, run_id, dimension, score,
                           label, labels, passed, reason, evidence, details, created_at)
                           VALUES ('task', ?, 1, ?, 'run-1', 'tool_use', ?, ?, ?, ?, ?, ?, ?, now())""",
                        [key, r["evaluator"], r["score"], r["label"], r["labels"], r["passed"], r["reason"],
                         r["evidence"], orjson.dumps(r["details"]).decode()])


def test_a_schema_1_database_reads_before_and_after_its_migration(tmp_path):
    path = tmp_path / "old.duckdb"
    schema_1_database(path)
    with duckdb.connect(str(path), read_only=True) as con:  # `tracepatrol report --db` on a file not migrated yet
        assert {r["trace_id"]: r["findings"] for r in results(con)} == DERIVED
    con = duckdb.connect(str(path))
    store = ResultStore(con)  # what the server does at start-up
    assert con.execute("SELECT version FROM schema_versions WHERE component = 'evaluators'").fetchone() == (
        SCHEMA_VERSION,) == (2,)
    stored = dict(con.execute("SELECT trace_id, findings FROM eval_results").fetchall())
    assert {k: orjson.loads(v) for k, v in stored.items()} == DERIVED  # in the file, for exports too
    assert {r["trace_id"]: r["findings"] for r in store.query(task_id="task")} == DERIVED
    untouched = store.query(trace_id="two_labels_detailed")[0]
    assert (untouched["label"], untouched["labels"], untouched["evidence"]) == (
        "ungrounded_value", ["ungrounded_value", "relative_date"], [1, 2, 3])
    new = EvalResult(evaluator="grounding", dimension="tool_use", score=1.0, label="pass", passed=True, reason="ok")
    store.save([_scored("new", new)])
    assert store.query(trace_id="new")[0]["findings"] == []
    con.close()
    assert len(ResultStore(duckdb.connect(str(path))).query()) == len(OLD) + 1  # opened again: nothing to migrate
