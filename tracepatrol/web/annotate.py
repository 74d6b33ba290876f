"""Annotation in the dashboard: labels defined once (`sampler.annotation_configs`), queues made from
a task's run (`sampler.annotation_queues`) that a reviewer walks with the keyboard, the search over
reviewers' latest label values, CSV export and import, and the reviewer's name.

The author of an annotation is the session's key name (`pages.reviewer`; without a named key,
the name this browser set). Every state change carries the session's CSRF token; the queue
page saves a label with a fetch (`POST /dashboard/annotations`, JSON answer) so the keyboard never
waits on a page load.
"""
from __future__ import annotations

import hashlib
import urllib.parse
from collections.abc import Callable
from typing import Any

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from evaluators.results import results
from sampler import annotation_configs, annotation_queues, annotations
from tracepatrol import analysis
from tracepatrol.api.cursor import Cursor
from tracepatrol.web.pages import ROOT, form_pairs, json_answer, reviewer, safe_next, set_reviewer, view

RULES = {"failed": "every failed item", "sample": "a sample of the items"}
KEYS = "123456789"  # a categorical value's key on the queue page, numbered across the queue's labels


def picked(cur, task_id: str, rule: str, percent: float, salt: str) -> tuple[list[str], str]:
    """The traces a queue takes from a task's evaluated items (each trace as its newest run judged
    it), and the rule in words: every failed item (newest run first, worst first in a run), or
    `percent` % of the items (a stable pick: a hash of the trace id and `salt`, the queue's name)."""
    newest: dict[str, dict[str, Any]] = {}
    runs = [r for r in analysis.task_runs(cur, task_id) if r["results"]]
    if not runs:
        raise annotation_queues.QueueError(f"task {task_id!r} has no run with results yet")
    for r in runs:
        for item in analysis.item_verdicts(analysis.run(cur, r["run_id"])["items"],
                                           analysis.run_results(cur, task_id, [r["run_id"]])):
            if item["verdict"] is not None:
                newest.setdefault(item["trace_id"], item)
    where = f"{len(runs)} run{'s' if len(runs) > 1 else ''} of task {task_id}"
    if rule == "failed":
        return [t for t, i in newest.items() if i["verdict"] == "failed"], f"every failed item of the {where}"
    if not 0 < percent <= 100:
        raise annotation_queues.QueueError(f"a sample is 1 to 100 % of the items (got {percent:g})")

    def rank(trace_id: str) -> int:
        return int.from_bytes(hashlib.sha256(f"{salt}:{trace_id}".encode()).digest()[:8], "big")
    ordered = sorted(newest, key=rank)
    take = max(1, round(len(ordered) * percent / 100))
    return ordered[:take], f"a {percent:g} % sample ({take} of {len(ordered)} evaluated items) of the {where}"


def progress(cur, queue: annotation_queues.Queue, who: str | None) -> tuple[list[str], set[str]]:
    """The queue's traces and those `who` gave every label of the queue."""
    ids = annotation_queues.items(cur, queue.name)
    if not who:
        return ids, set()
    given = annotations.latest_values(cur, ids)
    done = {t for t in ids if set(queue.labels) <= {a.name for a in given.get(t, []) if a.author == who}}
    return ids, done


def hub_context(cur, who: str | None) -> dict[str, Any]:
    queues = []
    for q in annotation_queues.all_queues(cur):
        _, done = progress(cur, q, who)
        queues.append({"queue": q, "done": len(done)})
    return {"configs": annotation_configs.all_configs(cur), "queues": queues, "tasks": analysis.tasks(cur),
            "authors": annotations.authors(cur), "rules": RULES}


def item_context(cur, queue: annotation_queues.Queue, index: int | None, who: str | None) -> dict[str, Any]:
    ids, done = progress(cur, queue, who)
    if index is None:  # where this reviewer stopped
        index = next((i for i, t in enumerate(ids) if t not in done), 0)
    index = max(0, min(index, len(ids) - 1))
    trace_id = ids[index]
    traj = analysis.trace(cur, trace_id)
    configs = {c.name: c for c in annotation_configs.all_configs(cur)}
    labels = [configs[name] for name in queue.labels if name in configs]
    mine = {a.name: a.value for a in annotations.latest_values(cur, [trace_id]).get(trace_id, []) if a.author == who}
    keys, k = {}, 0
    for c in labels:
        for value in c.values:
            if k < len(KEYS):
                keys[(c.name, value)] = KEYS[k]
            k += 1
    failing = list({(r["evaluator"], r["label"], r["reason"]): r for r in results(cur, trace_id=trace_id)  # once, however
                    if r["passed"] is False and r["version"] == traj["version"]}.values())  # many tasks judged it
    return {"queue": queue, "index": index, "count": len(ids), "done": len(done), "trace_id": trace_id,
            "item_done": trace_id in done, "traj": traj, "labels": labels, "mine": mine, "keys": keys,
            "failing": failing, "failed_steps": [c for c in traj.get("tool_calls", []) + traj.get("llm_calls", [])
                                                  if c.get("status") == "error"]}


def _hub(request: Request, cur, status: int = 200, **extra: Any) -> Response:
    return view(request, "annotate.html", status, title="annotate", page_js=["annotate.js"], **extra,
                **hub_context(cur, reviewer(request)))


