"""The fake OpenAI-compatible model and the OTLP capture receiver, on one 127.0.0.1 port.

  POST /r/<run>/v1/chat/completions   the fake model: answers from scenarios.SCENARIOS, logs each
                                      request and answer to <out>/<run>/model_log.jsonl
  POST /r/<run>/v1/messages, /r/<run>/v1beta/models/<m>:generateContent, /r/<run>/model/<m>/converse
                                      the same model speaking Anthropic's, Gemini's and Bedrock
                                      Converse's wire formats (providers.py); logged as OpenAI chat
                                      (what the manifest reads) with the wire request and answer
  POST /r/<run>/v1/traces             the capture receiver: saves each OTLP/HTTP protobuf body as
                                      <out>/<run>/NNNN.pb (gunzipped; absolute machine paths in
                                      string values rewritten to /srv/agent/..., re-serialized only
                                      when something was rewritten)
  GET  /health

Usage: python servers.py --port 18080 --out DIR
"""
from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import providers  # noqa: E402
import scenarios  # noqa: E402

FINAL_ANSWER = "final_answer"
STEP_ERROR_TAIL = "try a completely different approach."
OUT: Path
LOCK = threading.Lock()
COUNTERS: dict[str, int] = {}

# Absolute paths of this machine (the roots that tests/test_no_machine_paths.py looks for).
MACHINE_PATH = re.compile(
    r"(?<![\w.])(?:/home/[\w.-]+|/Users/[\w.-]+|/root|/work|/workspace|/mnt/data|/tmp|/var/folders|/private/var)"
    r"/[^\s\"'(),:]*"
)


def neutral_path(path: str) -> str:
    for marker in ("/site-packages/", "/node_modules/"):
        if marker in path:
            return "/srv/agent" + marker + path.split(marker, 1)[1]
    if "/scripts/capture/" in path:
        return "/srv/agent/" + path.split("/scripts/capture/", 1)[1]
    match = re.search(r"/lib/(python3[\d.]*/.*)$", path)
    if match:
        return "/srv/agent/lib/" + match.group(1)
    if "/bin/" in path:
        return "/srv/agent/bin/" + path.rsplit("/", 1)[1]
    return "/srv/agent/" + path.rstrip("/").rsplit("/", 1)[-1]


def scrub_text(text: str) -> str:
    return MACHINE_PATH.sub(lambda m: neutral_path(m.group(0)), text)


def scrub_value(value) -> bool:
    changed = False
    kind = value.WhichOneof("value")
    if kind == "string_value":
        new = scrub_text(value.string_value)
        if new != value.string_value:
            value.string_value = new
            changed = True
    elif kind == "array_value":
        for item in value.array_value.values:
            changed |= scrub_value(item)
    elif kind == "kvlist_value":
        for kv in value.kvlist_value.values:
            changed |= scrub_value(kv.value)
    return changed


def scrub_attributes(attributes) -> bool:
    changed = False
    for kv in attributes:
        changed |= scrub_value(kv.value)
    return changed


def scrub_request(body: bytes) -> bytes:
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

    request = ExportTraceServiceRequest()
    request.ParseFromString(body)
    changed = False
    for rs in request.resource_spans:
        changed |= scrub_attributes(rs.resource.attributes)
        for ss in rs.scope_spans:
            changed |= scrub_attributes(ss.scope.attributes)
            for span in ss.spans:
                changed |= scrub_attributes(span.attributes)
                for event in span.events:
                    changed |= scrub_attributes(event.attributes)
                for link in span.links:
                    changed |= scrub_attributes(link.attributes)
                new = scrub_text(span.status.message)
                if new != span.status.message:
                    span.status.message = new
                    changed = True
    return request.SerializeToString() if changed else body


def next_index(run: str) -> int:
    with LOCK:
        COUNTERS[run] = COUNTERS.get(run, 0) + 1
        return COUNTERS[run]


def log_model(run: str, record: dict) -> None:
    folder = OUT / run
    folder.mkdir(parents=True, exist_ok=True)
    with LOCK, open(folder / "model_log.jsonl", "a") as fh:
        fh.write(json.dumps(record) + "\n")


def offered_name(name: str, offered: list) -> str:
    """The scripted tool as the agent offered it: Semantic Kernel names it "<plugin>-<function>"."""
    if name in offered:
        return name
    for candidate in offered:
        if isinstance(candidate, str) and candidate.endswith(("-" + name, "_" + name, "." + name)):
            return candidate
    return name


