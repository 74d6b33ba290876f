"""The collector's settings: one validated model, refused at start-up when wrong."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from collector.decoding.otlp import Limits
from collector.receiving.memory_limiter import MemoryLimiterSettings
from collector.decoding.redaction import RedactionSettings


MAX_REQUEST_BYTES = ("request size limit, after decompression. 16 MiB (the OpenTelemetry Collector's OTLP/HTTP "
                     "default is 20): decoding holds a few times the body at once, so that no request raises "
                     "the server's memory by more than 256 MiB")
MAX_ITEMS = ("attributes (of spans, events, links, resources and scopes, each element of an array or key-value "
             "list value included), events, links, spans, scopes and resources in one request, and the objects "
             "and arrays of an OTLP/JSON body; a request with more is refused whole (413 / RESOURCE_EXHAUSTED) "
             "before anything is decoded. Empty ones cost 2 bytes each on the wire and tens to hundreds "
             "decoded; 512 SDK spans of 128 attributes hold 65,536")


class CollectorSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    otlp_http_port: int = Field(4318, ge=0, le=65535, description="OTLP/HTTP port (0 picks a free one)")
    otlp_grpc_port: int = Field(4317, ge=0, le=65535, description="OTLP/gRPC port (0 picks a free one)")
    max_request_bytes: int = Field(16 * 1024 * 1024, ge=1024, description=MAX_REQUEST_BYTES)
    queue_max_spans: int = Field(200_000, ge=512, description="spans waiting for commit before 429")
    max_commit_spans: int = Field(16_384, ge=1, description="spans per DuckDB transaction")
    retry_after_s: int = Field(1, ge=1, le=3600, description="Retry-After sent with 429")
    decision_wait: float = Field(10.0, gt=0, le=3600, description="seconds of quiet after the root span before a trace is assembled")
    max_trace_wait: float = Field(600.0, gt=0, le=86_400, description="seconds after the first span when a trace is assembled regardless")
    lag_degraded_after: float = Field(60.0, gt=0, le=86_400, description=(
        "/healthz says degraded when the oldest trace waiting for assembly is older than max_trace_wait plus "
        "this: every trace is due by max_trace_wait, so one older than that means assembly is behind"))
    max_attribute_length: int = Field(64 * 1024, ge=16, description="string attribute values are truncated past this")
    max_attributes_per_span: int = Field(1024, ge=1, description="attributes past this are dropped (counted); "
                                         "a resource keeps as many")
    max_spans_per_request: int = Field(65_536, ge=512, description="spans in one request; a request with more is "
                                       "refused whole (413 / RESOURCE_EXHAUSTED) before anything is decoded. "
                                       "OpenTelemetry SDKs send at most 512 a request, a Collector's batches 8,192")
    max_items_per_request: int = Field(1 << 19, ge=4096, description=MAX_ITEMS)
    max_events_per_span: int = Field(1024, ge=1, description="events of one span (the SDKs keep 128 unless told "
                                     "otherwise); a span with more is refused, the rest of its request stored")
    max_links_per_span: int = Field(1024, ge=1, description="links of one span (the SDKs keep 128 unless told "
                                    "otherwise); a span with more is refused, the rest of its request stored")
    grpc_workers: int = Field(16, ge=1, le=256)
    # 0 by default: protobuf is decoded in Rust with the GIL released, so the receiving thread no
    # longer holds up the writer. (Before that, with the Python decoder, one worker gave ~10 % more
    # stored spans/s on 2 cores for ~6 % more CPU per span and ~30 MiB; not measured since.) Each
    # server spawns its workers on the first request. OTLP/JSON is still decoded in Python (big
    # bodies in a process: json_process_bytes). Without the Rust module protobuf decoding holds the
    # GIL in the receiving thread again: there, one worker is worth measuring.
    decode_workers: int = Field(0, ge=0, le=64, description="processes decoding OTLP requests for the embedded store, "
                                "leaving this process's GIL to HTTP and the DuckDB writer (0: in the receiving thread; "
                                "Kafka publishing always decodes there)")
    json_process_bytes: int = Field(1024 * 1024, ge=0, description="OTLP/JSON bodies this large are decoded in a "
                                    "decode process even with decode_workers 0 (started on the first one): parsing "
                                    "JSON holds the GIL, 0.4-1.8 s for 13 MiB, and would stall every listener; "
                                    "0: in the receiving thread")
    assembly_workers: int = Field(1, ge=0, le=64, description="processes building trajectories (0: in the writer thread)")
    assembly_nice: int = Field(10, ge=0, le=19, description="how much lower the assembly processes' CPU priority is "
                               "than the server's: at full load ingest gets the cores and trajectories wait")
    max_pending_traces: int = Field(200_000, ge=1000, description="traces awaiting assembly before receivers answer 429")
    max_trace_spans: int = Field(10_000, ge=100, description="spans of one trace built into its trajectory; "
                                 "the rest stay stored and the trajectory says how many were left out")
    redaction: RedactionSettings = Field(default_factory=RedactionSettings, description="mask personal data before storage")
    memory_limiter: MemoryLimiterSettings = Field(default_factory=MemoryLimiterSettings,
                                                  description="answer 429 while the server's RSS is high")

    def limits(self) -> Limits:
        """What every decoding path (receivers, the decode pool, Kafka ingest) applies to each
        request and span."""
        return Limits(self.max_attribute_length, self.max_attributes_per_span, self.redaction.redactor(),
                      self.max_spans_per_request, self.max_items_per_request, self.max_events_per_span,
                      self.max_links_per_span)
