"""Amphibious assaults, 1942 Second Edition: sea combat first, bombardment, seaborne units.

Rulebook = 000_fc7e3a790a753b06.txt ("2. Amphibious Assaults", Steps 1-3; Battleships
and Cruisers, "Offshore Bombardment"); edge cases = rulesets.md section 7.1.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import IllegalCommandError, RuleSet
from engine.combat import retreat
from engine.commands import Battle, Retreat

from .combat_kit import begin, board, fight, moved, of, pid, sid, tally, units


def landing(rules: RuleSet, seaborne: int, ships: dict[str, int], defenders: dict[str, int],
            overland: dict[str, int] | None = None, **kw: Any) -> Any:
    """Germany assaults Karelia S.S.R. from Sea Zone 5: ``seaborne`` infantry already
    offloaded, ``ships`` sent to bombard, optional overland units from Belorussia."""
    mine = {"infantry": seaborne, **(overland or {})}
    state = board(rules, "Germany", {"Karelia S.S.R.": {"Germany": mine, "Soviet Union": defenders},
                                     "Sea Zone 5": {"Germany": {"transport": 1, **ships}}}, **kw)
    state = moved(state, "Karelia", "Germany", "infantry", seaborne, came_from="Sea Zone 5", flags={"seaborne"})
    for kind in overland or {}:
        state = moved(state, "Karelia", "Germany", kind, came_from="Belorussia")
    for kind in ships:
        state = moved(state, "Sea Zone 5", "Germany", kind, target="Karelia S.S.R.")
    return state


def test_bombardment_casualty_fires_back_in_the_first_round(rules: RuleSet) -> None:
    """Edge case 13 / Amphibious Step 2: the infantry hit by bombardment goes behind the
    casualty strip and still defends in the first round of land combat."""
    state, _ = begin(landing(rules, 2, {"battleship": 1, "cruiser": 1}, {"infantry": 2}))
    state, events, dice = fight(state, "Karelia", [1, 6, 6, 6, 2, 6, 1, 6])
    assert [p for p, _ in dice.log][:4] == ["Karelia S.S.R. r1 attacker 1 cruiser @3",
                                           "Karelia S.S.R. r1 attacker 1 battleship @4",
                                           "Karelia S.S.R. r1 attacker 2 infantry @1",
                                           "Karelia S.S.R. r1 defender 2 infantry @2"]
    bombard = of(events, "casualties")[0]
    assert bombard.data["source"] == "bombard" and dict(bombard.data["units"]) == {"infantry": 1}
    # The struck infantry rolled a 2 and killed a seaborne infantry; round 2 takes Karelia.
    assert tally(state, "Karelia", "Germany") == {"infantry": 1}
    assert state.owners[sid(state, "Karelia")] == pid(state, "Germany")


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


def test_seaborne_units_cannot_retreat_overland_and_air_retreat_together(rules: RuleSet) -> None:
    """Edge case 14: 2 seaborne infantry, 1 tank overland and a fighter; on retreat the tank
    goes back where it came from, the fighter stays to land in Noncombat Move, and the
    seaborne infantry fight on."""
    state = landing(rules, 2, {}, {"infantry": 2}, overland={"tank": 1, "fighter": 1},
                    orders={"Germany": {"decide": "self"}})
    state, _ = begin(state)
    state, events, dice = fight(state, "Karelia", [6, 6, 6, 6, 6, 6])
    pending = state.combat.current.pending
    assert pending.kind == "retreat" and state.actor == pid(state, "Germany")
    with pytest.raises(IllegalCommandError, match="Belorussia"):
        retreat(state, Retreat(sid(state, "Sea Zone 5")), dice)
    from engine.dice import FixedDice

    dice = FixedDice([1, 1, 6, 6])
    state, events = retreat(state, Retreat(sid(state, "Belorussia")), dice)
    assert of(events, "retreat")[0].data["by"] == "in person"
    assert tally(state, "Belorussia", "Germany") == {"tank": 1}
    assert tally(state, "Karelia", "Germany") == {"infantry": 2, "fighter": 1}
    assert dice.log[0] == ("Karelia S.S.R. r2 attacker 2 infantry @1", [1, 1])
    assert state.owners[sid(state, "Karelia")] == pid(state, "Germany")


def test_amphibious_assaults_come_before_general_combat(rules: RuleSet) -> None:
    """000, Combat Sequence: amphibious assaults before general combat."""
    state = landing(rules, 1, {}, {"infantry": 1})
    state = state.with_units([])
    extra = board(rules, "Germany", {"Archangel": {"Germany": {"tank": 1}, "Soviet Union": {"infantry": 1}}})
    tank = units(extra, "Archangel", "Germany")[0]
    inf = units(extra, "Archangel", "Soviet Union")[0]
    from dataclasses import replace

    state = state.with_units([replace(tank, id=900, path=(sid(state, "Karelia"), tank.space),
                                      flags=frozenset({"combat_moved"})),
                              replace(inf, id=901)])
    state, _ = begin(state)
    with pytest.raises(IllegalCommandError, match="Amphibious assaults come before general combat"):
        from engine.combat import battle

        battle(state, Battle(sid(state, "Archangel")), None)  # type: ignore[arg-type]
