"""API key secrets: made here, shown once, kept only as a hash.

A secret is `tp_<role>_<key id>_<32 random bytes, base64url>`: the prefix makes a leaked key
easy to grep for and tells its role at a glance; the key id (public, shown by `keys list`) finds
the record; the 256 random bits make the secret unguessable. It is stored as its SHA-256: a slow
hash (scrypt, bcrypt) protects low-entropy passwords from a stolen table, but nobody can search
2^256 secrets however fast the hash is, while every OTLP request pays for the check.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets

PREFIXES = {"ingest": "tp_ing", "viewer": "tp_view", "editor": "tp_edit", "admin": "tp_admin"}
_TOKEN = re.compile(r"^tp_(?:ing|view|edit|admin)_([0-9a-f]{12})_[A-Za-z0-9_-]{43}$")


def new_secret(role: str) -> tuple[str, str]:
    """(key id, secret) for a new key of `role`."""
    key_id = secrets.token_hex(6)
    return key_id, f"{PREFIXES[role]}_{key_id}_{secrets.token_urlsafe(32)}"


def key_id(token: str) -> str | None:
    """The key id a presented token names; None when it is not shaped like one of ours."""
    match = _TOKEN.match(token)
    return match[1] if match else None


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same(token: str, stored_digest: str) -> bool:
    """Constant-time: the presented token's hash against the stored one."""
    return hmac.compare_digest(digest(token).encode(), stored_digest.encode())