def add_routes(router: APIRouter, pages: Callable, guarded: list, posted: list) -> None:
    def post(path: str):
        return router.post(path, dependencies=posted)

    @pages(ROOT + "/annotate")
    def hub(request: Request, cur: Cursor, message: str | None = None) -> Response:
        return _hub(request, cur, message=message)

    @post(ROOT + "/reviewer")
    async def name_reviewer(request: Request) -> Response:
        form = dict(await form_pairs(request))
        name = " ".join((form.get("name") or "").split())
        target = safe_next(form.get("next"))
        if not name:
            return view(request, "error.html", 422, title="no name", heading="No name",
                        message="Give the name your annotations are signed with.")
        resp = RedirectResponse(target, 303)
        set_reviewer(resp, request, name)
        return resp

    @post(ROOT + "/annotate/labels")
    async def define_label(request: Request, cur: Cursor) -> Response:
        form = dict(await form_pairs(request))
        doc = {"name": (form.get("name") or "").strip(), "kind": form.get("kind") or "",
               "values": [v for v in (form.get("values") or "").split(",") if v.strip()],
               "description": (form.get("description") or "").strip() or None}
        for bound in ("min", "max"):
            if (form.get(bound) or "").strip():
                doc[bound] = form[bound].strip()
        try:
            await anyio.to_thread.run_sync(annotation_configs.define, cur, doc)
        except annotation_configs.ConfigError as exc:
            return _hub(request, cur, 422, message=f"Label not defined: {exc}", form=form)
        return RedirectResponse(f"{ROOT}/annotate#labels", 303)

    @post(ROOT + "/annotate/queues")
    async def make_queue(request: Request, cur: Cursor) -> Response:
        pairs = await form_pairs(request)
        form = dict(pairs)
        name, task_id, rule = (form.get("name") or "").strip(), form.get("task") or "", form.get("rule") or "failed"
        labels = [v for k, v in pairs if k == "labels"]
        try:
            percent = float(form.get("percent") or 10)
        except ValueError:
            percent = -1.0

        def make() -> annotation_queues.Queue:
            analysis.task(cur, task_id)  # NotFound names an unknown task
            ids, said = picked(cur, task_id, rule, percent, name)
            return annotation_queues.create(cur, name, ids, labels, said, task_id, reviewer(request))
        try:
            queue = await anyio.to_thread.run_sync(make)
        except (annotation_queues.QueueError, analysis.NotFound) as exc:
            return _hub(request, cur, 422, message=f"Queue not made: {exc}", form=form)
        return RedirectResponse(f"{ROOT}/annotate/queues/{urllib.parse.quote(queue.name)}", 303)

    @pages(ROOT + "/annotate/queues/{name}")
    def walk(request: Request, cur: Cursor, name: str, i: int | None = None) -> Response:
        queue = annotation_queues.get(cur, name)
        if queue is None:
            raise analysis.NotFound(f"no annotation queue {name!r}")
        return view(request, "queue.html", title=f"queue {name}", page_js=["annotate.js"],
                    **item_context(cur, queue, None if i is None else i - 1, reviewer(request)))

    @post(ROOT + "/annotations")
    async def save(request: Request, cur: Cursor) -> Response:
        """A label's value (or a status) for a trace, signed with the reviewer's name (`pages.reviewer`)."""
        form = dict(await form_pairs(request))
        who = reviewer(request)
        if not who:
            return json_answer({"detail": "set your reviewer name first"}, 422)
        try:
            saved = await anyio.to_thread.run_sync(lambda: annotations.annotate(
                cur, (form.get("trace_id") or "").strip().lower(), form.get("status") or None, None,
                form.get("note") or None, who, form.get("name") or None, form.get("value")))
        except annotations.AnnotationError as exc:
            return json_answer({"detail": str(exc)}, 422)
        return json_answer({"annotation": vars(saved)})

    @pages(ROOT + "/annotations")
    def search_page(request: Request, cur: Cursor, name: str | None = None, value: str | None = None,
                    author: str | None = None) -> Response:
        found = annotations.search(cur, name or None, value or None, author or None)
        return view(request, "annotations.html", title="annotations", found=found, name=name or "", value=value or "",
                    author=author or "", configs=annotation_configs.all_configs(cur), authors=annotations.authors(cur))

    @router.get(ROOT + "/annotations.csv", dependencies=guarded)
    def export(cur: Cursor) -> Response:
        return Response(annotations.export_csv(cur), media_type="text/csv; charset=utf-8",
                        headers={"Content-Disposition": 'attachment; filename="annotations.csv"',
                                 "Cache-Control": "no-store"})

    @post(ROOT + "/annotations/import")
    async def import_csv(request: Request, cur: Cursor, format: str = "csv", name: str = "upload.csv") -> Response:
        """The browser sends the chosen file's text (the dashboard's body limit applies); all rows or none."""
        data = await request.body()
        try:
            n = await anyio.to_thread.run_sync(annotations.import_data, cur, name, data, format)
        except annotations.AnnotationError as exc:
            return json_answer({"detail": str(exc)}, 422)
        return json_answer({"imported": n})
