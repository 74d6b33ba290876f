"""Plotly figures for the dashboard and the report, built from `tracepatrol.analysis` output.

Each function returns a figure as a plain dict (`data` + `layout`), which a page embeds as JSON
and `static/charts.js` draws with the plotly.min.js that ships in the plotly wheel, so nothing
is fetched from the internet. `plotly_js_gzip()` is that file packed for reports to carry.

Plotly reads the text of labels, legends and hover boxes as markup (`<a href>`, `<b>`, `<br>`), so
every name that comes from traces or users (tools, spans, models, agent versions, evaluators,
labels, runs) goes in through `plain()`: a tool named `<a href=…>` must not become a link.
"""
from __future__ import annotations

import base64
import datetime as dt
import gzip
import html
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import plotly
import plotly.graph_objects as go

from evaluators.base import DIMENSIONS

Figure = dict[str, Any]
PLOTLY_JS = Path(plotly.__file__).resolve().parent / "package_data" / "plotly.min.js"
FAIL, PASS, MUTED = "#d62728", "#2ca02c", "#7f7f7f"
# Distinguishable colours, one per series (Okabe-Ito, then Tableau): agent versions keep theirs across charts.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000",
           "#4E79A7", "#F28E2B", "#59A14F", "#B07AA1", "#76B7B2", "#EDC948", "#9C755F", "#BAB0AC")


@cache
def plotly_js_gzip() -> str:
    """plotly.min.js from the installed package, gzipped and base64-encoded (static/plotly_loader.js
    unpacks it): a report file a third the size of one carrying the plain text."""
    return base64.b64encode(gzip.compress(PLOTLY_JS.read_bytes(), 9, mtime=0)).decode()


def _layout(title: str, x: str, y: str, height: int = 320, **extra: Any) -> dict[str, Any]:
    """Every chart names both axes with their units; `xaxis`/`yaxis` in `extra` add to the titles."""
    base = dict(title=dict(text=title, x=0.01, font=dict(size=15)), height=height, template="plotly_white",
                margin=dict(l=64, r=20, t=45, b=56), legend=dict(orientation="v", x=1.02, y=1, yanchor="top"),
                separators=".,")
    xaxis = {"title": {"text": x}, **extra.pop("xaxis", {})}
    yaxis = {"title": {"text": y}, **extra.pop("yaxis", {})}
    return base | {"xaxis": xaxis, "yaxis": yaxis} | extra


def plain(text: Any) -> str:
    """`text` as Plotly shows it literally: it reads tags in labels but shows &lt; &gt; &amp; as characters."""
    return html.escape(str(text), quote=False)


def empty(message: str) -> Figure:
    """No figure: what a page says instead of drawing axes around nothing (`no runs yet`)."""
    return {"empty": message}


