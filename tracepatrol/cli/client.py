"""What every CLI command that talks to a running server shares: options, calls, errors."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import click
import duckdb
import httpx

from tracepatrol.terminal import err

DEFAULT_API = "http://127.0.0.1:4320"


def api_options(f):
    f = click.option("--api", "api_url", default=lambda: os.environ.get("TRACEPATROL_API", DEFAULT_API),
                     show_default="$TRACEPATROL_API or " + DEFAULT_API, help="server REST API URL")(f)
    f = click.option("--api-key", default=lambda: os.environ.get("TRACEPATROL_API_KEY"), help="API key")(f)
    return f


def api_call(api_url: str, api_key: str | None, method: str, path: str, json_body=None,
             content: bytes | None = None, **params):
    """Call the server's REST API; any failure exits 1 with the server's message."""
    try:
        resp = httpx.request(method, api_url.rstrip("/") + path, json=json_body, content=content,
                             headers=auth_headers(api_key), timeout=120,
                             params={k: v for k, v in params.items() if v is not None})
    except httpx.HTTPError as exc:
        unreachable(api_url, exc)
    exit_on_error(resp)
    return resp.json() if resp.content else None


def auth_headers(api_key: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {api_key}"} if api_key else {}


def unreachable(api_url: str, exc: Exception):
    err.print(f"[red]error:[/red] cannot reach the tracepatrol server at {api_url}: {exc}", highlight=False)
    sys.exit(1)


def exit_on_error(resp: httpx.Response) -> None:
    """An error answer exits 1 with the server's own message (FastAPI's `detail` when present)."""
    if resp.status_code < 400:
        return
    try:
        detail = resp.json().get("detail", resp.text)
    except ValueError:
        detail = resp.text
    if resp.status_code == 404 and detail == "Not Found":  # no such endpoint, not a missing trace or task
        detail += _which_role(resp.request.url)
    err.print(f"[red]error:[/red] {resp.status_code}: {detail}", highlight=False)
    sys.exit(1)


def _which_role(url: httpx.URL) -> str:
    """What answered instead: a `collect` process has no REST API, only /healthz and /metrics."""
    try:
        role = httpx.get(url.copy_with(path="/healthz", query=None), timeout=5).json().get("role")
    except (httpx.HTTPError, ValueError, AttributeError):
        return ""
    if role == "collect":
        return (f" — {url.scheme}://{url.host}:{url.port} is a `tracepatrol collect` process (OTLP receivers, "
                "/healthz and /metrics only); point --api (or TRACEPATROL_API) at the store process "
                "(`tracepatrol ingest` or `serve`, port 4320 by default)")
    return f" — the server at {url.scheme}://{url.host}:{url.port} ({role or 'unknown role'}) has no {url.path}"


def api_get(api_url: str, api_key: str | None, path: str, **params):
    return api_call(api_url, api_key, "GET", path, **params)


def open_stopped_db(db: Path, instead: str) -> duckdb.DuckDBPyConnection:
    """A stopped server's file, read-only; exit 1 saying how to go through the running server."""
    try:
        return duckdb.connect(str(db), read_only=True)
    except duckdb.Error as exc:
        err.print(f"[red]error:[/red] cannot open {db}: {exc}\nIf a tracepatrol server is using this file, "
                  f"{instead} with --api instead of --db.", highlight=False)
        sys.exit(1)
