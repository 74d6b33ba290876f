"""The keys a process checks presented secrets against, kept in memory and refreshed in place.

A store process re-reads `api_keys` every `REFRESH_S` (`TableRefresher`); a collector, which has
no database, follows the keys topic the store publishes (`infra.access.feed`). Either way a
revoked or expired key is refused within seconds and nothing restarts. Expiry needs no refresh:
each check compares `expires_at` with the clock.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable

import duckdb

import infra.access.keys as keys
import infra.access.tokens as tokens
from infra.access.keys import KeyRecord
from infra.access.roles import OPEN, Principal
from infra.timeutil import utcnow

log = logging.getLogger(__name__)

REFRESH_S = 1.0
LEGACY = "api_key"  # the name the configured single key goes by


class KeyRing:
    """Thread-safe: receivers' threads, the event loop and the refresher share one."""

    def __init__(self, api_key: str | None = None):
        """`api_key`: the old single key from the settings, an admin key of every project."""
        self._legacy = tokens.digest(api_key) if api_key else None
        self._records: dict[str, KeyRecord] = {}
        self._lock = threading.Lock()

    @property
    def required(self) -> bool:
        """Whether requests need a key: one is configured or any was ever created (revoking them
        all does not open the server)."""
        return self._legacy is not None or bool(self._records)

    def verify(self, token: str) -> Principal | None:
        """Who `token` is, or None (unknown, wrong, revoked or expired). The hash is compared in
        constant time; a key id is public (`keys list` shows it), so finding it by id is not."""
        if self._legacy is not None and tokens.same(token, self._legacy):
            return Principal(LEGACY, "admin")
        key_id = tokens.key_id(token)
        record = self._records.get(key_id) if key_id else None
        if record is None or not tokens.same(token, record.digest) or not record.live(utcnow()):
            return None
        return Principal(record.name, record.role, record.project, record.key_id)

    def current(self, principal: Principal) -> Principal | None:
        """`principal` if its key still holds (a dashboard session re-checks on every request)."""
        if principal.key_id is None:
            return principal if principal is OPEN and not self.required else (
                principal if principal.name == LEGACY and self._legacy is not None else None)
        record = self._records.get(principal.key_id)
        return principal if record is not None and record.live(utcnow()) else None

    def replace(self, records: Iterable[KeyRecord]) -> list[KeyRecord]:
        """Take the whole set; returns the records that are new or changed."""
        fresh = {r.key_id: r for r in records}
        with self._lock:
            changed = [r for r in fresh.values() if self._records.get(r.key_id) != r]
            self._records = fresh
        return changed

    def apply(self, record: KeyRecord) -> None:
        """One record as published (new, or revoked)."""
        with self._lock:
            self._records = {**self._records, record.key_id: record}

    def records(self) -> list[KeyRecord]:
        return list(self._records.values())


class TableRefresher:
    """Re-reads `api_keys` into a ring every `interval_s` on its own thread and cursor; `on_change`
    gets what changed (the Kafka feed publishes it). start()/shutdown() are safe twice."""

    def __init__(self, ring: KeyRing, db: duckdb.DuckDBPyConnection, interval_s: float = REFRESH_S,
                 on_change: Callable[[list[KeyRecord]], None] = lambda changed: None):
        self.ring, self.db, self.interval_s, self.on_change = ring, db, interval_s, on_change
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def refresh(self) -> None:
        cur = self.db.cursor()
        try:
            changed = self.ring.replace(keys.records(cur))
        finally:
            cur.close()
        if changed:
            self.on_change(changed)

    def start(self) -> "TableRefresher":
        if self._thread is None:
            self.refresh()
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name="tracepatrol-keys", daemon=True)
            self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(self.interval_s):
            try:
                self.refresh()
            except Exception:  # a busy or closing database: the next round tries again
                log.warning("reading api_keys failed; retrying", exc_info=True)

    def shutdown(self) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join()
            self._thread = None
