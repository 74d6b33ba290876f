"""Starting tracepatrol for a test, the demo or a benchmark, one way.

`process`: `tracepatrol serve` and the scale-out commands as subprocesses on free ports, each with
its own DuckDB file and log, ready once /healthz (or its banner) answers, stopped with SIGTERM and
killed if that hangs. `embedded`: the whole server inside this process (the demo). `kafka`: the
scale-out processes on fresh topics. `load`: agent-like OTLP batches; `judge`: a local
chat-completions stub standing in for an LLM judge.

It lives in the package, not under tests/, because the demo is production code and starts its
server through it; the tests and the benchmarks import the same modules, so neither imports the
other.
"""
