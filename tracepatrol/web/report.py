"""The health report of an evaluation task: one run, one day's runs, or the latest run.

`build()` gathers everything from `tracepatrol.analysis` into one plain dict; `render()` writes
it as a self-contained HTML file (plotly.min.js and the figures inline, so it opens offline),
as Markdown, or as JSON. All three carry the same content:

- what was sampled and why: the task's window, filters, ratio and cap; each run's manifest
  (candidates the filters matched, sampled out, capped, already taken, selected, item states);
- scores against the previous period (the day before, or the run before): per evaluator the pass
  rate with its Wilson interval, extrapolated to the matched population; per dimension the change
  with Welch's t-test;
- the worst traces with their reasons, failure clusters (each label with its own steps and
  reasons), the per-tool bottleneck, the radar and the version-against-version table with
  short-board flags.

Markdown renderers pass raw HTML through and make links of `[text](url)`, so in the Markdown
every text from traces or users (tool names, reasons, agent versions, filter values) is written
to read literally (`_md`, `_code`): no tag, link or code span of its own, no broken table.
"""
from __future__ import annotations

import base64
import datetime as dt
import hashlib
import re
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

import orjson
from markupsafe import Markup

from evaluators.aggregate import trace_dimensions
from evaluators.scoring import compare_versions
from evaluators.weights import get_profile, load_profiles
from tracepatrol import analysis
from tracepatrol.web import charts
from tracepatrol.web.filter_params import describe
from tracepatrol.web.pages import HEADERS, STATIC, render as render_template, window_text

FORMATS = ("html", "md", "json")
MEDIA_TYPES = {"html": "text/html; charset=utf-8", "md": "text/markdown; charset=utf-8",
               "json": "application/json"}
Progress = Callable[[str], None]


def _scope(cur, task_id: str, run_id: str | None, day: dt.date | None) -> tuple[dict, dict | None]:
    """(current, previous): each {description, run_ids}; previous is None when there is none."""
    all_runs = analysis.task_runs(cur, task_id)  # newest first
    if run_id is not None:
        run = analysis.run(cur, run_id)
        if run["task_id"] != task_id:
            raise analysis.NotFound(f"run {run_id!r} belongs to task {run['task_id']!r}, not {task_id!r}")
        older = [r for r in all_runs if r["started_at"] < run["started_at"] and r["results"]]
        prev = {"description": f"the previous run {older[0]['run_id']}", "run_ids": [older[0]["run_id"]]} if older else None
        return {"description": f"run {run_id}", "run_ids": [run_id]}, prev
    if day is not None:
        start = dt.datetime.combine(day, dt.time())
        ids = analysis.runs_in(cur, task_id, start, start + dt.timedelta(days=1))
        if not ids:
            days = sorted({r["started_at"].date().isoformat() for r in all_runs}, reverse=True)
            raise analysis.NotFound(f"task {task_id!r} has no run started on {day.isoformat()} (UTC); "
                                    f"days with runs: {', '.join(days[:10]) or 'none'}")
        before = analysis.runs_in(cur, task_id, start - dt.timedelta(days=1), start)
        prev = {"description": f"the day before ({(day - dt.timedelta(days=1)).isoformat()})", "run_ids": before}
        return {"description": f"runs started on {day.isoformat()} (UTC)", "run_ids": ids}, prev if before else None
    with_results = [r for r in all_runs if r["results"]] or all_runs
    if not with_results:
        raise analysis.NotFound(f"task {task_id!r} has no run yet")
    latest = with_results[0]
    current = {"description": f"the latest run {latest['run_id']}", "run_ids": [latest["run_id"]]}
    prev = {"description": f"the previous run {with_results[1]['run_id']}",
            "run_ids": [with_results[1]["run_id"]]} if len(with_results) > 1 else None
    return current, prev


