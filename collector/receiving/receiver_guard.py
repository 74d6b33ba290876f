"""What the OTLP/HTTP listener checks before `collector.receiving.otlp_http` sees a request: the key,
within the client's guessing budget (`collector.receiving.guessing`: 429 with Retry-After past it, the key
not compared; 401 without a valid key, 403 for a key whose role sends no spans), and a browser's
`Origin` (403 unless it names a host `collector.receiving.host_check` allows). The key's project is left
in the scope (`PROJECT`): the spans are stored as that project's.

There is no Host check here: exporters send the Host of whatever endpoint they were given,
container and service names included, and the OpenTelemetry Collector's OTLP receiver checks
none. A web page (one re-pointed at 127.0.0.1 by DNS rebinding, say) is told apart by the
`Origin` every browser sends with a POST, and which exporters never send.
"""
from __future__ import annotations

import urllib.parse

from google.protobuf import json_format
from google.rpc import code_pb2, status_pb2
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from collector.receiving.auth import UNAUTHORIZED, KeyCheck, forbidden
from collector.receiving.clients import asgi_client
from collector.receiving.guessing import Throttled
from collector.receiving.host_check import HostPolicy

PROTOBUF = "application/x-protobuf"
PROJECT = "tracepatrol.project"  # the scope key of the project the request's spans belong to


class ReceiverGuard:
    def __init__(self, app: ASGIApp, keys: KeyCheck, hosts: HostPolicy):
        self.app, self.keys, self.hosts = app, keys, hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = Headers(scope=scope)
        origin = headers.get("origin")
        if origin is not None and not self.hosts.host_ok(urllib.parse.urlsplit(origin).netloc or "null"):
            return await _status(send, headers, 403, code_pb2.PERMISSION_DENIED,
                                 f"requests from web pages are refused (Origin {origin!r}); "
                                 "add its host to allowed_hosts if it is yours")
        try:
            principal = self.keys.bearer(asgi_client(scope), headers.get("authorization"))
        except Throttled as exc:
            return await _status(send, headers, 429, code_pb2.RESOURCE_EXHAUSTED, str(exc), exc.retry_after_s)
        if principal is None:
            return await _status(send, headers, 401, code_pb2.UNAUTHENTICATED, UNAUTHORIZED)
        if not principal.may("ingest"):
            return await _status(send, headers, 403, code_pb2.PERMISSION_DENIED,
                                 forbidden(principal, "ingest", "sending spans (OTLP)"))
        scope[PROJECT] = principal.ingest_project
        await self.app(scope, receive, send)


async def _status(send: Send, headers: Headers, http: int, code: int, message: str,
                  retry_after_s: int | None = None) -> None:
    """A `google.rpc.Status` in the request's encoding (JSON unless it sent protobuf), as OTLP says."""
    status = status_pb2.Status(code=code, message=message)
    as_proto = headers.get("content-type", "").split(";", 1)[0].strip().lower() == PROTOBUF
    body = status.SerializeToString() if as_proto else json_format.MessageToJson(status, indent=None).encode()
    raw = [(b"content-type", (PROTOBUF if as_proto else "application/json").encode()),
           (b"content-length", str(len(body)).encode())]
    if retry_after_s is not None:
        raw.append((b"retry-after", str(retry_after_s).encode()))
    await send({"type": "http.response.start", "status": http, "headers": raw})
    await send({"type": "http.response.body", "body": body})
