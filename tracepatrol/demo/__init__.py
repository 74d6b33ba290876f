"""`tracepatrol demo`: a scripted agent instrumented with the real OpenTelemetry SDK (`agent`) and the
run that sends its traffic to an embedded server, samples, evaluates and writes a report (`run`).
"""
