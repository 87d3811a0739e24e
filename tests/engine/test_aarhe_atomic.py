"""AARHE's atomic bombs as kept in the state (001 › Phase 7, Atomic Weaponry): what the
scenario cases (``tests/scenarios/aarhe/research-atomic.case``) cannot write, a bomber that
moved or fought this turn, an attack saved while it waits for a choice, a purchase taken
back, the ``[atomic]`` table's checks and the status lines."""

from __future__ import annotations

import pytest

import maps
from engine import BoardDataError, FixedDice, GameState, apply, parse_command
from engine.atomic import LOADED_BOMB, arsenal_lines
from engine.atomic_rules import AtomicRules
from engine.errors import IllegalCommandError
from engine.ids import PowerId, SpaceId
from engine.state import COMBAT_MOVED, FOUGHT
from engine.summary import economy_lines, space_text
from tests.engine.positions import position

US = PowerId("united_states")
EASTERN_US, GERMANY = SpaceId("eastern_united_states"), SpaceId("germany")


def _run(state: GameState, line: str, *faces: int) -> GameState:
    return apply(state, parse_command(line, state), FixedDice(list(faces))).state


def _loading(*flags: str) -> GameState:
    rules = maps.load_ruleset("aarhe")
    state = position(rules, turn="United States", phase="noncombat_move", round=5,
                     spaces={"Eastern United States": {"United States": {"industrial_complex": 1, "bomber": 1}}},
                     tech={"United States": ["atomic_weaponry", "heavy_bomber"]}, arsenal={"United States": [3]})
    bomber = next(u for u in state.units_at(EASTERN_US) if u.kind == "bomber")
    return state.with_units([bomber.with_flags(*flags)])


@pytest.mark.parametrize("flag", [COMBAT_MOVED, FOUGHT])
def test_a_bomber_that_moved_in_combat_move_or_fought_takes_no_bomb(flag: str) -> None:
    """"The Bomber allocated to drop this weapon may not move in Combat Move or conduct combat
    this turn" (README, ruling 118)."""
    with pytest.raises(IllegalCommandError, match="neither carries a bomb nor moved in Combat Move nor fought"):
        _run(_loading(flag), '/atomic load:"Eastern United States"')
    loaded = _run(_loading(), '/atomic load:"Eastern United States"')
    assert [u.has(LOADED_BOMB) for u in loaded.units_at(EASTERN_US) if u.kind == "bomber"] == [True]
    assert loaded.arsenal == {}


def _attacking() -> GameState:
    rules = maps.load_ruleset("aarhe")
    state = position(rules, turn="United States", phase="combat_move", round=5,
                     spaces={"United Kingdom": {"United States": {"bomber": 1}},
                             "Germany": {"Germany": {"industrial_complex": 1, "infantry": 3, "tank": 2}}},
                     tech={"United States": ["atomic_weaponry", "heavy_bomber"]},
                     orders={"Germany": {"decide": "self"}, "United States": {"decide": "self"}})
    bomber = next(iter(state.units_at(SpaceId("united_kingdom"))))
    state = state.with_units([bomber.with_flags(LOADED_BOMB)])
    state = _run(state, '/move units:"1 bomber" from:"United Kingdom" to:Germany mission:atomic')
    return _run(_run(state, "/done"), "/battle territory:Germany", 2)


def test_an_attack_waiting_for_its_choices_is_saved_and_resumed() -> None:
    """Stopped at the defender's groups, then at the attacker's pick, the game reads back from
    JSON as it was, and goes on the same."""
    waiting = _attacking()
    assert waiting.actor == PowerId("germany")
    assert GameState.from_json(waiting.to_json(), waiting.rules) == waiting
    grouped = _run(waiting, '/atomic groups:"3 infantry | 1 tank | 1 tank"')
    groups = grouped.combat.current.groups  # type: ignore[union-attr]
    assert grouped.actor == US and [[grouped.units[i].kind for i in g] for g in groups] == [
        ["infantry"] * 3, ["tank"], ["tank"]]
    restored = GameState.from_json(grouped.to_json(), grouped.rules)
    assert restored == grouped
    after = _run(restored, "/atomic strike:1", 4, 1, 6)
    assert sorted(u.kind for u in after.units_at(GERMANY) if u.owner != US) == [
        "industrial_complex", "infantry", "tank", "tank"]
    assert after.economy.fallout == {GERMANY: 2}
    assert after == _run(grouped, "/atomic strike:1", 4, 1, 6)


