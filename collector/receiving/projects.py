"""The project spans belong to: a column the store keeps beside each span, set from the key the
spans were sent with (never from anything in the spans, which the sender writes)."""
from __future__ import annotations

import pyarrow as pa

from collector.decoding.otlp import SpanBatch

COLUMN = "project"


def tag(batch: SpanBatch, project: str) -> SpanBatch:
    """`batch` with its spans' project as a column of its Arrow table (one dictionary entry)."""
    table = batch.to_arrow()
    if COLUMN in table.column_names:
        table = table.drop_columns([COLUMN])
    indices = pa.repeat(pa.scalar(0, pa.int32()), table.num_rows)
    batch.table, batch.columns = table.append_column(
        COLUMN, pa.DictionaryArray.from_arrays(indices, pa.array([project], pa.string()))), {}
    return batch
