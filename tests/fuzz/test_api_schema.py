"""Schema-driven fuzzing of the REST API: schemathesis generates requests for every
operation in the server's own OpenAPI document; no answer may be a 5xx."""
from __future__ import annotations

import os

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error

from tests.otlp_payloads import request_with_spans
from tracepatrol.harness.process import make_server

EXAMPLES = int(os.environ.get("API_FUZZ_EXAMPLES", 25))  # per operation and mode; keeps the run well under 60 s
LONG_POLL: set[str] = set()  # "METHOD /path" of operations that legitimately block (none today)


@pytest.fixture(scope="module")
def api_server(tmp_path_factory):
    srv = make_server(tmp_path_factory.mktemp("fuzz-api"), "--decision-wait", "0.3").start()
    try:
        trace_ids = []
        for n in (1, 3, 5):
            req, trace_id = request_with_spans(n)
            resp = httpx.post(srv.otlp_http, content=req.SerializeToString(),
                              headers={"Content-Type": "application/x-protobuf"}, timeout=10)
            assert resp.status_code == 200
            trace_ids.append(trace_id)
        for trace_id in trace_ids:  # the trajectory endpoints have data to return
            srv.wait_for_trace(trace_id)
        yield srv
    finally:
        srv.stop()


def test_no_operation_answers_5xx(api_server):
    schema = schemathesis.openapi.from_url(api_server.api + "/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) > 10, "the OpenAPI document lists the API's operations"
    counts: dict[str, int] = {}
    for op in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):  # valid requests, then invalid ones
            label = f"{op.method.upper()} {op.path} [{mode.value}]"
            if f"{op.method.upper()} {op.path}" in LONG_POLL:
                continue
            _fuzz(api_server, op, mode, label, counts)
    assert all(n for label, n in counts.items() if "[positive]" in label), counts
    print(f"\n{sum(counts.values())} cases over {len(counts)} operations: {counts}")
    # the server survived all of it
    assert httpx.get(api_server.api + "/healthz", timeout=5).status_code == 200


def _fuzz(srv, op, mode: GenerationMode, label: str, counts: dict[str, int]) -> None:
    counts[label] = 0

    @settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(case=op.as_strategy(generation_mode=mode))
    def fuzz(case):
        counts[label] += 1
        case.call_and_validate(base_url=srv.api, checks=[not_a_server_error], timeout=30)

    try:
        fuzz()
    except Unsatisfiable:
        if mode is GenerationMode.POSITIVE:
            raise
        # nothing to make invalid: the operation takes no parameters and no body
    except Exception as exc:
        raise AssertionError(f"{label}: {exc}") from exc