def build(cur, task_id: str, run_id: str | None = None, day: dt.date | None = None, scene: str = "customer_service",
          weights_dirs: Sequence[Path] = (), dashboard_url: str | None = None,
          progress: Progress = lambda step: None) -> dict[str, Any]:
    """Everything the report shows, as plain data (NotFound names an unknown task, run or day)."""
    progress("reading the task and its runs")
    task = analysis.task(cur, task_id)
    current, previous = _scope(cur, task_id, run_id, day)
    profile = get_profile(scene, weights_dirs)
    profiles = list(load_profiles(*weights_dirs).values())
    runs = [analysis.run(cur, r) for r in current["run_ids"]]
    candidates = sum(r["candidates"] or 0 for r in runs)
    selected = sum(r["selected"] or 0 for r in runs)
    progress("scoring")
    rows = analysis.run_results(cur, task_id, current["run_ids"])
    data: dict[str, Any] = {
        "generated_at": dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0),
        "task": task, "scope": current, "scene": scene, "dashboard_url": dashboard_url,
        "runs": [{k: v for k, v in r.items() if k != "items"} for r in runs],
        "sampled": {"candidates": candidates, "selected": selected, "fraction": selected / candidates if candidates else None},
        "summary": analysis.summary(rows, candidates), "scores": analysis.radar(rows, profile),
        "previous": None, "change": None,
    }
    prev_rows: list[dict] = []
    if previous is not None:
        prev_rows = analysis.run_results(cur, task_id, previous["run_ids"])
        prev_runs = [analysis.run(cur, r) for r in previous["run_ids"]]
        prev_candidates = sum(r["candidates"] or 0 for r in prev_runs)
        data["previous"] = {**previous, "candidates": prev_candidates, "summary": analysis.summary(prev_rows, prev_candidates),
                            "card": analysis.radar(prev_rows, profile)["card"]}
        data["change"] = compare_versions(_flat(prev_rows), _flat(rows), [profile],
                                          labels=("previous", "current")).model_dump()
    progress("clustering failures")
    data["worst"] = analysis.worst_traces(rows, 10)
    data["clusters"] = analysis.failure_clusters(cur, rows)
    data["bottleneck"] = analysis.bottleneck(cur, task_id, current["run_ids"])
    data["regressions"] = analysis.regressions(rows, profiles)
    last_start = max(r["started_at"] for r in runs)
    trend = [p for p in analysis.pass_rates_over_time(cur, task_id) if p["started_at"] <= last_start]
    data["kpis"] = _kpis(data, rows, prev_rows, len(runs))
    data["headline"] = _headline(data)
    progress("drawing charts")
    data["charts"] = {"radar": charts.radar_figure(data["scores"]), "bottleneck": charts.bottleneck_figure(data["bottleneck"]),
                      "pass_rate": charts.pass_rate_figure(trend) if len({p["run_id"] for p in trend}) > 1 else None,
                      **charts.cluster_figures(data["clusters"])}
    return data


def _traces(rows: Sequence[dict]) -> tuple[int, int]:
    """(evaluated traces, traces failing at least one applicable evaluator)."""
    evaluated = {(r["trace_id"], r["version"]) for r in rows if r["score"] is not None}
    failed = {(r["trace_id"], r["version"]) for r in rows if r["score"] is not None and r["passed"] is False}
    return len(evaluated), len(failed)


def _kpis(data: dict[str, Any], rows: Sequence[dict], prev_rows: Sequence[dict], runs: int) -> list[dict[str, Any]]:
    """The cards on top: each value with the previous period's and the change (`better`: which way is good)."""
    evaluated, failed = _traces(rows)
    prev = data["previous"]
    p_evaluated, p_failed = _traces(prev_rows) if prev else (None, None)
    cards = [("runs", "runs", runs, len(prev["run_ids"]) if prev else None, None),
             ("candidates", "candidates matched", data["sampled"]["candidates"], prev["candidates"] if prev else None, None),
             ("evaluated", "evaluated traces", evaluated, p_evaluated, None),
             ("failed", "failed traces", failed, p_failed, "down"),
             ("passing", "traces passing", evaluated and (evaluated - failed) / evaluated,
              p_evaluated and (p_evaluated - p_failed) / p_evaluated, "up"),
             ("score", "scene score", data["scores"]["card"]["final_total"], prev["card"]["final_total"] if prev else None, "up")]
    out = []
    for key, label, value, before, better in cards:
        change = value - before if value is not None and before is not None else None
        share = key in ("passing", "score")
        out.append({"id": key, "label": label, "value": value, "previous": before, "change": change, "share": share,
                    "signed": None if change is None else _signed(change, share),
                    "good": None if change in (None, 0) or better is None else (change > 0) == (better == "up")})
    return out


