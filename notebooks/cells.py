# The odds notebook's shared cells, in order: a template, not a module (ruff skips it; the built
# notebooks are linted and formatted instead). `# %% md NAME` puts the part NAME of
# content/<lang>/notebook.md there; `# %% code NAME` starts a code cell, shared by the three
# languages. In the code, T["key"] becomes the label `key` of that language as a string (an
# f-string when it holds {fields}), and L["key"] the label's text as it is (a dict literal, or a
# comment after `# `).
# `# %% code NAME [tags]` gives the cell tags. notebooks/build.py writes the notebooks.

# %% md intro
# %% code setup
# L["setup_comment"]
try:
    import plotly.graph_objects as go

    from pickomino.game import Move, Table, TakeOption
    from pickomino.i18n import number, percent
    from pickomino.lessons.pig import Pig, solve
    from pickomino.odds import analyse, bust_chance, end_valued
    from pickomino.rules import STANDARD, preset
    from pickomino.value import chance as chance_of_winning
    from pickomino.value import ended, endgame_tables, model, share
except ImportError:
    raise SystemExit(T["missing"]) from None

# %% code tools
import math
import random
from collections import Counter
from dataclasses import replace
from functools import cache
from itertools import product

LANG = T["lang"]  # the language of the printed lines and the figures
FACES = STANDARD.faces  # the six faces of a die: "1" to "5" and the worm "W"
BLUE, ORANGE, GREEN, PURPLE = "#0072B2", "#E69F00", "#009E73", "#CC79A7"  # colour-blind safe


def pct(chance: float, decimals: int = 1) -> str:
    """A chance as a percentage written the reader's way: 12.5% in English, 12,5 % in French."""
    return percent(chance, LANG, decimals)


def num(value: float, decimals: int = 2) -> str:
    """A number with the reader's decimal mark: 1.64 in English, 1,64 in French and Dutch."""
    return number(value, LANG, decimals)


def whole(value: int) -> str:
    """A whole number with the reader's thousands separator: 1,287 / 1 287 / 1.287."""
    return f"{value:,}".replace(",", {"en": ",", "fr": "\u202f", "nl": "."}[LANG])


def styled(figure: go.Figure, title: str, x: str, y: str) -> go.Figure:
    """One look for every figure: large type for a projector, a white background."""
    figure.update_layout(
        title=title,
        xaxis_title=x,
        yaxis_title=y,
        template="plotly_white",
        font_size=16,
        height=450,
        legend_title_text="",
        separators={"en": ".,", "fr": ",\u202f", "nl": ",."}[LANG],  # decimal mark, thousands
    )
    return figure


def percent_axis(figure: go.Figure, **more: object) -> None:
    """A y axis of chances in percent, every 10, written the reader's way (50 % in French)."""
    ticks = [tenth / 10 for tenth in range(11)]
    figure.update_yaxes(tickvals=ticks, ticktext=[pct(tick, 0) for tick in ticks], **more)


print(T["faces"])
print(T["points"])

# %% md s1
# %% code s1_formula
print(T["formula"])

# A real table: worms and fives set aside (five dice), three dice still in hand.
table = replace(Table.new(2, STANDARD), kept=("W", "W", "5", "5", "5"))
print(T["real_table"])

# %% md s1_sim
# %% code s1_simulate
ROLLS = 2000
dice = random.Random(2024)  # a fixed seed: the same "random" rolls every time the notebook runs


def table_with(kept_values: int, in_hand: int) -> Table:
    """A table with `kept_values` different values set aside and `in_hand` dice left to roll."""
    values = FACES[:kept_values]
    extra = STANDARD.dice - in_hand - kept_values  # more dice of the first value, to fill up
    return replace(Table.new(2, STANDARD), kept=values + (values[0],) * extra)


