"""Where spans arrive: OTLP/HTTP (`otlp_http`), OTLP/gRPC (`otlp_grpc`) and Kafka (`kafka_sink`
publishes accepted requests, `kafka_ingest` consumes them), with the checks every listener shares:
keys and roles (`auth`), failed-check budgets (`guessing`, per client as `clients` groups them),
connection and call limits (`http_limits`, `grpc_calls`), the memory limiter and the Host check."""
