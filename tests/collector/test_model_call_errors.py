"""A failed model call keeps why it failed beside its status, as a failed tool call does: the
exception event's type and message, else the status message (a provider's 429), nothing when it
succeeded."""
from __future__ import annotations

from collector.assembly.build import build_trajectory
from tests.collector.test_semconv import event, span

CHAT = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "gpt-x"}


def test_a_failed_model_call_keeps_its_exception_type_and_message():
    spans = [span("r", "invoke_agent a", end=9),
             span("c", "chat gpt-x", "r", CHAT, start=1, end=2, status=2, message="rate limited",
                  events=[event("exception", 1, **{"exception.type": "openai.RateLimitError",
                                                   "exception.message": "Error code: 429 - quota exceeded"})]),
             span("d", "chat gpt-x", "r", CHAT, start=3, end=4)]
    failed, fine = build_trajectory(spans).llm_calls
    assert (failed.status, failed.error_type, failed.error) == (
        "error", "openai.RateLimitError", "Error code: 429 - quota exceeded")
    assert (fine.status, fine.error_type, fine.error) == ("ok", None, None)


def test_without_an_exception_event_the_status_message_is_the_error():
    spans = [span("c", "chat gpt-x", attrs=CHAT | {"error.type": "429"}, status=2,
                  message="429 Too Many Requests")]
    [call] = build_trajectory(spans).llm_calls
    assert (call.error_type, call.error) == ("429", "429 Too Many Requests")
