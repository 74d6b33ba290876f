"""The trace page's "what failed": failed spans with the same name and reason told once, the status
message only when it says more than the exception (or when there is no exception at all)."""
from __future__ import annotations

from tracepatrol.web.trace_view import failed_groups


def span(span_id: str, name: str, failure: dict | None, error: bool = True) -> dict:
    return {"span_id": span_id, "name": name, "error": error, "failure": failure}


def test_failures_grouped_and_told_once():
    exc = {"type": "ServiceUnavailable", "message": "503 for USD/CNY", "stacktrace": None}
    groups = failed_groups([
        span("a", "execute_tool rate", {"status_message": "ServiceUnavailable: 503 for USD/CNY", "exceptions": [exc]}),
        span("b", "execute_tool rate", {"status_message": "ServiceUnavailable: 503 for USD/CNY", "exceptions": [exc]}),
        span("c", "chat", {"status_message": "429 Too Many Requests", "exceptions": []}),
        span("d", "invoke_agent", None),
        span("e", "ok", None, error=False)])
    assert [(g["name"], g["type"], g["message"], g["status_message"], g["span_ids"]) for g in groups] == [
        ("execute_tool rate", "ServiceUnavailable", "503 for USD/CNY", None, ["a", "b"]),
        ("chat", None, None, "429 Too Many Requests", ["c"]),
        ("invoke_agent", None, None, None, ["d"])]
