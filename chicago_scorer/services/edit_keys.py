"""The secret that lets a device change a game: random, stored only as a hash."""

import base64
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


def key_after_rotation(old_key: str, rotation: str) -> str:
    """The key that the rotation named ``rotation`` gives a game whose key was ``old_key``.

    The same each time it is asked: a rotation sent again, its answer lost on the way,
    is known by the key it made, and gives that key again rather than locking out the
    one phone that asked. Making it takes the old key and the rotation's name, which
    must be one that no other holder of the old key can know or guess (the web shell
    signs the name a page or API client gives with the app's secret).
    """
    digest = hmac.new(old_key.encode(), b"rotation:" + rotation.encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()).rstrip(b"=").decode()
