"""Privacy: personal data masked before storage, counted per span and per trace."""
from __future__ import annotations

import re
import subprocess

import duckdb
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.trace import Status, StatusCode, set_span_in_context
from prometheus_client.parser import text_string_to_metric_families

from collector.config import CollectorSettings
from collector.decoding.otlp import REDACTED_ATTRIBUTE
from collector.decoding.redaction import RedactionSettings, china_id_ok, luhn_ok
from tracepatrol.harness.process import make_server, tracepatrol


def _luhn_complete(prefix: str) -> str:
    return next(prefix + d for d in "0123456789" if luhn_ok(prefix + d))


def _id_complete(first17: str) -> str:
    return next(first17 + c for c in "0123456789X" if china_id_ok(first17 + c))


CARD = _luhn_complete("622202020000000000")          # 19-digit UnionPay-like, Luhn-valid
BAD_CARD = CARD[:-1] + str((int(CARD[-1]) + 1) % 10)  # same digits, wrong check digit
CHINA_ID = _id_complete("11010519491231002")
BAD_ID = CHINA_ID[:-1] + ("0" if CHINA_ID[-1] != "0" else "1")
PHONE, EMAIL = "13912345678", "li.lei@example.com"
TIMESTAMP_MS = "1732934400000"


def redactor(**kw):
    return RedactionSettings(enabled=True, **kw).redactor()


@pytest.mark.parametrize("text, masked, count", [
    (f"call {PHONE} or +86 139-1234-5678", "call [REDACTED:phone] or [REDACTED:phone]", 2),
    (f"mail {EMAIL}", "mail [REDACTED:email]", 1),
    (f"id {CHINA_ID}.", "id [REDACTED:china_id].", 1),
    (f"card {CARD}", "card [REDACTED:bank_card]", 1),
    (f"card {CARD[:4]} {CARD[4:8]} {CARD[8:12]} {CARD[12:16]} {CARD[16:]}", "card [REDACTED:bank_card]", 1),
    # look-alikes with a wrong check digit, and timestamps, are left alone
    (f"n {BAD_CARD} {BAD_ID} at {TIMESTAMP_MS} / {TIMESTAMP_MS}000000", None, 0),
])
def test_builtin_patterns_mask_only_what_passes_their_checks(text, masked, count):
    assert redactor().redact(text) == (masked or text, count)


def test_only_the_chosen_patterns_and_custom_ones_apply():
    r = redactor(patterns=["email"], custom=[{"name": "order_no", "regex": r"ORD-\d{6}"}])
    assert r.redact(f"{EMAIL} {PHONE} ORD-123456") == (f"[REDACTED:email] {PHONE} [REDACTED:order_no]", 2)
    assert RedactionSettings().redactor() is None  # off by default


