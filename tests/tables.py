"""The tests' tables, written as scenario keys the way teachers and scenario files write them."""

from __future__ import annotations

from typing import Any

from pickomino.game import Table
from pickomino.rules import preset
from pickomino.scenario import parse


def table(**keys: Any) -> Table:
    """The table of scenario `keys`, two players unless `players` says otherwise.

    When `middle` is given without `face_down`, the tiles in neither `middle` nor a stack are face
    down, so a test names only the tiles it is about.
    """
    if "middle" in keys and "face_down" not in keys:
        rules = preset(keys.get("rules", "standard"))
        placed = {*keys["middle"], *(tile for stack in keys.get("stacks", []) for tile in stack)}
        keys["face_down"] = [tile for tile in rules.tiles if tile not in placed]
    return parse({"players": 2, **keys}).table
