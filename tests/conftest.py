"""Shared fixtures (a `tracepatrol serve` process, the services scripts/test.sh starts) and the
markers that keep the fast run (`scripts/test.sh --fast`: the unmarked tests) in-process and quick."""
from __future__ import annotations

import os
from pathlib import Path

import httpx._transports.default as httpx_transport
import pytest

from tracepatrol.harness.process import make_server
from tracepatrol.harness.waiting import default_tls

# The `chat` fixture (a local chat-completions server) and `receiver` (a local OTLP logs endpoint).
pytest_plugins = ["tests.chat_server", "tests.logs_receiver"]

TESTS = Path(__file__).parent
FIXTURES = TESTS / "fixtures"
_create_ssl_context = httpx_transport.create_ssl_context


def _default_tls_once(verify=True, cert=None, trust_env=True):
    """httpx builds a TLS context and loads the CA bundle for every client made with verify=True:
    ~50 ms of CPU for each `httpx.get`, thousands of them in the suite, a core kept busy by polls.
    Here the default one is made once per test process; any other `verify` passes through."""
    if verify is True and cert is None:
        return default_tls()
    return _create_ssl_context(verify=verify, cert=cert, trust_env=trust_env)


httpx_transport.create_ssl_context = _default_tls_once


@pytest.fixture
def server(tmp_path):
    """A started server with a short decision wait, stopped after the test."""
    srv = make_server(tmp_path, "--decision-wait", "0.3").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory):
    """One started server for a module's tests that leave nothing another would see (refusals, reads):
    a server's start costs seconds of CPU, on every test that starts its own."""
    srv = make_server(tmp_path_factory.mktemp("shared"), "--decision-wait", "0.3").start()
    yield srv
    srv.stop()


def _service(env: str, what: str) -> str:
    """A service started by scripts/test.sh: its address, or fail in CI / skip elsewhere."""
    value = os.environ.get(env)
    if not value:
        message = f"{what} is not available (${env} unset; `bash scripts/test.sh` sets it up)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return value


@pytest.fixture(scope="session")
def kafka_bootstrap() -> str:
    """bootstrap.servers of the single-node broker started by scripts/kafka.sh."""
    return _service("TEST_KAFKA_BOOTSTRAP", "the Kafka broker")


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """Debian's Chromium binary, installed by scripts/test.sh."""
    return _service("TEST_CHROMIUM", "Chromium")


# -- markers ----------------------------------------------------------------------------------------
# integration: starts a process or listens on a socket; kafka: needs the broker; browser: Chromium;
# fuzz: atheris or hypothesis; perf: measures time or memory. A test gets the marks of every fixture
# it uses (directly or through another), of its directory and of its module; hypothesis tests are fuzz.

FIXTURE_MARKS = {
    "server": ("integration",),                   # `tracepatrol serve`
    "shared_server": ("integration",),            # one `tracepatrol serve` for a module
    "loaded": ("integration",),                   # a server loaded with traffic
    "cluster": ("integration", "kafka"),          # collect / ingest / worker processes on the broker
    "kafka_bootstrap": ("kafka",),                # the broker scripts/test.sh starts
    "chromium_path": ("integration", "browser"),  # Chromium, launched through Playwright
    "chat": ("integration",),                     # a chat-completions stub listening on 127.0.0.1
    "receiver": ("integration",),                 # an OTLP logs endpoint listening on 127.0.0.1
}

DIRECTORY_MARKS = {
    "alerts": ("integration",),  # servers, webhook receivers, Alertmanager
    "kafka": ("kafka",),
    "fuzz": ("fuzz",),
}

