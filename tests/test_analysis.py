"""Failure clusters tell each label with its own findings: the steps it was found on and its own
reasons, never the first reason of the result that carried it (the issue's relative_date row
quoting a login's ungrounded text, no_final_answer and validation rows quoting failing_call_loop)."""
from __future__ import annotations

import duckdb

from collector.store import TraceStore
from evaluators.base import EvalResult, Finding
from evaluators.results import ResultStore, Scored, results
from tracepatrol import analysis
from tracepatrol.web.report import render_md

UNGROUNDED = "call 1 login(user='bob'): ungrounded_value: not in the user input or any earlier tool result"
DATES = {c: f"call {c} book_room(date='{w}'): relative_date: a relative word where a date is wanted"
         for c, w in ((2, "tomorrow"), (3, "the day after tomorrow"), (4, "next Friday"))}
LOOP = "calls 1-4 get_rate: failing_call_loop: the same failing call repeated (503)"
NO_ANSWER = "no_final_answer: the run ended without an answer"
VALIDATION = "call 5 get_rate: validation: the API refused base='usd'"


def _failed(evaluator: str, findings: list[Finding]) -> EvalResult:
    labels = list(dict.fromkeys(f.label for f in findings))
    return EvalResult(evaluator=evaluator, dimension="tool_use", score=0.0, label=labels[0], labels=labels,
                      passed=False, reason=findings[0].reason + f" (+{len(findings) - 1} more)",
                      evidence=sorted({f.call for f in findings if f.call}), findings=findings)


def _rows() -> tuple[duckdb.DuckDBPyConnection, list[dict]]:
    con = duckdb.connect()
    TraceStore(con)
    store = ResultStore(con)
    grounding = _failed("grounding", [Finding(call=1, label="ungrounded_value", reason=UNGROUNDED),
                                      *(Finding(call=c, label="relative_date", reason=r) for c, r in DATES.items())])
    quality = _failed("trajectory_quality", [*(Finding(call=c, label="failing_call_loop", reason=LOOP) for c in (1, 2)),
                                             Finding(call=None, label="no_final_answer", reason=NO_ANSWER),
                                             Finding(call=5, label="validation", reason=VALIDATION)])
    passed = EvalResult(evaluator="grounding", dimension="tool_use", score=1.0, label="pass", passed=True, reason="ok")
    store.save([Scored("task", "a" * 32, 1, "run", grounding), Scored("task", "b" * 32, 1, "run", quality),
                Scored("task", "c" * 32, 1, "run", passed)])
    return con, results(con, task_id="task")


def test_each_label_quotes_its_own_reasons_and_steps():
    con, rows = _rows()
    clusters = analysis.failure_clusters(con, rows)
    by_label = {c["label"]: c for c in clusters["by_label"]}
    assert {label: c["reasons"] for label, c in by_label.items()} == {
        "ungrounded_value": [UNGROUNDED], "relative_date": sorted(DATES.values()),
        "failing_call_loop": [LOOP], "no_final_answer": [NO_ANSWER], "validation": [VALIDATION]}
    assert {label: c["steps"] for label, c in by_label.items()} == {
        "ungrounded_value": [{"step": 1, "results": 1}],
        "relative_date": [{"step": s, "results": 1} for s in (2, 3, 4)],
        "failing_call_loop": [{"step": s, "results": 1} for s in (1, 2)],
        "no_final_answer": [{"step": None, "results": 1}], "validation": [{"step": 5, "results": 1}]}
    assert all(c["results"] == c["traces"] == 1 for c in by_label.values())
    assert clusters["evaluated_traces"] == 3 and clusters["failed_traces"] == 2
    assert {(p["step"], p["label"]) for p in clusters["by_position"]} == {
        (1, "ungrounded_value"), (2, "relative_date"), (3, "relative_date"), (4, "relative_date"),
        (1, "failing_call_loop"), (2, "failing_call_loop"), (5, "validation")}
    assert clusters["first_failing_step"] == {1: 2} and clusters["without_step"] == 0


def test_reasons_are_capped_most_frequent_first():
    con, rows = _rows()
    more = [dict(rows[0], trace_id=f"{i:032x}") for i in range(3)]  # three more traces with the same call 2
    for r in more:
        r["findings"] = [f for f in r["findings"] if f["call"] == 2]
    relative = next(c for c in analysis.failure_clusters(con, rows + more, reasons=2)["by_label"]
                    if c["label"] == "relative_date")
    assert relative["reasons"] == [DATES[2], DATES[3]] and relative["results"] == 4


def test_the_markdown_report_quotes_each_label_with_its_own_reasons():
    con, rows = _rows()
    clusters = analysis.failure_clusters(con, rows)
    lines = render_md_clusters(clusters)
    relative = next(line for line in lines if "| relative_date |" in line)
    assert "step 2 (1) · step 3 (1) · step 4 (1)" in relative and "tomorrow" in relative and "login" not in relative
    no_answer = next(line for line in lines if "| no_final_answer |" in line)
    assert "trace (1)" in no_answer and "failing_call_loop" not in no_answer


def render_md_clusters(clusters: dict) -> list[str]:
    """The Markdown report's failure-mode lines for these clusters (the rest of the report empty)."""
    card = {"dimensions": {}, "final_total": None, "not_recommended": False, "rules": []}
    data = {"task": {"task_id": "task", "spec": {"window": {"mode": "backfill", "last": "1h"}, "match": "all",
                                                  "filters": [], "sampling": {"ratio": 1.0, "max_items": 1}}},
            "headline": "", "scope": {"description": "run"}, "generated_at": "now", "scene": "s", "kpis": [],
            "sampled": {"selected": 0, "candidates": 0}, "runs": [], "previous": None, "summary": {},
            "scores": {"card": card, "versions": {}}, "change": None, "dashboard_url": None, "worst": [],
            "clusters": clusters, "bottleneck": {"failure": "", "baseline": {"failed": 0, "traces": 0, "rate": None},
                                                 "tools": []}, "regressions": []}
    text = render_md(data)
    return text[text.index("## Failure modes"):text.index("## Per-tool bottleneck")].splitlines()
