"""Everything the store refuses, one family under `StoreError`, each carrying what a page needs.

A page catches `StoreError` and words the subclass it got from `content/` (`activities.kept` does
it for an activity's state): none of these messages is shown as it is, and `StoreFault`'s names no
path or URL of the server.
"""

from __future__ import annotations

from datetime import datetime

from pickomino.store.schema import EXPIRY, MAX_BYTES, SCHEMA_VERSION, Kind


class StoreError(Exception):
    """Anything the store refuses; the subclasses carry what the UI needs to word it."""


class UnknownDocument(StoreError):
    """No document of this kind has this id (never had, or expired long ago)."""

    def __init__(self, kind: Kind, id: str) -> None:
        super().__init__(f"no {kind} is stored under the id {id!r}")
        self.kind = kind
        self.id = id


class ExpiredDocument(StoreError):
    """The document existed but was neither written nor touched for `EXPIRY`: its data is gone."""

    def __init__(self, kind: Kind, id: str, expired: datetime) -> None:
        super().__init__(
            f"the {kind} stored under the id {id!r} expired on {expired:%Y-%m-%d %H:%M} UTC, "
            f"{EXPIRY.days} days after its last write"
        )
        self.kind = kind
        self.id = id
        self.expired = expired


class VersionConflict(StoreError):
    """Another writer changed the document after the version this update was made on."""

    def __init__(self, kind: Kind, id: str, version: int, current: int) -> None:
        super().__init__(
            f"the {kind} {id!r} was changed by another writer: this change was made on version "
            f"{version}, it is now at version {current}; read it again and redo the change"
        )
        self.kind = kind
        self.id = id
        self.version = version
        self.current = current


class DocumentTooLarge(StoreError):
    """The document's JSON is over `MAX_BYTES`."""

    def __init__(self, kind: Kind, size: int) -> None:
        super().__init__(
            f"a {kind} of {size:,} bytes of JSON is over the store's limit of {MAX_BYTES:,} bytes"
        )
        self.kind = kind
        self.size = size


class SchemaTooNew(StoreError):
    """The database was migrated by a newer version of the app than this one."""

    def __init__(self, found: int) -> None:
        super().__init__(
            f"the store's schema is at version {found}, newer than the {SCHEMA_VERSION} this "
            "version of the app knows: run the newer app, or give this one another database"
        )
        self.found = found


class BadStoreUrl(StoreError):
    """A store URL that names no backend this module has."""

    def __init__(self, url: str) -> None:
        super().__init__(
            f"store URL {url!r} is neither sqlite:///PATH nor postgresql://USER:PASSWORD@HOST/DB"
        )
        self.url = url


class StoreFault(StoreError):
    """The database or its files failed: the store could not do what was asked, just now.

    Every error of the database driver or the file system becomes this, with the error's kind but
    not its message (which may hold a path or a host), so that whatever shows it names no place on
    the server. Nothing was written; the same call may work once the database is back.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(f"the store's database failed ({reason}); try again later")
        self.reason = reason


class Unreachable(StoreFault):
    """The PostgreSQL server named by the URL did not answer."""

    def __init__(self, where: str, seconds: float) -> None:
        StoreError.__init__(
            self, f"could not connect to the PostgreSQL at {where} within {seconds:g} s"
        )
        self.reason = "unreachable"
        self.where = where


class RoomCodeTaken(StoreError):
    """An open room already has this code (the caller draws another)."""

    def __init__(self, code: str) -> None:
        super().__init__(f"a room already has the code {code!r}")
        self.code = code
