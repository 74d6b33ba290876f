"""OTLP/gRPC trace receiver: `opentelemetry.proto.collector.trace.v1.TraceService/Export`.

The request arrives as raw bytes so an undecodable message is INVALID_ARGUMENT (not the
INTERNAL grpc would give). Throttling is RESOURCE_EXHAUSTED and storage trouble UNAVAILABLE,
both with a RetryInfo sent in `grpc-status-details-bin` (Go clients) and
`google.rpc.retryinfo-bin` (the Python exporter).

The key is checked by an interceptor from the call's metadata, before any message is read: the
refusal is a request-streaming handler that never asks for the request. Half-open connections
end at the handshake timeout (no HTTP/2 settings by then), idle ones after `MAX_IDLE_MS`.
"""
from __future__ import annotations

import logging
from concurrent import futures
from concurrent.futures.process import BrokenProcessPool

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from collector.auth import bearer_ok
from collector.decode import DecodeError, LimitExceeded
from collector.receiver import TraceReceiver
from infra.errors import QueueFull, StorageUnavailable

log = logging.getLogger(__name__)

SERVICE = "opentelemetry.proto.collector.trace.v1.TraceService"


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


MAX_IDLE_MS = 5 * 60 * 1000
UNAUTHENTICATED = "missing or invalid API key (authorization: Bearer …)"


def _refuse(requests, context: grpc.ServicerContext) -> bytes:
    """Never iterates `requests`: the message is not read."""
    _abort(context, code_pb2.UNAUTHENTICATED, UNAUTHENTICATED)


class KeyInterceptor(grpc.ServerInterceptor):
    """Refuses a call without the key from its metadata alone."""

    def __init__(self, api_key: str):
        self.api_key = api_key

    def intercept_service(self, continuation, handler_call_details):
        metadata = dict(handler_call_details.invocation_metadata or ())
        if bearer_ok(metadata.get("authorization"), self.api_key):
            return continuation(handler_call_details)
        return grpc.stream_unary_rpc_method_handler(_refuse)


class TraceServiceHandler:
    def __init__(self, receiver: TraceReceiver):
        self.receiver = receiver

    def export(self, body: bytes, context: grpc.ServicerContext) -> bytes:
        try:
            self.receiver.admit()  # refused before decoding: overload costs little
            try:
                accepted = self.receiver.receive(body, as_json=False)
            except LimitExceeded as exc:  # no RetryInfo: not retryable as sent
                _abort(context, code_pb2.RESOURCE_EXHAUSTED, str(exc))
            except DecodeError as exc:
                _abort(context, code_pb2.INVALID_ARGUMENT, str(exc))
            except BrokenProcessPool as exc:
                _abort(context, code_pb2.UNAVAILABLE, f"decoding failed: {exc}", 5)
        except QueueFull as exc:
            self.receiver.stats.throttled_requests += 1
            _abort(context, code_pb2.RESOURCE_EXHAUSTED, str(exc), exc.retry_after_s)
        if accepted.future is not None:
            try:
                accepted.future.result(self.receiver.ack_timeout_s)
            except (StorageUnavailable, futures.TimeoutError) as exc:
                log.warning("OTLP/gRPC unavailable: %s", exc)
                _abort(context, code_pb2.UNAVAILABLE, str(exc) or "commit timed out", 5)
        return accepted.response().SerializeToString()


def start_server(receiver: TraceReceiver, host: str, port: int, max_request_bytes: int,
                 api_key: str | None, workers: int = 16,
                 credentials: grpc.ServerCredentials | None = None,
                 handshake_timeout_s: float = 10.0, max_connections: int = 1024) -> tuple[grpc.Server, int]:
    """Start the gRPC server; returns it and the bound port (useful when `port` is 0).

    With `credentials` (e.g. `grpc.ssl_server_credentials(...)`) the port serves TLS only.
    """
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="otlp-grpc"),
        interceptors=[KeyInterceptor(api_key)] if api_key else None,
        options=[("grpc.max_receive_message_length", max_request_bytes),
                 ("grpc.max_send_message_length", 4 * 1024 * 1024),
                 ("grpc.server_handshake_timeout_ms", int(handshake_timeout_s * 1000)),
                 ("grpc.max_connection_idle_ms", MAX_IDLE_MS),
                 ("grpc.keepalive_time_ms", 60_000), ("grpc.keepalive_timeout_ms", 20_000),
                 ("grpc.max_allowed_incoming_connections", max_connections)],
    )
    handler = TraceServiceHandler(receiver)
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, {
        "Export": grpc.unary_unary_rpc_method_handler(handler.export),
    }),))
    address = f"{host}:{port}"
    bound = server.add_secure_port(address, credentials) if credentials else server.add_insecure_port(address)
    if not bound:
        raise OSError(f"cannot bind OTLP/gRPC to {host}:{port} (in use?); choose another port with "
                      "--otlp-grpc-port (collector.otlp_grpc_port)")
    server.start()
    return server, bound
