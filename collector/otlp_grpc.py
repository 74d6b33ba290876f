"""OTLP/gRPC trace receiver: `opentelemetry.proto.collector.trace.v1.TraceService/Export`.

The request arrives as raw bytes so an undecodable message is INVALID_ARGUMENT (not the
INTERNAL grpc would give). Throttling is RESOURCE_EXHAUSTED and storage trouble UNAVAILABLE,
both with a RetryInfo sent in `grpc-status-details-bin` (Go clients) and
`google.rpc.retryinfo-bin` (the Python exporter).
"""
from __future__ import annotations

import logging
from concurrent import futures

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from collector.auth import bearer_ok
from collector.decode import DecodeError, parse_protobuf
from collector.receiver import TraceReceiver
from collector.writer import QueueFull, StorageUnavailable

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


class TraceServiceHandler:
    def __init__(self, receiver: TraceReceiver, api_key: str | None):
        self.receiver, self.api_key = receiver, api_key

    def export(self, body: bytes, context: grpc.ServicerContext) -> bytes:
        metadata = dict(context.invocation_metadata() or ())
        if not bearer_ok(metadata.get("authorization"), self.api_key):
            _abort(context, code_pb2.UNAUTHENTICATED, "missing or invalid API key (authorization: Bearer …)")
        try:
            self.receiver.admit()  # refused before decoding: overload costs little
            try:
                message = parse_protobuf(body)
            except DecodeError as exc:
                _abort(context, code_pb2.INVALID_ARGUMENT, str(exc))
            accepted = self.receiver.accept(message)
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
                 credentials: grpc.ServerCredentials | None = None) -> tuple[grpc.Server, int]:
    """Start the gRPC server; returns it and the bound port (useful when `port` is 0).

    With `credentials` (e.g. `grpc.ssl_server_credentials(...)`) the port serves TLS only.
    """
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="otlp-grpc"),
        options=[("grpc.max_receive_message_length", max_request_bytes),
                 ("grpc.max_send_message_length", 4 * 1024 * 1024)],
    )
    handler = TraceServiceHandler(receiver, api_key)
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, {
        "Export": grpc.unary_unary_rpc_method_handler(handler.export),
    }),))
    address = f"{host}:{port}"
    bound = server.add_secure_port(address, credentials) if credentials else server.add_insecure_port(address)
    if not bound:
        raise OSError(f"cannot bind OTLP/gRPC to {host}:{port}")
    server.start()
    return server, bound
