"""Intake: OTLP receivers (`otlp_http`, `otlp_grpc`) and Kafka (`kafka_sink`, `kafka_ingest`) decode
spans (`decode`, or `decode_pool`'s processes when `decode_workers` is set) into an ingest queue;
the store writer (`writer`) commits them and assembles each trace (`assembler`, `assembly`) into a
trajectory through the convention adapters (`adapters`, `semconv`). `store` owns the collector's
tables (spans, traces, tool calls and definitions, quarantine): the only package that names them,
with typed reads, relations for queries that span other owners' tables, and the deletes retention
asks for; `retention` holds the retention settings and the chunked-delete loop every owner's expiry
uses.
"""
