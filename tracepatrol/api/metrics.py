"""`GET /metrics` in the Prometheus text format, computed at scrape time.

Every scrape builds a fresh `CollectorRegistry` holding one `TracepatrolCollector`, which reads
the ingest counters (`app.state.stats`, an `IngestStats`), the ingest queue depth
(`app.state.queue`, an `IngestQueue`) and counts from DuckDB through its own cursor of
`app.state.db`, asking each table's owner. There is no global metric state. A component whose
tables do not exist (not enabled) simply contributes no series.

A key of one project scrapes that project's series only: its trajectories, its tasks' runs,
items, scores and labels. The server's own counters (ingest, queue, alerts) count every
project's traffic, so only keys of every project (admins) see them.
"""
from __future__ import annotations

import asyncio
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_PLAIN_0_0_4
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from collector import store
from evaluators import results as evaluations
import scheduler.alerts.reads as alerts
from scheduler import ledger
from tracepatrol.api.guard import Who

PREFIX = "tracepatrol_"
SCRAPE_DEADLINE_S = 10.0

# Per task, the latest run (by start, falling back to result time, so without the scheduler the
# run with the newest result) that has results: over the relations `scored` (the results) and
# `starts` (the runs' start times).
_LATEST_MEAN_SQL = """
WITH runs AS (
    SELECT e.task_id, e.run_id, max(coalesce(t.started_at, e.created_at)) AS latest_at
    FROM scored e LEFT JOIN starts t ON t.run_id = e.run_id
    WHERE e.run_id IS NOT NULL GROUP BY e.task_id, e.run_id
), latest AS (
    SELECT task_id, run_id FROM runs
    QUALIFY row_number() OVER (PARTITION BY task_id ORDER BY latest_at DESC, run_id DESC) = 1
)
SELECT e.task_id, e.evaluator, avg(e.score) FROM scored e JOIN latest l
    ON e.task_id = l.task_id AND e.run_id = l.run_id
WHERE e.score IS NOT NULL GROUP BY e.task_id, e.evaluator ORDER BY 1, 2
"""


# (stage, metric, IngestStats field, help): a counter is exposed by the processes running its stage.
_COUNTERS = (
    ("receive", "spans_received", "received_spans", "Spans received by the OTLP receivers of this process."),
    ("publish", "spans_published", "published_spans", "Spans published to Kafka and acknowledged by it (acks=all)."),
    ("publish", "spans_publish_failed", "publish_failed_spans",
     "Spans Kafka did not acknowledge (the sender was answered 503 and retries)."),
    ("consume", "spans_consumed", "consumed_spans", "Spans consumed from Kafka and handed to the store."),
    ("store", "spans_stored", "stored_spans", "Spans committed to the store (new, not duplicates)."),
    ("store", "spans_duplicate", "duplicate_spans", "Spans received again and skipped as duplicates."),
    (None, "spans_rejected", "rejected_spans", "Spans rejected (invalid, or refused while the queue was full)."),
    (None, "attribute_values_truncated", "truncated_values",
     "Attribute values or attributes cut to the configured limits (recorded on each span)."),
    (None, "values_redacted", "redacted_values", "Personal data masked before storage (counted on each span and trace)."),
    ("store", "traces_quarantined", "quarantined_traces",
     "Traces that could not be built or stored (spans kept, reason in trace_quarantine)."),
)


# (IngestStats.coverage count, metric, help): how well each service's traces could be read.
_COVERAGE = (
    ("trajectories", "coverage_trajectories", "Trajectories built, per service."),
    ("spans", "coverage_spans", "Spans of the trajectories built, per service."),
    ("unread", "coverage_unread_trajectories", "Trajectories none of whose spans matched a convention (docs/conventions.md)."),
    ("unread_spans", "coverage_unread_spans", "Spans of trajectories that matched no convention."),
    ("unusable", "coverage_unusable_trajectories", "Trajectories with model or tool spans but no input, output or "
     "arguments to evaluate (content capture off, or content where no convention looks)."),
)


def _coverage(coverage: dict[str, dict[str, int]]) -> Iterator[Metric]:
    for count, name, doc in _COVERAGE:
        family = CounterMetricFamily(PREFIX + name, doc, labels=["service"])
        for service, counts in sorted(dict(coverage).items()):  # copied in one step: the writer adds services
            family.add_metric([service], counts[count])
        yield family


