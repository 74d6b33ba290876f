"""Wires the server: one DuckDB file, the store writer, OTLP receivers, the REST API.

Lifecycle is start() / serve() / stop(); stop() is safe twice or before start. Listeners are
bound in start() so port 0 resolves to a real port before anything is printed.

Roles (see docs/scale-out.md): `serve` is everything in one process; with Kafka settings its
receivers publish to Kafka and its store consumes from it. `collect` is receivers → Kafka only
(no database); `ingest` is the store process: Kafka → DuckDB, tasks, API, and either in-process
evaluator threads or, with `kafka.workers`, a dispatcher for `tracepatrol worker` processes.
"""
from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import logging
import signal
import socket

import duckdb
import uvicorn
from uvicorn.protocols.http.auto import AutoHTTPProtocol

from collector.assembly.completion import Assembler
from collector.decoding.otlp import rust_missing
from collector.decoding.pool import DecodePool
from collector.receiving.auth import KeyCheck
from collector.receiving.clients import TrustedProxies
from collector.receiving.guessing import GuessLimiter
from collector.receiving.host_check import HostPolicy
from collector.receiving.http_limits import address_cap, connection_cap, guarded
from collector.receiving.kafka_ingest import KafkaIngest
from collector.receiving.kafka_sink import KafkaSink
from collector.receiving.otlp_grpc import start_server as start_grpc
from collector.receiving.otlp_http import build_app as build_otlp_http
from collector.receiving.receiver import QueueSink, TraceReceiver
from collector.receiving.receiver_guard import ReceiverGuard
from collector.assembly.build import build_trajectory
from collector.store import TraceStore, trajectory_loader
from collector.queue.ingest import IngestQueue, IngestStats
from collector.queue.drain import StoreWriter
from evaluators.results import ResultStore
from evaluators.worker import WorkerPool
from infra.access import KeyRing, audit, keys
from infra.access.feed import KeyFollower, KeyPublisher, ensure_topic as ensure_keys_topic
from infra.access.ring import TableRefresher
from infra.checkpoints import Checkpointer
from infra.kafka.client import AckedProducer, check_reachable, ensure_topics
from scheduler import alert_rules
from scheduler.alerts import AlertEngine, ServerSignals
from scheduler.kafka_dispatch import ResultConsumer, WorkDispatcher
from scheduler.ledger import Ledger
from scheduler.runner import TaskRunner
from scheduler.service import TaskService
from scheduler.workers import build_workers
from tracepatrol.app import build_api, build_collector_api
from tracepatrol.api.guard import Access
from tracepatrol.evaluation_events import EvaluationExporter
from tracepatrol.retention import apply_retention
from tracepatrol.settings import Settings

log = logging.getLogger("tracepatrol")


class _Uvicorn(uvicorn.Server):
    """Signals are handled once for all listeners by TracepatrolServer."""

    @contextlib.contextmanager
    def capture_signals(self):
        yield


_PORT_FLAGS = {"api": "--api-port (api_port)", "otlp_http": "--otlp-http-port (collector.otlp_http_port)"}


