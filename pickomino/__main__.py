"""Command line: `python -m pickomino replay FILE|-` and the other subcommands (`quiz` included).

Every subcommand reads a scenario the same way and fails the same way (exit 2, nothing on stdout,
one line on stderr), so scripts can tell a bad table from a good answer.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from pickomino.bots import BOTS, MAX_GAMES, TournamentError, tournament
from pickomino.game import Table
from pickomino.i18n import LANGS, is_lang
from pickomino.lessons.quiz import KINDS, MAX_COUNT, QuizError, quiz_json, read_setup
from pickomino.odds import Analysis, Choice, NoOdds, Outlook, analyse
from pickomino.review import Review, review
from pickomino.rules import Rules, preset
from pickomino.scenario import Scenario, ScenarioError, action_json, dump, face_json
from pickomino.share import read_file

EXIT_INVALID = 2


def read_scenario(source: str) -> Scenario:
    """Parse the scenario in file `source`, or standard input for `-`, as an upload is read."""
    try:
        if source == "-":
            return read_file(sys.stdin.buffer, "standard input")
        with open(source, "rb") as handle:
            return read_file(handle, source)
    except OSError as error:
        raise ScenarioError(
            "unreadable", f"cannot read {source}: {error.strerror}", path=source
        ) from None


def replayed(source: str) -> Table:
    """The table reached by replaying the scenario in `source`."""
    table, _ = read_scenario(source).replay()
    return table


def _replay(args: argparse.Namespace) -> dict[str, Any]:
    return dump(replayed(args.file))


def _odds(args: argparse.Namespace) -> dict[str, Any]:
    table = replayed(args.file)
    try:
        analysis = analyse(table)
    except NoOdds as error:
        raise ScenarioError("game_over", f"no odds to compute: {error}") from None
    return odds_json(analysis)


def _outlook_json(outlook: Outlook, tiles: tuple[int, ...]) -> dict[str, Any]:
    return {
        "success": outlook.success,
        "at_least": {str(t): p for t, p in zip(tiles, outlook.at_least, strict=True)},
        "exactly": {str(t): p for t, p in zip(tiles, outlook.exactly, strict=True)},
        "expected_worms": outlook.expected_worms,
        "expected_swing": outlook.expected_swing,
        "worm_distribution": {str(g): p for g, p in outlook.worm_distribution},
    }


def _choice_json(choice: Choice, tiles: tuple[int, ...]) -> dict[str, Any]:
    move = choice.move
    found: dict[str, Any] = {"action": move.kind}
    if move.kind == "keep":
        found["face"] = face_json(move.face)
    if move.kind == "take":
        found["tile"] = move.tile
        found["source"] = choice.source
    return found | _outlook_json(choice.outlook, tiles)


def odds_json(analysis: Analysis) -> dict[str, Any]:
    """The analysis as the JSON object `python -m pickomino odds` prints (keys in docs/cli.md)."""
    recommended = analysis.recommended
    return {
        "phase": analysis.phase,
        "bust": analysis.bust,
        **_outlook_json(analysis.outlook, analysis.tiles),
        "keep_success": analysis.keep_success,
        "recommendation": _choice_json(recommended, analysis.tiles),
        "choices": [_choice_json(choice, analysis.tiles) for choice in analysis.choices],
    }


def _review(args: argparse.Namespace) -> dict[str, Any]:
    return review_json(review(read_scenario(args.file)))


def _graded_json(choice: Choice) -> dict[str, Any]:
    """A reviewed move: its action as the scenario format writes it, and its three figures."""
    outlook = choice.outlook
    return action_json(choice.move) | {
        "expected_swing": outlook.expected_swing,
        "expected_worms": outlook.expected_worms,
        "success": outlook.success,
    }


def review_json(graded: Review) -> dict[str, Any]:
    """The review as the JSON object `python -m pickomino review` prints (keys in docs/coach.md)."""
    return {
        "decisions": [
            {
                "seat": decision.seat,
                "turn": decision.turn,
                "index": decision.index,
                "phase": decision.phase,
                "played": _graded_json(decision.played),
                "best": _graded_json(decision.best),
                "cost": decision.cost,
                "label": decision.label,
            }
            for decision in graded.decisions
        ],
        "seats": [
            {
                "seat": seat.seat,
                "name": seat.name,
                "decisions": len(seat.decisions),
                "labels": seat.counts,
                "total_cost": seat.total_cost,
                "mean_cost": seat.mean_cost,
                "accuracy": seat.accuracy,
            }
            for seat in graded.seats
        ],
    }


PROGRESS_SECONDS = 10.0
"""How often a long tournament says how far it has got; a run shorter than this says nothing."""


def _progress(games: int) -> Callable[[int], None]:
    """A line on stderr at most every `PROGRESS_SECONDS`: games played, their share, time left.

    Standard output stays the one JSON object a script reads; a run of an hour is seen to go on.
    """
    start = last = time.monotonic()

    def told(done: int) -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= PROGRESS_SECONDS and done < games:
            left = (now - start) / done * (games - done)
            print(
                f"tournament: {done:,} of {games:,} games played ({done / games:.0%}), "
                f"about {left:.0f} s left",
                file=sys.stderr,
                flush=True,
            )
            last = now

    return told


def _tournament(args: argparse.Namespace) -> dict[str, Any]:
    names = [name.strip() for name in args.players.split(",")]
    return tournament(names, args.games, args.seed, _preset(args.rules), _progress(args.games))


def _quiz(args: argparse.Namespace) -> dict[str, Any]:
    lang = args.lang
    if not is_lang(lang):
        raise QuizError(
            "bad_lang",
            f"unknown language {lang!r} (known: {', '.join(LANGS)})",
            lang=lang[:20],
            known=", ".join(LANGS),
        )
    try:
        count = None if args.count is None else str(args.count)
        return quiz_json(read_setup(args.code, args.level, count), lang)
    except FileNotFoundError as error:  # an installed wheel holds no content/ (docs/package.md)
        raise QuizError(
            "no_content", f"the quiz texts are missing: {error.filename}", path=error.filename
        ) from None


def _preset(name: str) -> Rules:
    """The rules preset `name`, with the same one-line failure as a bad scenario."""
    try:
        return preset(name)
    except ValueError as error:
        raise TournamentError("unknown_rules", str(error), name=name[:40]) from None


class _Parser(argparse.ArgumentParser):
    """An argument parser that fails like a bad scenario: one line on stderr and exit 2.

    argparse's own failure prints a usage block first; a script reading stderr would then have to
    tell a mistyped option from a bad table by its shape. Subcommand parsers inherit this class.
    """

    def error(self, message: str) -> NoReturn:
        """Print `message` on one line naming the command, and exit with EXIT_INVALID."""
        self.exit(EXIT_INVALID, f"error: {message} (see: {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser; each subcommand sets `run` to a function returning a JSON object."""
    parser = _Parser(prog="python -m pickomino", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay a scenario and print the table as JSON")
    replay.add_argument("file", help="scenario JSON file, or - for standard input")
    replay.set_defaults(run=_replay)
    odds = commands.add_parser("odds", help="replay a scenario and print the odds at that point")
    odds.add_argument("file", help="scenario JSON file, or - for standard input")
    odds.set_defaults(run=_odds)
    coach = commands.add_parser("review", help="grade every decision of a game record, as JSON")
    coach.add_argument("file", help="game record (scenario JSON) file, or - for standard input")
    coach.set_defaults(run=_review)
    games = commands.add_parser("tournament", help="play seeded bot games, print the results")
    games.add_argument(
        "--games",
        type=int,
        default=100,
        help=f"number of games, 1 to {MAX_GAMES:,} (default 100); progress on stderr every "
        f"{PROGRESS_SECONDS:.0f} s",
    )
    games.add_argument("--seed", type=int, default=0, help="seed of the dice (default 0)")
    games.add_argument(
        "--players",
        default="expert,cautious",
        help="comma-separated bots, one per seat: " + ", ".join(BOTS),
    )
    games.add_argument("--rules", default="standard", help="rules preset (default standard)")
    games.set_defaults(run=_tournament)
    quiz = commands.add_parser("quiz", help="print the questions of a class quiz as JSON")
    quiz.add_argument(
        "--code",
        required=True,
        help="the class code: 1-20 letters, digits, hyphens, then maybe its quiz (K7QM-E5)",
    )
    quiz.add_argument(
        "--count",
        type=int,
        help=f"number of questions, 1 to {MAX_COUNT} (default: the code's, else 10)",
    )
    quiz.add_argument("--level", help=f"{' or '.join(KINDS)} (default: the code's, else first)")
    quiz.add_argument("--lang", default="en", help=f"{', '.join(LANGS)} (default en)")
    quiz.set_defaults(run=_quiz)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; print its JSON on success, one line on stderr and exit 2 on bad input."""
    args = build_parser().parse_args(argv)
    run: Callable[[argparse.Namespace], dict[str, Any]] = args.run
    try:
        result = run(args)
    except (ScenarioError, TournamentError, QuizError) as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_INVALID
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
