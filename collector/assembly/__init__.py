"""Spans to trajectories: `completion` decides when a trace is complete enough, `workers` builds
due traces in low-priority processes, `build` maps one trace's spans to its trajectory through the
convention `adapters`, reading chat messages, tool calls and definitions with `messages` and
`arguments`; `conventions` holds the names several conventions share."""
