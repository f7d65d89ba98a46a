"""The secret that lets a device change a game: random, stored only as a hash."""

import hashlib
import hmac
import secrets


def new_edit_key() -> str:
    """A fresh random key of 256 bits."""
    return secrets.token_urlsafe(32)


def hash_edit_key(key: str) -> str:
    """The stored form of a key."""
    return hashlib.sha256(key.encode()).hexdigest()


def edit_key_matches(key: str, stored_hash: str) -> bool:
    """Whether a key opens the game whose hash is stored, compared in constant time."""
    return hmac.compare_digest(hash_edit_key(key), stored_hash)
