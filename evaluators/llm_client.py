"""A client for any OpenAI-compatible chat-completions endpoint, made for batch judging.

A judge runs over thousands of traces, so the client protects the provider and the bill: a
token-bucket rate limit shared by all threads, a per-task budget of calls, retries with
exponential backoff and jitter on 429, 5xx and connection errors (honouring Retry-After).
It never makes up an answer: anything but a JSON object back is a `JudgeError` with the reason.
Those reasons reach the API, so they say what went wrong (status, size) and never quote the
endpoint's answer.
"""
from __future__ import annotations

import datetime as dt
import email.utils
import json
import os
import random
import threading
import time
from typing import Any

import httpx
from pydantic import BaseModel, ConfigDict, Field, SecretStr

from evaluators.base import Dimension


class LLMJudgeSettings(BaseModel):
    """Where the judge is and how hard it may be used; `rubric` None means the built-in one."""

    model_config = ConfigDict(extra="forbid")

    base_url: str = Field(pattern=r"^https?://", description="e.g. http://127.0.0.1:8000/v1")
    model: str = Field(min_length=1)
    api_key: SecretStr | None = None
    api_key_env: str | None = Field(None, description="read the key from this environment variable instead")
    timeout_s: float = Field(30.0, gt=0)
    max_retries: int = Field(3, ge=0, description="retries after the first attempt")
    backoff_s: float = Field(1.0, ge=0, description="first retry's delay; doubles each retry")
    backoff_max_s: float = Field(30.0, ge=0, description="longest wait; a longer Retry-After gives up")
    requests_per_minute: float | None = Field(60.0, gt=0, description="None: no limit")
    budget_per_task: int | None = Field(None, ge=0, description="judge calls allowed; None: no limit")
    rubric: str | None = None
    dimension: Dimension = "task_planning"
    temperature: float = Field(0.0, ge=0, le=2)


class JudgeError(RuntimeError):
    """The judge gave no usable answer; the message says why (the item fails with it)."""


class BudgetExhausted(Exception):
    """The task's judge budget is spent: the result is not applicable, never a guess."""


class TokenBucket:
    """Thread-safe: each caller takes a token, waiting outside the lock until its token is due."""

    def __init__(self, rate_per_s: float, capacity: float = 1.0):
        self.rate, self.capacity = rate_per_s, capacity
        self._tokens, self._stamp = capacity, time.monotonic()
        self._lock = threading.Lock()

    def acquire(self) -> float:
        """Take a token; returns the seconds waited."""
        with self._lock:
            now = time.monotonic()
            self._tokens = min(self.capacity, self._tokens + (now - self._stamp) * self.rate)
            self._stamp = now
            self._tokens -= 1  # may go negative: later callers queue behind this reservation
            wait = -self._tokens / self.rate if self._tokens < 0 else 0.0
        if wait:
            time.sleep(wait)
        return wait


class ChatClient:
    """One per task (the budget counts this client's calls); safe to share between threads."""

    def __init__(self, settings: LLMJudgeSettings):
        self.settings = settings
        key = settings.api_key.get_secret_value() if settings.api_key else \
            os.environ.get(settings.api_key_env) if settings.api_key_env else None
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        self._http = httpx.Client(base_url=settings.base_url.rstrip("/"), headers=headers,
                                  timeout=settings.timeout_s)
        rpm = settings.requests_per_minute
        self._bucket = TokenBucket(rpm / 60.0) if rpm else None
        self._calls = 0
        self._lock = threading.Lock()

    @property
    def calls(self) -> int:
        return self._calls

    def close(self) -> None:
        self._http.close()

    def chat_json(self, messages: list[dict[str, str]]) -> dict[str, Any]:
        """One judge call (its retries count once): the reply's content parsed as a JSON object."""
        with self._lock:
            budget = self.settings.budget_per_task
            if budget is not None and self._calls >= budget:
                raise BudgetExhausted(f"budget exhausted ({budget} judge calls per task)")
            self._calls += 1
        body = {"model": self.settings.model, "messages": messages, "temperature": self.settings.temperature,
                "response_format": {"type": "json_object"}}
        return _json_object(self._post(body))

    def _post(self, body: dict[str, Any]) -> httpx.Response:
        attempts = self.settings.max_retries + 1
        for attempt in range(attempts):
            if self._bucket:
                self._bucket.acquire()
            try:
                response = self._http.post("/chat/completions", json=body)
            except httpx.TransportError as exc:
                failure, delay = type(exc).__name__, self._backoff(attempt)
            else:
                if response.status_code == 200:
                    return response
                failure = f"HTTP {response.status_code} ({len(response.content)} bytes)"
                if response.status_code != 429 and response.status_code < 500:
                    raise JudgeError(f"chat completions refused the request: {failure}")
                delay = _retry_after(response)
                if delay is None:
                    delay = self._backoff(attempt)
                elif delay > self.settings.backoff_max_s:
                    raise JudgeError(f"chat completions asks to retry after {delay:g}s "
                                     f"(more than backoff_max_s {self.settings.backoff_max_s:g}): {failure}")
            if attempt + 1 < attempts:
                time.sleep(delay)
        raise JudgeError(f"chat completions failed after {attempts} attempt(s): {failure}")

    def _backoff(self, attempt: int) -> float:
        """Exponential, with equal jitter so parallel workers do not retry in lockstep."""
        ceiling = min(self.settings.backoff_max_s, self.settings.backoff_s * 2 ** attempt)
        return ceiling / 2 + random.uniform(0, ceiling / 2)


def _retry_after(response: httpx.Response) -> float | None:
    """Retry-After as delay-seconds or an HTTP date; None when absent or unreadable."""
    value = response.headers.get("Retry-After")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:  # "-0000": UTC, per RFC 5322
        when = when.replace(tzinfo=dt.timezone.utc)
    return max(0.0, (when - dt.datetime.now(dt.timezone.utc)).total_seconds())


def _json_object(response: httpx.Response) -> dict[str, Any]:
    try:
        content = response.json()["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError, RecursionError):
        raise JudgeError(f"malformed chat completion: no choices[0].message.content "
                         f"({len(response.content)} bytes)") from None
    size = len(str(content).encode())
    try:
        verdict = json.loads(content)
    except (TypeError, ValueError, RecursionError):
        raise JudgeError(f"judge answer was not valid JSON ({size} bytes)") from None
    if not isinstance(verdict, dict):
        raise JudgeError(f"judge answer was not a JSON object ({size} bytes)")
    return verdict
