"""The engine's and the formats' refusals in the reader's language, from their codes.

Every layer that takes a move or a table from a person (the activities, the pages, a link) says
why it refused it here, so a refusal reads the same wherever it is met.
"""

from __future__ import annotations

from pickomino.echo import echoed
from pickomino.game import IllegalMove
from pickomino.i18n import Lang, t
from pickomino.narrate import face_name
from pickomino.scenario import ScenarioError


def refusal(error: IllegalMove, lang: Lang) -> str:
    """The engine's refusal in the reader's language, from its code and numbers."""
    params = dict(error.params)
    face = params.get("face")
    if isinstance(face, str):
        params["face"] = face_name(face, lang)
    return t(f"errors.engine.{error.code}", lang, **params)


def scenario_refusal(error: ScenarioError, lang: Lang) -> str:
    """A table that cannot be read (a link, a teacher's edit) in the reader's language.

    The names and values it quotes come from the URL, so their Markdown is escaped: a crafted link
    must not put a link or formatting into the message.
    """
    params: dict[str, object] = {
        key: echoed(value) if isinstance(value, str) else value
        for key, value in error.params.items()
        if key != "refusal"
    }
    cause = error.params.get("refusal")
    if isinstance(cause, IllegalMove):
        params["reason"] = refusal(cause, lang)
    return t(f"errors.scenario.{error.code}", lang, **params)
