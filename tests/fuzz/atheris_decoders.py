"""atheris (libFuzzer) target for the OTLP decoders: `python tests/fuzz/atheris_decoders.py [libFuzzer flags] [corpus]`.

Whatever the bytes, `parse_protobuf` / `parse_json` return a request or raise `DecodeError`, and
`to_batch` (with tight limits and every redaction pattern on) stores or rejects each span within
the limits and never raises (the hypothesis tests' `_decode_all` checks each input); the Rust
decoder takes it as the Python one does (`test_native_decode._same`) and the two outlines agree
(`test_wire_outline._alike`), when the Rust decoder was built (`RUST`). Any other exception is a
crash: libFuzzer writes the input to `crash-*` and exits non-zero.
`--seed-corpus DIR` writes valid payloads to start from, then exits.
"""
from __future__ import annotations

import sys
from pathlib import Path

import atheris

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
with atheris.instrument_imports(include=["collector"]):
    from collector.decoding.otlp import Limits
    from collector.decoding.redaction import RedactionSettings
from tests.fuzz.test_decode_properties import _decode_all  # the property tests' checks, on each input

try:
    import otlp_columns  # noqa: F401
    RUST = True
except ImportError:  # not built (no cargo): the Python decoders alone
    RUST = False
if RUST:
    from tests.fuzz.test_native_decode import _same  # Rust against Python, on each input
    from tests.fuzz.test_wire_outline import TIGHT, _alike  # the outlines, Rust against Python

LIMITS = Limits(max_attribute_length=64, max_attributes=8,
                redactor=RedactionSettings(enabled=True, custom=[{"name": "order", "regex": r"ORD-\d{4}"}]).redactor())


def test_one_input(data: bytes) -> None:
    _decode_all(data, LIMITS)
    if RUST:
        _same(data)
        _alike(data, TIGHT)


def seed_corpus(directory: Path) -> None:
    import orjson

    from tests.otlp_payloads import json_request, request_with_spans

    directory.mkdir(parents=True, exist_ok=True)
    req, _ = request_with_spans(4)
    req.resource_spans[0].scope_spans[0].spans[1].attributes.add(key="pii").value.string_value = \
        "call 13912345678 or a@b.co, card 4111 1111 1111 1111"
    (directory / "request.pb").write_bytes(req.SerializeToString())
    (directory / "request.json").write_bytes(orjson.dumps(json_request()[0]))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--seed-corpus":
        seed_corpus(Path(sys.argv[2]))
        sys.exit(0)
    print(f"decoders fuzzed: Python{' and Rust' if RUST else ' (Rust decoder not built)'}", file=sys.stderr)
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