class TracepatrolCollector(Collector):
    """Reads the server's state when `collect()` runs (at scrape time)."""

    def __init__(self, db, stats=None, queue=None, project: str | None = None, pending=None):
        """`project`: only that project's series (None: everything); `pending`: the store writer (the
        traces waiting for assembly)."""
        self.db, self.stats, self.queue, self.project, self.pending = db, stats, queue, project, pending

    def collect(self) -> Iterator[Metric]:
        if self.project is None:
            yield from self._ingest()
        if self.db is None:
            return
        cur = self.db.cursor()
        try:
            yield from self._database(cur)
        finally:
            cur.close()

    def _ingest(self) -> Iterator[Metric]:
        s = self.stats
        if s is not None:
            for stage, name, attr, doc in _COUNTERS:
                if stage is None or stage in s.stages:
                    yield CounterMetricFamily(PREFIX + name, doc, value=getattr(s, attr))
        if s is not None and s.coverage:
            yield from _coverage(s.coverage)
        if self.queue is not None:
            yield GaugeMetricFamily(PREFIX + "ingest_queue_spans", "Spans waiting in the ingest queue.",
                                    value=self.queue.depth)
        if self.pending is not None:
            yield GaugeMetricFamily(PREFIX + "assembly_pending_traces", "Traces waiting for (or in) assembly into "
                                    "a trajectory.", value=len(self.pending))
            oldest = self.pending.oldest_pending_s()
            yield GaugeMetricFamily(PREFIX + "assembly_oldest_pending_seconds", "How long the trace waiting longest "
                                    "for assembly has waited (0 when none waits).", value=oldest or 0.0)

    def _database(self, cur) -> Iterator[Metric]:
        if store.stored(cur):
            yield CounterMetricFamily(PREFIX + "trajectories", "Trajectories assembled and stored.",
                                      value=store.trajectory_count(cur, self.project))
        tasks = None if self.project is None else ledger.task_ids(cur, self.project)
        if ledger.stored(cur):
            counts = ledger.state_counts(cur, tasks)
            # Per-state counts move between states, so these are gauges despite the _total name.
            yield _with_samples(GaugeMetricFamily(PREFIX + "task_runs_total", "Task runs by task and state.",
                                             labels=["task", "state"]), counts["runs"])
            yield _with_samples(GaugeMetricFamily(PREFIX + "run_items", "Selected run items by task and state "
                                             "(pending, running, done, failed).", labels=["task", "state"]),
                           counts["items"])
        if evaluations.stored(cur):
            yield _with_samples(GaugeMetricFamily(PREFIX + "latest_run_mean_score",
                                             "Mean score of the latest run with results, per task and evaluator.",
                                             labels=["task", "evaluator"]), _latest_means(cur, tasks))
            yield _with_samples(CounterMetricFamily(PREFIX + "evaluation_labels", "Stored evaluation results by (worst) label.",
                                               labels=["task", "evaluator", "label"]), evaluations.label_counts(cur, tasks))
        if self.project is not None:
            return
        firing = alerts.firing_series(cur)  # empty on a database no server with alerts ran on
        if firing:
            yield _with_samples(GaugeMetricFamily(PREFIX + "alerts_firing", "1 while an alert fires, else 0: a rule on "
                                                  "a task (task '' for a server-wide rule).", labels=["rule", "task"]),
                                firing)
        outbox = alerts.outbox_counts(cur)
        if outbox:
            yield _with_samples(GaugeMetricFamily(PREFIX + "alert_notifications", "Notifications in the outbox by "
                                                  "destination and delivery state (pending, sent, failed).",
                                                  labels=["destination", "state"]), outbox)


def _with_samples(family: Metric, rows) -> Metric:
    """The family with one sample a row: its labels, then its value."""
    for *labels, value in rows:
        family.add_metric(labels, value)
    return family


def _latest_means(cur, tasks: list[str] | None) -> list[tuple[str, str, float]]:
    scored, starts = evaluations.evaluations(cur, tasks), ledger.run_starts(cur)  # read by name in the query
    return cur.execute(_LATEST_MEAN_SQL).fetchall()


def render_metrics(db, stats=None, queue=None, project: str | None = None, pending=None) -> bytes:
    """The exposition text (format 0.0.4) for one scrape, from a fresh registry."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(TracepatrolCollector(db, stats, queue, project, pending))
    return generate_latest(registry)


def build_metrics_router(secured: list) -> APIRouter:
    router = APIRouter(dependencies=secured, tags=["metrics"])

    scrapes = ThreadPoolExecutor(1, thread_name_prefix="metrics")  # never the user queries' pool

    @router.get("/metrics", response_class=Response)
    async def metrics(request: Request, who: Who) -> Response:
        state = request.app.state
        work = scrapes.submit(render_metrics, getattr(state, "db", None), getattr(state, "stats", None),
                              getattr(state, "queue", None), who.project, getattr(state, "pending", None))
        try:
            body = await asyncio.wait_for(asyncio.wrap_future(work), SCRAPE_DEADLINE_S)
        except TimeoutError:
            raise HTTPException(503, f"metrics were not computed within {SCRAPE_DEADLINE_S:g} s; try again",
                                headers={"Retry-After": "5"}) from None
        return Response(body, media_type=CONTENT_TYPE_PLAIN_0_0_4)

    return router
