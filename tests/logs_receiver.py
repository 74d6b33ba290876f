"""The `receiver` fixture: a local OTLP/HTTP logs endpoint that keeps every request it gets."""
from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest


class Receiver(BaseHTTPRequestHandler):
    requests: list[tuple[dict, ExportLogsServiceRequest]] = []

    def do_POST(self):  # noqa: N802 (http.server's naming)
        body = self.rfile.read(int(self.headers["Content-Length"]))
        Receiver.requests.append((dict(self.headers), ExportLogsServiceRequest.FromString(body)))
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture()
def receiver() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    Receiver.requests = []
    yield f"http://127.0.0.1:{server.server_address[1]}/v1/logs"
    server.shutdown()