def test_a_bomb_bought_is_taken_back_with_undo() -> None:
    rules = maps.load_ruleset("aarhe")
    state = position(rules, turn="United States", phase="purchase", round=3, spaces={},
                     treasury={"United States": 25}, tech={"United States": ["atomic_weaponry"]})
    bought = _run(state, "/atomic build:1")
    assert bought.arsenal == {US: (3,)} and bought.treasury[US] == 15
    assert GameState.from_json(bought.to_json(), rules) == bought
    back = _run(bought, "/undo")
    assert back.arsenal == {} and back.treasury[US] == 25


def test_status_names_bombs_and_the_income_lost() -> None:
    rules = maps.load_ruleset("aarhe")
    state = position(rules, turn="United States", phase="purchase", round=5,
                     spaces={"Eastern United States": {"United States": {"bomber": 1}}},
                     arsenal={"United States": [3, 4]})
    bomber = next(iter(state.units_at(EASTERN_US)))
    state = state.with_units([bomber.with_flags(LOADED_BOMB)]).evolve(
        economy=state.economy.added("fallout", GERMANY, 4))
    assert arsenal_lines(state) == ["United States's atomic bombs: 1 building (ready from round 6); 1 ready to load; "
                                    "1 aboard bombers in Eastern United States."]
    assert arsenal_lines(state)[0] in economy_lines(state)
    assert "10 IPCs, 6 after atomic attacks" in space_text(state, GERMANY)
    assert arsenal_lines(position(maps.load_ruleset("revised-lhtr"), turn="Germany", phase="purchase", spaces={})) == []


def test_the_atomic_table_is_checked_when_the_rules_load() -> None:
    developments = ["atomic_weaponry", "heavy_bomber"]
    good = {"development": "atomic_weaponry", "bomber_development": "heavy_bomber", "price": 10, "a_turn": 1,
            "build_rounds": 2, "destroys_on": 5, "income_per_group": 3}
    assert AtomicRules.from_dict("x/ruleset.toml", good, developments).price == 10
    assert not AtomicRules.from_dict("x/ruleset.toml", {}, developments).played
    with pytest.raises(BoardDataError, match="unknown key 'cost'"):
        AtomicRules.from_dict("x/ruleset.toml", {**good, "cost": 3}, developments)
    with pytest.raises(BoardDataError, match="no development"):
        AtomicRules.from_dict("x/ruleset.toml", {**good, "development": "fission"}, developments)
    with pytest.raises(BoardDataError, match="must be a whole number from 1"):
        AtomicRules.from_dict("x/ruleset.toml", {**good, "price": 0}, developments)
    with pytest.raises(BoardDataError, match="missing 'price'"):
        AtomicRules.from_dict("x/ruleset.toml", {k: v for k, v in good.items() if k != "price"}, developments)


def test_the_choices_are_offered_and_told_as_due() -> None:
    """While an atomic attack waits, ``/atomic`` is among the answers offered, and the status
    names the choice and its command."""
    from engine import legal_commands
    from engine.summary import due_text

    waiting = _attacking()
    assert "atomic" in legal_commands(waiting).commands
    assert due_text(waiting) == ("Germany to divide the units there into 3 groups: /atomic groups: or /press, in the "
                                 "battle of Germany (Conduct Combat).")
    grouped = _run(waiting, '/atomic groups:"3 infantry | 1 tank | 1 tank"')
    assert "choose which of 3 groups the atomic bomb strikes" in due_text(grouped)
