"""`tracepatrol results|score|compare|evaluate`: evaluation results, scene scores, regressions."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import NoReturn

import click
import yaml
from pydantic import ValidationError
from rich.progress import Progress
from rich.table import Table

from tracepatrol.cli.client import api_call, api_options
from tracepatrol.terminal import console, err, print_card


def _fmt(value) -> str:
    return "—" if value is None else f"{value:.3f}" if isinstance(value, float) else str(value)


@click.command()
@api_options
@click.argument("run_id")
@click.option("--json", "as_json", is_flag=True)
def results(api_url, api_key, run_id, as_json) -> None:
    """A run's evaluation results, worst first; a failing one line by line: each label on the step
    it was found on, with its own reason."""
    rows = api_call(api_url, api_key, "GET", f"/api/runs/{run_id}/results")
    if as_json:
        print(json.dumps(rows, indent=2, ensure_ascii=False, default=str))
        return
    rows.sort(key=lambda r: (r["score"] is None, r["score"] if r["score"] is not None else 0))
    table = Table("trace", "evaluator", "score", "label", "step", "reason")
    for r in rows:
        lines = [(f["label"], "trace" if f["call"] is None else f"#{f['call']}", f["reason"])
                 for f in r.get("findings") or []] or [(r["label"], "", r["reason"])]
        for i, (label, step, reason) in enumerate(lines):
            head = (r["trace_id"][:16], r["evaluator"], _fmt(r["score"])) if i == 0 else ("", "", "")
            table.add_row(*head, label, step, reason[:90], end_section=i == len(lines) - 1 and len(lines) > 1)
    console.print(table)


@click.command()
@api_options
@click.option("--task", "task_id", help="score a task's results on the server")
@click.option("--dimensions", "dimensions_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="offline: a JSON/YAML mapping of dimension scores (0–1)")
@click.option("--scene", help="weight profile in config/weights  [default: customer_service]")
@click.option("--weights", "weights_spec", metavar="FILE|uniform",
              help="your own weight profile (YAML or JSON, shaped like config/weights/*.yaml), or equal weights")
@click.option("--json", "as_json", is_flag=True)
def score(api_url, api_key, task_id, dimensions_file, scene, weights_spec, as_json) -> None:
    """Six dimensions -> the scene's weighted total, short-board multiplier and flags."""
    from evaluators.scoring import weighted_total

    if bool(task_id) == bool(dimensions_file):
        _usage("give exactly one of --task ID or --dimensions FILE")
    if scene and weights_spec:
        _usage("give --scene NAME or --weights FILE|uniform, not both")
    scene = scene or "customer_service"
    if dimensions_file:
        profile = _profile(scene, weights_spec)
        card = weighted_total(_offline_dimensions(dimensions_file), profile).model_dump()
        if as_json:
            print(json.dumps(card, indent=2))
        else:
            print_card(card, f"scene {profile.scene}")
        return
    # the server knows its scenes; other weights are applied here to the dimension means it returns
    profile = _profile(scene, weights_spec) if weights_spec else None
    out = api_call(api_url, api_key, "GET", f"/api/tasks/{task_id}/scores", scene=scene)
    if profile is not None:
        scene = profile.scene
        for summary in (out, *out["versions"].values()):
            summary["card"] = weighted_total(summary["card"]["dimensions"], profile).model_dump()
    if as_json:
        print(json.dumps(out, indent=2, default=str))
        return
    console.print(f"task {task_id}: {out['traces']} evaluated traces, scene {scene}")
    print_card(out["card"], "all agent versions")
    for version, summary in out["versions"].items():
        print_card(summary["card"], f"agent version {version} ({summary['traces']} traces)")


def _usage(message: str) -> NoReturn:
    err.print(f"[red]error:[/red] {message}", highlight=False)
    sys.exit(2)


def _profile(scene: str, weights_spec: str | None):
    """The weight profile: a bundled scene, or --weights (a file validated like the bundled ones, or uniform)."""
    from evaluators.weights import ProfileError, get_profile, weights_profile

    try:
        return weights_profile(weights_spec) if weights_spec else get_profile(scene)
    except (ProfileError, LookupError) as exc:
        _usage(str(exc))


def _offline_dimensions(path: Path) -> dict:
    """The dimension scores of a --dimensions file, checked."""
    from evaluators.base import DIMENSIONS

    try:
        doc = yaml.safe_load(path.read_text())
    except yaml.YAMLError as exc:
        _usage(str(exc))
    if not isinstance(doc, dict):
        _usage(f"{path}: expected a mapping of dimension -> score")
    unknown = sorted(set(doc) - set(DIMENSIONS))
    bad = [k for k, v in doc.items()
           if v is not None and not (isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1)]
    if unknown or bad:
        problem = f"unknown dimension(s) {', '.join(unknown)}; valid: {', '.join(DIMENSIONS)}" if unknown \
            else f"score of {', '.join(bad)} must be a number from 0 to 1 (or null: not measured)"
        _usage(f"{path}: {problem}")
    return doc


