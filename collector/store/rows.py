"""Built trajectories as the rows of traces, tool_calls and tool_definitions: pure, picklable,
so they can be built in another process than the one writing them."""
from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import orjson
import pyarrow as pa
import pyarrow.compute as pc
from pydantic import BaseModel

from collector.json_limits import clip
from collector.trajectory import Trajectory
from infra.timeutil import from_ns


def _json(value) -> str | None:
    """JSON text; a value nested past what orjson writes keeps its deep parts as marked text."""
    if value is None:
        return None
    try:
        return orjson.dumps(value).decode()
    except orjson.JSONEncodeError:
        return orjson.dumps(clip(value)).decode()


_MICROS_LIMIT = 1 << 63  # past int64 nanoseconds: left to from_ns and its range checks


def _timestamp(ns: int):
    """A `timestamp("us")` cell: microseconds since the epoch, which pyarrow takes as they are,
    where `from_ns` would build a datetime for pyarrow to take apart again (a tenth of the cost).
    Zero, negative and out-of-range values take `from_ns`, so its None and its errors stay."""
    return ns // 1000 if 0 < ns < _MICROS_LIMIT else from_ns(ns)


@dataclass(frozen=True)
class Assembled:
    """A built trajectory with what the store keeps beside it."""

    trajectory: Trajectory
    span_names: frozenset[str]
    first_received_ns: int
    last_received_ns: int
    redacted: int = 0  # personal-data masks in the trace's spans (collector.decoding.redaction)


class Coverage(NamedTuple):
    """How well one trajectory could be read: by no convention at all (`unread`: none of its
    spans carried an adapter's markers), or with model or tool spans but no input, output or
    arguments to judge (`unusable`: content capture off, or content where no adapter looks)."""

    service: str
    spans: int
    unread: bool
    unusable: bool

    @classmethod
    def of(cls, traj) -> "Coverage":
        spoke = traj.llm_call_count > 0 or bool(traj.tool_calls)
        said = bool(traj.input or traj.output or any(c.arguments or c.arguments_raw for c in traj.tool_calls))
        return cls(traj.service_name or "unknown", traj.span_count, not traj.read_as, spoke and not said)


@dataclass(frozen=True)
class TrajectoryTables:
    """Built trajectories as the rows of traces, tool_calls and tool_definitions (picklable)."""

    traces: pa.Table
    tool_calls: pa.Table
    tool_definitions: pa.Table
    failed: tuple[tuple[str, str], ...] = ()  # (trace_id, reason) of traces that could not be built
    build_ns: int = 0  # time it took to build them (IngestStats.assembly_build_ns)
    coverage: tuple[Coverage, ...] = ()  # how well each trajectory could be read (IngestStats.coverage)

    def __len__(self) -> int:
        return self.traces.num_rows

    def completed(self, at: dt.datetime) -> "TrajectoryTables":
        """The same rows, stamped as completed at `at`."""
        column = self.traces.schema.get_field_index("completed_at")
        stamped = pa.array([at] * self.traces.num_rows, self.traces.schema.field(column).type)
        return dataclasses.replace(self, traces=self.traces.set_column(column, "completed_at", stamped))

    def only(self, trace_id: str) -> "TrajectoryTables":
        """The rows of one trace, to store it apart from the others."""
        def of(table: pa.Table) -> pa.Table:
            return table.filter(pc.equal(table.column("trace_id"), trace_id))
        return TrajectoryTables(of(self.traces), of(self.tool_calls), of(self.tool_definitions))


def failure_reason(exc: BaseException) -> str:
    """What a quarantine row and the log say about why a trace could not be built or stored."""
    return f"{type(exc).__name__}: {exc}"[:2000]


def trajectory_tables(items: Iterable[Assembled], completed_at: dt.datetime) -> TrajectoryTables:
    """Pure: trajectories to table rows, so it can run in another process than the writer.

    A trajectory whose values fit no row (a number past a column's range…) is left out and
    listed in `failed`; the others are kept.
    """
    items = list(items)
    try:
        return _tables(items, completed_at)
    except Exception:  # find the culprits one by one: rare, so the cost does not matter
        pass
    good, failed = [], []
    for item in items:
        try:
            _tables([item], completed_at)
            good.append(item)
        except Exception as exc:
            failed.append((item.trajectory.trace_id, failure_reason(exc)))
    return dataclasses.replace(_tables(good, completed_at), failed=tuple(failed))


