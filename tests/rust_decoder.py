"""The Rust decoder (`otlp_columns`, native/) in tests: tests that need it skip on a machine where
scripts/setup.sh could not build it (no cargo) and fail in CI, which builds it; tests of the
Python path hide it, in this process (`without_rust`) or in a server's (`hidden_env`)."""
from __future__ import annotations

import os
from pathlib import Path
from types import ModuleType

import pytest

import collector.decoding.otlp

RUST_MISSING = "Rust decoder not built: install Rust (https://rustup.rs) and re-run scripts/setup.sh"
# A folder whose otlp_columns.py raises ImportError: first on PYTHONPATH, the module is not there.
HIDING = Path(__file__).with_name("without_rust")


def rust_built() -> bool:
    """Whether the module is there; in CI (CI=true), which builds it, its absence is a failure."""
    try:
        import otlp_columns  # noqa: F401
    except ImportError:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{RUST_MISSING} (CI builds it)", pytrace=False)
        return False
    return True


def require_rust() -> ModuleType:
    """The module, or skip (the whole module when called at its top) with the way to get it."""
    if not rust_built():
        pytest.skip(RUST_MISSING, allow_module_level=True)
    import otlp_columns
    return otlp_columns


def without_rust(monkeypatch: pytest.MonkeyPatch) -> None:
    """collector.decoding.otlp as on a machine without the Rust decoder, for the rest of the test."""
    monkeypatch.setattr(collector.decoding.otlp, "otlp_columns", None)


def hidden_env() -> dict[str, str]:
    """The environment of a process that must run without the Rust decoder."""
    path = os.pathsep.join(filter(None, (str(HIDING), os.environ.get("PYTHONPATH"))))
    return {**os.environ, "PYTHONPATH": path}


def use_decoder(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """For a test run over both protobuf paths: "rust" needs it (`require_rust`), "python" hides it."""
    if name == "rust":
        require_rust()
    else:
        without_rust(monkeypatch)
