"""The trace page's data: steps (bounded), the span tree with each failed span's status message and
exceptions, each model call's messages, the timeline and the trace's annotations; and one span
whole (attributes, events, resource) for the page's side panel.

Messages are not part of the stored trajectory, so they are read back from the model-call spans
with the collector's own convention adapters: the page shows what the evaluators were given.
"""
from __future__ import annotations

import datetime as dt
from typing import Any

from collector.assembly import conventions as C
from collector import store
from collector.assembly.messages import Message, decode
from collector.span import SpanRecord
from collector.assembly.build import span_messages
from evaluators.results import results
from sampler import annotation_configs, annotations
from tracepatrol import analysis
from tracepatrol.web import charts

MAX_PAGE_STEPS = 500
MAX_TREE_SPANS = 1000
MAX_MESSAGE_CALLS = 100  # model calls whose messages are read back (each is a span's JSON)
MAX_ERROR_SPANS = 200  # failed spans whose status message and exceptions are read back
STATUS = {0: "unset", 1: "ok", 2: "error"}
KINDS = {0: "unspecified", 1: "internal", 2: "server", 3: "client", 4: "producer", 5: "consumer"}
SYSTEM_INSTRUCTIONS = "gen_ai.system_instructions"


def trace_context(cur, trace_id: str) -> dict[str, Any]:
    traj = analysis.trace(cur, trace_id)
    evaluations = results(cur, trace_id=traj["trace_id"])
    at_step, on_trace = findings_shown(evaluations, traj["version"])
    steps = sorted([("llm", c) for c in traj.get("llm_calls", [])] + [("tool", c) for c in traj.get("tool_calls", [])],
                   key=lambda s: (s[1].get("start_ns") or 0, s[0] == "tool", s[1]["seq"]))
    shown = _page_steps(steps, set(at_step))
    started = dt.datetime.fromtimestamp((traj.get("start_ns") or 0) / 1e9, dt.timezone.utc)
    return {"traj": traj, "started": started, "evaluations": evaluations, "step_findings": at_step,
            "trace_findings": on_trace, "steps": shown, "step_count": len(steps),
            "tree": span_tree(cur, traj, shown), "messages": model_messages(cur, traj, shown),
            "annotation": annotations.current(cur, traj["trace_id"]),
            "history": annotations.history(cur, traj["trace_id"]),
            "label_values": annotations.latest_values(cur, [traj["trace_id"]]).get(traj["trace_id"], []),
            "label_configs": annotation_configs.all_configs(cur),
            "figs": {"timeline": charts.timeline_figure(shown, traj, set(at_step))}}


def findings_shown(evaluations: list[dict[str, Any]], version: int) -> tuple[dict[int, list[dict]], list[dict]]:
    """The failing results' findings on this version of the trace, each once however many tasks
    reached it: per step (tool-call seq) and about the whole trace, as {evaluator, label, reason}."""
    at_step: dict[int, list[dict]] = {}
    on_trace: list[dict] = []
    for r in evaluations:
        if r["version"] != version or r["passed"] is not False:
            continue
        for f in r["findings"]:
            shown = {"evaluator": r["evaluator"], "label": f["label"], "reason": f["reason"]}
            where = on_trace if f["call"] is None else at_step.setdefault(f["call"], [])
            if shown not in where:
                where.append(shown)
    return at_step, on_trace


def _page_steps(steps: list[tuple[str, dict]], cited: set[int]) -> list[tuple[str, dict]]:
    """At most MAX_PAGE_STEPS steps, the cited ones always among them: a page a person can read and
    a browser can draw, answered in bounded time whatever the trace's size (the API has them all)."""
    if len(steps) <= MAX_PAGE_STEPS:
        return steps
    keep = {id(c) for kind, c in steps if kind == "tool" and c["seq"] in cited}
    budget = MAX_PAGE_STEPS - len(keep)
    for _, c in steps:
        if budget <= 0:
            break
        if id(c) not in keep:
            keep.add(id(c))
            budget -= 1
    return [s for s in steps if id(s[1]) in keep]


def step_anchor(kind: str, seq: int) -> str:
    return f"step-{seq}" if kind == "tool" else f"llm-{seq}"