def _tables(items: list[Assembled], completed_at: dt.datetime) -> TrajectoryTables:
    traces, calls, defs = _TraceRows(), _Rows(_TOOL_CALL_COLUMNS), _Rows(_TOOL_DEF_COLUMNS)
    coverage = []
    for item in items:
        traj = item.trajectory
        traces.add(item, completed_at)
        coverage.append(Coverage.of(traj))
        for call in traj.tool_calls:
            calls.append(
                traj.trace_id, traj.version, call.seq, call.name, call.call_id,
                _json(call.arguments) if call.arguments_valid_json else _json(call.arguments_raw),
                call.arguments_raw, _json(call.result), call.status, call.error, call.error_type,
                _timestamp(call.start_ns), call.duration_ms, call.span_id, call.parent_span_id, call.offered,
            )
        for tool in traj.tools_offered:
            defs.append(traj.trace_id, tool.name, tool.description, _json(tool.parameters))
    return TrajectoryTables(traces.table(), calls.table(), defs.table(), coverage=tuple(coverage))


_TOOL_CALL_COLUMNS = (
    "trace_id", "version", "seq", "name", "call_id", "arguments", "arguments_raw", "result", "status",
    "error", "error_type", "start_time", "duration_ms", "span_id", "parent_span_id", "offered",
)
_TOOL_DEF_COLUMNS = ("trace_id", "name", "description", "parameters")


class _Rows:
    """Row-wise appends, column-wise Arrow table out.

    Columns are typed by name, text unless listed: inferring a type from Python values costs
    pyarrow more than the conversion itself, and leaves a column of only None untyped.
    """

    TYPES: dict[str, pa.DataType] = {
        **dict.fromkeys(("version", "seq", "input_tokens", "output_tokens", "total_tokens", "llm_calls",
                         "tool_call_count", "tool_errors", "span_count", "first_received_ns",
                         "last_received_ns", "redacted"), pa.int64()),
        **dict.fromkeys(("start_time", "end_time", "completed_at"), pa.timestamp("us")),
        **dict.fromkeys(("duration_ms", "first_token_ms"), pa.float64()),
        **dict.fromkeys(("tool_names", "span_names"), pa.list_(pa.string())),
        "offered": pa.bool_(),
    }

    def __init__(self, columns: Sequence[str]):
        self.columns = tuple(columns)
        self.data: list[tuple] = []

    def append(self, *values) -> None:
        self.data.append(values)

    def table(self) -> pa.Table:
        values = zip(*self.data) if self.data else [()] * len(self.columns)
        return pa.table({name: pa.array(column, self.TYPES.get(name, pa.string()))
                         for name, column in zip(self.columns, values)})


class _TraceRows(_Rows):
    def __init__(self):
        super().__init__((
            "trace_id", "version", "service_name", "agent_name", "agent_version", "root_span_name",
            "start_time", "end_time", "duration_ms", "status", "error_type", "user_id", "session_id",
            "input", "output", "input_tokens", "output_tokens", "total_tokens", "first_token_ms",
            "llm_calls", "tool_call_count", "tool_errors", "span_count", "tool_names", "span_names",
            "attributes", "trajectory", "completed_at", "first_received_ns", "last_received_ns", "redacted",
        ))

    def add(self, item: Assembled, completed_at: dt.datetime) -> None:
        t = item.trajectory
        self.append(
            t.trace_id, t.version, t.service_name, t.agent.name, t.agent.version, t.root_span_name,
            _timestamp(t.start_ns), _timestamp(t.end_ns), t.duration_ms, t.status, t.error_type, t.user_id, t.session_id,
            t.input, t.output, t.tokens.input, t.tokens.output, t.tokens.total, t.first_token_ms,
            t.llm_call_count, len(t.tool_calls), t.tool_errors, t.span_count,
            sorted({c.name for c in t.tool_calls}), sorted(item.span_names),
            _json(t.attributes), self.document(t), completed_at, item.first_received_ns, item.last_received_ns,
            item.redacted,
        )

    @staticmethod
    def document(trajectory: Trajectory) -> str:
        """`trajectory.model_dump_json()` in a third of the time: orjson writes these plain models
        (no aliases, extras or custom serializers; fields in order, numbers and strings alike) to
        the same bytes. Values orjson refuses (an integer past 64 bits) are left to pydantic, deep
        parts clipped to what pydantic reads back."""
        try:
            return orjson.dumps(trajectory, default=_TraceRows._fields).decode()
        except orjson.JSONEncodeError:  # past 64 bits, or nested past what orjson writes
            return Trajectory.model_validate(clip(trajectory.model_dump(), 200)).model_dump_json()

    @staticmethod
    def _fields(value: object) -> dict:
        """A nested model as orjson should write it: its fields."""
        if isinstance(value, BaseModel):
            return value.__dict__
        raise TypeError(f"{type(value).__name__} is not JSON serializable")
