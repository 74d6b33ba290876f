"""OTLP/gRPC trace receiver: `opentelemetry.proto.collector.trace.v1.TraceService/Export`.

The request arrives as raw bytes so an undecodable message is INVALID_ARGUMENT (not the
INTERNAL grpc would give). Throttling is RESOURCE_EXHAUSTED and storage trouble UNAVAILABLE,
both with a RetryInfo sent in `grpc-status-details-bin` (Go clients) and
`google.rpc.retryinfo-bin` (the Python exporter).

Export is served as a request-streaming handler (the same bytes on the wire as a unary call), so
the key is checked from the call's metadata and peer before the message is read: a wrong key is
UNAUTHENTICATED, a key whose role sends no spans PERMISSION_DENIED, the key's project is the
project the spans are stored under, and past the client's guessing budget (`collector.receiving.guessing`) the call is
RESOURCE_EXHAUSTED with a RetryInfo (retryable, so a client backs off for its delay, like the
429 of the HTTP listeners) and the key is not compared.

Connections, from grpc core's options (grpcio has no per-address connection cap and no hook to
accept connections itself, so one address can still fill `max_connections`; these bound how
long it holds them and what each may cost):
- half-open ones end at the handshake timeout, and any with no call under way after
  `idle_timeout_s` (GOAWAY: a client reconnects for its next call), so connections that only
  sent the preface do not stay 5 minutes;
- at most `MAX_STREAMS` calls per connection; with grpc core's overload protection (on by
  default) a stream that was reset but still occupies the server counts against it, so an HTTP/2
  rapid reset (HEADERS then RST_STREAM, repeated) is refused REFUSED_STREAM on its own connection
  instead of queueing calls ahead of everyone else's;
- pings without data more often than every `MIN_PING_INTERVAL_MS` are strikes, and after
  `MAX_PING_STRIKES` the connection gets GOAWAY ENHANCE_YOUR_CALM (grpc's defaults, stated);
- what a call may hold of the worker threads: `collector.receiving.grpc_calls`.
"""
from __future__ import annotations

import logging
from concurrent import futures
from concurrent.futures.process import BrokenProcessPool

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from collector.receiving.auth import UNAUTHORIZED, KeyCheck, bearer_token, forbidden
from collector.receiving.clients import TrustedProxies, grpc_peer_address
from collector.decoding.otlp import DecodeError, LimitExceeded
from collector.receiving.grpc_calls import Busy, CallLimits
from collector.receiving.guessing import Throttled
from collector.receiving.receiver import TraceReceiver
from infra.access import DEFAULT_PROJECT
from infra.errors import QueueFull, StorageUnavailable

log = logging.getLogger(__name__)

SERVICE = "opentelemetry.proto.collector.trace.v1.TraceService"
MAX_STREAMS = 32  # an exporter has one call, the Collector's exporters up to ten, under way at a time
MIN_PING_INTERVAL_MS = 5 * 60 * 1000
MAX_PING_STRIKES = 2


def _abort(context: grpc.ServicerContext, code: int, message: str, retry_after_s: int | None = None):
    status = status_pb2.Status(code=code, message=message)
    trailers: tuple = ()
    if retry_after_s is not None:
        info = error_details_pb2.RetryInfo(retry_delay=duration_pb2.Duration(seconds=retry_after_s))
        detail = any_pb2.Any()
        detail.Pack(info)
        status.details.append(detail)
        trailers = (("google.rpc.retryinfo-bin", info.SerializeToString()),)
    grpc_status = rpc_status.to_status(status)
    grpc_status = grpc_status._replace(trailing_metadata=grpc_status.trailing_metadata + trailers)
    context.abort_with_status(grpc_status)