simulated = {}
for k in range(1, 6):
    for n in range(1, STANDARD.dice - k + 1):
        start = table_with(k, n)
        failed = 0
        for _ in range(ROLLS):
            after, _events = start.roll(rng=dice)
            # A failed roll passes the dice to the next player: no roll waits to be kept.
            failed += after.rolled is None
        simulated[k, n] = failed / ROLLS

# How far is each simulated rate from the formula, counted in "wobbles" (standard errors)?
wobbles = []
for (k, n), rate in simulated.items():
    p = bust_chance(n, k)
    rare = max(p, 1 / ROLLS)  # a very rare event still gets one roll's worth of wobble
    wobble = math.sqrt(rare * (1 - rare) / ROLLS)
    wobbles.append(abs(rate - p) / wobble)
print(T["largest_gap"])
assert max(wobbles) < 4.5, T["disagree"]

# %% code s1_figure
figure = go.Figure()
colours = [BLUE, ORANGE, GREEN, PURPLE, "#D55E00"]
for k, colour in zip(range(1, 6), colours, strict=True):
    ns = list(range(1, STANDARD.dice - k + 1))
    figure.add_scatter(
        x=ns,
        y=[bust_chance(n, k) for n in ns],
        mode="lines",
        line_color=colour,
        name=T["formula_name"],
    )
    figure.add_scatter(
        x=ns,
        y=[simulated[k, n] for n in ns],
        mode="markers",
        marker_color=colour,
        marker_symbol="circle-open",
        marker_size=12,
        name=T["rolls_name"],
    )
styled(figure, T["fail_title"], T["dice_in_hand"], T["chance"])
percent_axis(figure)
figure.show()

# %% md s1_see
# %% md ex1 [exercise]
# %% md ex1_answer [answer]
# %% code ex1_check [check]
assert bust_chance(2, 3) == 1 / 4  # 1.1: (3/6)^2
assert bust_chance(5, 4) > 0.10 > bust_chance(6, 4)  # L["ex1_six"]
in_hand = STANDARD.dice - 4  # L["ex1_four"]
assert bust_chance(in_hand, 4) > 0.19  # L["ex1_never"]
print(
    pct(bust_chance(2, 3)), pct(bust_chance(5, 4)), pct(bust_chance(6, 4)), pct(bust_chance(4, 4))
)

# %% md s2
# %% code s2_count
print(T["count_head"])
for n in range(1, 9):
    print(f"{n:2}   {whole(6**n):>11}   {whole(math.comb(n + 5, 5)):>17}")

# %% code s2_figure
ns = list(range(1, 9))
figure = go.Figure()
figure.add_bar(x=ns, y=[6**n for n in ns], name=T["ordered_name"], marker_color=ORANGE)
figure.add_bar(
    x=ns,
    y=[math.comb(n + 5, 5) for n in ns],
    name=T["seen_name"],
    marker_color=BLUE,
    marker_pattern_shape="/",
)
styled(figure, T["count_title"], T["dice"], T["how_many"])
figure.update_yaxes(type="log")
figure.show()


# %% md s2_see
# %% md s2_multinomial
# %% code s2_ways
def ways(roll: tuple[str, ...]) -> int:
    """How many ordered results show this roll: n! divided by c! for the count c of each face."""
    result = math.factorial(len(roll))
    for count in Counter(roll).values():
        result //= math.factorial(count)
    return result


example = ("W", "W", "W", "5", "5", "5", "2", "1")
print(T["ways_line"])

# Check both formulas on 4 dice by listing every one of the 6^4 = 1296 ordered results.
seen = Counter(tuple(sorted(result)) for result in product(FACES, repeat=4))
assert len(seen) == math.comb(4 + 5, 5)  # 126 rolls you can see
assert all(count == ways(roll) for roll, count in seen.items())
print(T["four_dice"])

