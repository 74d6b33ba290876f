"""A store of traces with hostile text, and servers on copies of it (each locks its own file), for
the bounded-query tests: a query's cost then depends on the data, not on what else the test does."""
from __future__ import annotations

import shutil

import duckdb

from collector.store import TraceStore
from tracepatrol.harness.process import make_server

BUDGET_S = 3.0  # tasks.query_timeout_s of the servers here (the default is 10 s)


def hostile_text(chars: int) -> str:
    """SQL for `chars` random `a`/`b` per row `i` (md5 digests, halved into two letters)."""
    pieces = chars // 32
    return (f"array_to_string(list_transform(range({pieces}), lambda j: translate(md5(i::VARCHAR || '-' || "
            f"j::VARCHAR), '0123456789abcdef', 'aaaaaaaabbbbbbbb')), '')")


def seed(path, rows: int, chars: int):
    """A store file with `rows` traces started 2 h ago, each input `chars` of hostile text."""
    con = duckdb.connect(str(path))
    TraceStore(con)
    con.execute(f"""INSERT INTO traces (trace_id, version, status, start_time, completed_at, input, output,
                                        tool_names, span_names)
                    SELECT lpad(to_hex(i + 1), 32, '0'), 1, 'ok', now()::TIMESTAMP - INTERVAL 2 HOUR,
                           now()::TIMESTAMP - INTERVAL 2 HOUR, {hostile_text(chars)}, 'done', [], []
                    FROM range({rows}) r(i)""")
    con.close()
    return path


def server_on(seeded, tmp_path, budget_s: float = BUDGET_S):
    config = tmp_path / "budget.yaml"
    config.write_text(f"tasks: {{query_timeout_s: {budget_s}}}\n")
    srv = make_server(tmp_path, "--decision-wait", "0.3", "--config", str(config))
    shutil.copy(seeded, srv.db)
    return srv
