"""One way for an activity to keep its state in the store: load, save, see another writer, restore.

The practice table, the Play page's game and a quiz run each keep what a person did in one store
document, written after every change, whose id the page's address holds: a reload, Back and
Forward, or the address opened in another tab or on another server finds it again. Three things
can go wrong, and each page must behave the same way for each, so they are decided here once:

- another tab or server wrote first (`VersionConflict`): what is stored is read back and shown,
  never a mix of both, and the page says so;
- the store fails (`StoreFault`, expiry, an unknown id): the session keeps its state unsaved, and
  the page says a reload would lose it;
- the stored data is not a state the activity accepts (an old format, a hand-edited row): it is
  refused as an unknown document, exactly as a bad link is.

Each activity's document section in `content/` words the four cases: `conflict`, `expired`,
`unknown`, `unreachable`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pickomino.i18n import Lang, t
from pickomino.store import (
    EXPIRY,
    Document,
    ExpiredDocument,
    Kind,
    Store,
    StoreError,
    UnknownDocument,
    VersionConflict,
)

T = TypeVar("T")

Held = tuple[str, int]
"""A document a session wrote or read: its id and the version its next update must name."""

REFUSED_DATA = (KeyError, TypeError, ValueError)
"""What a `decode` raises for data that is not a state it accepts (`CodedError` is a ValueError)."""


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """A state read from the store, and the document it was read from."""

    value: T
    held: Held


@dataclass(frozen=True)
class Saved(Generic[T]):
    """What a save leaves: the state to show, the document to write next, and what went wrong.

    `problem` is None when `value` was written; a `VersionConflict` when another writer came first
    and `value` is what it stored (now read back and held); any other `StoreError` when nothing
    could be written (or the other writer's state could not be read), `value` being the session's
    own, unsaved.
    """

    value: T
    held: Held | None
    problem: StoreError | None = None


class Kept(Generic[T]):
    """How one kind of activity state goes into store documents and comes back.

    `encode` turns a state into JSON data; `decode` turns stored data back into a state, raising
    one of `REFUSED_DATA` for data it does not accept. `section` is the content section wording the
    store's refusals for this activity (`quiz.saved`).
    """

    def __init__(
        self,
        kind: Kind,
        section: str,
        encode: Callable[[T], Mapping[str, Any]],
        decode: Callable[[Mapping[str, Any]], T],
    ) -> None:
        self.kind = kind
        self.section = section
        self._encode = encode
        self._decode = decode

    def load(self, store: Store, id: str) -> Loaded[T]:
        """The state stored under `id`; StoreError when it cannot be read or is not a state.

        Data the activity does not accept is refused as `UnknownDocument`, as a bad link is, so
        the page says the same thing for an id that never existed and one that holds nonsense.
        """
        document = store.read(self.kind, id)
        return Loaded(self.value(document), (document.id, document.version))

    def value(self, document: Document) -> T:
        """The state a document read holds (several read at once, say); UnknownDocument if none."""
        try:
            return self._decode(document.data)
        except REFUSED_DATA:
            raise UnknownDocument(self.kind, document.id) from None

    def save(self, store: Store, held: Held | None, value: T) -> Saved[T]:
        """Write `value`: create the document on the first save, else update the version held.

        Never raises a StoreError: what went wrong is in the result, with the state to show.
        """
        data = self._encode(value)
        try:
            if held is None:
                document = store.create(self.kind, data)
            else:
                document = store.update(self.kind, held[0], data, held[1])
        except VersionConflict as conflict:
            assert held is not None  # a document just created cannot conflict
            try:
                stored = self.load(store, held[0])
            except StoreError as error:  # the store failed meanwhile: the session's state stays
                return Saved(value, held, error)
            return Saved(stored.value, stored.held, conflict)
        except StoreError as error:
            return Saved(value, held, error)
        return Saved(value, (document.id, document.version))

    def words(self, problem: StoreError, lang: Lang) -> str:
        """What went wrong, in the reader's words; no id or URL is echoed."""
        if isinstance(problem, VersionConflict):
            return t(f"{self.section}.conflict", lang)
        if isinstance(problem, ExpiredDocument):
            return t(f"{self.section}.expired", lang, days=EXPIRY.days)
        if isinstance(problem, UnknownDocument):
            return t(f"{self.section}.unknown", lang)
        return t(f"{self.section}.unreachable", lang)
