"""The collector's DuckDB tables: spans (kept whole), traces, tool_calls, tool_definitions and
trace_quarantine (traces that could not be built or stored: their spans stay, the reason is kept).

This package owns them and is the only code that names them: their DDL (`schema`), the store
writer's writes (`writer`, one thread), the rows built trajectories become (`rows`), typed reads
for everyone else (`reads`), relations for queries that span other owners' tables (`relations`)
and retention's deletes (`expiry`).
"""
from collector.store.expiry import expire_spans, expire_traces
from collector.store.reads import (SUMMARY, assembly_lag_s, counts, has_trajectory, list_traces, project_of, quarantined, read_trajectories,
                                   span_outline, span_records, start_range, tool_names_at, trace_facts, traffic,
                                   trajectories_by_project, trajectory_count, trajectory_document, trajectory_loader)
from collector.store.relations import EXPORTS, exportable, scope, tool_calls, trace_outcomes, trajectories
from collector.store.rows import Assembled, TrajectoryTables, failure_reason, trajectory_tables
from collector.store.schema import COMPONENT, SCHEMA_VERSION, stored
from collector.store.writer import (RECORD_COLUMNS, NEW_SPAN_COLUMNS, PriorTrajectory, TraceStore,
                                    records_by_trace)

__all__ = [
    "COMPONENT", "EXPORTS", "NEW_SPAN_COLUMNS", "SCHEMA_VERSION", "SUMMARY", "Assembled", "PriorTrajectory",
    "TraceStore", "TrajectoryTables", "RECORD_COLUMNS", "assembly_lag_s", "counts", "expire_spans", "expire_traces", "exportable",
    "failure_reason", "has_trajectory", "list_traces", "quarantined", "read_trajectories", "records_by_trace",
    "project_of", "scope", "span_outline", "span_records", "start_range", "stored", "tool_calls", "tool_names_at", "trace_facts",
    "trace_outcomes", "traffic", "trajectories", "trajectories_by_project", "trajectory_count", "trajectory_document", "trajectory_loader",
    "trajectory_tables",
]