def _bind(host: str, port: int, name: str) -> socket.socket:
    """A listening socket; a port in use is named with the flag that moves it."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno != errno.EADDRINUSE:
            raise
        raise OSError(exc.errno, f"port {port} on {host} is already in use (the {name} listener); "
                                 f"choose another with {_PORT_FLAGS[name]}") from None
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


ROLES = ("serve", "collect", "ingest")
LEGACY_KEY_WARNING = (
    "api_key is set: it still works, as an admin key of every project, but every agent that sends spans with "
    "it can read, change and export everything. Replace it with keys of their own roles: `tracepatrol keys "
    "create --name ops --role admin` for people and `tracepatrol keys create --name agents --role ingest "
    "[--project P]` for agents (docs/security.md), then remove api_key")


class ExposedWithoutKeys(RuntimeError):
    """The server would listen beyond loopback with no key to ask for."""


def loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a name: it may resolve anywhere
        return False


class TracepatrolServer:
    def __init__(self, settings: Settings, role: str = "serve"):
        if role not in ROLES:
            raise ValueError(f"unknown role {role!r}; use one of {', '.join(ROLES)}")
        if role != "serve" and settings.kafka is None:
            raise ValueError(f"`{role}` needs Kafka: pass --kafka BOOTSTRAP or set kafka.bootstrap")
        self.settings, self.role = settings, role
        self.db: duckdb.DuckDBPyConnection | None = None
        self.ports: dict[str, int] = {}
        self._servers: list[_Uvicorn] = []
        self._sockets: list[socket.socket] = []
        self._grpc = None
        self.writer: StoreWriter | None = None
        self.checkpointer: Checkpointer | None = None
        self.tasks: TaskService | None = None
        self.workers: WorkerPool | None = None
        self.alerts: AlertEngine | None = None
        self.producer: AckedProducer | None = None
        self.decoders: DecodePool | None = None
        self._loops: list = []  # Kafka consumers and the dispatcher, stopped before the writer
        self.ring = KeyRing(settings.api_key)
        self.key_refresher: TableRefresher | None = None
        self.key_follower: KeyFollower | None = None

    def start(self) -> None:
        s, k = self.settings, self.settings.kafka
        self.stats = IngestStats()
        # One memory limiter per process: it refuses new spans at whichever stage takes them first.
        self.memory = s.collector.memory_limiter.guard(lambda: False)
        if s.api_key:
            log.warning(LEGACY_KEY_WARNING)
        if missing := rust_missing():  # once, in every role: each decodes OTLP (receivers, or spans from Kafka)
            log.warning(missing)
        if k is not None:
            check_reachable(k)
            topics = [k.topic] + ([k.work_topic, k.results_topic] if k.workers and self.role != "collect" else [])
            ensure_topics(k, topics)
            ensure_keys_topic(k)
            self.producer = AckedProducer(k)
            self.producer.start()
        self.max_connections = connection_cap(s.http_max_connections, listeners=3 if self.role != "ingest" else 1)
        # One guessing budget for every listener: failures on one port count on the others.
        self.keys = KeyCheck(self.ring, GuessLimiter(s.auth_failures_per_minute, s.auth_failures_per_key_per_minute))
        self.hosts, self.proxies = HostPolicy(s.host, s.allowed_hosts), TrustedProxies(s.trusted_proxies)
        self.access = Access(s.api_max_body_bytes, s.api_max_import_bytes, s.session_hours,
                             self.keys.limiter, self.hosts, self.ring)
        apps = {}
        if self.role != "collect":
            apps["api"] = (self._start_store(), s.api_port_for(self.role))
        else:  # no database: the keys come from the store, through the keys topic
            self.key_follower = KeyFollower(k, self.ring).start(k.connect_timeout_s)
            apps["api"] = (build_collector_api(self.stats, s.api_key, self.access), s.api_port_for(self.role))
        self._check_exposure()
        if self.role != "ingest":
            apps["otlp_http"] = (self._start_receivers(), self.settings.collector.otlp_http_port)
        tls = s.tls.uvicorn_kwargs() if s.tls else {}
        per_address = address_cap(s.http_max_connections_per_address, self.max_connections)
        for name, (app, port) in apps.items():
            sock = _bind(s.host, port, name)
            self._sockets.append(sock)
            self.ports[name] = sock.getsockname()[1]
            protocol = guarded(AutoHTTPProtocol, s.http_header_timeout_s, s.http_body_timeout_s, self.max_connections,
                               per_address, self.proxies)  # one per listener: each counts its own
            # X-Forwarded-For is believed from trusted proxies only (uvicorn's default trusts loopback,
            # which would let any local client pick its address for every request).
            config = uvicorn.Config(app, http=protocol, log_level="warning", access_log=False, lifespan="off",
                                    timeout_graceful_shutdown=10, proxy_headers=bool(s.trusted_proxies),
                                    forwarded_allow_ips=s.trusted_proxies, **tls)
            self._servers.append(_Uvicorn(config))

    def _check_exposure(self) -> None:
        """Without any key, only loopback, unless `insecure_no_auth` says otherwise (and the log says so)."""
        s = self.settings
        if self.ring.required or loopback(s.host):
            return
        if not s.insecure_no_auth:
            raise ExposedWithoutKeys(
                f"refusing to listen on {s.host} with no API key: anyone who reaches it could read every trace. "
                "Create a key first (`tracepatrol keys create --db FILE --name ops --role admin`, or set api_key), "
                "listen on 127.0.0.1, or pass --insecure-no-auth to serve without authentication")
        log.warning("serving on %s WITHOUT authentication (--insecure-no-auth): anyone who reaches it can read "
                    "every trace, create and delete tasks and export the store, until a key is created", s.host)

    def _start_keys(self) -> None:
        """The key ring from `api_keys`, re-read every second; with Kafka, published for the collectors."""
        keys.create_tables(self.db)
        publisher = KeyPublisher(self.settings.kafka, self.producer) if self.producer is not None else None
        self.key_refresher = TableRefresher(self.ring, self.db,
                                            on_change=publisher.publish if publisher else lambda changed: None)
        self.key_refresher.start()

    def _start_store(self):
        """The database, the writer, tasks and evaluation; returns the API app."""
        s, c, k = self.settings, self.settings.collector, self.settings.kafka
        self.db = duckdb.connect(str(s.db), config=s.duckdb_config())
        self._start_keys()
        self.assembler = Assembler(c.decision_wait, c.max_trace_wait)
        self.queue = IngestQueue(c.queue_max_spans, c.retry_after_s, backlog=lambda: self.memory() or (
            self.writer is not None and len(self.writer) >= c.max_pending_traces))
        self.store = TraceStore(self.db.cursor())
        self.checkpointer = Checkpointer(self.db, s.db, s.checkpoint_bytes).start()  # after any migration
        self.writer = StoreWriter(self.store, self.queue, self.assembler, build_trajectory, self.stats,
                                  max_commit_spans=c.max_commit_spans, assembly_workers=c.assembly_workers,
                                  assembly_nice=c.assembly_nice,
                                  max_trace_spans=c.max_trace_spans)
        self.writer.start()
        self.ledger = Ledger(self.db)
        self.results = ResultStore(self.db)
        self.workers = build_workers(s.evaluators, self.ledger, self.db, self.results)
        on_results = [EvaluationExporter(s.evaluation_events)] if s.evaluation_events else []
        self.workers.on_results += on_results
        self.tasks = TaskService(self.ledger, TaskRunner(self.ledger, self.db, limits=s.tasks), s.evaluators)
        self.tasks.runner.on_selected.append(self.workers.wake)
        self.alerts = self._start_alerts()
        self.workers.on_results.append(self.alerts.wake)
        self.tasks.start()
        self.tasks.every(s.retention.delta("every").total_seconds(), self._retention, "retention")
        if k is not None and k.workers:
            dispatcher = WorkDispatcher(k, self.ledger, self.db, self.producer)
            self.tasks.runner.on_selected.append(dispatcher.wake)
            results = ResultConsumer(k, self.ledger, self.results, load=trajectory_loader(self.db))
            results.on_results += [*on_results, self.alerts.wake]
            self._loops += [dispatcher, results]
        elif s.evaluators.workers:
            self.workers.start()
        if k is not None:
            self._loops.insert(0, KafkaIngest(k, self.queue, self.stats, c.limits()))
        for loop in self._loops:
            loop.start()
        app = build_api(self.db, self.stats, self.queue, self.writer, s.api_key, self.tasks,
                        self.results, s.evaluators.weights_dirs, self.access, self.role,
                        due_by_s=c.max_trace_wait, lag_grace_s=c.lag_degraded_after)
        app.state.key_refresher = self.key_refresher  # changes made through the API are published at once
        app.state.dashboard_public_url = s.dashboard_public_url  # trace links in served reports
        app.state.alerts = self.alerts
        return app

    def _start_alerts(self) -> AlertEngine:
        """Alert rules judged after each run (woken by the runner and the evaluators) and on the
        server's own signals; tasks created here may name the configured destinations only."""
        n = self.settings.notifications
        alert_rules.serve(n.destinations, [r.name for r in n.rules])
        engine = AlertEngine(self.db, n, self.settings.dashboard_public_url,
                             ServerSignals(self.stats, self.writer.oldest_pending_s))
        self.tasks.runner.on_selected.append(engine.wake)
        self.tasks.runner.on_failed.append(engine.wake)
        engine.start()
        return engine

    def _start_receivers(self):
        """OTLP/gRPC started, OTLP/HTTP returned as an app; spans go to Kafka when configured."""
        s, c, k = self.settings, self.settings.collector, self.settings.kafka
        limits = c.limits()
        sink = (KafkaSink(k, self.producer, self.stats, c.retry_after_s, limits.redactor, busy=self.memory) if k is not None
                else QueueSink(self.queue))
        if k is None and c.decode_workers:
            self.decoders = DecodePool(c.decode_workers, limits)
        elif k is None and c.json_process_bytes:  # big OTLP/JSON only, in a process started on the first
            self.decoders = DecodePool(1, limits)
        json_only_from = c.json_process_bytes if not c.decode_workers else None
        receiver = TraceReceiver(sink, self.stats, limits, pool=self.decoders, json_only_from=json_only_from)
        self._grpc, self.ports["otlp_grpc"] = start_grpc(
            receiver, s.host, c.otlp_grpc_port, c.max_request_bytes, self.keys, c.grpc_workers,
            credentials=s.tls.grpc_credentials() if s.tls else None,
            handshake_timeout_s=s.http_header_timeout_s, max_connections=self.max_connections,
            idle_timeout_s=s.grpc_idle_timeout_s, message_timeout_s=s.http_body_timeout_s, proxies=self.proxies)
        return ReceiverGuard(build_otlp_http(receiver, c.max_request_bytes), self.keys, self.hosts)

    def _retention(self) -> None:
        """Delete what expired, on its own cursor so ingest is never blocked for long."""
        cur = self.db.cursor()
        try:
            deleted = apply_retention(cur, self.settings.retention)
        except Exception:  # the next run tries again; ingest goes on either way
            log.exception("retention failed")
            return
        finally:
            cur.close()
        if any(deleted.values()):
            log.info("retention deleted %s", deleted)
            cur = self.db.cursor()
            try:
                audit.record(cur, "retention", "data.deleted", detail=", ".join(f"{n} {what}" for what, n in deleted.items()))
            finally:
                cur.close()

    def banner(self) -> str:
        h, p, tls, k = self.settings.host, self.ports, self.settings.tls, self.settings.kafka
        scheme = "https" if tls else "http"
        grpc_mode = (" (mTLS)" if tls.client_ca_file else " (TLS)") if tls else ""
        parts = [{"serve": "tracepatrol serving", "collect": "tracepatrol collecting",
                  "ingest": "tracepatrol ingesting"}[self.role]]
        if "otlp_http" in p:
            parts += [f"OTLP/HTTP {scheme}://{h}:{p['otlp_http']}/v1/traces", f"OTLP/gRPC {h}:{p['otlp_grpc']}{grpc_mode}"]
        if k is not None:
            parts.append(f"Kafka {k.bootstrap} topic {k.topic}" + (f" group {k.group}" if self.role != "collect" else ""))
        if "api" in p:
            parts.append(f"API {scheme}://{h}:{p['api']}")
        if self.role != "collect":
            parts.append(f"db {self.settings.db}")
        return "  ".join(parts)

    async def serve(self) -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, self.request_exit)
        await asyncio.gather(*(srv.serve(sockets=[sock]) for srv, sock in zip(self._servers, self._sockets)))

    def request_exit(self) -> None:
        if self.tasks is not None:
            self.tasks.stop_queries()  # previews, run selections and tracked reads end now, not at their budget
        for srv in self._servers:
            srv.should_exit = True

    def stop(self) -> None:
        """Stop listeners, commit what was accepted, close the database."""
        if self._grpc is not None:
            self._grpc.stop(grace=5).wait()
            self._grpc = None
        if self.decoders is not None:
            self.decoders.shutdown()
            self.decoders = None
        for loop in self._loops:
            loop.shutdown()
        self._loops = []
        for keeper in (self.key_refresher, self.key_follower):
            if keeper is not None:
                keeper.shutdown()
        self.key_refresher = self.key_follower = None
        if self.tasks is not None:
            self.tasks.shutdown()
            self.tasks = None
        if self.workers is not None:
            self.workers.shutdown()
            self.workers = None
        if self.alerts is not None:
            self.alerts.shutdown()
            self.alerts = None
            alert_rules.serve(None)
        if self.writer is not None:
            self.writer.shutdown()
            self.writer = None
        if self.checkpointer is not None:
            self.checkpointer.shutdown()
            self.checkpointer = None
        if self.producer is not None:
            self.producer.shutdown()
            self.producer = None
        for sock in self._sockets:
            with contextlib.suppress(OSError):
                sock.close()
        self._sockets = []
        if self.db is not None:
            with contextlib.suppress(duckdb.Error):
                self.db.execute("CHECKPOINT")
            self.db.close()
            self.db = None


def _loop_factory():
    try:
        import uvloop
    except ImportError:  # uvloop is optional (no wheels on some platforms)
        return None
    return uvloop.new_event_loop


def run(settings: Settings, on_ready=print, role: str = "serve") -> None:
    """Blocking: start, serve until SIGINT/SIGTERM, stop."""
    server = TracepatrolServer(settings, role)
    try:
        server.start()
        on_ready(server.banner())
        with asyncio.Runner(loop_factory=_loop_factory()) as runner:
            runner.run(server.serve())
    finally:
        server.stop()
