"""The one family of refusals every layer raises: a code, its details and an English sentence.

The engine, the formats, the odds, the bots, the games' histories and the classroom all refuse bad
input with a `CodedError` subclass; each class names the section of `content/*/ui.toml` that words
its codes (`section`), so a page puts any refusal in the reader's language from the code and its
`params`, and the command line prints the English message. A `ValueError` too, so a caller that
catches `ValueError` keeps working. Imports nothing, so every layer may import it.
"""

from __future__ import annotations

from typing import ClassVar


class CodedError(ValueError):
    """A refusal the app can put in the reader's language.

    `code` names what is wrong and `params` its details, which the app looks up in its content
    under `section`; the message is the English sentence the command line prints.
    """

    section: ClassVar[str] = "errors.refused"

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params

    @property
    def key(self) -> str:
        """The content key wording this refusal."""
        return f"{self.section}.{self.code}"
