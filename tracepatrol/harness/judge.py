"""A local chat-completions server standing in for an LLM judge: scripted replies, recorded requests."""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self

VERDICT = {"score": 0.2, "label": "wrong_tool", "reason": "call 1 get_weather does not book flights"}


def completion(content: str) -> dict[str, Any]:
    return {"id": "c1", "object": "chat.completion", "model": "judge-1",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}]}


class ChatServer:
    """Replies from `script` in turn, then `default`, each after `delay_s`; records every request and
    when it came. Listens from construction; serves inside `with`."""

    def __init__(self) -> None:
        self.script: list[tuple[int, dict[str, str], Any]] = []
        self.default: tuple[int, dict[str, str], Any] = (200, {}, completion(json.dumps(VERDICT)))
        self.requests: list[dict[str, Any]] = []
        self.times: list[float] = []
        self.delay_s = 0.0
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with server._lock:
                    server.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
                    server.times.append(time.monotonic())
                    status, headers, payload = server.script.pop(0) if server.script else server.default
                if server.delay_s:
                    time.sleep(server.delay_s)
                data = payload.encode() if isinstance(payload, str) else json.dumps(payload).encode()
                self.send_response(status)
                for key, value in {"Content-Type": "application/json", **headers}.items():
                    self.send_header(key, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self._thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def reply(self, content: str) -> None:
        self.default = (200, {}, completion(content))

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self._thread.join()
