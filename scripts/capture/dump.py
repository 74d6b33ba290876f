"""Print captured OTLP/HTTP protobuf files as readable spans (name, kind, ids, attributes, events).

    python dump.py FILE_OR_FOLDER...
"""
from __future__ import annotations

import sys
from pathlib import Path

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from run_all import any_value  # the same reading of attribute values the manifest is built with

KINDS = {0: "UNSPECIFIED", 1: "INTERNAL", 2: "SERVER", 3: "CLIENT", 4: "PRODUCER", 5: "CONSUMER"}


def attrs(kvs, limit=400):
    out = {}
    for kv in kvs:
        val = any_value(kv.value)
        text = repr(val)
        out[kv.key] = text if len(text) <= limit else text[:limit] + "..."
    return out


def dump(path: Path) -> None:
    request = ExportTraceServiceRequest()
    request.ParseFromString(path.read_bytes())
    print(f"== {path} ({path.stat().st_size} bytes)")
    for rs in request.resource_spans:
        print("resource", attrs(rs.resource.attributes))
        for ss in rs.scope_spans:
            print(" scope", ss.scope.name, ss.scope.version)
            for s in ss.spans:
                print(f"  span {s.name!r} kind={KINDS.get(s.kind)} trace={s.trace_id.hex()} id={s.span_id.hex()} "
                      f"parent={s.parent_span_id.hex() or '-'} status={s.status.code}:{s.status.message!r} "
                      f"dur_ms={(s.end_time_unix_nano - s.start_time_unix_nano) / 1e6:.1f}")
                for k, v in attrs(s.attributes).items():
                    print(f"     {k} = {v}")
                for e in s.events:
                    print(f"     event {e.name!r}: {attrs(e.attributes)}")


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        p = Path(arg)
        for f in sorted(p.glob("**/*.pb")) if p.is_dir() else [p]:
            dump(f)