def _signed(change: float, share: bool) -> str:
    text = f"{change * 100:+.1f} pt" if share else f"{change:+,.0f}"
    return text.replace("-", "−")


def _headline(data: dict[str, Any]) -> str:
    """The report's first sentence: what happened, its main cause, and the change."""
    cards = {c["id"]: c for c in data["kpis"]}
    evaluated, failed = cards["evaluated"]["value"], cards["failed"]["value"]
    if not evaluated:
        return f"No trace was evaluated in {data['scope']['description']}."
    parts = [f"{failed:,} of {evaluated:,} evaluated traces failed at least one evaluator"]
    if data["clusters"]["by_label"]:
        top = data["clusters"]["by_label"][0]
        parts.append(f"top cause {top['label']} ({top['traces']:,} traces)")
    if cards["passing"]["signed"] is not None:
        parts.append(f"{cards['passing']['signed']} traces passing against {data['previous']['description']}")
    return "; ".join(parts) + "."


def _flat(rows: Sequence[dict]) -> list[dict]:
    """Per-trace dimension scores over every agent version."""
    return [s for per in trace_dimensions(rows).values() for s in per]


# -- rendering ---------------------------------------------------------------------------------
def render(data: dict[str, Any], fmt: str) -> str:
    if fmt == "html":
        return render_html(data)
    if fmt == "md":
        return render_md(data)
    if fmt == "json":
        return render_json(data)
    raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {fmt!r}")


def render_html(data: dict[str, Any]) -> str:
    # Files of this package (not data), inserted verbatim so the report needs nothing else.
    loader, charts_js = _inline_scripts()
    assets = {"plotly_gz": charts.plotly_js_gzip(), "loader": Markup(loader), "charts": Markup(charts_js),
              "css": Markup((STATIC / "dashboard.css").read_text(encoding="utf-8"))}
    return render_template("report.html", title=f"health report {data['task']['task_id']}", inline=True, charts=True,
                           assets=assets, r=data)


@cache
def _inline_scripts() -> tuple[str, str]:
    return tuple((STATIC / name).read_text(encoding="utf-8") for name in ("plotly_loader.js", "charts.js"))


def file_name(task_id: str, run_id: str | None, day: dt.date | None, fmt: str) -> str:
    """A download's file name: the task and what the report covers, in characters any file system takes."""
    scope = run_id or (day.isoformat() if day else "latest")
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", f"report-{task_id}-{scope}")[:120] + f".{fmt}"


def headers(fmt: str) -> dict[str, str]:
    """A served report carries the dashboard's headers; the HTML one's CSP lets exactly the two
    scripts it inlines and the plotly.min.js they unpack run (by hash), so an injected script would not."""
    if fmt != "html":
        return HEADERS
    csp = HEADERS["Content-Security-Policy"].replace("script-src 'self'", f"script-src 'self' {_script_hashes()}")
    return HEADERS | {"Content-Security-Policy": csp}


@cache
def _script_hashes() -> str:
    texts = [s.encode() for s in _inline_scripts()] + [charts.PLOTLY_JS.read_bytes()]
    return " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(t).digest()).decode()}'" for t in texts)


def render_json(data: dict[str, Any]) -> str:
    body = {k: v for k, v in data.items() if k != "charts"}
    return orjson.dumps(body, default=str, option=orjson.OPT_INDENT_2 | orjson.OPT_NON_STR_KEYS).decode()


def _second(t: dt.datetime | None) -> str:
    return "the beginning" if t is None else t.replace(microsecond=0).isoformat(" ")


def _kpi_value(card: dict[str, Any], value: float | None) -> str:
    return _pct(value) if card["share"] else "—" if value is None else f"{value:,}"


def _pct(v: float | None) -> str:
    return "—" if v is None else f"{v:.1%}"


def _num(v: float | None, fmt: str = "{:.2f}") -> str:
    return "—" if v is None else fmt.format(v)