def _colour(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


def with_links(fig: Figure, links: list[list[str | None]]) -> Figure:
    """Per trace, per point: the page a click on it opens (static/charts.js follows it)."""
    return fig | {"links": links}


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
_TICK_FORMATS = {"hour": "%H:%M\n%b %d", "day": "%b %d", "week": "%b %d"}
# A point at 0 % sits on the axis line: markers are drawn over the axes, never clipped by them.
_ON_AXIS = dict(cliponaxis=False, marker=dict(size=7))


def traffic_figures(traffic: Mapping[str, Any], explore: Callable[..., str] | None = None) -> dict[str, Figure]:
    """Traces, failure rate, tokens and latency percentiles per bucket and agent version; a bar or
    point opens the explorer on its bucket and version when `explore` builds the links."""
    per = _by_version(traffic["series"])
    bucket = traffic["bucket"]
    width = dt.timedelta(milliseconds=_BUCKET_MS[bucket])
    # Each value is drawn across its whole bucket, so one bucket of data still reads as an hour (or day).
    period = dict(xperiod=_BUCKET_MS[bucket], xperiodalignment="middle")
    bars = dict(period, width=_BUCKET_MS[bucket] * 0.9)
    traces, failure, tokens, latency = (go.Figure() for _ in range(4))
    links: dict[str, list[list[str | None]]] = {"traces": [], "failure": [], "tokens": [], "latency": []}
    for i, (version, rows) in enumerate(per.items()):
        colour = _colour(i)
        x = [_iso(r["time"]) for r in rows]
        hrefs = [explore(agent_version=version, **{"from": _second(r["time"]), "to": _second(r["time"] + width)})
                 if explore else None for r in rows]
        errors = [explore(agent_version=version, status="error", **{"from": _second(r["time"]), "to": _second(r["time"] + width)})
                  if explore else None for r in rows]
        name = plain(version)
        traces.add_bar(x=x, y=[r["traces"] for r in rows], name=name, marker_color=colour, **bars)
        failure.add_scatter(x=x, y=[r["failure_rate"] for r in rows], name=name, mode="lines+markers",
                            line=dict(color=colour), **period, **_ON_AXIS)
        tokens.add_bar(x=x, y=[r["tokens"] for r in rows], name=name, marker_color=colour, **bars)
        links["traces"].append(hrefs)
        links["failure"].append(errors)
        links["tokens"].append(hrefs)
        for q, dash in (("p50_ms", "solid"), ("p95_ms", "dash"), ("p99_ms", "dot")):
            latency.add_scatter(x=x, y=[r[q] for r in rows], name=f"{name} {q[:3]}", mode="lines+markers",
                                line=dict(dash=dash, color=colour), **period, **_ON_AXIS)
            links["latency"].append(hrefs)
    times = [r["time"] for r in traffic["series"]]
    # A tick at each bucket's start, its label in the middle of the bucket it names ("Nov 29", "14:00").
    xaxis = dict(type="date", ticklabelmode="period", tickformat=_TICK_FORMATS[bucket])
    if times:
        xaxis["range"] = [_iso(min(times)), _iso(max(times) + width)]
        if (max(times) - min(times)) / width < 12:
            xaxis |= {"dtick": _BUCKET_MS[bucket], "tick0": _iso(min(times))}
    when = f"trace start ({bucket}, UTC)"
    traces.update_layout(_layout(f"traces per {bucket}", when, "traces", barmode="stack", xaxis=xaxis,
                                 yaxis=dict(tickformat=",d", rangemode="tozero")))
    failure.update_layout(_layout(f"failure rate per {bucket} (root span status error)", when, "traces failed (%)",
                                  xaxis=xaxis, yaxis=dict(tickformat=".0%", rangemode="tozero")))
    tokens.update_layout(_layout(f"tokens per {bucket}", when, "tokens", barmode="stack", xaxis=xaxis,
                                 yaxis=dict(tickformat=",d", rangemode="tozero")))
    latency.update_layout(_layout(f"trace latency per {bucket}: p50 solid, p95 dashed, p99 dotted", when,
                                  "latency (ms)", xaxis=xaxis, yaxis=dict(rangemode="tozero", tickformat=",d")))
    return {"traces": with_links(_dict(traces), links["traces"]), "failure_rate": with_links(_dict(failure), links["failure"]),
            "tokens": with_links(_dict(tokens), links["tokens"]), "latency": with_links(_dict(latency), links["latency"])}


def _second(t: dt.datetime) -> str:
    return t.replace(microsecond=0).isoformat()


def run_labels(starts: Sequence[tuple[str, dt.datetime]]) -> dict[str, str]:
    """Each run's axis label: its start to the minute (`Dec 02 08:25`), to the second when two runs
    share a minute, with the run id when they share that too. Runs are points in their order, not
    on a time scale that would put runs seconds apart on one tick (or one run on milliseconds)."""
    for fmt in ("%b %d %H:%M", "%b %d %H:%M:%S"):
        out = {run: t.strftime(fmt) for run, t in starts}
        if len(set(out.values())) == len(out):
            return out
    return {run: f"{t:%b %d %H:%M:%S} {run[-6:]}" for run, t in starts}


def pass_rate_figure(points: Sequence[Mapping[str, Any]]) -> Figure:
    """Pass rate per evaluator, one point per run, runs in the order they started."""
    if not points:
        return empty("No run has results yet: the pass rate per run shows here after the first one.")
    runs = dict(sorted({(p["run_id"], p["started_at"]) for p in points}, key=lambda r: (r[1], r[0])))
    labels = run_labels(list(runs.items()))
    fig = go.Figure()
    per: dict[str, list[Mapping[str, Any]]] = {}
    for p in points:
        per.setdefault(p["evaluator"], []).append(p)
    for i, (evaluator, rows) in enumerate(sorted(per.items())):
        fig.add_scatter(line=dict(color=_colour(i)), x=[labels[r["run_id"]] for r in rows], y=[r["pass_rate"] for r in rows],
                        name=plain(evaluator), mode="lines+markers", text=[plain(r["run_id"]) for r in rows],
                        hovertemplate="%{text}<br>%{y:.1%}<extra>" + plain(evaluator) + "</extra>", **_ON_AXIS)
    fig.update_layout(_layout("pass rate per evaluator, by run", "run (start, UTC)", "results passing (%)",
                              xaxis=dict(type="category", categoryorder="array", categoryarray=list(labels.values())),
                              yaxis=dict(tickformat=".0%", range=[-0.02, 1.05])))
    return _dict(fig)


def item_states_figure(runs: Sequence[Mapping[str, Any]]) -> Figure:
    """Selected items per run, stacked by state."""
    if not runs:
        return empty("No runs yet.")
    fig = go.Figure()
    ordered = list(reversed(runs))
    labels = run_labels([(r["run_id"], r["started_at"]) for r in ordered])
    colours = {"pending": "#E69F00", "running": "#0072B2", "done": PASS, "failed": FAIL}
    for state, colour in colours.items():
        fig.add_bar(x=[labels[r["run_id"]] for r in ordered], y=[r["item_states"][state] for r in ordered], name=state,
                    marker_color=colour, text=[plain(r["run_id"]) for r in ordered], textposition="none",
                    hovertemplate="%{text}<br>%{y:,d} " + state + "<extra></extra>")
    fig.update_layout(_layout("items per run by state", "run (start, UTC)", "items (traces)", barmode="stack",
                              xaxis=dict(type="category", categoryorder="array", categoryarray=list(labels.values())),
                              yaxis=dict(tickformat=",d")))
    return _dict(fig)


def radar_figure(scores: Mapping[str, Any]) -> Figure:
    """The measured dimensions per agent version: a radar with three or more (an axis each), a bar
    chart with one or two (a radar of two axes is a line), nothing without any."""
    measured = [d for d in DIMENSIONS if any(v["card"]["dimensions"].get(d) is not None
                                             for v in scores["versions"].values())]
    if not measured:
        return empty("No dimension measured yet: the evaluators that ran score none of the six.")
    missing = [d for d in DIMENSIONS if d not in measured]
    title = f"dimensions per agent version (scene {plain(scores['scene'])})" + (
        f"; not measured: {', '.join(missing)}" if missing else "")
    fig = go.Figure()
    if len(measured) < 3:
        for i, (version, v) in enumerate(scores["versions"].items()):
            fig.add_bar(x=measured, y=[v["card"]["dimensions"].get(d) for d in measured], name=plain(version),
                        marker_color=_colour(i))
        fig.update_layout(_layout(title, "dimension", "score (%)", height=420, barmode="group",
                                  yaxis=dict(tickformat=".0%", range=[0, 1.05])))
        return _dict(fig)
    theta = [*measured, measured[0]]
    for i, (version, v) in enumerate(scores["versions"].items()):
        dims = v["card"]["dimensions"]
        total = v["card"]["final_total"]
        fig.add_scatterpolar(r=[dims.get(d) for d in theta], theta=theta, fill="toself", opacity=0.6,
                             connectgaps=False, line=dict(color=_colour(i)),
                             name=f"{plain(version)} ({'—' if total is None else f'{total:.0%}'})")
    layout = _layout(title, "", "", height=420, polar=dict(
        radialaxis=dict(range=[0, 1], tickformat=".0%", angle=90, tickfont=dict(size=9),
                        title=dict(text="score (%)", font=dict(size=11)))))
    fig.update_layout({k: v for k, v in layout.items() if k not in ("xaxis", "yaxis")})
    return _dict(fig)


def _whole_ticks(largest: int) -> int | None:
    """A tick per unit on an axis of small counts (Plotly would put 0.5 there, printed as "1")."""
    return 1 if largest <= 10 else None


def cluster_figures(clusters: Mapping[str, Any], explore: Callable[..., str] | None = None) -> dict[str, Figure]:
    """Failing traces per label, and failing results per step of the chain, by label (each label on
    the steps it was found on); a label's bar opens the explorer on the traces failing with it."""
    if not clusters["by_label"]:
        nothing = empty("No failing results: no failure mode to show.")
        return {"by_label": nothing, "by_position": nothing}
    labels = list(reversed(clusters["by_label"][:15]))
    most = max((c["traces"] for c in labels), default=0)
    by_label = go.Figure(go.Bar(x=[c["traces"] for c in labels], y=[plain(f"{c['evaluator']}: {c['label']}") for c in labels],
                                orientation="h", marker_color=FAIL))
    by_label.update_layout(_layout("failure modes: traces per label", "failing traces", "evaluator: label",
                                   height=max(260, 28 * len(labels) + 100), margin=dict(l=260, r=20, t=45, b=56),
                                   xaxis=dict(tickformat=",d", dtick=_whole_ticks(most))))
    position = go.Figure()
    per: dict[str, dict[int, int]] = {}
    for p in clusters["by_position"]:
        per.setdefault(p["label"], {}).setdefault(p["step"], 0)
        per[p["label"]][p["step"]] += p["results"]
    for i, (label, steps) in enumerate(sorted(per.items())):
        position.add_bar(x=[f"step {s}" for s in steps], y=list(steps.values()), name=plain(label), marker_color=_colour(i))
    order = sorted({s for steps in per.values() for s in steps})
    if not order:
        return {"by_label": with_links(_dict(by_label), [[explore(label=c["label"], evaluator=c["evaluator"])
                                                           if explore else None for c in labels]]),
                "by_position": empty("No finding is on a step of the chain: every failure is about the whole trace.")}
    tallest = max((sum(steps.get(s, 0) for steps in per.values()) for s in order), default=0)
    position.update_layout(_layout("where in the chain: the steps each label was found on",
                                   "tool call (step of the chain)", "failing results", barmode="stack",
                                   xaxis=dict(type="category", categoryorder="array",
                                              categoryarray=[f"step {s}" for s in order]),
                                   yaxis=dict(tickformat=",d", dtick=_whole_ticks(tallest))))
    links = [[explore(label=c["label"], evaluator=c["evaluator"]) if explore else None for c in labels]]
    return {"by_label": with_links(_dict(by_label), links), "by_position": _dict(position)}


def bottleneck_figure(bottleneck: Mapping[str, Any]) -> Figure:
    tools = bottleneck["tools"][:15]
    if not tools:
        return empty("No tool calls in scope.")
    fig = go.Figure()
    names = [plain(t["tool"]) for t in tools]
    fig.add_bar(x=names, y=[t["p_fail_called"] for t in tools], name="P(trace fails | tool called)", marker_color=FAIL)
    fig.add_bar(x=names, y=[t["p_fail_errored"] for t in tools], name="P(trace fails | a call errored)",
                marker_color="#0072B2")
    base = bottleneck["baseline"]["rate"]
    if base is not None:
        fig.add_hline(y=base, line_dash="dash", line_color=MUTED, annotation_text=f"all traces {base:.0%}")
    fig.update_layout(_layout("per-tool bottleneck", "tool", "probability the trace fails (%)", barmode="group",
                              yaxis=dict(tickformat=".0%", range=[0, 1.05])))
    return _dict(fig)


# The timeline's legend: what each bar colour means. Failed spans are red here as in the span tree.
STEP_KINDS = {"root": ("whole trace (root span)", "#9aa3ae"), "llm": ("model call", "#0072B2"),
              "ok": ("tool call", PASS), "offending": ("tool call cited by a failing evaluator", "#E69F00"),
              "error": ("failed (span status error)", FAIL)}


def timeline_figure(steps: Sequence[tuple[str, Mapping[str, Any]]], traj: Mapping[str, Any],
                    offending: set[int]) -> Figure:
    """The root span and the given model and tool calls as bars on a millisecond axis from the trace
    start (the axis covers the whole root span), coloured by kind with a legend; a click on a bar
    selects its span (the page's side panel), or goes to its step when no span recorded it. One bar
    trace per kind, so a long trajectory costs a few traces."""
    t0 = traj.get("start_ns") or 0
    total = traj.get("duration_ms") or 0
    groups: dict[str, dict[str, list]] = {k: {"y": [], "x": [], "base": [], "text": [], "href": []} for k in STEP_KINDS}
    root_label = plain(f"trace: {traj.get('root_span_name') or 'root'}")
    root = "error" if traj.get("status") == "error" else "root"
    groups[root] |= {"y": [root_label], "x": [max(total, 0.5)], "base": [0.0], "text": ["root span"],
                     "href": [f"#span-{traj['root_span_id']}" if traj.get("root_span_id") else "#"]}
    order = [root_label]
    for kind, c in steps:
        failed = c.get("status") == "error"
        why = f" · {c.get('error_type') or 'error'}: {c.get('error') or ''}"[:160] if failed else ""
        if kind == "llm":
            label, group = plain(f"model {c['seq']} {c.get('model') or ''}".strip()), "error" if failed else "llm"
            note = plain(f"{c.get('input_tokens', 0):,} in / {c.get('output_tokens', 0):,} out tokens{why}")
            href = f"#span-{c['span_id']}" if c.get("span_id") else f"#llm-{c['seq']}"
        else:
            label = plain(f"#{c['seq']} {c['name']}")
            group = "error" if failed else "offending" if c["seq"] in offending else "ok"
            note = plain(c["status"] + why + (" · cited by a failing evaluator" if c["seq"] in offending else ""))
            href = f"#span-{c['span_id']}" if c.get("span_id") else f"#step-{c['seq']}"
        order.append(label)
        g = groups[group]
        g["y"].append(label)
        g["x"].append(max(c.get("duration_ms") or 0, 0.5))
        g["base"].append(((c.get("start_ns") or t0) - t0) / 1e6)
        g["text"].append(note)
        g["href"].append(href)
    fig, links = go.Figure(), []
    for kind, g in groups.items():
        if not g["y"]:
            continue
        name, colour = STEP_KINDS[kind]
        fig.add_bar(y=g["y"], x=g["x"], base=g["base"], orientation="h", marker_color=colour, name=name,
                    customdata=g["base"], text=g["text"], textposition="none",
                    hovertemplate="%{y}<br>start %{customdata:,.1f} ms, %{x:,.1f} ms<br>%{text}<extra></extra>")
        links.append(g["href"])
    fig.update_layout(_layout("timeline", "time from trace start (ms)", "step",
                              height=max(260, 26 * len(order) + 130),
                              xaxis=dict(range=[0, max(total, 1) * 1.01], tickformat=",d"),
                              yaxis=dict(autorange="reversed", type="category", categoryorder="array",
                                         categoryarray=order), margin=dict(l=220, r=20, t=45, b=56),
                              legend=dict(orientation="h", y=1.0, yanchor="bottom", x=0.3)))
    return with_links(_dict(fig), links)
