"""OTLP/HTTP trace receiver (`POST /v1/traces`), protobuf and JSON, as an ASGI app.

Status mapping follows the OTLP spec and the Collector's otlphttp.go: 400 undecodable, 405 method, 413 too large (after decompression), 415 content type, 429 queue full and
503 storage unavailable (both with Retry-After), 200 with partial_success for invalid spans.

The event loop that runs this app also serves the API, the dashboard and /healthz, so it only
reads bodies: inflating and decoding them (JSON holds the GIL, but a thread gives it back to the
loop every few milliseconds; the Rust decoder releases it) run on a few threads of their own.
A body of a megabyte or more (after inflating) is decoded in the bulk lane (`collector.decoding.bulk`).
"""
from __future__ import annotations

import asyncio
import logging
import zlib
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from google.protobuf import json_format
from google.rpc import code_pb2, status_pb2
from starlette.requests import Request
from starlette.responses import Response
from starlette.applications import Starlette
from starlette.routing import Route

from collector.decoding.bulk import is_bulk
from collector.decoding.otlp import DecodeError, LimitExceeded
from collector.receiving.receiver import TraceReceiver
from collector.receiving.receiver_guard import PROJECT
from infra.access import DEFAULT_PROJECT
from infra.errors import QueueFull, StorageUnavailable

log = logging.getLogger(__name__)

PROTOBUF = "application/x-protobuf"
JSON = "application/json"
DECODE_THREADS = 4  # at least one per decode process, when there is a pool


class _Reject(Exception):
    def __init__(self, http: int, code: int, message: str, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.http, self.code, self.message, self.headers = http, code, message, headers or {}


def _media_type(header: str | None) -> str:
    return (header or "").split(";", 1)[0].strip().lower()


def _encode(message, as_json: bool) -> bytes:
    if as_json:
        return json_format.MessageToJson(message, indent=None).encode()
    return message.SerializeToString()


def _status(rej: _Reject, as_json: bool) -> Response:
    body = _encode(status_pb2.Status(code=rej.code, message=rej.message), as_json)
    return Response(body, rej.http, headers=rej.headers, media_type=JSON if as_json else PROTOBUF)


async def _read_body(request: Request, limit: int) -> tuple[bytes, bool]:
    """The body as sent and whether it is gzip; anything past `limit` bytes is refused as it streams."""
    encoding = (request.headers.get("content-encoding") or "identity").strip().lower()
    if encoding not in ("identity", "gzip", ""):
        raise _Reject(400, code_pb2.INVALID_ARGUMENT, f"unsupported Content-Encoding {encoding!r}; use gzip or none")
    declared = request.headers.get("content-length", "")
    if encoding in ("identity", "") and declared.isdigit() and int(declared) > limit:
        raise _too_large(limit)  # refused from the header, before a byte of the body is read
    parts: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _too_large(limit)
        parts.append(chunk)
    return b"".join(parts), encoding == "gzip"


def _too_large(limit: int) -> _Reject:
    return _Reject(413, code_pb2.INVALID_ARGUMENT, f"request body exceeds the {limit}-byte limit (after decompression)")


def _inflate(body: bytes, limit: int) -> bytes:
    """A gzip body decompressed, refused once past `limit` bytes (a bomb stops there)."""
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = inflater.decompress(body, limit + 1)
    except zlib.error as exc:
        raise _Reject(400, code_pb2.INVALID_ARGUMENT, f"invalid gzip body: {exc}") from None
    if len(out) > limit or inflater.unconsumed_tail:
        raise _too_large(limit)
    if not inflater.eof:
        raise _Reject(400, code_pb2.INVALID_ARGUMENT, "gzip body is truncated")
    return out


def build_app(receiver: TraceReceiver, max_request_bytes: int) -> Starlette:
    """The receiver's app; keys are checked in front of it (`collector.receiving.receiver_guard`), which
    says whose project the spans are."""
    threads = max(DECODE_THREADS, receiver.pool.workers if receiver.pool is not None else 0)
    decoders = ThreadPoolExecutor(threads, thread_name_prefix="otlp-http-decode")

    async def decode(raw: bytes, gzip: bool, as_json: bool, project: str):
        """Inflate on a decode thread, then decode (there or in the decode pool) and hand on, on a
        bulk thread when the body is large."""
        if gzip:
            raw = await asyncio.wrap_future(decoders.submit(_inflate, raw, max_request_bytes))
        threads = receiver.bulk.executor() if is_bulk(raw) else decoders
        return await asyncio.wrap_future(threads.submit(receiver.receive, raw, as_json, project))

    async def traces(request: Request) -> Response:
        # Errors go back in the request's encoding; JSON when it has none we speak.
        as_json = _media_type(request.headers.get("content-type")) != PROTOBUF
        try:
            if request.method != "POST":
                raise _Reject(405, code_pb2.UNIMPLEMENTED, f"method {request.method} not allowed; use POST", {"Allow": "POST"})
            ctype = _media_type(request.headers.get("content-type"))
            if ctype not in (PROTOBUF, JSON):
                raise _Reject(415, code_pb2.INVALID_ARGUMENT,
                              f"unsupported Content-Type {ctype or '(none)'!r}; use {PROTOBUF} or {JSON}")
            try:
                receiver.admit()  # refused before the body is read and decoded: overload costs little
                raw, gzip = await _read_body(request, max_request_bytes)
                try:
                    accepted = await decode(raw, gzip, as_json, request.scope.get(PROJECT, DEFAULT_PROJECT))
                except LimitExceeded as exc:
                    raise _Reject(413, code_pb2.INVALID_ARGUMENT, str(exc)) from None
                except DecodeError as exc:
                    raise _Reject(400, code_pb2.INVALID_ARGUMENT, str(exc)) from None
                except BrokenProcessPool as exc:
                    receiver.stats.unavailable_requests += 1
                    raise _Reject(503, code_pb2.UNAVAILABLE, f"decoding failed: {exc}", {"Retry-After": "5"}) from None
            except QueueFull as exc:
                receiver.stats.throttled_requests += 1
                raise _Reject(429, code_pb2.RESOURCE_EXHAUSTED, str(exc), {"Retry-After": str(exc.retry_after_s)}) from None
            if accepted.future is not None:
                try:
                    await asyncio.wait_for(asyncio.wrap_future(accepted.future), receiver.ack_timeout_s)
                except (StorageUnavailable, TimeoutError) as exc:
                    receiver.stats.unavailable_requests += 1
                    raise _Reject(503, code_pb2.UNAVAILABLE, str(exc) or "commit timed out", {"Retry-After": "5"}) from None
        except _Reject as rej:
            if rej.http >= 500 or rej.http == 429:
                log.warning("OTLP/HTTP %d: %s", rej.http, rej.message)
            return _status(rej, as_json)
        return Response(_encode(accepted.response(), as_json), 200, media_type=JSON if as_json else PROTOBUF)

    async def not_found(request: Request, exc: Exception) -> Response:
        rej = _Reject(404, code_pb2.NOT_FOUND, f"no OTLP endpoint at {request.url.path}; traces go to /v1/traces")
        return _status(rej, _media_type(request.headers.get("content-type")) != PROTOBUF)

    app = Starlette(routes=[Route("/v1/traces", traces, methods=["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])])
    app.add_exception_handler(404, not_found)
    return app
