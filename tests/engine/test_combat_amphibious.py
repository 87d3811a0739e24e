"""Amphibious assaults, 1942 Second Edition: sea combat first, bombardment, seaborne units.

Rulebook = 000_fc7e3a790a753b06.txt ("2. Amphibious Assaults", Steps 1-3; Battleships
and Cruisers, "Offshore Bombardment"); edge cases = rulesets.md section 7.1. Bombardment, seaborne retreat and the Combat
Sequence are tested as data in ``tests/scenarios/aa1942-2e/amphibious.case`` and
``bombardment.case``.
"""

from __future__ import annotations

from typing import Any

from engine import RuleSet

from .combat_kit import begin, board, fight, moved, of, pid, sid, tally, units


def sea_then_land(rules: RuleSet, zone_enemy: dict[str, Any], *, orders: dict[str, Any] | None = None,
                  attack_ships: dict[str, int] | None = None) -> Any:
    """Germany's transport in Sea Zone 5 holds 1 infantry loaded in Combat Move for
    Karelia; the zone holds enemy units, so the cargo waits aboard for the sea battle."""
    state = board(rules, "Germany", {
        "Sea Zone 5": {"Germany": {"transport": 1, "infantry": 1, "battleship": 1, **(attack_ships or {})},
                       **zone_enemy},
        "Karelia S.S.R.": {"Germany": {"tank": 1}, "Soviet Union": {"infantry": 1}},
    }, orders=orders)
    state = moved(state, "Sea Zone 5", "Germany", "transport", came_from="Sea Zone 6")
    state = moved(state, "Sea Zone 5", "Germany", "infantry", aboard=True, came_from="Sea Zone 6",
                  flags={"loaded_in_combat"}, target="Karelia S.S.R.")
    state = moved(state, "Sea Zone 5", "Germany", "battleship", target="Karelia S.S.R.")
    for kind in attack_ships or {}:
        state = moved(state, "Sea Zone 5", "Germany", kind, came_from="Sea Zone 6")
    return moved(state, "Karelia", "Germany", "tank", came_from="Belorussia")


def test_sinking_transports_is_a_sea_combat_so_no_bombardment(rules: RuleSet) -> None:
    """Edge case 12 / Amphibious Step 2: choosing to destroy enemy transports counts as a
    combat; the cargo lands afterwards, but the battleship may not bombard."""
    state = sea_then_land(rules, {"United Kingdom": {"transport": 1}}, attack_ships={"destroyer": 1})
    state, _ = begin(state)
    kinds = [(e.space, e.kind) for e in state.combat.entries]
    assert (sid(state, "Sea Zone 5"), "sea") in kinds
    state, events, dice = fight(state, "Karelia", [1, 3, 6])
    assert [p for p, _ in dice.log] == ["Karelia S.S.R. r1 attacker 1 infantry @1",
                                       "Karelia S.S.R. r1 attacker 1 tank @3",
                                       "Karelia S.S.R. r1 defender 1 infantry @2"]
    assert of(events, "casualties")[0].data["source"] == "defenseless"
    assert of(events, "landing")[0].data["units"] == {"infantry": 1}
    assert tally(state, "Karelia", "Germany") == {"infantry": 1, "tank": 1}
    assert state.owners[sid(state, "Karelia")] == pid(state, "Germany")
    assert state.combat.entries == ()


def test_lost_sea_battle_overland_units_still_fight_a_round(rules: RuleSet) -> None:
    """Amphibious Step 3: "If no land units (carried as cargo) survived the sea combat ...
    any other units that were designated to participate in the land attack ... must still
    conduct one round of land combat ... before they can retreat"."""
    state = sea_then_land(rules, {"United Kingdom": {"battleship": 1}}, orders={"Germany": {"retreat_below": 9}})
    state, _ = begin(state)
    # Sea: the German battleship misses, the British one hits it (first hit: damaged); with
    # fewer than 9 units left Germany's standing orders retreat to Sea Zone 6.
    state, events, dice = fight(state, "Karelia", [6, 1, 6, 6])
    sea_retreat = of(events, "retreat")[0]
    assert sea_retreat.data["to"] == "Sea Zone 6"
    assert units(state, "Sea Zone 6", "Germany", "battleship")[0].hits == 0  # upright again
    rider = units(state, "Sea Zone 6", "Germany", "infantry")[0]
    assert rider.aboard is not None and rider.has("retreated")  # edge case 23: stays aboard
    # The land battle in Karelia still fights one round, then the tank retreats.
    land_rolls = [p for p, _ in dice.log if p.startswith("Karelia")]
    assert land_rolls == ["Karelia S.S.R. r1 attacker 1 tank @3", "Karelia S.S.R. r1 defender 1 infantry @2"]
    assert of(events, "retreat")[1].data["to"] == "Belorussia"
    assert tally(state, "Belorussia", "Germany") == {"tank": 1}
