"""The collector, one package per stage, in the order spans flow:

    receiving ─▶ decoding ─▶ queue ─▶ store ─▶ assembly ─▶ store (trajectories)

`receiving`: the OTLP/HTTP and OTLP/gRPC listeners, the Kafka sink and consumer, and what guards
them (keys, guessing budgets, connection limits, the memory limiter, the Host check). `decoding`:
OTLP payloads to columnar span batches (Rust when built, else Python), in pools for big bodies, with
redaction. `queue`: the bounded ingest queue and the one writer thread that drains it into the
store and hands due traces to assembly. `store`: the collector's tables, their typed reads and
retention. `assembly`: when a trace is complete, and how its spans become a trajectory through the
convention adapters. Beside them: `trajectory` (the contract every later stage reads), `span` (a
stored span's row), `json_limits`, `processes` and `config`.
"""