def span_tree(cur, traj: dict[str, Any], steps: list[tuple[str, dict]]) -> dict[str, Any]:
    """The first MAX_TREE_SPANS spans (by start) in depth-first order with their depth, each linked
    to its step on the page when it is one."""
    rows = store.span_outline(cur, traj["trace_id"], MAX_TREE_SPANS)
    anchors = {c.get("span_id"): step_anchor(kind, c["seq"]) for kind, c in steps if c.get("span_id")}
    t0 = traj.get("start_ns") or 0
    failed = [r["span_id"] for r in rows if r["status_code"] == 2][:MAX_ERROR_SPANS]
    why = {r.span_id: failure(r) for r in store.span_records(cur, traj["trace_id"], failed)} if failed else {}
    spans = {r["span_id"]: {"span_id": r["span_id"], "parent": r["parent_span_id"], "name": r["name"],
                            "offset_ms": ((r["start_ns"] or t0) - t0) / 1e6,
                            "duration_ms": max(0, (r["end_ns"] or 0) - (r["start_ns"] or 0)) / 1e6,
                            "error": r["status_code"] == 2, "anchor": anchors.get(r["span_id"]),
                            "failure": why.get(r["span_id"]), "children": []}
             for r in rows}
    roots = []
    for span in spans.values():
        parent = spans.get(span["parent"])
        (parent["children"] if parent else roots).append(span)
    ordered: list[dict[str, Any]] = []
    stack = [(s, 0) for s in reversed(roots)]
    while stack:  # iterative: a deep chain never meets the recursion limit
        span, depth = stack.pop()
        ordered.append({**span, "depth": depth, "children": len(span["children"])})
        stack.extend((c, depth + 1) for c in reversed(span["children"]))
    total = traj.get("span_count") or len(ordered)
    return {"spans": ordered, "total": max(total, len(ordered)), "duration_ms": traj.get("duration_ms") or 0,
            "failed": failed_groups(ordered)}


def failed_groups(spans: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The failed spans, those with the same name and the same reason told once (a retry loop's six
    identical 503s are one line with six links), in tree order."""
    groups: dict[tuple, dict[str, Any]] = {}
    for s in spans:
        if not s["error"]:
            continue
        f = s["failure"] or {"status_message": None, "exceptions": []}
        last = f["exceptions"][-1] if f["exceptions"] else {}
        kind, message = last.get("type"), last.get("message")
        said = f["status_message"]
        status = said if said and not (message and message in said) else None  # not the exception's message again
        key = (s["name"], kind, message, status)
        groups.setdefault(key, {"name": s["name"], "type": kind, "message": message, "status_message": status,
                                "span_ids": []})["span_ids"].append(s["span_id"])
    return list(groups.values())


def exceptions(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The `exception` events of a span: type, message and stack trace as recorded."""
    out = []
    for e in events:
        attrs = e.get("attributes") if isinstance(e.get("attributes"), dict) else {}
        if e.get("name") == C.EXCEPTION_EVENT:
            out.append({"type": attrs.get(C.EXCEPTION_TYPE), "message": attrs.get(C.EXCEPTION_MESSAGE),
                        "stacktrace": attrs.get("exception.stacktrace")})
    return out


def failure(record: SpanRecord) -> dict[str, Any]:
    """Why a span failed, as recorded: its status message and its exceptions."""
    return {"status_message": record.status_message or None, "exceptions": exceptions(record.events)}


def span_detail(cur, trace_id: str, span_id: str) -> dict[str, Any]:
    """One span whole, for the side panel: times from the trace start, status and why it failed,
    attributes, events (each at its offset), resource and scope (NotFound for an unknown span)."""
    records = store.span_records(cur, trace_id.lower(), [span_id.lower()])  # first: a relation read needs a
    traj = analysis.trace(cur, trace_id)  # cursor without an unfinished result, which this leaves
    if not records:
        raise analysis.NotFound(f"trace {trace_id!r} has no span {span_id!r}")
    r = records[0]
    t0 = traj.get("start_ns") or r.start_ns
    return {"span_id": r.span_id, "parent_span_id": r.parent_span_id, "name": r.name, "kind": KINDS.get(r.kind, str(r.kind)),
            "offset_ms": (r.start_ns - t0) / 1e6, "duration_ms": r.duration_ms, "status": STATUS.get(r.status_code, "unset"),
            **failure(r), "attributes": r.attributes, "resource": r.resource, "scope": r.scope_name or None,
            "events": [{"name": e.get("name"), "offset_ms": ((e.get("time_unix_nano") or t0) - t0) / 1e6,
                        "attributes": e.get("attributes") or {}} for e in r.events]}


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "\n".join(_text(v.get("content") if isinstance(v, dict) else v) for v in value)
    return "" if value is None else str(value)


def _message(m: Message) -> dict[str, Any]:
    return {"role": m.role, "text": m.text or "",
            "tool_calls": [{"name": c.name, "arguments": c.arguments} for c in m.tool_calls],
            "tool_responses": [{"name": r.name, "response": r.response, "error": r.error} for r in m.tool_responses]}


def model_messages(cur, traj: dict[str, Any], steps: list[tuple[str, dict]]) -> dict[int, dict[str, list]]:
    """Per model call (seq): its input and output messages, the system instructions first."""
    wanted = {c["span_id"]: c["seq"] for kind, c in steps if kind == "llm" and c.get("span_id")}
    wanted = dict(list(wanted.items())[:MAX_MESSAGE_CALLS])
    if not wanted:
        return {}
    records = store.span_records(cur, traj["trace_id"], list(wanted))
    messages = span_messages(records)
    out = {}
    for record in records:
        if record.span_id not in messages:
            continue
        received, sent = messages[record.span_id]
        inbound = [_message(m) for m in received]
        system = _text(decode(record.attributes.get(SYSTEM_INSTRUCTIONS)))
        if system:
            inbound.insert(0, {"role": "system", "text": system, "tool_calls": [], "tool_responses": []})
        out[wanted[record.span_id]] = {"in": inbound, "out": [_message(m) for m in sent]}
    return out
