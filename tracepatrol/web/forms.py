"""The dashboard's state-changing pages: the task form and its live preview, a task's pause /
resume / run / delete buttons, and annotating a trace. Each POST carries the session's CSRF
token (checked by the `posted` dependencies) and calls the same service code as the REST API.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anyio.to_thread
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import RedirectResponse, Response

from infra.access import DEFAULT_PROJECT
from sampler import annotation_configs, annotations
from scheduler.ledger import TaskExists, TaskNotFound
from scheduler.task import TaskError
from tracepatrol import analysis
from tracepatrol.web import task_form, trace_view
from tracepatrol.api.tasks import audited, bounded, own_spec, preview, task_of
from tracepatrol.web.pages import ROOT, form_pairs, json_answer, reviewer, set_reviewer, view
from tracepatrol.api.cursor import Cursor

ACTIONS = ("pause", "resume", "run", "delete")


def _form(request: Request, values: dict[str, Any], errors: dict[str, list[str]] | None = None, status: int = 200,
          copy_of: str | None = None, notice: str | None = None) -> Response:
    evaluators = request.app.state.tasks.evaluators
    return view(request, "task_form.html", status, title="new task", form_js=True, copy_of=copy_of, notice=notice,
                **task_form.form_context(values, errors, evaluators.unavailable() if evaluators else {}))


def _task_doc(cur, task_id: str) -> dict[str, Any]:
    return analysis.task(cur, task_id)["spec"]


def add_routes(router: APIRouter, pages: Callable, posted: list) -> None:
    """Routes under /dashboard/tasks/… registered before `/tasks/{task_id}`, so `new` is not an id."""

    def post(path: str, **kwargs):
        return router.post(path, dependencies=posted, **kwargs)

    @pages(ROOT + "/tasks/new")
    def new_task(request: Request) -> Response:
        values, problem = task_form.starting_values(list(request.query_params.multi_items()), None)
        return _form(request, values, {"task": [problem]} if problem else None)

    @pages(ROOT + "/tasks/{task_id}/edit")
    def edit_task(request: Request, cur: Cursor, task_id: str) -> Response:
        values = task_form.values_of(_task_doc(cur, task_id))
        values["name"] = f"{task_id}-2"[:64]
        return _form(request, values, copy_of=task_id)

    @post(ROOT + "/tasks/new")
    async def create_task(request: Request) -> Response:
        values, _, spec, errors = await anyio.to_thread.run_sync(task_form.from_form, await form_pairs(request))
        if spec is None:
            return _form(request, values, errors, 422)
        service = request.app.state.tasks
        try:
            spec = own_spec(request, spec)
            with bounded():
                await anyio.to_thread.run_sync(service.create, spec)
        except TaskExists as exc:
            return _form(request, values, {"name": [str(exc)]}, 409)
        except TaskError as exc:  # an evaluator this server cannot run
            return _form(request, values, {"evaluators": [str(exc).removeprefix("evaluators: ")]}, 422)
        except HTTPException as exc:
            return _form(request, values, {"task": [exc.detail]}, exc.status_code)
        audited(request, "task.created", spec.name, spec.project, "with the dashboard's task form")
        return RedirectResponse(f"{ROOT}/tasks/{spec.name}", 303)

    @post(ROOT + "/tasks/preview")
    async def preview_form(request: Request) -> Response:
        """The form's live preview: its document, and what `POST /api/tasks/preview` answers for it."""
        _, doc, spec, errors = await anyio.to_thread.run_sync(task_form.from_form, await form_pairs(request))
        if spec is None:  # an unfinished form is the usual state while typing, not a failed request
            return json_answer({"document": doc, "errors": errors})
        try:
            return json_answer({"document": doc, "preview": await preview(request, doc)})
        except HTTPException as exc:
            return json_answer({"document": doc, "errors": {"task": [exc.detail]}}, exc.status_code)

    @post(ROOT + "/tasks/{task_id}/{action}")
    def task_action(request: Request, task_id: str, action: str) -> Response:
        if action not in ACTIONS:
            raise analysis.NotFound(f"no action {action!r}; valid: {', '.join(ACTIONS)}")
        service = request.app.state.tasks
        try:
            project = task_of(request, task_id)["spec"].get("project", DEFAULT_PROJECT)
        except HTTPException as exc:  # unknown, or another project's
            raise analysis.NotFound(exc.detail) from None
        try:
            if action == "delete":
                service.delete(task_id)
                audited(request, "task.deleted", task_id, project)
                return RedirectResponse(f"{ROOT}/tasks", 303)
            if action == "run":
                with bounded():
                    run = service.runner.run_now(task_id, "manual", wait=False)
                audited(request, "task.run", task_id, project, f"run {run['run_id']}")
                return RedirectResponse(f"{ROOT}/tasks/{task_id}?run={run['run_id']}", 303)
            getattr(service, action)(task_id)
            audited(request, f"task.{action}d", task_id, project)
        except TaskNotFound as exc:
            raise analysis.NotFound(str(exc)) from None
        except HTTPException as exc:
            return view(request, "error.html", exc.status_code, title="not now", heading="Not now", message=exc.detail)
        return RedirectResponse(f"{ROOT}/tasks/{task_id}", 303)

    @post(ROOT + "/traces/{trace_id}/annotations")
    async def annotate(request: Request, cur: Cursor, trace_id: str) -> Response:
        """A status and any defined labels' values, signed with the key's name (without a named key:
        this browser's reviewer name, set here when the form asks for it); all of them or none (a
        value that does not fit its label)."""
        form = dict(await form_pairs(request))
        browser = "authorization" not in request.headers  # without a named key an API client signs as it says
        who = reviewer(request) or (" ".join((form.get("reviewer") or "").split())[:64] if browser
                                    else (form.get("author") or "").strip()) or None
        values = {k.removeprefix("label:"): v for k, v in form.items() if k.startswith("label:") and v.strip()}
        status = (form.get("status") or "").strip()

        def save() -> None:
            analysis.trace(cur, trace_id)  # NotFound for an unknown trace
            if who is None and browser:
                raise annotations.AnnotationError("give your name: it signs your annotations")
            if not status and not values:
                raise annotations.AnnotationError("give a status or a label's value")
            configs = {c.name: c for c in annotation_configs.all_configs(cur)}
            for name, value in values.items():  # every value checked before any is kept
                if name not in configs:
                    raise annotations.AnnotationError(f"unknown label {name!r}")
                try:
                    configs[name].check(value)
                except annotation_configs.ConfigError as exc:
                    raise annotations.AnnotationError(str(exc)) from None
            if status:
                annotations.annotate(cur, trace_id.lower(), status, form.get("label"), form.get("note"), who)
            for name, value in values.items():
                annotations.annotate(cur, trace_id.lower(), None, None, None if status else form.get("note"), who,
                                     name, value)
        try:
            await anyio.to_thread.run_sync(save)
        except annotations.AnnotationError as exc:
            return view(request, "trace.html", 422, title=f"trace {trace_id}", charts=True, page_js=["trace.js"],
                        annotation_error=str(exc), annotation_form=form, **trace_view.trace_context(cur, trace_id))
        resp = RedirectResponse(f"{ROOT}/traces/{trace_id}#annotation", 303)
        if who and browser and not reviewer(request):
            set_reviewer(resp, request, who)
        return resp
