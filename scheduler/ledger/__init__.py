"""Tasks, their runs and the items each run selected: this package owns `tasks`, `task_runs` and
`run_items` and is the only code naming them. `schema` holds their DDL, `book` the `Ledger` (every
write), `reads` the typed reads everyone uses (the API through the `Ledger`, the dashboard and
report on their own cursors).
"""
from scheduler.ledger.book import SCHEDULED_TRIGGERS, TASK_STATES, Ledger, RunRow, TaskExists
from scheduler.ledger.reads import (ITEM_STATES, TaskNotFound, TaskRow, get_task, list_tasks, project_of_run,
                                    project_of_task, run, run_starts, runs, runs_started, scope, state_counts, task_ids,
                                    task_overview)
from scheduler.ledger.schema import SCHEMA_VERSION, stored

__all__ = [
    "ITEM_STATES", "SCHEDULED_TRIGGERS", "SCHEMA_VERSION", "TASK_STATES", "Ledger", "RunRow", "TaskExists",
    "TaskNotFound", "TaskRow", "get_task", "list_tasks", "project_of_run", "project_of_task", "run", "run_starts", "runs",
    "runs_started", "scope", "state_counts", "stored", "task_ids", "task_overview",
]
