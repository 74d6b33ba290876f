"""Intake: OTLP receivers (`otlp_http`, `otlp_grpc`) and Kafka (`kafka_sink`, `kafka_ingest`) decode
spans (`decode`) into an ingest queue; the store writer (`writer`) commits them and assembles each
trace (`assembler`, `assembly`) into a trajectory through the convention adapters (`adapters`,
`semconv`). `store` owns the collector's tables (spans, traces, tool calls and definitions,
quarantine) and is the only module that reads or writes them; `retention` expires their rows.
"""
