"""The decode pool: the same batches as decoding in-thread, the limits and redaction applied in its
processes, undecodable payloads refused, and a pool whose process died started again."""
from __future__ import annotations

import os
import signal
from concurrent.futures.process import BrokenProcessPool

import pytest

from collector.decoding.otlp import DecodeError, Limits, parse_protobuf, to_batch
from collector.decoding.pool import DecodePool
from collector.receiving.receiver import MemorySink, TraceReceiver
from collector.decoding.redaction import RedactionSettings
from collector.queue.ingest import IngestStats
from tests.otlp_payloads import request_with_spans


@pytest.fixture
def pool():
    redactor = RedactionSettings(enabled=True).redactor()
    pool = DecodePool(1, Limits(max_attribute_length=64, redactor=redactor))
    yield pool
    pool.shutdown()


def test_pool_decodes_what_the_thread_decodes_with_the_same_limits(pool):
    req, _ = request_with_spans(4)
    span = req.resource_spans[0].scope_spans[0].spans[1]
    span.attributes.add(key="note").value.string_value = "mail me at someone@example.com " + "x" * 100
    body = req.SerializeToString()
    batch = pool.submit(body, as_json=False).result(60)
    here = to_batch(parse_protobuf(body), 0, pool.limits).to_arrow()
    assert len(batch) == 4 and batch.decode_ns > 0
    assert batch.redacted == 1 and batch.truncated == 1
    got = batch.to_arrow()
    assert got.schema == here.schema
    assert got.drop_columns(["received_ns"]).equals(here.drop_columns(["received_ns"]))


def test_undecodable_body_is_a_decode_error(pool):
    with pytest.raises(DecodeError):
        pool.submit(b"\xff\xff\xff", as_json=False).result(60)
    with pytest.raises(DecodeError):
        pool.submit(b"[1]", as_json=True).result(60)


def test_a_dead_process_fails_its_request_and_the_pool_starts_again(pool):
    body = request_with_spans(2)[0].SerializeToString()
    assert len(pool.submit(body, as_json=False).result(60)) == 2
    for pid in list(pool._pool._processes):
        os.kill(pid, signal.SIGKILL)
    with pytest.raises(BrokenProcessPool):
        for _ in range(50):  # the pool notices the death on its next use at the latest
            pool.submit(body, as_json=False).result(60)
    assert len(pool.submit(body, as_json=False).result(60)) == 2


def test_receiver_hands_on_what_the_pool_decoded(pool):
    stats = IngestStats()
    sink = MemorySink()
    receiver = TraceReceiver(sink, stats, pool.limits, pool=pool)
    body = request_with_spans(3)[0].SerializeToString()
    accepted = receiver.receive(body, as_json=False)
    assert accepted.future.result(10) == 3 and sink.spans == 3
    assert len(receiver.receive(body, as_json=False).batch) == 3
    assert stats.received_spans == 6 and stats.decode_ns > 0
