"""OTLP trace payloads to columnar span batches (`otlp`): protobuf by the Rust decoder when built
(`wire_outline` is its Python twin), OTLP/JSON in Python; big bodies on a low-priority lane
(`bulk`) or in worker processes (`pool`); personal data masked before anything is stored
(`redaction`)."""
