"""Handmade traces whose expected selections are known, and a helper to insert rows into `traces`."""
from __future__ import annotations

import datetime as dt
import json

import duckdb

T0 = dt.datetime(2024, 1, 1, 10, 0)

# t1 has every value, t2 is a failure, t3 lacks almost everything, t4 carries hostile text.
TRACES = [
    dict(trace_id="t1", status="ok", duration_ms=1200.0, first_token_ms=300.0, input_tokens=500,
         output_tokens=100, total_tokens=600, input="Book a flight to Paris", output="Booked flight AF123",
         user_id="alice", session_id="s1", agent_name="travel-agent", agent_version="1.0",
         service_name="svc-travel", tool_names=["book_flight", "search"],
         span_names=["chat", "execute_tool", "invoke_agent"], tool_errors=0, error_type=None,
         attributes={"gen_ai.agent.name": "travel-agent", "retry": 0, "env": "prod", "a'b": "quoted-key",
                     "flag": True, "a.b": "dotted"}),
    dict(trace_id="t2", status="error", duration_ms=6000.0, first_token_ms=900.0, input_tokens=7000,
         output_tokens=2000, total_tokens=9000, input="What's the weather tomorrow?",
         output="Error: upstream timeout", user_id="bob", session_id="s1", agent_name="weather-agent",
         agent_version="2.0", service_name="svc-weather", tool_names=["get_weather"],
         span_names=["chat", "execute_tool"], tool_errors=2, error_type="TimeoutError",
         attributes={"gen_ai.agent.name": "weather-agent", "retry": 3, "env": "staging", "score": "0.75"}),
    dict(trace_id="t3", status="ok", duration_ms=None, first_token_ms=None, input_tokens=None,
         output_tokens=None, total_tokens=None, input=None, output="", user_id=None, session_id=None,
         agent_name=None, agent_version=None, service_name=None, tool_names=[], span_names=["invoke_agent"],
         tool_errors=None, error_type=None, attributes=None),
    dict(trace_id="t4", status="error", duration_ms=5000.0, first_token_ms=5000.0, input_tokens=3000,
         output_tokens=5000, total_tokens=8000, input="x' OR 1=1 --", output="50% off [sale] (a+b)*",
         user_id="x' OR 1=1 --", session_id="s2", agent_name="coder-agent", agent_version="2.0",
         service_name="svc-coder", tool_names=["query_db", "search_web"],
         span_names=["chat", "execute_tool", "retry"], tool_errors=1, error_type="RateLimitError",
         attributes={"retry": "2.5", "env": "prod", "nested": {"k": 1}, 'a"b': "dq"}),
]
ALL = {t["trace_id"] for t in TRACES}


def insert_traces(con: duckdb.DuckDBPyConnection, rows: list[dict]) -> None:
    """Plain INSERTs; start_time is T0 + n minutes and completed_at a minute later unless given."""
    for n, row in enumerate(rows):
        row = {"version": 1, "start_time": T0 + dt.timedelta(minutes=n), **row}
        row.setdefault("completed_at", row["start_time"] + dt.timedelta(minutes=1))
        if isinstance(row.get("attributes"), dict):
            row["attributes"] = json.dumps(row["attributes"])
        cols = ", ".join(row)
        con.execute(f"INSERT INTO traces ({cols}) VALUES ({', '.join('?' * len(row))})", list(row.values()))
