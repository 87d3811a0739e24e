"""AARHE's sea battle stored mid-cycle (001 › Phase 4, Naval Combat: Sequence): what the
battle keeps of the cycle (detected submarines, the ASW allocation, the side that alone has
jets, the targets of selective fire, break-off) round-trips through JSON, and a game stored while a choice waits resumes there."""

from __future__ import annotations

import maps
from engine import FixedDice, GameState, apply, parse_command
from engine.combat.phase import Battle, CombatPhase, Pending, combat_from_json
from engine.ids import PowerId, SpaceId
from tests.engine.positions import position


def test_the_cycle_fields_round_trip() -> None:
    battle = Battle(SpaceId("sz_06"), "sea", PowerId("germany"), round=2, step="main_attacker", air="attacker",
                    jets="attacker", detected=frozenset({4, 7}), asw=frozenset({2}), broke_off=True, aborted=True, aim=(9, 9),
                    strip=(3,), pending=Pending("asw", PowerId("germany"), "attacker", ((1, "sub"),), "asw",
                                                among=(2, 5)))
    phase = CombatPhase(PowerId("germany"), current=battle)
    assert combat_from_json(phase.to_json()) == phase
    jets = CombatPhase(PowerId("germany"), current=battle.but(
        pending=Pending("targets", PowerId("germany"), "attacker", ((1, "dogfight"),), "jets", among=(6,), again=True)))
    assert combat_from_json(jets.to_json()) == jets


def test_a_game_stored_while_the_submarines_targets_are_due_resumes_there() -> None:
    """001 › Submarine Warfare: "All targets are selected before any rolls": the German
    player decides in person; the stored game asks for the targets, and the answer fires."""
    rules = maps.load_ruleset("aarhe")
    state = position(rules, turn="Germany", phase="combat_move", round=2,
                     spaces={"Sea Zone 5": {"Germany": {"submarine": 2}},
                             "Sea Zone 6": {"United Kingdom": {"battleship": 1, "transport": 1}}})
    for line in ("/orders power:Germany decide:self", '/move units:"2 submarine" from:"Sea Zone 5" to:"Sea Zone 6"',
                 "/done", '/battle territory:"Sea Zone 6"'):
        state = apply(state, parse_command(line, state), FixedDice([])).state
    assert state.combat is not None and state.combat.current is not None
    assert state.combat.current.pending is not None and state.combat.current.pending.kind == "targets"
    stored = GameState.from_json(state.to_json(), rules)
    assert stored == state
    out = apply(stored, parse_command('/casualties units:"2 transport"', stored), FixedDice([1, 1]))
    assert [e.text for e in out.events if e.type == "targets"] == [
        "Sea Zone 6: Germany's submarines aim at 2 transports (in person)."]
    assert out.state.count(SpaceId("sz_06"), PowerId("united_kingdom")) == {"battleship": 1}
