"""Random battles keep the combat invariants in every rule system (property tests with
hypothesis; issue 11: the same invariants over every rule system).

Random armies of the rule system's units fight on land (Karelia S.S.R., sometimes as an amphibious assault with
bombardment) and at sea (Sea Zone 6) with random dice;
each side decides in person or by random standing orders; in-person answers are random
legal choices. After every command: units leave only as logged casualties; the state
round-trips through JSON; a casualty choice made by standing orders passes the same check
as a player's; and every battle ends with all damage repaired.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import maps
from engine import GameState, RuleSet
from engine.combat import casualties, press, retreat, submerge
from engine.combat import breakoff
from engine.combat import hits as cas
from engine.combat.choices import pool, retreat_options
from engine.commands import Casualties, Press, Retreat, Submerge
from engine.errors import IllegalCommandError
from engine.events import Event

from .combat_kit import begin, board, moved, sid

LAND_ATTACK = ("infantry", "artillery", "tank", "fighter", "bomber")
LAND_DEFENSE = ("infantry", "artillery", "tank", "fighter", "aaa")
SEA_ATTACK = ("submarine", "destroyer", "cruiser", "battleship", "carrier", "transport")
SEA_DEFENSE = ("submarine", "destroyer", "cruiser", "battleship", "carrier", "transport")
NAMED_ZONES = {"classic-3e": ("Baltic Sea Zone", "North Sea Zone")}
"""Boards that name their sea zones: the zone by Karelia and the one beside it."""


def _zones(rules: RuleSet) -> tuple[str, str]:
    return NAMED_ZONES.get(rules.id, ("Sea Zone 5", "Sea Zone 6"))


@pytest.fixture(scope="module", params=maps.SHIPPED)
def rules(request: pytest.FixtureRequest) -> RuleSet:
    """Each shipped rule system in turn (Revised has no cruiser: its armies have none)."""
    return maps.load_ruleset(request.param, unplayable=True)


class SeededDice:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def roll(self, count: int, purpose: str) -> list[int]:
        return [self.rng.randint(1, 6) for _ in range(count)]

    sealed = roll  # a sealed draw's faces are dice like any other here


def _army(rules: RuleSet, rng: random.Random, kinds: tuple[str, ...], most: int) -> dict[str, int]:
    army = {k: rng.randint(0, most) for k in kinds if k in rules.units}
    if not any(army.values()):
        army[kinds[0]] = 1
    return {k: n for k, n in army.items() if n}


def _orders(rng: random.Random) -> dict[str, Any]:
    return {"decide": rng.choice(["orders", "self"]), "retreat_below": rng.randint(0, 4),
            "submerge": rng.choice(["never", "always", "when_outnumbered"])}


def _position(rules: RuleSet, rng: random.Random, sea: bool) -> GameState:
    orders = {"Germany": _orders(rng), "United Kingdom": _orders(rng), "Soviet Union": _orders(rng)}
    by_karelia, beyond = _zones(rules)
    if sea:
        attack = _army(rules, rng, SEA_ATTACK, 2)
        defense = _army(rules, rng, SEA_DEFENSE, 2)
        if defense.get("carrier"):
            defense["fighter"] = rng.randint(0, 2 * defense["carrier"])
        if defense.get("transport"):
            defense["infantry"] = rng.randint(0, defense["transport"])
        if attack.get("transport"):
            attack["infantry"] = rng.randint(0, attack["transport"])
        if not any(rules.spec(k).attack for k in attack):
            attack["destroyer" if "destroyer" in rules.units else "battleship"] = 1
        state = board(rules, "Germany", {beyond: {"Germany": attack, "United Kingdom": defense}},
                      orders=orders)
        for kind in attack:
            if rules.spec(kind).is_sea:
                state = moved(state, beyond, "Germany", kind, came_from=by_karelia)
        return state
    attack = _army(rules, rng, LAND_ATTACK, 4)
    defense = _army(rules, rng, LAND_DEFENSE, 4)
    seaborne = rng.randint(0, 2)
    ships = {k: rng.randint(0, 1) for k in ("battleship", "cruiser") if k in rules.units} if seaborne else {}
    spaces: dict[str, Any] = {"Karelia S.S.R.": {"Germany": {**attack, "infantry": attack.get("infantry", 0) + seaborne},
                                                 "Soviet Union": defense}}
    if seaborne:
        spaces[by_karelia] = {"Germany": {"transport": 1, **{k: n for k, n in ships.items() if n}}}
    state = board(rules, "Germany", spaces, orders=orders)
    if seaborne:
        state = moved(state, "Karelia", "Germany", "infantry", seaborne, came_from=by_karelia, flags={"seaborne"})
        for kind, n in ships.items():
            if n:
                state = moved(state, by_karelia, "Germany", kind, target="Karelia S.S.R.")
    origins = [o for o in ("Belorussia", "Baltic States") if rules.board.has_space_named(o)] or ["Eastern Europe"]
    for kind in attack:
        state = moved(state, "Karelia", "Germany", kind, came_from=rng.choice(origins))
    return state


def _removed(events: list[Event]) -> int:
    out = 0
    for e in events:
        d = e.data
        if e.type == "casualties" and d.get("immediate") or e.type in ("removed", "anti_air"):
            # anti_air: AARHE's Infrastructure Defense fire destroying aircraft or ships
            out += sum(d["units"].values()) + sum(d.get("cargo", {}).values())
        elif e.type == "destroyed":
            out += int(d["count"])
    return out


def _answer(state: GameState, rng: random.Random, dice: SeededDice) -> tuple[GameState, list[Event]]:
    pending = state.combat.current.pending
    units = pool(state, pending)
    if pending.kind == "casualties":
        shuffled = list(units)
        rng.shuffle(shuffled)
        slots = [u for u in shuffled for _ in range(cas.hit_points(state, u))]
        choice = cas.choose_by_order(state, pending.hits, units, slots)
        if cas.check_choice(state, pending.hits, units, choice) is not None:
            # A random order may put a transport before other units: the rules refuse it.
            choice = cas.choose_by_order(state, pending.hits, units, sorted(
                slots, key=lambda u: state.rules.spec(u.kind).chosen_last))
        assert cas.check_choice(state, pending.hits, units, choice) is None
        return casualties(state, Casualties(tuple(choice.items())), dice)
    if pending.kind == "retreat":
        options = retreat_options(state, state.combat)
        if options and rng.random() < 0.3:
            try:
                return retreat(state, Retreat(rng.choice(options)), dice)
            except IllegalCommandError:
                pass  # AARHE: a last land unit must stay, or the transports lack room for all
        return press(state, Press(), dice)
    if pending.kind == "submerge":
        return submerge(state, Submerge(((units[0].kind, rng.randint(0, len(units))),)), dice)
    if pending.kind == "naval_retreat" and rng.random() < 0.3:
        # AARHE's Retreat Decision: break off (the battle's own zone) or retreat.
        return retreat(state, Retreat(rng.choice(breakoff.options(state, state.combat, pending.side))), dice)
    return press(state, Press(), dice)


def _check_battle(rules: RuleSet, seed: int, sea: bool) -> None:
    rng = random.Random(seed)
    state, _ = begin(_position(rules, rng, sea))
    if state.combat is None:
        return
    dice = SeededDice(rng)
    where = _zones(rules)[1] if sea else "Karelia S.S.R."
    from engine.combat import battle
    from engine.commands import Battle

    before = len(state.units)
    state, events = battle(state, Battle(sid(state, where)), dice)
    assert before - len(state.units) == _removed(events)
    for _ in range(300):
        assert GameState.from_json(state.to_json(), rules) == state
        if state.combat.current is None:
            break
        before = len(state.units)
        state, events = _answer(state, rng, dice)
        assert before - len(state.units) == _removed(events)
    else:
        raise AssertionError("battle did not end")
    assert state.combat.current is None and not state.combat.entries
    if rules.switches.ship_repair == "after_battle":
        # Ships are returned upright as the battle ends, unless the rule system repairs them
        # in port (AARHE, 001 › Phase 1, Naval repair).
        for u in state.units.values():
            assert u.hits == 0, u


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(st.integers(0, 2**32 - 1))
def test_random_land_battles(rules: RuleSet, seed: int) -> None:
    _check_battle(rules, seed, sea=False)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(st.integers(0, 2**32 - 1))
def test_random_sea_battles(rules: RuleSet, seed: int) -> None:
    _check_battle(rules, seed, sea=True)