def answer(request: dict, run: str) -> tuple[int, dict]:
    """The scripted answer to an OpenAI chat request (every provider's request is read as one)."""
    messages = request.get("messages") or []
    # The latest user message naming a scenario (smolagents sends tool results as user messages).
    asked = [(i, n) for i, m in enumerate(messages) if m.get("role") == "user"
             and (n := scenarios.scenario_for_text(message_text(m))) is not None]
    last_user, name = asked[-1] if asked else (-1, None)
    if name is None:
        return 400, {"error": {"message": "fake model: no scenario matches the user message", "type": "invalid_request_error"}}
    script = scenarios.SCENARIOS[name]["answers"]
    turn = sum(1 for m in messages[last_user + 1:] if m.get("role") == "assistant")
    if not turn and message_text(messages[last_user]).rstrip().endswith(STEP_ERROR_TAIL):
        turn = 1  # smolagents merges a failed step's error into the task message, with no assistant message
    scripted = script[min(turn, len(script) - 1)]
    with LOCK:
        call_index = COUNTERS.get("model:" + run, 0)
        COUNTERS["model:" + run] = call_index + 1
    offered = [t.get("function", {}).get("name") or t.get("name") for t in request.get("tools") or []]
    if scripted.get("content") and FINAL_ANSWER in offered:  # smolagents answers through its final_answer tool
        scripted = {"tool_calls": [{"id": "call_final", "name": FINAL_ANSWER, "arguments": {"answer": scripted["content"]}}]}
    message: dict = {"role": "assistant", "content": scripted.get("content")}
    finish = "stop"
    if scripted.get("tool_calls"):
        message["tool_calls"] = [
            {"id": c["id"], "type": "function",
             "function": {"name": offered_name(c["name"], offered), "arguments": json.dumps(c["arguments"])}}
            for c in scripted["tool_calls"]
        ]
        finish = "tool_calls"
    message["refusal"] = None
    body = {
        "id": f"chatcmpl-fake-{run}-{call_index}",
        "object": "chat.completion",
        "created": 1767225600 + call_index,
        "model": request.get("model") or scenarios.MODEL,
        "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": finish}],
        "usage": scenarios.usage_for(call_index),
        "system_fingerprint": "fp_fake",
        "service_tier": "default",
    }
    return 200, body


def message_text(message: dict) -> str:
    content = message.get("content")
    parts = content if isinstance(content, list) else [content or ""]
    return " ".join(p.get("text", "") if isinstance(p, dict) else str(p) for p in parts)


def stream_chunks(body: dict, include_usage: bool):
    """The same answer as server-sent chat.completion.chunk events."""
    base = {k: body[k] for k in ("id", "created", "model", "system_fingerprint")}
    base["object"] = "chat.completion.chunk"
    message = body["choices"][0]["message"]
    delta: dict = {"role": "assistant", "content": message.get("content") or ""}
    if message.get("tool_calls"):
        delta["tool_calls"] = [dict(c, index=i) for i, c in enumerate(message["tool_calls"])]
    yield dict(base, choices=[{"index": 0, "delta": delta, "finish_reason": None}])
    yield dict(base, choices=[{"index": 0, "delta": {}, "finish_reason": body["choices"][0]["finish_reason"]}])
    if include_usage:
        yield dict(base, choices=[], usage=body["usage"])


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):  # quiet
        pass

    def _send(self, status: int, payload: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def _body(self) -> bytes:
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return b"".join(chunks)
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def do_GET(self):
        if self.path == "/health":
            self._send(200, b"ok", "text/plain")
        else:
            self._send(404, b"{}", "application/json")

    def do_POST(self):
        raw = self._body()
        if self.headers.get("Content-Encoding", "").lower() == "gzip":
            raw = gzip.decompress(raw)
        match = re.match(r"^/r/([\w.-]+)(/(?:v1|v1beta|model)/.*?)/?(?:\?.*)?$", self.path)
        if not match:
            self._send(404, b'{"error": "unknown path"}', "application/json")
            return
        run, rest = match.groups()
        if rest == "/v1/reset":  # a new run under this id: counters start again
            with LOCK:
                COUNTERS.pop(run, None)
                COUNTERS.pop("model:" + run, None)
            self._send(200, b"{}", "application/json")
            return
        if rest == "/v1/traces":
            folder = OUT / run
            folder.mkdir(parents=True, exist_ok=True)
            index = next_index(run)
            (folder / f"{index:04d}.pb").write_bytes(scrub_request(raw))
            self._send(200, b"", "application/x-protobuf")
            return
        if rest in ("/v1/metrics", "/v1/logs"):
            self._send(200, b"", "application/x-protobuf")
            return
        provider = providers.route(rest)
        if provider is not None:
            wire_request = json.loads(raw or b"{}")
            status, wire, request, body = provider.exchange(wire_request, rest, run, answer)
            log_model(run, {"time": time.time(), "api": provider.name, "request": request, "status": status,
                            "response": body, "wire_request": wire_request, "wire_response": wire})
            if status == 200 and provider.streams(wire_request, self.path):
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Connection", "close")
                self.end_headers()
                for event in provider.stream(wire):
                    self.wfile.write(event)
                self.close_connection = True
                return
            self._send(status, json.dumps(wire).encode(), "application/json")
            return
        if rest == "/v1/chat/completions":
            request = json.loads(raw or b"{}")
            status, body = answer(request, run)
            log_model(run, {"time": time.time(), "request": request, "status": status, "response": body})
            if status == 200 and request.get("stream"):
                include_usage = bool((request.get("stream_options") or {}).get("include_usage"))
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Connection", "close")
                self.end_headers()
                for chunk in stream_chunks(body, include_usage):
                    self.wfile.write(b"data: " + json.dumps(chunk).encode() + b"\n\n")
                self.wfile.write(b"data: [DONE]\n\n")
                self.close_connection = True
                return
            self._send(status, json.dumps(body).encode(), "application/json")
            return
        log_model(run, {"time": time.time(), "unhandled": rest, "status": 404})
        self._send(404, b'{"error": {"message": "fake model: not implemented"}}', "application/json")


def main() -> None:
    global OUT
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=18080)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    OUT = Path(args.out)
    OUT.mkdir(parents=True, exist_ok=True)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    print(f"capture servers on 127.0.0.1:{args.port}, writing {OUT}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