# Modules that start processes or listeners themselves (not through a fixture above), and those that
# measure time or memory. tests/test_markers.py fails when a module that does is missing here.
MODULE_MARKS = {
    "collector/test_backpressure.py": ("integration",),         # gRPC receivers on 127.0.0.1
    "collector/test_fixture_traffic.py": ("integration",),      # a server per module
    "collector/test_otlp_http.py": ("integration",),            # servers with their own settings
    "collector/test_retention.py": ("integration", "perf"),     # a server; the file's size over 160k spans
    "dashboard/test_large_trace.py": ("integration", "perf"),   # a server; how fast a huge trace page answers
    "dashboard/test_keys_page.py": ("integration",),            # keys made, shown once and revoked on a server
    "dashboard/test_live_run.py": ("integration",),             # a server whose run the page follows
    "dashboard/test_story.py": ("integration",),                # a server with seed 001's traffic
    "dashboard/test_trace_page.py": ("integration",),           # a server with failing traces
    "evaluators/test_judge_endpoints.py": ("integration",),     # an HTTP listener standing in for an attacker's
    "evaluators/test_workers_server.py": ("integration",),      # servers with evaluator workers
    "fuzz/test_api_schema.py": ("integration",),                # schemathesis against a server
    "fuzz/test_atheris.py": ("integration",),                   # the fuzzer in a subprocess
    "kafka/test_collect_ingest.py": ("integration",),           # `tracepatrol serve` and the CLI beside the cluster
    "kafka/test_readme_recipe.py": ("integration",),            # the README's commands
    "kafka/test_key_revocation.py": ("integration",),           # keys made with the CLI; a collector and a store
    "reliability/test_access.py": ("integration",),             # servers
    "reliability/test_access_roles.py": ("integration",),       # a server with two projects and a key per role
    "reliability/test_safe_defaults.py": ("integration",),      # servers on 0.0.0.0 and loopback
    "reliability/test_bounded_queries.py": ("integration", "perf"),  # servers; how fast slow queries end
    "reliability/test_scheduled_slots.py": ("integration",),     # a server with 300 rolling tasks
    "reliability/test_crash.py": ("integration",),              # a server killed mid-stream
    "reliability/test_decode_bounds.py": ("integration", "perf"),  # a server; its RSS per hostile request
    "reliability/test_event_loop.py": ("integration", "perf"),  # a server; /healthz latency while it decodes
    "reliability/test_guessing.py": ("integration",),           # servers; key guessing budgets
    "reliability/test_half_open.py": ("integration", "perf"),   # a server; 1,000 half-open connections
    "reliability/test_hostile_input.py": ("integration",),      # a server
    "reliability/test_memory_limiter.py": ("integration", "perf"),  # a server; its RSS
    "reliability/test_migration.py": ("integration",),          # servers on old database files
    "reliability/test_overload.py": ("integration", "perf"),    # a server and sender processes; RSS under load
    "reliability/test_poison.py": ("integration", "perf"),      # servers; assembly delays
    "reliability/test_rebinding.py": ("integration",),          # a server; Host and Origin checks
    "reliability/test_redaction.py": ("integration",),          # servers
    "reliability/test_refuse_early.py": ("integration", "perf"),  # a server; RSS during hostile uploads
    "reliability/test_storage_faults.py": ("integration",),     # servers on a full disk
    "scheduler/test_redelivery.py": ("integration",),           # a server
    "scheduler/test_tasks_server.py": ("integration",),         # servers and the CLI
    "test_cli.py": ("integration",),                            # the CLI
    "test_cli_results.py": ("integration",),                    # the CLI and a server
    "test_end_to_end.py": ("integration",),                     # a server and the real exporters
    "test_no_machine_paths.py": ("integration",),               # `git ls-files`
    "test_otel_export.py": ("integration",),                    # a server and an OTLP listener
    "test_references.py": ("integration",),                     # `git ls-files`
    "test_report.py": ("integration",),                         # the report CLI
    "test_tls.py": ("integration",),                            # `openssl` and TLS servers
}


# The longest modules (minutes of waiting or of browser work), longest first: the suite's processes
# take whole modules in collection order, so these start at once instead of ending the run alone.
LONGEST_FIRST = [
    "reliability/test_scheduled_slots.py", "dashboard/test_layout.py", "reliability/test_access_roles.py",
    "fuzz/test_api_schema.py", "dashboard/test_story.py", "alerts/test_patrol.py", "kafka/test_workers.py",
    "evaluators/test_workers_server.py", "fuzz/test_wire_outline.py", "kafka/test_collect_ingest.py",
    "dashboard/test_console.py", "test_end_to_end.py", "collector/test_fixture_traffic.py", "test_report.py",
    "test_cli_results.py", "kafka/test_findings.py", "dashboard/test_trace_page.py", "test_otel_export.py",
    "alerts/test_outbox.py", "kafka/test_readme_recipe.py", "dashboard/test_inputs.py", "scheduler/test_tasks_server.py",
    # the timing pass (perf)
    "reliability/test_event_loop.py", "reliability/test_bounded_queries.py", "reliability/test_decode_bounds.py",
    "reliability/test_half_open.py", "reliability/test_poison.py",
]


def marks_of(path: Path, fixturenames: list[str] = ()) -> set[str]:
    """The marks a test in `path` using `fixturenames` gets."""
    marks = set()
    if path.is_relative_to(TESTS):
        relative = path.relative_to(TESTS)
        marks.update(MODULE_MARKS.get(relative.as_posix(), ()))
        for part in relative.parts[:-1]:
            marks.update(DIRECTORY_MARKS.get(part, ()))
    for name in fixturenames:
        marks.update(FIXTURE_MARKS.get(name, ()))
    return marks


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by these marks
def pytest_collection_modifyitems(items):
    for item in items:
        marks = marks_of(item.path, item.fixturenames)
        if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            marks.add("fuzz")
        for mark in sorted(marks):
            item.add_marker(mark)
    rank = {module: i for i, module in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.relative_to(TESTS).as_posix() if item.path.is_relative_to(TESTS)
                                         else "", len(rank)))
