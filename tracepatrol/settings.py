"""Server settings from flags, a YAML file and TRACEPATROL_* variables (in that precedence)."""
from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict, YamlConfigSettingsSource

from collector.config import CollectorSettings
from collector.store.retention import RetentionSettings
from evaluators.config import EvaluatorSettings
from infra.checkpoints import BACKSTOP, size_bytes
from infra.kafka.config import KafkaSettings
from sampler.query_budget import QueryLimits
from scheduler.alerts import NotificationSettings
from tracepatrol.evaluation_events import EvaluationExportSettings
from tracepatrol.tls import TLSSettings


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="TRACEPATROL_", env_nested_delimiter="__", extra="forbid")

    db: Path = Field(Path("tracepatrol.duckdb"), description="the DuckDB file")
    host: str = Field("127.0.0.1", description="address every listener binds to")
    api_port: int | None = Field(None, ge=0, le=65535, description=(
        "REST API and dashboard port [4320; 4321 for `collect`, so it runs beside `ingest` on one host]"))
    api_key: str | None = Field(None, min_length=8, description=(
        "the old single key: an admin key of every project (a warning at start-up names its replacement, "
        "`tracepatrol keys create`: docs/security.md)"))
    insecure_no_auth: bool = Field(False, description=(
        "listen on an address other than loopback with no key at all (refused otherwise); said at start-up"))
    log_level: str = Field("info", pattern="^(debug|info|warning|error)$")
    api_max_body_bytes: int = Field(1024 * 1024, ge=1024, description="API request bodies past this get 413")
    api_max_import_bytes: int = Field(64 * 1024 * 1024, ge=1024, description="the body limit of annotation imports")
    session_hours: float = Field(12.0, gt=0, le=24 * 30, description="dashboard sessions expire after this")
    dashboard_public_url: str | None = Field(None, pattern=r"^https?://\S+$", description=(
        "the dashboard as report readers reach it (e.g. https://tp.example.com/dashboard): trace links in "
        "reports point there; none when unset"))
    auth_failures_per_minute: int = Field(30, ge=1, description=(
        "failed API key checks (dashboard logins, Bearer headers on the API, OTLP/HTTP and gRPC) per client "
        "address in any 60 s, whatever keys they present; past it the address gets 429 (gRPC "
        "RESOURCE_EXHAUSTED) for every key until its failures age out"))
    auth_failures_per_key_per_minute: int = Field(5, ge=1, description=(
        "failed checks of one presented key per client address in any 60 s: a client retrying a stale key "
        "is refused after this many, while the right key from the same address still works"))
    allowed_hosts: list[str] = Field(default_factory=list, description=(
        "names the API and dashboard answer to besides IP addresses, localhost and the bind address (against "
        "DNS rebinding): e.g. [tp.example.com, .internal.example] (a leading dot allows subdomains); ['*'] "
        "turns the Host check off"))
    trusted_proxies: list[str] = Field(default_factory=list, description=(
        "addresses or networks of reverse proxies whose X-Forwarded-For names the client (for the per-client "
        "limits) and which are not held to http_max_connections_per_address; nobody's is believed by default"))
    http_header_timeout_s: float = Field(10.0, gt=0, le=600, description=(
        "an HTTP (or gRPC) connection that has not sent its request headers by then is closed"))
    http_body_timeout_s: float = Field(30.0, gt=0, le=3600, description=(
        "an HTTP body quiet this long is cut off, and a gRPC call whose request message has not all arrived "
        "by then is cancelled"))
    http_max_connections: int = Field(1024, ge=16, description=(
        "open connections per HTTP listener (and gRPC) before new ones get 503; lowered to fit the fd limit"))
    http_max_connections_per_address: int = Field(128, ge=1, description=(
        "open connections one client address (an IPv6 /64) may hold on one HTTP listener before its new ones "
        "get 429; lowered to a quarter of the listener's cap, so one address cannot fill it"))
    grpc_idle_timeout_s: float = Field(20.0, ge=1, le=3600, description=(
        "a gRPC connection with no call under way for this long is closed (GOAWAY; an exporter reconnects "
        "on its next export), so connections that never call do not hold the listener's cap"))
    # 384 MB and 256 MB kept `serve`'s whole tree at 858-1,016 MiB under 4 senders of either shape
    # (512 MB and 512 MB reached 1,023 at lower rates). Checkpoints run on a thread of their own
    # (infra/checkpoints.py): a 256 MB one took 0.4-1.6 s there and held the writer's commits at
    # most 0.4 s.
    duckdb_memory_limit: str = Field("384MB", pattern=r"^\d+(\.\d+)?\s*(KB|MB|GB|KiB|MiB|GiB)$",
                                     description="DuckDB buffer pool limit; bounds the server's memory")
    duckdb_checkpoint_threshold: str = Field("256MB", pattern=r"^\d+(\.\d+)?\s*(KB|MB|GB|KiB|MiB|GiB)$",
                                             description="WAL size that triggers a checkpoint (on a thread of its "
                                             "own, not in the store writer's commits)")
    collector: CollectorSettings = Field(default_factory=CollectorSettings)
    tasks: QueryLimits = Field(default_factory=QueryLimits,
                               description="limits of queries built from user filters (previews, task runs)")
    evaluators: EvaluatorSettings = Field(default_factory=EvaluatorSettings)
    retention: RetentionSettings = Field(default_factory=RetentionSettings)
    tls: TLSSettings | None = Field(None, description="serve every listener over TLS (see tracepatrol/tls.py)")
    kafka: KafkaSettings | None = Field(None, description="scale out on Kafka (docs/scale-out.md); off unless set")
    evaluation_events: EvaluationExportSettings | None = Field(
        None, description="send results as OTLP gen_ai.evaluation.result events; off unless set")
    notifications: NotificationSettings = Field(default_factory=NotificationSettings, description=(
        "alert destinations (webhook, slack, alertmanager) by name, server-level rules, delivery (docs/alerts.md)"))

    @field_validator("trusted_proxies")
    @classmethod
    def _networks(cls, entries: list[str]) -> list[str]:
        for entry in entries:
            try:
                ipaddress.ip_network(entry, strict=False)
            except ValueError:
                raise ValueError(f"{entry!r} is not an IP address or network (e.g. 10.0.0.5 or 10.0.0.0/8)") from None
        return entries

    def duckdb_config(self) -> dict[str, str]:
        """How the server opens its DuckDB file (benchmarks open theirs the same way). DuckDB's own
        checkpoints are a backstop behind the server's checkpointer, which keeps them from coming."""
        return {"memory_limit": self.duckdb_memory_limit,
                "checkpoint_threshold": f"{self.checkpoint_bytes * BACKSTOP}B"}

    @property
    def checkpoint_bytes(self) -> int:
        return size_bytes(self.duckdb_checkpoint_threshold)

    def api_port_for(self, role: str) -> int:
        return self.api_port if self.api_port is not None else DEFAULT_API_PORTS[role]


