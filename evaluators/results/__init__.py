"""Evaluation results: this package owns the `eval_results` table and is the only code naming it.

`schema` holds its DDL, `store` its writes (workers save, retention expires) and `ResultStore`,
`reads` the typed reads everyone else uses, `relations` the relations for queries that span
another owner's tables in one statement, `findings` the findings of results that carry none.
"""
from evaluators.results.findings import findings_of
from evaluators.results.reads import (evaluator_pass_rates, label_counts, results, rising_labels,
                                      run_verdicts)
from evaluators.results.relations import (EXPORT_TIME, evaluations, exportable, failing_traces, latest_scores,
                                          scope, trace_verdicts)
from evaluators.results.schema import COLUMNS, SCHEMA_VERSION, stored
from evaluators.results.store import ResultStore, Scored, expire_results

__all__ = [
    "COLUMNS", "EXPORT_TIME", "SCHEMA_VERSION", "ResultStore", "Scored", "evaluations", "evaluator_pass_rates",
    "expire_results", "exportable", "failing_traces", "findings_of", "label_counts", "latest_scores", "results", "rising_labels",
    "run_verdicts", "scope", "stored", "trace_verdicts",
]
