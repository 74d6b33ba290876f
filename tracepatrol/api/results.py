"""REST endpoints for evaluation results, scene scores and version comparison.

A result is its stored row: `label`, `labels`, `evidence` and `reason` summarise the verdict, and
`findings` ([{call, label, reason}], call the tool call's seq or null for the whole trace) give it
step by step, each label with its own reason on its own call."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Query, Request

from evaluators.aggregate import compare, task_scores
from evaluators.results import ResultStore
from evaluators.weights import get_profile, load_profiles
from tracepatrol import analysis
from scheduler import ledger
from tracepatrol.api.cursor import Cursor
from tracepatrol.api.guard import principal_of
from tracepatrol.api.tasks import task_of
from tracepatrol.scope import owned_trace


def _results(request: Request) -> ResultStore:
    return request.app.state.results


def _task_rows(request: Request, task_id: str) -> list[dict[str, Any]]:
    task_of(request, task_id)  # 404 for an unknown task or another project's
    return _results(request).query(task_id=task_id)


def _run(cur, run_id: str) -> dict[str, Any]:
    """The run as the request's cursor sees it: another project's answers 404 as an unknown one."""
    run = ledger.run(cur, run_id)
    if run is None:
        raise HTTPException(404, f"no run {run_id!r}")
    return run


def build_router(secured: list) -> APIRouter:
    router = APIRouter(dependencies=secured, tags=["results"])

    @router.get("/api/runs/{run_id}/results")
    def run_results(request: Request, cur: Cursor, run_id: str) -> list[dict[str, Any]]:
        """The run's results, each with its findings."""
        _run(cur, run_id)
        return _results(request).query(run_id=run_id)

    @router.get("/api/runs/{run_id}/items")
    def run_items(cur: Cursor, run_id: str) -> dict[str, Any]:
        """The run's state as its items tell it (`running` while items are pending or evaluated) and
        its items worst first: each with its state, the first words of its trace's input, the trace's
        status and duration, the mean score of its applicable results, its verdict and failing labels."""
        try:
            run = analysis.run(cur, run_id)
        except analysis.NotFound as exc:
            raise HTTPException(404, str(exc)) from None
        rows = analysis.run_results(cur, run["task_id"], [run_id])
        return {"run_id": run_id, "state": run["state"], "item_states": run["item_states"],
                "items": analysis.item_verdicts(run["items"], rows)}

    @router.get("/api/runs/{run_id}/summary")
    def run_summary(request: Request, cur: Cursor, run_id: str) -> dict[str, Any]:
        """Per evaluator: the sample's pass rate with its Wilson interval, extrapolated to every
        trace the run's filters matched (a 5 % sample says what it implies for all of them)."""
        run = _run(cur, run_id)
        summary = analysis.summary(_results(request).query(run_id=run_id), run["candidates"])
        return {"run_id": run_id, "candidates": run["candidates"], "ratio": run["ratio"], "evaluators": summary}

    @router.get("/api/traces/{trace_id}/evaluations")
    def trace_evaluations(request: Request, cur: Cursor, trace_id: str) -> list[dict[str, Any]]:
        """Every task's results on the trace (each version), each with its findings."""
        who = principal_of(request.scope)
        if who is not None and who.project is not None and not owned_trace(cur, who, trace_id.lower()):
            return []  # as for a trace no task evaluated
        return _results(request).query(trace_id=trace_id.lower())

    @router.get("/api/tasks/{task_id}/scores")
    def scores(request: Request, task_id: str, scene: str = Query("customer_service")) -> dict[str, Any]:
        """Six-dimension scores, the scene's weighted total and short-board flags, per agent version."""
        rows = _task_rows(request, task_id)
        try:
            profile = get_profile(scene, request.app.state.weights_dirs)
        except LookupError as exc:
            raise HTTPException(422, str(exc)) from None
        return {"task_id": task_id, **task_scores(rows, profile)}

    @router.get("/api/compare")
    def compare_versions(request: Request, task: str, a: str, b: str) -> dict[str, Any]:
        """Agent version a vs b, dimension by dimension, with Welch's t-test against sampling noise."""
        rows = _task_rows(request, task)
        try:
            result = compare(rows, a, b, load_profiles(*request.app.state.weights_dirs).values())
        except LookupError as exc:
            raise HTTPException(404, str(exc)) from None
        return {"task_id": task, **result.model_dump()}

    return router