# The collector's own /healthz and /metrics sit beside the store's API: the one-host recipe runs as written.
DEFAULT_API_PORTS = {"serve": 4320, "ingest": 4320, "collect": 4321}


class SettingsError(ValueError):
    """A setting is invalid; the message names each bad key and the rule it broke."""


def load_settings(config_file: Path | None = None, **overrides: Any) -> Settings:
    """Build settings; `overrides` (from flags) win over the environment, which wins over the file."""
    if config_file is not None and not config_file.is_file():
        raise SettingsError(f"config file {config_file} does not exist")

    class _FromFile(Settings):
        @classmethod
        def settings_customise_sources(cls, settings_cls, init_settings, env_settings, dotenv_settings, file_secret_settings):
            sources = [init_settings, env_settings]
            if config_file is not None:
                sources.append(YamlConfigSettingsSource(settings_cls, yaml_file=config_file))
            return tuple(sources)

    try:
        return Settings.model_validate(_FromFile(**_drop_none(overrides)).model_dump())
    except ValidationError as exc:
        raise SettingsError(_describe(exc)) from None


def _drop_none(d: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for key, value in d.items():
        if isinstance(value, dict):
            value = _drop_none(value)
            if value:
                out[key] = value
        elif value is not None:
            out[key] = value
    return out


def _describe(exc: ValidationError) -> str:
    lines = []
    for err in exc.errors():
        key = ".".join(str(p) for p in err["loc"]) or "(top level)"
        # keys and a destination's URL and secret are credentials: the message names the key, not the value
        secret = err["loc"][:1] == ("api_key",) or err["loc"][:2] == ("notifications", "destinations")
        shown = "" if secret else f" (got {err.get('input')!r})"
        lines.append(f"invalid setting {key}: {err['msg']}{shown}")
    return "\n".join(lines)
