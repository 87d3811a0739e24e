"""Develop Weapons in Revised with LHTR 2.0 (003 = 003_5fe4f41a8371e910.txt, Phase 1)."""

from __future__ import annotations

import pytest

import maps
from engine import Done, GameState, RuleSet, apply, new_game
from engine.dice import FixedDice, NoDice
from engine.errors import IllegalCommandError, NotationError, OutOfTurnError
from engine.ids import PowerId
from engine.notation import format_command, parse_command

SOVIET = PowerId("soviet_union")


@pytest.fixture(scope="module")
def lhtr() -> RuleSet:
    return maps.load_ruleset("revised-lhtr", unplayable=True)


def _research(state: GameState, line: str, faces: list[int]) -> tuple[GameState, FixedDice]:
    dice = FixedDice(faces)
    return apply(state, parse_command(line, state), dice).state, dice


def _done_until(state: GameState, phase: str) -> GameState:
    while state.phase != phase:
        state = apply(state, Done(), NoDice()).state
    return state


def test_the_turn_opens_with_develop_weapons(lhtr: RuleSet) -> None:
    """003, Turn Sequence: "1. Develop weapons 2. Purchase units ..."; the state names the
    phase and carries every power's developments (none at the start)."""
    state = new_game(lhtr)
    assert (state.phase, state.turn) == ("develop_weapons", SOVIET)
    data = state.to_json()
    assert data["phase"] == "develop_weapons"
    assert data["tech"] == {p: [] for p in ("Soviet Union", "Germany", "United Kingdom", "Japan", "United States")}
    assert data["research"] is None


def test_breakthrough_on_the_development_number(lhtr: RuleSet) -> None:
    """003, Phase 1: "Each research die you buy costs 5 IPCs"; "Roll all your dice for the
    turn (at the same time)"; "if you want the Super Submarines development, you need to roll
    a 3". The roll is an auditable roll that names its purpose."""
    state, dice = _research(new_game(lhtr), '/research tech:"super submarines" dice:3', [1, 5, 3])
    assert dice.log == [("Soviet Union research Super Submarines @3", [1, 5, 3])]
    assert state.treasury[SOVIET] == 24 - 15
    assert state.research is not None and state.research.breakthrough
    assert state.research.development == "super_submarines"


def test_no_breakthrough_still_pays(lhtr: RuleSet) -> None:
    """003, Phase 1, Step 3: "If you fail to roll the number you need, your research has
    failed"; the dice are paid for and "don't carry over to later turns"."""
    state, _ = _research(new_game(lhtr), "/research tech:jets dice:2", [2, 6])
    assert state.treasury[SOVIET] == 14
    assert state.research is not None and not state.research.breakthrough
    state = _done_until(state, "mobilize")
    assert state.tech.get(SOVIET, ()) == ()


def test_effective_from_mobilize_of_the_same_turn(lhtr: RuleSet) -> None:
    """003, Phase 1, Step 4: "Your development becomes effective during Phase 6: Mobilize
    New Units of your turn" -- not in this turn's combat."""
    state, _ = _research(new_game(lhtr), "/research tech:lra dice:1", [4])
    state = _done_until(state, "noncombat_move")
    assert state.tech.get(SOVIET, ()) == ()
    state = _done_until(state, "mobilize")
    assert state.tech[SOVIET] == ("long_range_aircraft",)
    assert state.to_json()["tech"]["Soviet Union"] == ["long_range_aircraft"]


def test_one_development_a_turn(lhtr: RuleSet) -> None:
    """003, Phase 1, Step 1: "You can choose only one development each turn"; a second
    /research is refused and changes nothing."""
    state, _ = _research(new_game(lhtr), "/research tech:rockets dice:1", [5])
    with pytest.raises(IllegalCommandError, match="one development a turn") as refused:
        apply(state, parse_command("/research tech:rockets dice:1", state), FixedDice([2]))
    assert refused.value.reason == "research.once"


