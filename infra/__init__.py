"""Shared infrastructure under every component, importing none of them: versioned schemas
(`schema`), the errors intake paths answer with (`errors`), time and durations (`timeutil`) and
Kafka plumbing (`kafka`). Components depend on it; it depends on no component.
"""