@click.command()
@api_options
@click.option("--task", "task_id", required=True)
@click.argument("version_a")
@click.argument("version_b")
@click.option("--json", "as_json", is_flag=True)
def compare(api_url, api_key, task_id, version_a, version_b, as_json) -> None:
    """Agent version A vs B, dimension by dimension, and whether a change is beyond noise."""
    out = api_call(api_url, api_key, "GET", "/api/compare", task=task_id, a=version_a, b=version_b)
    if as_json:
        print(json.dumps(out, indent=2, default=str))
        return
    table = Table("dimension", version_a, version_b, "change", "p", "beyond noise")
    for c in out["changes"]:
        table.add_row(c["dimension"], _fmt(c["mean_a"]), _fmt(c["mean_b"]), _fmt(c["change"]), _fmt(c["p_value"]),
                      ("[red]regression[/red]" if c["change"] < 0 else "[green]improvement[/green]")
                      if c["significant"] else "no")
    console.print(table)
    for side in ("a", "b"):
        summary = out[side]
        for scene, card in summary["scenes"].items():
            flag = " NOT RECOMMENDED" if card["not_recommended"] else ""
            console.print(f"{summary['label']} {scene}: {_fmt(card['final_total'])}{flag}", highlight=False)


def load_trajectory(path: Path):
    """One trajectory file, read as the server reads a trace: values nested past the one limit kept
    as marked text, and tool arguments read like the collector reads them (OpenAI's JSON-string
    arguments parsed, text that is not JSON marked invalid with the raw text kept). ValueError for
    a file nested past what the JSON parser reads at all (~1,000)."""
    from collector import json_limits
    from collector.assembly.arguments import read_arguments
    from collector.trajectory import Trajectory

    doc = json_limits.loads(path.read_bytes())
    if isinstance(doc, str):
        raise ValueError(f"{path}: nested deeper than the JSON parser reads (about 1,000 levels)")
    calls = doc.get("tool_calls") if isinstance(doc, dict) else None
    for call in calls if isinstance(calls, list) else ():
        # a file that already says its arguments are not JSON (the API's shape) keeps them as they are
        if isinstance(call, dict) and call.get("arguments_valid_json") is not False:
            arguments, valid, raw = read_arguments(call.get("arguments"))
            call.update(arguments=arguments, arguments_valid_json=valid, arguments_raw=raw)
    return Trajectory.model_validate(doc)


@click.command()
@click.option("--file", "files", multiple=True, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="a trajectory in the API's JSON shape (repeatable)")
@click.option("--reference", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="a golden-case YAML for reference_chain")
@click.option("--evaluators", "aliases", help="comma-separated aliases [the default rule set]")
@click.option("--json", "as_json", is_flag=True)
def evaluate(files, reference, aliases, as_json) -> None:
    """Offline: run evaluators over trajectory files, no server needed."""
    from evaluators.base import EvalContext
    from evaluators.datasets import DatasetError, DatasetFile, load_cases
    from evaluators.registry import DEFAULT_SET, available
    from evaluators.schemas import load_tool_schemas
    from evaluators.config import CONFIG_DIR, EvaluatorSettings
    from evaluators.worker import Evaluation

    names = [a.strip() for a in aliases.split(",") if a.strip()] if aliases else list(DEFAULT_SET)
    unknown = [a for a in names if a not in available()]
    if unknown:
        _usage(f"unknown evaluator {unknown[0]!r}; valid: {', '.join(available())}")
    try:
        cases = DatasetFile.model_validate(yaml.safe_load(reference.read_text())).cases if reference else load_cases()
        trajectories = [load_trajectory(f) for f in files]
    except (ValidationError, DatasetError, yaml.YAMLError, ValueError) as exc:
        _usage(str(exc))
    evaluation = Evaluation(EvalContext(tool_schemas=load_tool_schemas(CONFIG_DIR / "tools"), golden_cases=cases),
                            EvaluatorSettings().time_budget_s)
    outcomes = []
    with Progress(console=err, transient=True, disable=len(trajectories) < 20) as progress:
        bar = progress.add_task("evaluating", total=len(trajectories))
        for traj in trajectories:
            outcomes.append((traj, evaluation.run(traj, names)))
            progress.advance(bar)
    if as_json:
        print(json.dumps([{"trace_id": t.trace_id, "results": [r.model_dump() for r in o.results], "errors": o.errors}
                          for t, o in outcomes], indent=2, ensure_ascii=False, default=str))
    else:
        for traj, outcome in outcomes:
            table = Table("evaluator", "dimension", "score", "label", "reason", title=traj.trace_id)
            for r in outcome.results:
                table.add_row(r.evaluator, r.dimension, _fmt(r.score), r.label, r.reason)
            console.print(table)
            for e in outcome.errors:
                err.print(f"[red]evaluator failed:[/red] {e}", highlight=False)
    sys.exit(1 if any(o.errors for _, o in outcomes) else 0)