_MD_LITERAL = str.maketrans({"\\": "\\\\", "`": "\\`", "*": "\\*", "[": "\\[", "]": "\\]", "|": "\\|",
                             "<": "&lt;", ">": "&gt;", "&": "&amp;", "\n": " ", "\r": " "})


def _md(value: Any) -> str:
    """`value` as Markdown shows it literally, on one line (a table cell or a line of prose)."""
    return str(value).translate(_MD_LITERAL)


class _Markdown(str):
    """Markdown the report writes itself (a link), put in a table as it is."""


def _code(text: str) -> str:
    """`text` as one inline code span, fenced by more backticks than it holds in a row."""
    text = " ".join(text.splitlines())
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    return f"{fence} {text} {fence}"


def _cell(value: Any) -> str:
    return "—" if value is None else value if isinstance(value, _Markdown) else _md(value)


def _table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return lines + [""]


def _steps(steps: Sequence[dict[str, Any]]) -> str:
    """Where a label was found: `step 2 (4) · trace (1)` (the step, or the whole trace, and its results)."""
    return " · ".join(f"{'trace' if s['step'] is None else 'step ' + str(s['step'])} ({s['results']})"
                      for s in steps) or "—"


def render_md(data: dict[str, Any]) -> str:
    task, spec, prev = data["task"], data["task"]["spec"], data["previous"]
    out = [f"# Health report: task {_md(task['task_id'])}", "", f"**{_md(data['headline'])}**", "",
           f"{_md(data['scope']['description'])} · generated {data['generated_at']} UTC · scene {_md(data['scene'])}", "",
           *(f"- {c['label']}: {_kpi_value(c, c['value'])}"
             + (f" ({c['signed']} vs {_kpi_value(c, c['previous'])})" if c["signed"] else "") for c in data["kpis"]), "",
           "## What was sampled and why", "",
           f"- window: {_md(window_text(spec['window']))}",
           f"- filters ({_md(spec['match'])}): " + (", ".join(_code(describe(f)) for f in spec["filters"]) or "none (all traffic)"),
           f"- sampling: ratio {_pct(spec['sampling']['ratio'])}, at most {spec['sampling']['max_items']} items per run",
           f"- evaluators: {_md(', '.join(spec.get('evaluators') or ['default set']))}",
           f"- {data['sampled']['selected']} traces selected of {data['sampled']['candidates']} that matched the filters", ""]
    out += _table(["run", "trigger", "state", "window (UTC)", "candidates", "sampled out", "capped", "already taken",
                   "selected", "items"],
                  [(r["run_id"], r["trigger"], r["state"], f"{_second(r['window_start'])} → {_second(r['window_end'])}",
                    r["candidates"], r["sampled_out"], r["capped"], r["already_taken"], r["selected"],
                    ", ".join(f"{s} {n}" for s, n in r["item_states"].items() if n)) for r in data["runs"]])
    out += [f"## Scores{' against ' + prev['description'] if prev else ''}", ""]
    rows = []
    for name, s in data["summary"].items():
        p, before = s["population"], (prev["summary"].get(name) if prev else None)
        ci = f"{_pct(p['pass_rate_low'])} – {_pct(p['pass_rate_high'])}" if p["pass_rate_low"] is not None else "—"
        pop = (f"{p['failing']:.1f} of {p['candidates']} ({p['failing_low']:.1f} – {p['failing_high']:.1f})"
               if p["failing"] is not None else "—")
        change = (f"{(s['pass_rate'] - before['pass_rate']) * 100:+.1f} pt"
                  if before and before["pass_rate"] is not None and s["pass_rate"] is not None else "—")
        rows.append((name, s["applicable"], _pct(s["pass_rate"]), ci, pop, _pct(before["pass_rate"]) if before else "—",
                     change, ", ".join(f"{k} {v}" for k, v in s["labels"].items())))
    out += _table(["evaluator", "applicable", "pass rate", "95% CI", "failing in population (est.)", "previous",
                   "change", "labels"], rows)
    card = data["scores"]["card"]
    out += [f"Scene score {_pct(card['final_total'])}" + (f" (previous {_pct(prev['card']['final_total'])})" if prev else "")
            + (" — NOT RECOMMENDED" if card["not_recommended"] else ""), ""]
    if data["change"]:
        out += _table(["dimension", "previous", "now", "change", "p (Welch)", "beyond noise"],
                      [(c["dimension"], _pct(c["mean_a"]), _pct(c["mean_b"]),
                        "—" if c["change"] is None else f"{c['change'] * 100:+.1f} pt", _num(c["p_value"], "{:.3g}"),
                        ("regression" if c["change"] < 0 else "improvement") if c["significant"] else "no")
                       for c in data["change"]["changes"]])
    out += ["## Worst traces", ""]
    link = data["dashboard_url"]
    out += _table(["trace", "agent version", "failures", "mean score", "why"],
                  [(_Markdown(f"[{_md(t['trace_id'])}]({link}/traces/{quote(t['trace_id'])})") if link else t["trace_id"],
                    t["agent_version"], t["failures"], _num(t["mean_score"]),
                    "; ".join(f"{r['evaluator']} {_num(r['score'])} {r['label']}: {r['reason']}"
                              + (f" (steps {', '.join(map(str, r['evidence']))})" if r["evidence"] else "")
                              for r in t["results"])) for t in data["worst"]])
    cl = data["clusters"]
    out += ["## Failure modes", "",
            f"{cl['failed_traces']} of {cl['evaluated_traces']} evaluated traces failed at least one evaluator "
            f"({cl['failing_results']} failing results).", ""]
    out += _table(["evaluator", "label", "traces", "share", "results", "found on (results)", "examples", "its reasons"],
                  [(c["evaluator"], c["label"], c["traces"], _pct(c["share"]), c["results"], _steps(c["steps"]),
                    ", ".join(c["examples"]), " / ".join(c["reasons"]) or "not recorded for this label")
                   for c in cl["by_label"]])
    out += _table(["step", "tool at that step", "label", "failing results"],
                  [(p["step"], p["tool"], p["label"], p["results"]) for p in cl["by_position"]])
    b = data["bottleneck"]
    out += ["## Per-tool bottleneck", "",
            f"A trace fails when {_md(b['failure'])}; baseline {b['baseline']['failed']} of {b['baseline']['traces']} "
            f"({_pct(b['baseline']['rate'])}).", ""]
    out += _table(["tool", "traces calling", "P(fail | called)", "traces with an erroring call", "P(fail | call errored)",
                   "lift", "calls", "errors", "p50 ms", "p95 ms"],
                  [(t["tool"], t["traces_called"], _pct(t["p_fail_called"]), t["traces_errored"],
                    _pct(t["p_fail_errored"]), _num(t["lift"], "{:.2f}×"), t["calls"], t["errors"],
                    _num(t["p50_ms"], "{:.1f}"), _num(t["p95_ms"], "{:.1f}")) for t in b["tools"]])
    scores = data["scores"]
    dims = list(scores["card"]["dimensions"])
    out += ["## Capability radar", ""]
    out += _table(["agent version", "traces", *dims, "total", "short board"],
                  [(v, s["traces"], *(_pct(s["card"]["dimensions"][d]) if s["card"]["dimensions"][d] is not None
                                      else "n/m" for d in dims), _pct(s["card"]["final_total"]),
                    ", ".join(r["rule"] for r in s["card"]["rules"]) + (" NOT RECOMMENDED" if s["card"]["not_recommended"] else ""))
                   for v, s in scores["versions"].items()])
    out += ["## Agent versions", ""]
    for cmp in data["regressions"]:
        out += [f"### {_md(cmp['a']['label'])} → {_md(cmp['b']['label'])}"
                + (f" — regressions: {_md(', '.join(cmp['regressions']))}" if cmp["regressions"] else ""), ""]
        out += _table(["dimension", cmp["a"]["label"], cmp["b"]["label"], "change", "p (Welch)", "beyond noise"],
                      [(c["dimension"], _pct(c["mean_a"]), _pct(c["mean_b"]),
                        "—" if c["change"] is None else f"{c['change'] * 100:+.1f} pt", _num(c["p_value"], "{:.3g}"),
                        ("regression" if c["change"] < 0 else "improvement") if c["significant"] else "no")
                       for c in cmp["changes"]])
    if not data["regressions"]:
        out += ["Fewer than two agent versions have results: nothing to compare.", ""]
    return "\n".join(out)