# %% md s2_worms
# %% code s2_worms_figure
worms = list(range(9))
chance = [math.comb(8, w) * (1 / 6) ** w * (5 / 6) ** (8 - w) for w in worms]
labels = [pct(p) for p in chance]
figure = go.Figure(go.Bar(x=worms, y=chance, marker_color=GREEN, text=labels, textangle=0))
styled(figure, T["worms_title"], T["worm_count"], T["chance"])
percent_axis(figure)
figure.show()
print(T["no_worm"])

# %% md s2_worms_see
# %% md ex2 [exercise]
# %% md ex2_answer [answer]
# %% code ex2_check [check]
three = list(product(FACES, repeat=3))
assert len(three) == 216 and len({tuple(sorted(roll)) for roll in three}) == 56  # 2.1
assert ways(("3", "5")) / 6**2 == 2 / 36 and ways(("5", "5")) / 6**2 == 1 / 36  # 2.2
print(whole(len(three)), whole(math.comb(3 + 5, 5)), pct(2 / 36), pct(1 / 36))


# %% md s3
# %% code s3_small
@cache
def best_chance(in_hand: int, kept: frozenset[str], points: int, goal: int) -> float:
    """Best chance to finish with a worm and at least `goal` points (3-dice game)."""
    if "W" in kept and points >= goal:
        return 1.0  # stop now: the goal is reached
    if in_hand == 0:
        return 0.0  # no die left and the goal is not reached
    total = 0.0
    for roll in product(FACES, repeat=in_hand):  # every ordered roll, each as likely
        new_values = set(roll) - kept
        if new_values:  # otherwise the roll fails and adds 0
            total += max(
                best_chance(
                    in_hand - roll.count(face),
                    kept | {face},
                    points + roll.count(face) * STANDARD.value(face),
                    goal,
                )
                for face in new_values
            )
    return total / 6**in_hand  # the average over all rolls


THREE_DICE = replace(
    STANDARD,
    name="three-dice",
    dice=3,
    tiles=tuple(range(8, 16)),
    tile_worms=(1, 1, 2, 2, 3, 3, 4, 4),
)
package = analyse(Table.new(2, THREE_DICE)).outlook.at_least  # the package, on the same game
print(T["small_head"])
for goal, theirs in zip(THREE_DICE.tiles, package, strict=True):
    ours = best_chance(3, frozenset(), 0, goal)
    print(f"{goal:4}   {num(ours, 6):>19}   {num(theirs, 6):>11}")
    assert abs(ours - theirs) < 1e-12

# %% code s3_figure
goals = list(THREE_DICE.tiles)
figure = go.Figure()
figure.add_bar(x=goals, y=package, name=T["package_name"], marker_color=BLUE)
figure.add_scatter(
    x=goals,
    y=[best_chance(3, frozenset(), 0, goal) for goal in goals],
    mode="markers",
    marker_symbol="diamond",
    marker_size=14,
    marker_color=ORANGE,
    name=T["ours_name"],
)
styled(figure, T["small_title"], T["goal"], T["chance"])
percent_axis(figure)
figure.show()

# %% md s3_see
# %% code s3_real
MOVE_NAMES = L["move_names"]


def name_of(move: Move) -> str:
    """A move in words: take tile 25, roll again, stop."""
    return T["take_tile"] if move.kind == "take" else MOVE_NAMES[move.kind]


table = replace(Table.new(2, STANDARD), kept=("W", "W", "5", "5", "5"))
for choice in analyse(table).choices:
    name = name_of(choice.move)
    print(T["choice_line"])

# %% md s3_published
# %% code s3_published_check
# Published best chances (in %) of ending the turn with a worm and at least / exactly each total.
# fmt: off
PUBLISHED_AT_LEAST = [
    89.303, 85.560, 80.774, 74.837, 68.033, 60.699, 52.476, 43.542,
    34.629, 26.379, 19.401, 13.581, 8.678, 5.262, 2.891, 1.568,
]
PUBLISHED_EXACTLY = [
    43.960, 41.331, 41.608, 37.506, 33.648, 28.414, 24.776, 22.148,
    17.679, 13.564, 9.791, 7.234, 5.081, 3.118, 1.699, 0.924,
]
# fmt: on
PUBLISHED_WORMS = 1.6447  # worms won on average, playing for the most worms

