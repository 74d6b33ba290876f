"""Plotly figures for the dashboard and the report, built from `tracepatrol.analysis` output.

Each function returns a figure as a plain dict (`data` + `layout`), which a page embeds as JSON
and `static/charts.js` draws with the plotly.min.js that ships in the plotly wheel, so nothing
is fetched from the internet. `plotly_js()` is that file, for pages and reports to carry.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import plotly
import plotly.graph_objects as go

from evaluators.base import DIMENSIONS

Figure = dict[str, Any]
PLOTLY_JS = Path(plotly.__file__).resolve().parent / "package_data" / "plotly.min.js"
FAIL, PASS, MUTED = "#d62728", "#2ca02c", "#7f7f7f"


@cache
def plotly_js() -> str:
    """plotly.min.js from the installed package, safe to inline in a <script> element."""
    return PLOTLY_JS.read_text(encoding="utf-8").replace("</script", "<\\/script").replace("<!--", "<\\!--")


def _layout(title: str, height: int = 320, **extra: Any) -> dict[str, Any]:
    base = dict(title=dict(text=title, x=0.01, font=dict(size=15)), height=height, template="plotly_white",
                margin=dict(l=50, r=20, t=45, b=40), legend=dict(orientation="h", y=-0.2))
    return base | extra


def _dict(fig: go.Figure) -> Figure:
    return fig.to_plotly_json()


def _iso(t: Any) -> Any:
    return t.isoformat() if isinstance(t, (dt.datetime, dt.date)) else t


def _by_version(series: Sequence[Mapping[str, Any]]) -> dict[str, list[Mapping[str, Any]]]:
    out: dict[str, list[Mapping[str, Any]]] = {}
    for row in series:
        out.setdefault(row["agent_version"], []).append(row)
    return out


_BUCKET_MS = {"hour": 3_600_000, "day": 86_400_000, "week": 604_800_000}


def traffic_figures(traffic: Mapping[str, Any]) -> dict[str, Figure]:
    """Traces, failure rate, tokens and latency percentiles per bucket and agent version."""
    per = _by_version(traffic["series"])
    bucket = traffic["bucket"]
    # Each value is drawn across its whole bucket, so one bucket of data still reads as an hour (or day).
    period = dict(xperiod=_BUCKET_MS[bucket], xperiodalignment="middle")
    bars = dict(period, width=_BUCKET_MS[bucket] * 0.9)
    traces, failure, tokens, latency = (go.Figure() for _ in range(4))
    for version, rows in per.items():
        x = [_iso(r["time"]) for r in rows]
        traces.add_bar(x=x, y=[r["traces"] for r in rows], name=version, **bars)
        failure.add_scatter(x=x, y=[r["failure_rate"] for r in rows], name=version, mode="lines+markers", **period)
        tokens.add_bar(x=x, y=[r["tokens"] for r in rows], name=version, **bars)
        for q, dash in (("p50_ms", "solid"), ("p95_ms", "dash"), ("p99_ms", "dot")):
            latency.add_scatter(x=x, y=[r[q] for r in rows], name=f"{version} {q[:3]}", mode="lines+markers",
                                line=dict(dash=dash), **period)
    times = [r["time"] for r in traffic["series"]]
    xaxis = dict(type="date")
    if times:
        xaxis["range"] = [_iso(min(times)), _iso(max(times) + dt.timedelta(milliseconds=_BUCKET_MS[bucket]))]
    traces.update_layout(_layout(f"traces per {bucket}", barmode="stack", xaxis=xaxis))
    failure.update_layout(_layout(f"failure rate per {bucket} (root span status error)", xaxis=xaxis,
                                  yaxis=dict(tickformat=".0%", rangemode="tozero")))
    tokens.update_layout(_layout(f"tokens per {bucket}", barmode="stack", xaxis=xaxis))
    latency.update_layout(_layout(f"trace latency per {bucket} (ms)", xaxis=xaxis, yaxis=dict(rangemode="tozero")))
    return {"traces": _dict(traces), "failure_rate": _dict(failure), "tokens": _dict(tokens),
            "latency": _dict(latency)}


def pass_rate_figure(points: Sequence[Mapping[str, Any]]) -> Figure:
    """Pass rate per evaluator, one point per run."""
    fig = go.Figure()
    per: dict[str, list[Mapping[str, Any]]] = {}
    for p in points:
        per.setdefault(p["evaluator"], []).append(p)
    for evaluator, rows in sorted(per.items()):
        fig.add_scatter(x=[_iso(r["started_at"]) for r in rows], y=[r["pass_rate"] for r in rows], name=evaluator,
                        mode="lines+markers", text=[r["run_id"] for r in rows],
                        hovertemplate="%{text}<br>%{y:.1%}<extra>" + evaluator + "</extra>")
    fig.update_layout(_layout("pass rate per evaluator, by run", yaxis=dict(tickformat=".0%", range=[0, 1.05])))
    return _dict(fig)


def item_states_figure(runs: Sequence[Mapping[str, Any]]) -> Figure:
    """Selected items per run, stacked by state."""
    fig = go.Figure()
    ordered = list(reversed(runs))
    colours = {"pending": "#bcbd22", "running": "#1f77b4", "done": PASS, "failed": FAIL}
    for state, colour in colours.items():
        fig.add_bar(x=[r["run_id"] for r in ordered], y=[r["item_states"][state] for r in ordered], name=state,
                    marker_color=colour)
    fig.update_layout(_layout("items per run by state", barmode="stack", xaxis=dict(type="category")))
    return _dict(fig)


def radar_figure(scores: Mapping[str, Any]) -> Figure:
    """The six dimensions per agent version (a gap where a dimension was not measured)."""
    fig = go.Figure()
    measured = [d for d in DIMENSIONS if any(v["card"]["dimensions"].get(d) is not None
                                             for v in scores["versions"].values())]
    dims = measured if len(measured) >= 3 else list(DIMENSIONS)  # an axis per measured dimension
    theta = [*dims, dims[0]]
    for version, v in scores["versions"].items():
        dims = v["card"]["dimensions"]
        r = [dims.get(d) for d in theta]
        total = v["card"]["final_total"]
        fig.add_scatterpolar(r=r, theta=theta, name=f"{version} ({'—' if total is None else f'{total:.0%}'})",
                             fill="toself", opacity=0.6, connectgaps=False)
    missing = [d for d in DIMENSIONS if d not in dims]
    title = f"dimensions per agent version (scene {scores['scene']})" + (
        f"; not measured: {', '.join(missing)}" if missing else "")
    fig.update_layout(_layout(title, height=420, polar=dict(
        radialaxis=dict(range=[0, 1], tickformat=".0%", angle=90, tickfont=dict(size=9)))))
    return _dict(fig)


def cluster_figures(clusters: Mapping[str, Any]) -> dict[str, Figure]:
    """Failing traces per label, and failing results per step of the chain, by label."""
    labels = list(reversed(clusters["by_label"][:15]))
    by_label = go.Figure(go.Bar(x=[c["traces"] for c in labels], y=[f"{c['evaluator']}: {c['label']}" for c in labels],
                                orientation="h", marker_color=FAIL))
    by_label.update_layout(_layout("failure modes: traces per label", height=max(260, 28 * len(labels) + 80),
                                   margin=dict(l=260, r=20, t=45, b=40)))
    position = go.Figure()
    per: dict[str, dict[int, int]] = {}
    for p in clusters["by_position"]:
        per.setdefault(p["label"], {}).setdefault(p["step"], 0)
        per[p["label"]][p["step"]] += p["results"]
    for label, steps in sorted(per.items()):
        position.add_bar(x=[f"step {s}" for s in steps], y=list(steps.values()), name=label)
    position.update_layout(_layout("where in the chain: first offending tool call", barmode="stack",
                                   xaxis=dict(type="category")))
    return {"by_label": _dict(by_label), "by_position": _dict(position)}


def bottleneck_figure(bottleneck: Mapping[str, Any]) -> Figure:
    tools = bottleneck["tools"][:15]
    fig = go.Figure()
    names = [t["tool"] for t in tools]
    fig.add_bar(x=names, y=[t["p_fail_called"] for t in tools], name="P(trace fails | tool called)", marker_color=FAIL)
    fig.add_bar(x=names, y=[t["p_fail_errored"] for t in tools], name="P(trace fails | a call errored)",
                marker_color="#ff9896")
    base = bottleneck["baseline"]["rate"]
    if base is not None:
        fig.add_hline(y=base, line_dash="dash", line_color=MUTED, annotation_text=f"all traces {base:.0%}")
    fig.update_layout(_layout("per-tool bottleneck", barmode="group", yaxis=dict(tickformat=".0%", range=[0, 1.05])))
    return _dict(fig)


def timeline_figure(steps: Sequence[tuple[str, Mapping[str, Any]]], traj: Mapping[str, Any],
                    offending: set[int]) -> Figure:
    """The given LLM and tool calls as bars on a millisecond axis from the trace start; offending
    tool calls (cited as evidence) in red. One bar trace per colour, so a long trajectory costs
    a few traces, not one per step."""
    t0 = traj.get("start_ns") or 0
    groups: dict[str, dict[str, list]] = {}
    order = []
    for kind, c in steps:
        if kind == "llm":
            label, colour = f"LLM {c['seq']} {c.get('model') or ''}".strip(), "#1f77b4"
            note = f"{c.get('input_tokens', 0)} in / {c.get('output_tokens', 0)} out tokens"
        else:
            label = f"#{c['seq']} {c['name']}"
            colour = FAIL if c["seq"] in offending else "#ff7f0e" if c["status"] == "error" else PASS
            note = c["status"] + (" · offending" if c["seq"] in offending else "")
        order.append(label)
        g = groups.setdefault(colour, {"y": [], "x": [], "base": [], "text": []})
        g["y"].append(label)
        g["x"].append(max(c.get("duration_ms") or 0, 0.5))
        g["base"].append(((c.get("start_ns") or t0) - t0) / 1e6)
        g["text"].append(note)
    fig = go.Figure()
    for colour, g in groups.items():
        fig.add_bar(y=g["y"], x=g["x"], base=g["base"], orientation="h", marker_color=colour, showlegend=False,
                    customdata=g["base"], text=g["text"], textposition="none",
                    hovertemplate="%{y}<br>start %{customdata:.1f} ms, %{x:.1f} ms<br>%{text}<extra></extra>")
    fig.update_layout(_layout("timeline (ms from trace start)", height=max(220, 26 * len(steps) + 90),
                              yaxis=dict(autorange="reversed", type="category", categoryorder="array",
                                         categoryarray=order), margin=dict(l=200, r=20, t=45, b=40)))
    return _dict(fig)