@pytest.mark.parametrize(("line", "reason"), [
    ("/research tech:jets dice:5", "research.too_expensive"),
    ("/research tech:jets dice:0", "research.no_dice"),
])
def test_dice_must_be_bought(lhtr: RuleSet, line: str, reason: str) -> None:
    """003, Phase 1, Step 2: "Each die costs 5 IPCs. Buy as many as you wish" -- with the
    money the power has (24 IPCs: four dice, not five), and at least one."""
    state = new_game(lhtr)
    with pytest.raises(IllegalCommandError) as refused:
        apply(state, parse_command(line, state), FixedDice([1] * 5))
    assert refused.value.reason == reason


def test_a_development_is_had_once(lhtr: RuleSet) -> None:
    """003, Phase 1, Step 4: a development is marked once on the chart; researching it
    again is refused."""
    state, _ = _research(new_game(lhtr), "/research tech:cb dice:1", [5])
    state = _done_until(state, "mobilize")
    state = state.evolve(turn=SOVIET, phase="develop_weapons", research=None)
    with pytest.raises(IllegalCommandError, match="already has Combined Bombardment"):
        apply(state, parse_command("/research tech:cb dice:1", state), FixedDice([5]))


def test_research_belongs_to_develop_weapons(lhtr: RuleSet) -> None:
    """003, Turn Sequence: research is Phase 1; in Purchase Units it is refused with where
    it belongs."""
    state = _done_until(new_game(lhtr), "purchase")
    with pytest.raises(OutOfTurnError, match="belongs to Develop Weapons"):
        apply(state, parse_command("/research tech:jets dice:1", state), FixedDice([1]))


def test_unknown_development_is_refused(lhtr: RuleSet) -> None:
    """003, Phase 1, Weapons Developments: the six developments; another name (AARHE's
    Radar) is refused, a misspelling gets the nearest name."""
    state = new_game(lhtr)
    with pytest.raises(NotationError, match='no development called "radar"'):
        parse_command("/research tech:radar dice:1", state)
    with pytest.raises(NotationError, match="Did you mean Rockets"):
        parse_command("/research tech:rokets dice:1", state)


def test_no_research_in_1942() -> None:
    """000, the 1942 rulebook, has no weapons development at all: /research is refused by
    name before its options are read, naming the rule system."""
    state = new_game(maps.load_ruleset("aa1942-2e"))
    assert "tech" not in state.to_json()
    for line in ("/research tech:jets dice:1", "/develop tech:radar", "/research"):
        with pytest.raises(IllegalCommandError) as refused:
            parse_command(line, state)
        assert str(refused.value) == "/research is not part of Axis & Allies 1942 Second Edition."
        assert refused.value.reason == "command.not_in_ruleset"


def test_a_power_that_cannot_pay_a_die_moves_on(lhtr: RuleSet) -> None:
    """003, Order of Play: all but collecting income is voluntary; with less than 5 IPCs
    there is nothing to buy, so Develop Weapons passes by itself."""
    state = _done_until(new_game(lhtr), "mobilize")
    germany = PowerId("germany")
    state = state.evolve(treasury={**state.treasury, germany: 4})
    outcome = apply(state, Done(), NoDice())
    assert (outcome.state.turn, outcome.state.phase) == (germany, "purchase")
    assert any("Germany cannot buy a research die" in e.text for e in outcome.events)


def test_research_round_trips(lhtr: RuleSet) -> None:
    """docs/state.md: the JSON gives back the same state; the command line reads back."""
    state, _ = _research(new_game(lhtr), "/research tech:heavies dice:2", [6, 1])
    back = GameState.from_json(state.to_json(), lhtr)
    assert (back.research, dict(back.tech)) == (state.research, dict(state.tech))
    command = parse_command("/research tech:heavies dice:2", state)
    assert parse_command(format_command(command, state), state) == command
    assert format_command(command, state) == '/research tech:"Heavy Bombers" dice:2'