fresh = analyse(Table.new(2, STANDARD)).outlook
print(T["published_head"])
for tile, ours, theirs, ours_x, theirs_x in zip(
    STANDARD.tiles,
    fresh.at_least,
    PUBLISHED_AT_LEAST,
    fresh.exactly,
    PUBLISHED_EXACTLY,
    strict=True,
):
    print(
        f"{tile:4}   {num(100 * ours, 3):>17}   {num(theirs, 3):>9}   "
        f"{num(100 * ours_x, 3):>16}   {num(theirs_x, 3):>9}"
    )
    assert round(100 * ours, 3) == theirs and round(100 * ours_x, 3) == theirs_x
print(T["worms_line"])
assert round(fresh.expected_worms, 4) == PUBLISHED_WORMS

# %% code s3_published_figure
tiles = [str(tile) for tile in STANDARD.tiles]
figure = go.Figure()
figure.add_bar(x=tiles, y=fresh.at_least, name=T["at_least_name"], marker_color=BLUE)
figure.add_bar(
    x=tiles,
    y=fresh.exactly,
    name=T["exactly_name"],
    marker_color=ORANGE,
    marker_pattern_shape="/",
)
figure.add_scatter(
    x=tiles + tiles,
    y=[p / 100 for p in PUBLISHED_AT_LEAST + PUBLISHED_EXACTLY],
    mode="markers",
    marker_symbol="line-ew-open",
    marker_size=18,
    marker_color="black",
    name=T["published_name"],
)
styled(figure, T["first_turn_title"], T["tile"], T["chance"])
percent_axis(figure)
figure.show()

# %% md s3_published_see
# %% code s3_worms_figure
gains = [gain for gain, _ in fresh.worm_distribution]
chances = [p for _, p in fresh.worm_distribution]
labels = [pct(p) for p in chances]
figure = go.Figure(go.Bar(x=gains, y=chances, marker_color=GREEN, text=labels, textangle=0))
styled(figure, T["won_title"], T["worms_won"], T["chance"])
percent_axis(figure)
figure.update_xaxes(dtick=1)
figure.show()
print(T["average"])

# %% md s3_worms_see
# %% md ex3 [exercise]
# %% md ex3_answer [answer]
# %% code ex3_check [check]
assert best_chance(1, frozenset({"W"}), 10, 13) == 1 / 2  # L["ex3_one"]
assert best_chance(1, frozenset({"5"}), 10, 12) == 1 / 6  # L["ex3_two"]
print(pct(best_chance(1, frozenset({"W"}), 10, 13)), pct(best_chance(1, frozenset({"5"}), 10, 12)))

# %% md s4
# %% code s4_q1
table, _events = Table.new(2, STANDARD).roll(["W", "W", "W", "5", "5", "5", "2", "1"])
# For each value the roll shows: the best chance of a tile this turn after setting it aside.
after_keep = analyse(table).keep_success
FACE_NAMES = L["face_names"]
for face, chance in after_keep.items():
    print(T["keep_line"])
assert after_keep["W"] > after_keep["5"]

figure = go.Figure(
    go.Bar(
        x=[FACE_NAMES[face] for face in after_keep],
        y=list(after_keep.values()),
        marker_color=[GREEN if face == "W" else BLUE for face in after_keep],
        text=[pct(p) for p in after_keep.values()],
        textangle=0,
    )
)
styled(figure, T["keep_title"], T["set_aside"], T["chance"])
percent_axis(figure, range=[0, 1])
figure.show()