@pytest.mark.parametrize("custom, message", [
    ({"name": "x", "regex": "(unclosed"}, "invalid regular expression '(unclosed'"),
    ({"name": "x", "regex": "a*"}, "matches the empty string"),
    ({"name": "Bad Name", "regex": "a"}, "String should match pattern"),
    ({"name": "email", "regex": "a"}, "repeated: email"),
])
def test_a_bad_pattern_is_refused_with_the_reason(custom, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        CollectorSettings(redaction={"enabled": True, "custom": [custom]})



def test_serve_refuses_a_bad_regex_at_start_up(tmp_path):
    cfg = tmp_path / "bad.yaml"
    cfg.write_text(yaml.safe_dump({"collector": {"redaction": {"enabled": True, "custom": [{"name": "x", "regex": "[a-"}]}}}))
    done = subprocess.run(tracepatrol("serve", "--db", str(tmp_path / "x.duckdb"), "--config", str(cfg)),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "collector.redaction.custom.0.regex" in done.stderr and "invalid regular expression '[a-'" in done.stderr


def test_personal_data_is_masked_before_storage_and_counted(tmp_path):
    cfg = tmp_path / "redact.yaml"
    cfg.write_text(yaml.safe_dump({"collector": {"redaction": {
        "enabled": True, "custom": [{"name": "order_no", "regex": r"ORD-\d{6}"}]}}}))
    srv = make_server(tmp_path, "--config", str(cfg), "--decision-wait", "0.3").start()
    try:
        provider = TracerProvider(resource=Resource.create({"service.name": "pii-agent"}))
        provider.add_span_processor(SimpleSpanProcessor(OTLPSpanExporter(endpoint=srv.otlp_http)))
        tracer = provider.get_tracer("tests.redaction")
        root = tracer.start_span("invoke_agent pii", attributes={
            "gen_ai.operation.name": "invoke_agent", "input.value": f"my phone is {PHONE}, id {CHINA_ID}",
            "user.note": f"not a card: {BAD_CARD}"})
        tool = tracer.start_span("execute_tool pay", context=set_span_in_context(root), attributes={
            "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "pay",
            "gen_ai.tool.call.arguments": f'{{"card": "{CARD}", "order": "ORD-123456"}}'})
        tool.add_event("receipt", {"to": EMAIL, "nested": [f"cc {EMAIL}"]})
        tool.set_status(Status(StatusCode.ERROR, f"card {CARD} declined"))
        tool.end()
        root.end()
        provider.shutdown()
        trace_id = format(root.get_span_context().trace_id, "032x")
        traj = srv.wait_for_trace(trace_id)
        assert srv.get("/api/stats").json()["redacted_values"] == 7
        metrics = {f.name: f for f in text_string_to_metric_families(srv.get("/metrics").text)}
        assert metrics["tracepatrol_values_redacted"].samples[0].value == 7
    finally:
        srv.stop()
    # evaluators and the API see that a value was there, not the value
    assert traj["input"] == "my phone is [REDACTED:phone], id [REDACTED:china_id]"
    (call,) = traj["tool_calls"]
    assert call["arguments"] == {"card": "[REDACTED:bank_card]", "order": "[REDACTED:order_no]"}
    assert traj["attributes"][REDACTED_ATTRIBUTE] == 7  # phone, id | card, order, 2 e-mails, status card
    assert traj["attributes"]["user.note"] == f"not a card: {BAD_CARD}"
    with duckdb.connect(str(srv.db), read_only=True) as con:
        stored = con.execute("SELECT string_agg(concat_ws('|', attributes, events, status_message), '|') FROM spans").fetchone()[0]
        per_span = dict(con.execute(
            f"SELECT name, attributes->>'$.\"{REDACTED_ATTRIBUTE}\"' FROM spans").fetchall())
        (per_trace,) = con.execute("SELECT redacted FROM traces WHERE trace_id = ?", [trace_id]).fetchone()
    for secret in (PHONE, CHINA_ID, CARD, EMAIL, "ORD-123456"):
        assert secret not in stored
    assert "[REDACTED:email]" in stored and "card [REDACTED:bank_card] declined" in stored
    assert per_span == {"invoke_agent pii": "2", "execute_tool pay": "5"}
    assert per_trace == 7


_FRAGMENTS = st.sampled_from([PHONE, EMAIL, CARD, BAD_CARD, CHINA_ID, BAD_ID, TIMESTAMP_MS, "+86 ", "0086", "@", " ",
                              "-", "x", "X", ".", "a.b@c.d", "138 0013 8000", "4111-1111-1111-1111", "\n", "中文", "1"])


@settings(max_examples=400, deadline=None)
@given(st.lists(_FRAGMENTS, max_size=12).map("".join))
def test_scanning_only_candidate_windows_masks_exactly_what_a_full_scan_does(text):
    """The windows (around '@', along digit runs) are a shortcut, never a change of result."""
    r = redactor()
    count = 0

    def mask(m):
        nonlocal count
        name = r._kind(m)
        count += name is not None
        return m.group() if name is None else f"[REDACTED:{name}]"

    assert r.redact(text) == (r._regex.sub(mask, text), count)