class TraceServiceHandler:
    def __init__(self, receiver: TraceReceiver, keys: KeyCheck | None, proxies: TrustedProxies, limits: CallLimits):
        self.receiver, self.keys, self.proxies, self.limits = receiver, keys, proxies, limits

    def call(self, requests, context: grpc.ServicerContext) -> bytes:
        """The key first, from metadata and peer alone; then the one request message, within the
        client's share of the workers and the message deadline."""
        metadata = dict(context.invocation_metadata() or ())
        client = self.proxies.client(grpc_peer_address(context.peer()), metadata.get("x-forwarded-for"))
        project = self._project(client, metadata, context) if self.keys is not None else DEFAULT_PROJECT
        try:
            with self.limits.call(client):
                with self.limits.message_deadline(context.cancel):
                    body = next(requests, None)
                if body is None:
                    _abort(context, code_pb2.INVALID_ARGUMENT,
                           f"no request message within {self.limits.message_timeout_s:g} s")
                return self.export(body, context, project)
        except Busy as exc:
            _abort(context, code_pb2.RESOURCE_EXHAUSTED, str(exc), 1)

    def _project(self, client: str, metadata: dict, context: grpc.ServicerContext) -> str:
        """The project of the call's key; the call is aborted without a key that may send spans."""
        try:
            principal = self.keys.presented(client, bearer_token(metadata.get("authorization")))
        except Throttled as exc:
            _abort(context, code_pb2.RESOURCE_EXHAUSTED, str(exc), exc.retry_after_s)
        if principal is None:
            _abort(context, code_pb2.UNAUTHENTICATED, UNAUTHORIZED)
        if not principal.may("ingest"):
            _abort(context, code_pb2.PERMISSION_DENIED, forbidden(principal, "ingest", "sending spans (OTLP)"))
        return principal.ingest_project

    def export(self, body: bytes, context: grpc.ServicerContext, project: str = DEFAULT_PROJECT) -> bytes:
        try:
            self.receiver.admit()  # refused before decoding: overload costs little
            try:
                accepted = self.receiver.receive_anywhere(body, as_json=False, project=project)
            except LimitExceeded as exc:  # no RetryInfo: not retryable as sent
                _abort(context, code_pb2.RESOURCE_EXHAUSTED, str(exc))
            except DecodeError as exc:
                _abort(context, code_pb2.INVALID_ARGUMENT, str(exc))
            except BrokenProcessPool as exc:
                self.receiver.stats.unavailable_requests += 1
                _abort(context, code_pb2.UNAVAILABLE, f"decoding failed: {exc}", 5)
        except QueueFull as exc:
            self.receiver.stats.throttled_requests += 1
            _abort(context, code_pb2.RESOURCE_EXHAUSTED, str(exc), exc.retry_after_s)
        if accepted.future is not None:
            try:
                accepted.future.result(self.receiver.ack_timeout_s)
            except (StorageUnavailable, futures.TimeoutError) as exc:
                log.warning("OTLP/gRPC unavailable: %s", exc)
                self.receiver.stats.unavailable_requests += 1
                _abort(context, code_pb2.UNAVAILABLE, str(exc) or "commit timed out", 5)
        return accepted.response().SerializeToString()


def start_server(receiver: TraceReceiver, host: str, port: int, max_request_bytes: int,
                 keys: KeyCheck | None, workers: int = 16, credentials: grpc.ServerCredentials | None = None,
                 handshake_timeout_s: float = 10.0, max_connections: int = 1024, idle_timeout_s: float = 20.0,
                 message_timeout_s: float = 30.0, proxies: TrustedProxies = TrustedProxies()) -> tuple[grpc.Server, int]:
    """Start the gRPC server; returns it and the bound port (useful when `port` is 0). `keys`
    None: no key is asked for.

    With `credentials` (e.g. `grpc.ssl_server_credentials(...)`) the port serves TLS only.
    """
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="otlp-grpc"),
        options=[("grpc.max_receive_message_length", max_request_bytes),
                 ("grpc.max_send_message_length", 4 * 1024 * 1024),
                 ("grpc.server_handshake_timeout_ms", int(handshake_timeout_s * 1000)),
                 ("grpc.max_connection_idle_ms", int(idle_timeout_s * 1000)),
                 ("grpc.keepalive_time_ms", 60_000), ("grpc.keepalive_timeout_ms", 20_000),
                 ("grpc.max_allowed_incoming_connections", max_connections),
                 ("grpc.max_concurrent_streams", MAX_STREAMS),
                 ("grpc.http2.min_ping_interval_without_data_ms", MIN_PING_INTERVAL_MS),
                 ("grpc.http2.max_ping_strikes", MAX_PING_STRIKES)],
    )
    handler = TraceServiceHandler(receiver, keys, proxies, CallLimits(workers, message_timeout_s, proxies))
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, {
        "Export": grpc.stream_unary_rpc_method_handler(handler.call),
    }),))
    address = f"{host}:{port}"
    bound = server.add_secure_port(address, credentials) if credentials else server.add_insecure_port(address)
    if not bound:
        raise OSError(f"cannot bind OTLP/gRPC to {host}:{port} (in use?); choose another port with "
                      "--otlp-grpc-port (collector.otlp_grpc_port)")
    server.start()
    return server, bound