# %% md s4_q1_answer
# %% code s4_q2
order = ["W", "5", "4", "3", "2", "1"]
series = {}
for per_value in (1, 2):
    points = []
    for k in range(1, 7):
        kept = tuple(face for face in order[:k] for _ in range(per_value))
        if len(kept) >= STANDARD.dice:  # no die would be left to roll
            break
        analysis = analyse(replace(Table.new(2, STANDARD), kept=kept))
        points.append((k, analysis.success, analysis.bust, "".join(kept)))
    series[per_value] = points

DICE_PER_VALUE = L["per_value"]
for per_value, points in series.items():
    print(T["keeping"])
    for k, success, bust, kept in points:
        print(T["kept_line"])
one_die = [success for _, success, _, _ in series[1]]
assert one_die == sorted(one_die, reverse=True)  # it only ever goes down

figure = go.Figure()
for per_value, colour, dash in ((1, ORANGE, "solid"), (2, BLUE, "dash")):
    ks = [k for k, *_ in series[per_value]]
    figure.add_scatter(
        x=ks,
        y=[success for _, success, _, _ in series[per_value]],
        mode="lines+markers",
        line_color=colour,
        line_dash=dash,
        name=T["tile_name"],
    )
    figure.add_scatter(
        x=ks,
        y=[bust for _, _, bust, _ in series[per_value]],
        mode="lines+markers",
        line_color=colour,
        line_dash="dot",
        marker_symbol="x",
        name=T["fails_name"],
    )
styled(figure, T["more_values_title"], T["values_set_aside"], T["chance"])
percent_axis(figure)
figure.show()

# %% md s4_q2_answer
# %% code s4_q3
i30 = STANDARD.tiles.index(30)
others = tuple(tile for tile in STANDARD.tiles if tile != 30)
target = replace(Table.new(2, STANDARD), middle=others, stacks=((), (30,)))
with_steals = analyse(target).outlook
without_steals = analyse(replace(target, rules=preset("no-steal"))).outlook

hit = with_steals.exactly[i30]
gap, gap_without = with_steals.expected_swing, without_steals.expected_swing
print(T["hit_line"])
print(T["gap_line"])
print(T["gap_without_line"])
print(T["worth_line"])
assert gap > gap_without

# %% md s4_q3_answer
# %% code s4_q3_all
worth = []
for tile in STANDARD.tiles:
    board = replace(
        Table.new(2, STANDARD),
        middle=tuple(t for t in STANDARD.tiles if t != tile),
        stacks=((), (tile,)),
    )
    steal = analyse(board).outlook.expected_swing
    no_steal = analyse(replace(board, rules=preset("no-steal"))).outlook.expected_swing
    worth.append(steal - no_steal)

figure = go.Figure(
    go.Bar(
        x=[str(tile) for tile in STANDARD.tiles],
        y=worth,
        marker_color=PURPLE,
        text=[num(w) for w in worth],
        textposition="outside",
        textangle=0,
    )
)
styled(figure, T["worth_title"], T["top_tile"], T["worms"])
figure.show()
best = STANDARD.tiles[worth.index(max(worth))]
print(T["most_valuable"])
for first in (25, 29, 33):  # the first tile with one more worm is worth more than the one before
    assert worth[STANDARD.tiles.index(first)] > worth[STANDARD.tiles.index(first - 1)]

# %% md s4_q3_see
# %% md s4_best
# %% code s4_steal
table = replace(
    Table.new(2, STANDARD),
    middle=tuple(t for t in STANDARD.tiles if t != 27),
    stacks=((), (27,)),
    kept=("W", "W", "W", "5", "5", "2"),
)
analysis = analyse(table)
for choice in analysis.choices:
    name = name_of(choice.move)
    print(T["swing_line"])
print(T["best_move"])
roll = analysis.choice(Move("roll")).outlook
best = analysis.recommended
assert best.move == Move("take", tile=27)  # the steal: 2 worms for you, 2 fewer for them
assert roll.expected_worms > best.outlook.expected_worms  # though rolling brings more worms
assert best.outlook.expected_swing > roll.expected_swing

