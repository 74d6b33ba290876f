"""TLS from certificate files (`tls:` section): every listener speaks TLS, with the real OTel exporters.

Certificates are made in the test with the `openssl` CLI: a self-signed CA, a server certificate
for 127.0.0.1/localhost and a client certificate (for mutual TLS), all signed by that CA.
"""
from __future__ import annotations

import shutil
import ssl
import subprocess
from pathlib import Path

import grpc
import httpx
import pytest
from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as GrpcExporter
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter as HttpExporter
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor, SpanExportResult
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from tracepatrol.harness.process import make_server, tracepatrol

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl CLI")


def _openssl(*args: str, cwd: Path) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True, timeout=60)


def _leaf(d: Path, name: str, cn: str, ext: str) -> None:
    _openssl("req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
             "-keyout", f"{name}.key", "-out", f"{name}.csr", "-subj", f"/CN={cn}", cwd=d)
    (d / f"{name}.ext").write_text(ext)
    _openssl("x509", "-req", "-in", f"{name}.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
             "-days", "2", "-sha256", "-extfile", f"{name}.ext", "-out", f"{name}.pem", cwd=d)


@pytest.fixture(scope="module")
def certs(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("certs")
    (d / "ca.ext").write_text("[v3]\nbasicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n"
                              "subjectKeyIdentifier=hash\n")
    _openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
             "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=tracepatrol test CA",
             "-config", "ca.ext", "-extensions", "v3", cwd=d)
    common = ("basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n"
              "subjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n")
    _leaf(d, "server", "127.0.0.1", common + "extendedKeyUsage=serverAuth\n"
                                             "subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    _leaf(d, "client", "test client", common + "extendedKeyUsage=clientAuth\n")
    return d


def _ca_context(certs: Path, client: bool = False) -> ssl.SSLContext:
    ctx = ssl.create_default_context(cafile=str(certs / "ca.pem"))
    if client:
        ctx.load_cert_chain(str(certs / "client.pem"), str(certs / "client.key"))
    return ctx


def _tls_config(tmp_path: Path, certs: Path, mutual: bool = False) -> Path:
    cfg = tmp_path / "tls.yaml"
    text = (f"collector:\n  decision_wait: 0.3\n"
            f"tls:\n  cert_file: {certs / 'server.pem'}\n  key_file: {certs / 'server.key'}\n")
    if mutual:
        text += f"  client_ca_file: {certs / 'ca.pem'}\n"
    cfg.write_text(text)
    return cfg


def _spans(service: str):
    """Finished spans of one trace, made with the real SDK; returns them and the trace id."""
    memory = InMemorySpanExporter()
    provider = TracerProvider(resource=Resource.create({"service.name": service}))
    provider.add_span_processor(SimpleSpanProcessor(memory))
    tracer = provider.get_tracer("tests.tls")
    with tracer.start_as_current_span("invoke_agent tls", attributes={
            "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "tls"}) as root:
        with tracer.start_as_current_span("execute_tool lookup", attributes={
                "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "lookup"}):
            pass
    provider.shutdown()
    return memory.get_finished_spans(), format(root.get_span_context().trace_id, "032x")


@pytest.fixture
def no_ca_bundle_env(monkeypatch):
    """requests (under the OTLP/HTTP exporter) lets REQUESTS_CA_BUNDLE / CURL_CA_BUNDLE override the
    session's `verify`, i.e. the exporter's `certificate_file` (psf/requests#3829); drop them."""
    for name in ("REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="module")
def tls_server(tmp_path_factory, certs):
    tmp = tmp_path_factory.mktemp("tls-server")
    srv = make_server(tmp, "--config", str(_tls_config(tmp, certs)))
    srv.scheme, srv.verify = "https", _ca_context(certs)
    srv.start()
    yield srv
    srv.stop()


def test_banner_shows_https(tls_server):
    assert tls_server.otlp_http.startswith("https://")
    log = tls_server.log.read_text()
    assert f"OTLP/HTTP https://127.0.0.1:{tls_server.http_port}/v1/traces" in log
    assert f"API https://127.0.0.1:{tls_server.api_port}" in log
    assert f"OTLP/gRPC 127.0.0.1:{tls_server.grpc_port} (TLS)" in log


def test_otel_http_exporter_over_tls_and_api_over_https(tls_server, certs, no_ca_bundle_env):
    spans, trace_id = _spans("tls-http")
    exporter = HttpExporter(endpoint=tls_server.otlp_http, certificate_file=str(certs / "ca.pem"), timeout=10)
    try:
        assert exporter.export(spans) == SpanExportResult.SUCCESS
    finally:
        exporter.shutdown()
    tls_server.wait_for_trace(trace_id)
    resp = httpx.get(f"{tls_server.api}/api/traces/{trace_id}", verify=_ca_context(certs), timeout=10)
    assert resp.status_code == 200


def test_otel_grpc_exporter_over_tls(tls_server, certs):
    spans, trace_id = _spans("tls-grpc")
    exporter = GrpcExporter(endpoint=tls_server.otlp_grpc, insecure=False, timeout=10,
                            credentials=grpc.ssl_channel_credentials((certs / "ca.pem").read_bytes()))
    try:
        assert exporter.export(spans) == SpanExportResult.SUCCESS
    finally:
        exporter.shutdown()
    tls_server.wait_for_trace(trace_id)


def test_plain_text_clients_are_refused(tls_server, certs):
    for port in (tls_server.http_port, tls_server.api_port):
        with pytest.raises(httpx.HTTPError):
            httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5)
    # a client that does not trust the CA is refused too
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"{tls_server.api}/healthz", timeout=5)
    spans, _ = _spans("tls-plain-grpc")
    exporter = GrpcExporter(endpoint=tls_server.otlp_grpc, insecure=True, timeout=2)
    try:
        assert exporter.export(spans) == SpanExportResult.FAILURE
    finally:
        exporter.shutdown()


def test_mutual_tls_requires_a_client_certificate(tmp_path, certs, no_ca_bundle_env):
    srv = make_server(tmp_path, "--config", str(_tls_config(tmp_path, certs, mutual=True)))
    srv.scheme, srv.verify = "https", _ca_context(certs, client=True)
    srv.start()
    try:
        assert "(mTLS)" in srv.log.read_text()
        with pytest.raises(httpx.HTTPError):  # server certificate trusted, but no client certificate
            httpx.get(f"{srv.api}/healthz", verify=_ca_context(certs), timeout=5)
        assert srv.get("/healthz").status_code == 200

        spans, trace_id = _spans("mtls-http")
        exporter = HttpExporter(endpoint=srv.otlp_http, certificate_file=str(certs / "ca.pem"), timeout=10,
                                client_certificate_file=str(certs / "client.pem"),
                                client_key_file=str(certs / "client.key"))
        try:
            assert exporter.export(spans) == SpanExportResult.SUCCESS
        finally:
            exporter.shutdown()
        srv.wait_for_trace(trace_id)

        ca = (certs / "ca.pem").read_bytes()
        spans, trace_id = _spans("mtls-grpc")
        without = GrpcExporter(endpoint=srv.otlp_grpc, insecure=False, timeout=2,
                               credentials=grpc.ssl_channel_credentials(ca))
        try:
            assert without.export(spans) == SpanExportResult.FAILURE
        finally:
            without.shutdown()
        with_cert = GrpcExporter(endpoint=srv.otlp_grpc, insecure=False, timeout=10,
                                 credentials=grpc.ssl_channel_credentials(
                                     ca, (certs / "client.key").read_bytes(), (certs / "client.pem").read_bytes()))
        try:
            assert with_cert.export(spans) == SpanExportResult.SUCCESS
        finally:
            with_cert.shutdown()
        srv.wait_for_trace(trace_id)
    finally:
        srv.stop()


def _serve(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(tracepatrol("serve", *args), capture_output=True, text=True, timeout=60)


def test_missing_cert_file_names_the_key(tmp_path, certs):
    cfg = tmp_path / "c.yaml"
    cfg.write_text(f"tls:\n  cert_file: {tmp_path / 'nope.pem'}\n  key_file: {certs / 'server.key'}\n")
    res = _serve("--db", str(tmp_path / "x.duckdb"), "--config", str(cfg))
    assert res.returncode == 2, res.stderr
    assert "tls.cert_file" in res.stderr and "does not exist" in res.stderr
    assert "tls.key_file" not in res.stderr


def test_key_that_does_not_match_the_certificate_is_rejected_at_start(tmp_path, certs):
    cfg = tmp_path / "c.yaml"
    cfg.write_text(f"tls:\n  cert_file: {certs / 'server.pem'}\n  key_file: {certs / 'client.key'}\n")
    res = _serve("--db", str(tmp_path / "x.duckdb"), "--config", str(cfg))
    assert res.returncode == 2, res.stderr
    assert "invalid setting tls" in res.stderr and "cannot load cert_file" in res.stderr
