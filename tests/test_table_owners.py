"""Each DuckDB table has one owner, the only code that names it in SQL; everyone else calls the
owner's typed reads or queries the relations it hands out."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("collector", "sampler", "scheduler", "evaluators", "tracepatrol", "infra", "benchmarks")
# Owner (a module, or a package and everything in it) -> the tables it owns.
OWNERS = {
    "scheduler/alerts/": ("alert_states", "alert_events", "alert_silences", "alert_outbox", "alert_runs"),
    "collector/store/": ("spans", "traces", "tool_calls", "tool_definitions", "trace_quarantine", "span_resources",
                         "span_scopes"),
    "scheduler/ledger/": ("tasks", "task_runs", "run_items"),
    "evaluators/results/": ("eval_results",),
    "sampler/annotations.py": ("annotations",),
    "infra/access/": ("api_keys", "audit_log"),
}
OWNER = {table: owner for owner, tables in OWNERS.items() for table in tables}
_TABLE = "|".join(OWNER)
# A table named where SQL reads or writes it (DELETE FROM, INSERT OR REPLACE INTO, CREATE/ALTER/DROP
# TABLE [IF [NOT] EXISTS] … included, schema-qualified or quoted too), or fetched as a relation.
NAMED = re.compile(
    rf"""\b(?:FROM|JOIN|INTO|UPDATE|COPY|TRUNCATE|DESCRIBE|SUMMARIZE|TABLE(?:\s+IF(?:\s+NOT)?\s+EXISTS)?)\s+"""
    rf"""(?:\w+\.)?"?(?P<sql>{_TABLE})\b"""
    rf"""|\.table\(\s*["'](?P<relation>{_TABLE})["']""")


def violations(path: str, text: str) -> list[str]:
    """`file:line` of every table `text` names outside its owner (`path` is relative to the repository)."""
    found = []
    for match in NAMED.finditer(text):
        group = "sql" if match.group("sql") else "relation"
        table, owner = match.group(group), OWNER[match.group(group)]
        if not (path.startswith(owner) if owner.endswith("/") else path == owner):
            line = text.count("\n", 0, match.start(group)) + 1
            found.append(f"{path}:{line}: names table {table!r}, owned by {owner}")
    return found


def scan() -> list[str]:
    found = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*.py")):
            found += violations(path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))
    return found


def test_no_table_is_named_outside_its_owner():
    assert scan() == []


def test_the_scanner_finds_planted_violations():
    planted = '''
def stats(cur):
    cur.execute("SELECT count(*) FROM traces").fetchone()
    cur.execute("""SELECT r.run_id FROM eval_results e
                   JOIN
                       main."task_runs" r USING (run_id)""")
    cur.execute("DELETE FROM spans WHERE end_ns < ?", [0])
    cur.execute("INSERT OR REPLACE INTO annotations VALUES (1)")
    cur.execute("CREATE TABLE IF NOT EXISTS run_items (x INT)")
    cur.execute("COPY tool_calls TO 'x.csv'")
    return cur.table('trace_quarantine'), cur.table("tasks")
'''
    assert violations("tracepatrol/planted.py", planted) == [
        "tracepatrol/planted.py:3: names table 'traces', owned by collector/store/",
        "tracepatrol/planted.py:4: names table 'eval_results', owned by evaluators/results/",
        "tracepatrol/planted.py:6: names table 'task_runs', owned by scheduler/ledger/",
        "tracepatrol/planted.py:7: names table 'spans', owned by collector/store/",
        "tracepatrol/planted.py:8: names table 'annotations', owned by sampler/annotations.py",
        "tracepatrol/planted.py:9: names table 'run_items', owned by scheduler/ledger/",
        "tracepatrol/planted.py:10: names table 'tool_calls', owned by collector/store/",
        "tracepatrol/planted.py:11: names table 'trace_quarantine', owned by collector/store/",
        "tracepatrol/planted.py:11: names table 'tasks', owned by scheduler/ledger/",
    ]


def test_owners_may_name_their_tables_and_nothing_else_trips_the_scanner():
    assert violations("collector/store/reads.py", 'cur.execute("SELECT trajectory FROM traces")') == []
    assert violations("sampler/annotations.py", 'con.sql("SELECT * FROM annotations")') == []
    assert violations("collector/store/reads.py", 'cur.execute("SELECT * FROM eval_results")') != []
    # prose, other tables and relations bound by other names are not table names
    harmless = '''"""Reads traces from the collector; FROM trajectories t, FROM annotations_seq, JOIN spans_x."""
    cur.execute("SELECT nextval('annotations_seq') FROM range(3)")
    cur.execute("SELECT * FROM trajectories t JOIN scores s USING (trace_id)")'''
    assert violations("sampler/explore.py", harmless) == []


def test_every_table_is_created_by_its_owner():
    created = {}
    for owner in OWNERS:
        paths = (ROOT / owner).rglob("*.py") if owner.endswith("/") else [ROOT / owner]
        for path in paths:
            for table in re.findall(rf"CREATE TABLE IF NOT EXISTS ({_TABLE})\b", path.read_text(encoding="utf-8")):
                created[table] = owner
    assert created == OWNER
