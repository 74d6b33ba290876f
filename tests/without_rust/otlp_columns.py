"""Stands in for the Rust decoder's module: a process with this folder first on PYTHONPATH runs as
on a machine where scripts/setup.sh could not build it (no cargo), whatever .venv holds."""
raise ImportError("otlp_columns hidden by tests/without_rust/ (as on a machine without cargo)")
