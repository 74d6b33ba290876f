"""Who may do what: API keys with roles and projects, checked by every listener.

`roles` (the roles and who a request is), `tokens` (making and recognising secrets), `keys` (the
`api_keys` table: hashes only), `ring` (the keys a process checks against, refreshed without a
restart), `audit` (the `audit_log` table). Kept in infra because every component checks keys:
the collector's receivers take ingest keys without importing the app shell.
"""
from infra.access.ring import KeyRing
from infra.access.roles import DEFAULT_PROJECT, ROLES, Principal, check_project

__all__ = ["DEFAULT_PROJECT", "KeyRing", "Principal", "ROLES", "check_project"]
