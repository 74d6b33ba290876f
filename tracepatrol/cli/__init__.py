"""The `tracepatrol` command line (`main.main` is the entry point). One module per command group:
`tasks`, `results` (results, score, compare, evaluate), `report`, `export`, `roles` (collect, ingest,
worker); `client` is how commands reach a running server, `output` how they print.
"""