# %% md ex4 [exercise]
# %% md ex4_answer [answer]
# %% code ex4_check [check]
table, _events = Table.new(2, STANDARD).roll(["W", "W", "5", "5", "5", "5", "2", "1"])
after_keep = analyse(table).keep_success
assert after_keep["W"] > 0.94 and 0.78 < after_keep["5"] < 0.80  # L["ex4_one"]
print(pct(after_keep["W"]), pct(after_keep["5"]))


# %% md s5
# %% code s5_endgame
def endgame(middle: tuple[int, ...], yours: tuple[int, ...], theirs: tuple[int, ...]) -> Table:
    """A two-player table at the start of your turn: these tiles in the middle and the stacks."""
    placed = {*middle, *yours, *theirs}
    down = tuple(tile for tile in STANDARD.tiles if tile not in placed)
    return replace(Table.new(2, STANDARD), middle=middle, face_down=down, stacks=(yours, theirs))


last = endgame((21,), (), (22,))
exact = chance_of_winning(last, 0)
print(T["exact_line"])
print(T["model_line"])
assert 0.25 < exact < 0.35 < model().chance(last, 0)  # the model, fitted on whole games, misses it
for players in (2, 3, 4):
    print(T["start_line"])

# %% md s5_see
# %% md ex5 [exercise]
# %% md ex5_answer [answer]
# %% code ex5_check [check]
mine = endgame((21,), (22,), ())
assert 0.9 < chance_of_winning(mine, 0) < 0.95  # L["ex5_one"]
print(pct(chance_of_winning(mine, 0)))


# %% md s6
# %% code s6_small
def pig_chances(goal: int) -> dict[tuple[int, int, int], float]:
    """P(i, j, k) for every state of Pig played to `goal`, both players playing to win."""
    # Highest score sum and turn total first: what a state needs is then mostly known already.
    states = sorted(
        ((i, j, k) for i in range(goal) for j in range(goal) for k in range(goal - i)),
        key=lambda state: (state[0] + state[1], state[2]),
        reverse=True,
    )
    chances = dict.fromkeys(states, 0.5)  # a first guess: 1/2 everywhere

    def p(i: int, j: int, k: int) -> float:
        """The chance at (i, j, k): 1 once i + k reaches the goal (hold and win)."""
        return 1.0 if i + k >= goal else chances[i, j, k]

    while True:
        change = 0.0
        for i, j, k in states:
            roll = (1 - p(j, i, 0) + sum(p(i, j, k + r) for r in range(2, 7))) / 6
            hold = 1 - p(j, i + k, 0)
            new = max(roll, hold)
            change = max(change, abs(new - chances[i, j, k]))
            chances[i, j, k] = new
        if change < 1e-12:  # nothing moves any more
            return chances


SMALL = 20
small = pig_chances(SMALL)
arrays = solve(Pig(goal=SMALL))  # the same equations, on numpy arrays
print(T["pig_small"])
assert all(abs(value - arrays.first[state]) < 1e-9 for state, value in small.items())

# %% md s6_published
# %% code s6_published_check
both = solve(Pig())  # both play to win
reply = solve(Pig(), None, 20)  # playing to win against "hold at 20"
mixed = solve(Pig(), both.first_holds, 20)  # the both-optimal strategy against "hold at 20"
print(T["pig_rounds"])
print(T["pig_both"])
print(T["pig_reply"])
print(T["pig_hold"])
print(T["pig_coin"])
print(T["pig_mixed"])
# Published by Neller and Presser (2004), to the digits they give.
assert round(both.starting, 6) == 0.530593
assert round(reply.starting, 6) == 0.587368
assert round(reply.second_starting, 6) == 0.477618
assert round(reply.coin, 4) == 0.5549
assert round(mixed.starting, 4) == 0.5715 and round(1 - mixed.second_starting, 4) == 0.5083
assert round(mixed.coin, 4) == 0.5399

