"""Charts that do not mislead: runs as points in their order (never a time axis of milliseconds, nor
−1…6 before any run: "no runs yet" instead), bucketed time axes ticked per bucket with the label in
the bucket, points at 0 % drawn over the axis, steps of the chain in order, a radar only with three
measured dimensions (bars with one or two, nothing with none); the shown state of a run follows its items."""
from __future__ import annotations

import datetime as dt

from tracepatrol.analysis import item_verdicts, shown_state
from tracepatrol.web import charts
from tracepatrol.web.filter_params import describe

T = dt.datetime(2026, 12, 2, 8, 25, 4)


def point(run: str, at: dt.datetime, evaluator: str = "grounding", rate: float = 0.0) -> dict:
    return {"run_id": run, "started_at": at, "evaluator": evaluator, "pass_rate": rate}


def test_pass_rate_by_run_says_no_runs_yet_and_puts_runs_in_order():
    assert "No run has results yet" in charts.pass_rate_figure([])["empty"]
    one = charts.pass_rate_figure([point("r1", T)])
    assert one["layout"]["xaxis"]["type"] == "category" and one["data"][0]["x"] == ["Dec 02 08:25"]
    seconds_apart = charts.pass_rate_figure([point("r2", T + dt.timedelta(seconds=9)), point("r1", T)])
    assert seconds_apart["layout"]["xaxis"]["categoryarray"] == ["Dec 02 08:25:04", "Dec 02 08:25:13"]
    assert seconds_apart["layout"]["yaxis"]["range"][0] < 0  # a 0 % point is not on the edge
    assert seconds_apart["data"][0]["cliponaxis"] is False
    same_second = charts.run_labels([("task-a-111111", T), ("task-a-222222", T)])
    assert len(set(same_second.values())) == 2
    assert charts.item_states_figure([]) == {"empty": "No runs yet."}


def traffic(bucket: str, times: list[dt.datetime], rate: float = 0.0) -> dict:
    rows = [{"agent_version": "1.0", "time": t, "traces": 3, "failure_rate": rate, "tokens": 10, "p50_ms": 1,
             "p95_ms": 2, "p99_ms": 3} for t in times]
    return {"bucket": bucket, "series": rows}


def test_bucketed_time_axes_tick_each_bucket_and_label_it_in_its_middle():
    days = [dt.datetime(2026, 11, 29), dt.datetime(2026, 12, 2)]
    figs = charts.traffic_figures(traffic("day", days))
    axis = figs["traces"]["layout"]["xaxis"]
    assert (axis["ticklabelmode"], axis["tickformat"], axis["dtick"]) == ("period", "%b %d", 86_400_000)
    assert figs["failure_rate"]["data"][0]["cliponaxis"] is False  # 0 % sits on the axis, drawn whole
    hours = charts.traffic_figures(traffic("hour", [dt.datetime(2026, 12, 2) + dt.timedelta(hours=h) for h in range(40)]))
    assert "dtick" not in hours["traces"]["layout"]["xaxis"]  # many buckets: Plotly spaces the ticks


def scores(*dimensions: dict) -> dict:
    return {"scene": "customer_service", "versions": {
        f"v{i}": {"card": {"dimensions": d, "final_total": 0.5}} for i, d in enumerate(dimensions, 1)}}


def test_a_radar_needs_three_measured_dimensions():
    assert "No dimension measured" in charts.radar_figure(scores({"tool_use": None}))["empty"]
    two = charts.radar_figure(scores({"tool_use": 0.8, "safety": 1.0}, {"tool_use": 0.6, "safety": None}))
    assert {t["type"] for t in two["data"]} == {"bar"} and two["data"][0]["x"] == ["tool_use", "safety"]
    three = charts.radar_figure(scores({"tool_use": 0.8, "safety": 1.0, "dialogue": 0.5}))
    assert three["data"][0]["type"] == "scatterpolar" and three["data"][0]["theta"][:3] == ["tool_use", "dialogue", "safety"]


def test_chain_positions_in_step_order():
    clusters = {"by_label": [{"evaluator": "g", "label": "x", "traces": 1}],
                "by_position": [{"step": s, "label": "x", "results": 1, "tool": "t"} for s in (10, 2, 1)]}
    fig = charts.cluster_figures(clusters)["by_position"]
    assert fig["layout"]["xaxis"]["categoryarray"] == ["step 1", "step 2", "step 10"]
    assert "No failing results" in charts.cluster_figures({"by_label": [], "by_position": []})["by_label"]["empty"]


def test_filters_read_as_the_form_shows_them():
    assert describe({"field": "status", "op": "eq", "value": "error"}) == "status = error"
    assert describe({"field": "tokens", "op": "gt", "value": 8000}) == "tokens > 8000"
    assert describe({"field": "tool_name", "op": "in", "value": ["search", "lookup"]}) == "tool_name is one of search,lookup"
    assert describe({"field": "user_id", "op": "exists", "value": False}) == "user_id has no value"


def test_a_selected_run_is_running_until_its_items_are_done():
    states = {"pending": 1, "running": 2, "done": 3, "failed": 0}
    assert shown_state({"state": "selected", "item_states": states}) == "running"
    assert shown_state({"state": "selected", "item_states": states | {"pending": 0, "running": 0}}) == "done"
    assert shown_state({"state": "selecting", "item_states": states}) == "selecting"


def test_items_worst_first():
    items = [{"trace_id": t, "version": 1, "state": s} for t, s in
             (("a", "done"), ("b", "done"), ("c", "failed"), ("d", "pending"), ("e", "done"))]
    rows = [{"trace_id": "a", "version": 1, "score": 1.0, "passed": True, "label": "pass", "labels": []},
            {"trace_id": "b", "version": 1, "score": 0.4, "passed": False, "label": "wrong_tool", "labels": ["wrong_tool"]},
            {"trace_id": "b", "version": 1, "score": 0.8, "passed": True, "label": "pass", "labels": []},
            {"trace_id": "e", "version": 1, "score": 0.9, "passed": False, "label": "server", "labels": ["server"]}]
    out = item_verdicts(items, rows)
    assert [i["trace_id"] for i in out] == ["b", "e", "c", "a", "d"]
    assert (out[0]["score"], out[0]["verdict"], out[0]["labels"]) == (0.6000000000000001, "failed", ["wrong_tool"])
    assert out[-1]["verdict"] is None and out[-1]["score"] is None
