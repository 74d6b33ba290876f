"""Optional (off by default): evaluation results sent as OpenTelemetry `gen_ai.evaluation.result`
events to an OTLP/HTTP logs endpoint, so tools that read the GenAI semantic conventions see them.

Each result becomes one LogRecord with `event_name = gen_ai.evaluation.result`, linked to the
evaluated trace's span context (its trace id and root span id), and the attributes of the GenAI
conventions: `gen_ai.evaluation.name` (the evaluator), `gen_ai.evaluation.score.value` and
`gen_ai.evaluation.score.label` when applicable, `gen_ai.evaluation.explanation` (the reason);
tracepatrol's own keys say which task, run and trajectory version
(`tracepatrol.evaluation.kind = result`).

Each finding of a result (one label on one call, with its own reason) is an event of its own:
the convention parents an evaluation event to the operation it evaluates, and a finding evaluates
one tool call, so its record carries that call's span id (the root span's for a finding about
the whole trace, or a call no span recorded), its label as `gen_ai.evaluation.score.label`, its
reason as `gen_ai.evaluation.explanation`, `tracepatrol.evaluation.call` (the call's seq) and
`tracepatrol.evaluation.kind = finding`; no score value, which is the whole trajectory's.
The request is OTLP protobuf
(`opentelemetry-proto`'s classes), posted once per batch; a failure is logged and counted, never
raised into the worker that produced the results.
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any

import httpx
from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest
from opentelemetry.proto.common.v1.common_pb2 import AnyValue, InstrumentationScope, KeyValue
from opentelemetry.proto.logs.v1.logs_pb2 import LogRecord, ResourceLogs, ScopeLogs
from opentelemetry.proto.resource.v1.resource_pb2 import Resource
from pydantic import BaseModel, ConfigDict, Field

from collector.trajectory import Trajectory
from evaluators.results import Scored, findings_of

log = logging.getLogger(__name__)
EVENT = "gen_ai.evaluation.result"
SEVERITY_INFO = 9


class EvaluationExportSettings(BaseModel):
    """Where to send `gen_ai.evaluation.result` events (the whole section absent: nothing is sent)."""

    model_config = ConfigDict(extra="forbid")

    endpoint: str = Field(pattern=r"^https?://", description="OTLP/HTTP logs URL, e.g. http://collector:4318/v1/logs")
    headers: dict[str, str] = Field(default_factory=dict, description="extra request headers (auth)")
    timeout_s: float = Field(10.0, gt=0, le=120)
    service_name: str = Field("tracepatrol", min_length=1)


def _value(v: Any) -> AnyValue:
    if isinstance(v, bool):
        return AnyValue(bool_value=v)
    if isinstance(v, int):
        return AnyValue(int_value=v)
    if isinstance(v, float):
        return AnyValue(double_value=v)
    return AnyValue(string_value=str(v))


def _attrs(values: Mapping[str, Any]) -> list[KeyValue]:
    return [KeyValue(key=k, value=_value(v)) for k, v in values.items() if v is not None]


def _record(s: Scored, span_id: str | None, explanation: str, now_ns: int, attributes: Mapping[str, Any]) -> LogRecord:
    return LogRecord(
        time_unix_nano=now_ns, observed_time_unix_nano=now_ns, severity_number=SEVERITY_INFO,
        severity_text="INFO", event_name=EVENT, body=AnyValue(string_value=explanation),
        trace_id=bytes.fromhex(s.trace_id), span_id=bytes.fromhex(span_id) if span_id else b"",
        attributes=_attrs({
            "gen_ai.evaluation.name": s.result.evaluator, **attributes,
            "gen_ai.evaluation.explanation": explanation,
            "tracepatrol.evaluation.dimension": s.result.dimension,
            "tracepatrol.task_id": s.task_id, "tracepatrol.run_id": s.run_id,
            "tracepatrol.trajectory.version": s.version,
            "gen_ai.agent.name": s.agent_name, "gen_ai.agent.version": s.agent_version,
        }))


def to_request(scored: Sequence[Scored], trajectories: Mapping[str, Trajectory], service_name: str = "tracepatrol",
               now_ns: int | None = None) -> ExportLogsServiceRequest:
    """One LogRecord per result, parented to the evaluated trace's root span, and one per finding,
    parented to the span of the call it is about."""
    now_ns = now_ns or time.time_ns()
    records = []
    for s in scored:
        r, traj = s.result, trajectories.get(s.trace_id)
        root = traj.root_span_id if traj is not None else None
        spans = {c.seq: c.span_id for c in traj.tool_calls} if traj is not None else {}
        records.append(_record(s, root, r.reason, now_ns, {
            "gen_ai.evaluation.score.value": r.score, "gen_ai.evaluation.score.label": r.label,
            "tracepatrol.evaluation.passed": r.passed, "tracepatrol.evaluation.kind": "result"}))
        records += [_record(s, spans.get(f.call) or root, f.reason, now_ns, {
            "gen_ai.evaluation.score.label": f.label, "tracepatrol.evaluation.call": f.call,
            "tracepatrol.evaluation.kind": "finding"}) for f in findings_of(r)]
    return ExportLogsServiceRequest(resource_logs=[ResourceLogs(
        resource=Resource(attributes=_attrs({"service.name": service_name})),
        scope_logs=[ScopeLogs(scope=InstrumentationScope(name="tracepatrol.evaluators"), log_records=records)])])


class EvaluationExporter:
    """Posts each batch of results; thread-safe (workers call it concurrently)."""

    def __init__(self, settings: EvaluationExportSettings):
        self.settings = settings
        self._client = httpx.Client(timeout=settings.timeout_s, headers={
            "Content-Type": "application/x-protobuf", **settings.headers})
        self._lock = threading.Lock()
        self.sent = self.failed = 0

    def __call__(self, scored: Sequence[Scored], trajectories: Mapping[str, Trajectory]) -> None:
        if not scored:
            return
        try:
            body = to_request(scored, trajectories, self.settings.service_name).SerializeToString()
            resp = self._client.post(self.settings.endpoint, content=body)
            ok = resp.status_code < 300
            problem = f"{resp.status_code} {resp.text[:200]}"
        except (httpx.HTTPError, ValueError) as exc:  # unreachable, or an id that is not hex
            ok, problem = False, repr(exc)
        with self._lock:
            if ok:
                self.sent += len(scored)
            else:
                self.failed += len(scored)
        if not ok:
            log.warning("sending %d evaluation events to %s failed: %s", len(scored), self.settings.endpoint, problem)

    def close(self) -> None:
        self._client.close()