# %% md s6_boundary
# %% code s6_boundary_figure
scores = list(range(100))
figure = go.Figure()
for opponent, colour in zip((0, 30, 60, 90), (BLUE, ORANGE, GREEN, PURPLE), strict=True):
    figure.add_scatter(
        x=scores,
        y=both.hold_boundary(opponent),
        mode="lines",
        line_shape="hv",
        line_color=colour,
        name=T["opponent_name"],
    )
figure.add_scatter(
    x=scores,
    y=[20] * len(scores),
    mode="lines",
    line_color="black",
    line_dash="dot",
    name=T["hold_20_name"],
)
styled(figure, T["boundary_title"], T["own_score"], T["turn_total"])
figure.show()
print(T["start_boundary"])

# %% md s6_boundary_see
# %% md s6_pickomino
# %% code s6_endgame
start = endgame((22,), (21,), (25,))
tables = endgame_tables(start)  # every table where a turn starts, until the game ends
values = dict.fromkeys(tables, 0.5)  # a first guess: 1/2 everywhere


def turn(state: Table) -> float:
    """The best turn for the player to move, each way it can end valued by the table it leads to."""

    def worth(option: TakeOption | None) -> tuple[float]:
        """A tile taken (from the middle or a steal), or None: the turn fails."""
        after = ended(state, option)
        return (share(after, state.current) if after.over else 1 - values[after],)

    return max(vector[0] for _, vector in end_valued(state, worth))


rounds = 0
change = 1.0
while change >= 1e-12:
    rounds += 1
    change = 0.0
    for state in tables:
        new = turn(state)
        change = max(change, abs(new - values[state]))
        values[state] = new
print(T["endgame_rounds"])
assert all(abs(values[state] - chance_of_winning(state, state.current)) < 1e-9 for state in tables)


# %% code s6_tables_figure
def tiles(stack: tuple[int, ...]) -> str:
    """Tiles as a pupil writes them: 21 25, or a dash for none."""
    return " ".join(map(str, stack)) or "-"


WHO = L["who"]
letters = "ABCDEFGHIJKLMNOPQRSTUVWX"[: len(tables)]
exact_chances = [chance_of_winning(state, 0) for state in tables]  # your chance, at each table
guessed = [model().chance(state, 0) for state in tables]
print(T["tables_head"])
for letter, state, ours, theirs in zip(letters, tables, exact_chances, guessed, strict=True):
    middle, yours, opponents = tiles(state.middle), tiles(state.stacks[0]), tiles(state.stacks[1])
    print(T["table_line"])

figure = go.Figure()
figure.add_bar(x=list(letters), y=exact_chances, name=T["exact_name"], marker_color=BLUE)
figure.add_bar(
    x=list(letters), y=guessed, name=T["model_name"], marker_color=ORANGE, marker_pattern_shape="/"
)
styled(figure, T["tables_title"], T["table_name"], T["your_chance"])
percent_axis(figure, range=[0, 1])
figure.show()
gaps = [abs(ours - theirs) for ours, theirs in zip(exact_chances, guessed, strict=True)]
print(T["largest_model_gap"])
assert gaps[0] > 0.1  # the model misses the start by more than 10 points

# %% md s6_tables_see
# %% md ex6 [exercise]
# %% md ex6_answer [answer]
# %% code ex6_check [check]
rivals = solve(Pig(), 25, 20)
assert 0.5 < rivals.coin < 0.52  # L["ex6_one"]
harder = solve(Pig(busts=2))
assert 0.5 < harder.starting < both.starting  # L["ex6_two"]
assert harder.hold_boundary(0)[0] == 10  # L["ex6_ten"]
print(pct(rivals.coin), pct(rivals.starting), pct(rivals.second_starting))
print(pct(harder.starting), harder.hold_boundary(0)[0])

# %% md try
