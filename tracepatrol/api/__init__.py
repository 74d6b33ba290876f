"""The REST API's routers (`traces`, `tasks`, `results`, `metrics`) and what guards them: `guard`
(API key, body limits, sessions' CSRF), `sessions` and `cursor` (the one database cursor a request
reads through). `tracepatrol.app` mounts them with the dashboard behind one guard.
"""
