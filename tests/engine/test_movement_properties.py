"""Property: random legal Noncombat Move commands from the opening keep every invariant.

Destinations are drawn from ``reachable``, so the test also checks that the referee accepts
every destination autocomplete offers. Invariants: no unit appears or vanishes (air units
lost at the end of the phase come with a ``lost`` event each), every unit stands where its
kind may (land units on land or aboard a transport, ships at sea, aircraft on land or over
the sea during the phase and on land or a carrier after it), cargo fits its ship, and the
state survives a JSON round trip. Rulebook: 000_fc7e3a790a753b06.txt, "Phase 4: Noncombat
Move", Unit Profiles (Transports, Aircraft Carriers).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import maps
from engine import GameState, IllegalCommandError, Move, NoDice, RuleSet, new_game
from engine.cargo import transport_fits
from engine.movement import apply_move, end_combat_move, end_noncombat_move, reachable


@pytest.fixture(scope="module", params=maps.SHIPPED)
def rules(request: pytest.FixtureRequest) -> RuleSet:
    """Each shipped rule system's opening in turn (issue 11: the same invariants over every
    rule system)."""
    return maps.load_ruleset(request.param, unplayable=True)


def _check(state: GameState, rules: RuleSet, *, landed: bool) -> None:
    board = state.board
    for u in state.units.values():
        spec = rules.spec(u.kind)
        space = board.spaces[u.space]
        if u.aboard is not None:
            ship = state.units[u.aboard]
            assert ship.space == u.space and board.allies(ship.owner, u.owner)
        if spec.is_sea:
            assert space.is_sea and u.aboard is None
        elif spec.is_land:
            assert space.is_land or rules.spec(state.units[u.aboard].kind).is_transport  # type: ignore[index]
        elif landed:
            assert u.aboard is not None or (space.is_land and board.allies(state.turn_start_owners[u.space], u.owner))
        assert not space.impassable and (not space.neutral or state.owners.get(u.space) is not None)
    for ship in state.units.values():
        spec = rules.spec(ship.kind)
        riders = [rules.spec(c.kind) for c in state.cargo_of(ship.id)]
        if spec.is_transport:
            assert transport_fits(spec, riders)
        elif riders:
            assert spec.carrier_capacity >= len(riders) and all(r.carrier_based for r in riders)
    assert GameState.from_json(state.to_json(), rules) == state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_noncombat_moves_keep_invariants(rules: RuleSet, data: st.DataObject) -> None:
    power = data.draw(st.sampled_from(rules.turn_order), label="power")
    state = new_game(rules).evolve(turn=power, phase="noncombat_move")
    ids = set(state.units)
    for _ in range(data.draw(st.integers(1, 12), label="moves")):
        groups = sorted({(u.space, u.kind) for u in state.units_of(power) if not rules.spec(u.kind).structure})
        space, kind = data.draw(st.sampled_from(groups), label="group")
        count = sum(1 for u in state.units_at(space) if u.owner == power and u.kind == kind)
        n = data.draw(st.integers(1, count), label="count")
        dests = reachable(state, space, ((kind, n),))
        if not dests:
            continue
        dest = data.draw(st.sampled_from(dests), label="destination")
        state, events = apply_move(state, Move(((kind, n),), space, dest), NoDice())
        assert events and events[-1].type == "move"
        assert set(state.units) == ids
        _check(state, rules, landed=False)
    try:
        after, events = end_noncombat_move(state)
    except IllegalCommandError as err:  # a plane can still land: the player must move it first
        assert err.reason == "noncombat.air_can_land"
        return
    lost = ids - set(after.units)
    assert len(lost) == sum(1 for e in events if e.type == "lost")
    assert all(rules.spec(state.units[i].kind).is_air for i in lost)
    _check(after, rules, landed=True)


def test_reachable_lists_exactly_the_accepted_moves_in_the_opening(rules: RuleSet) -> None:
    """Autocomplete and the referee agree: in each power's Combat and Noncombat Move of the
    opening, for every unit type in every space, ``reachable`` lists exactly the destinations
    a ``/move`` of one such unit is accepted to."""
    for power in rules.turn_order:
        for phase in ("combat_move", "noncombat_move"):
            state = new_game(rules).evolve(turn=power, phase=phase)
            offered = 0
            for space, kind in sorted({(u.space, u.kind) for u in state.units_of(power)}):
                listed = set(reachable(state, space, ((kind, 1),)))
                for dest in rules.board.spaces:
                    try:
                        apply_move(state, Move(((kind, 1),), space, dest), NoDice())
                    except IllegalCommandError:
                        assert dest not in listed, (power, phase, space, kind, dest)
                    else:
                        assert dest in listed, (power, phase, space, kind, dest)
                offered += len(listed)
            assert offered > 0


END_OF_COMBAT_MOVE_REFUSALS = {
    "combat_move.air_cannot_land", "combat_move.cargo_not_committed", "combat_move.assault_target_friendly",
    "combat_move.transports_alone", "combat_move.no_combat", "combat_move.ignored_subs", "combat_move.no_assault",
}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_combat_moves_keep_invariants(rules: RuleSet, data: st.DataObject) -> None:
    """Combat Move from the opening: moves offered by ``reachable`` are accepted, keep every unit
    and every invariant, and /done either settles the phase or refuses with a stated reason."""
    power = data.draw(st.sampled_from(rules.turn_order), label="power")
    state = new_game(rules).evolve(turn=power, phase="combat_move")
    ids = set(state.units)
    for _ in range(data.draw(st.integers(1, 12), label="moves")):
        groups = sorted({(u.space, u.kind) for u in state.units_of(power) if not rules.spec(u.kind).structure})
        space, kind = data.draw(st.sampled_from(groups), label="group")
        count = sum(1 for u in state.units_at(space) if u.owner == power and u.kind == kind)
        n = data.draw(st.integers(1, count), label="count")
        dests = reachable(state, space, ((kind, n),))
        if not dests:
            continue
        dest = data.draw(st.sampled_from(dests), label="destination")
        before = set(state.units)
        state, events = apply_move(state, Move(((kind, n),), space, dest), NoDice())
        # an attacked neutral's troops join the board (001 › Phase 8, Level of cooperation)
        joined = set(state.units) - before
        assert len(joined) == sum(e.data["units"] for e in events if e.type == "join")
        ids |= joined
        assert set(state.units) <= ids  # only AAA found alone in a blitzed territory could go
        _check(state, rules, landed=False)
    try:
        after, _ = end_combat_move(state)
    except IllegalCommandError as err:
        assert err.reason in END_OF_COMBAT_MOVE_REFUSALS
        return
    assert set(after.units) == set(state.units)
    _check(after, rules, landed=False)
