"""The application shell: settings (`settings`), server wiring (`server`), the HTTP app (`app`), and
the subpackages people meet — `cli`, `api`, `web` (dashboard and report), `demo`. `analysis` holds
the roll-ups the dashboard, the report and the API share; `file_export` writes tables to files for
BI tools; `evaluation_events` sends results as OpenTelemetry GenAI evaluation events; `retention`
asks each table owner to expire its rows; `harness` starts tracepatrol for the demo, the tests and
the benchmarks alike.
"""
