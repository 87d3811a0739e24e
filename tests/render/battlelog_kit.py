"""Real battles from the engine, as the event JSON a channel receives, for the battle log
tests (positions from the engine's combat scenario kit, dice fixed)."""

from __future__ import annotations

import re
from typing import Any

import maps
from bot.render.unitkey import unit_key
from engine import GameState, RuleSet, apply, new_game, parse_command
from engine.combat.handlers import battle
from engine.commands import Battle
from engine.dice import FixedDice
from tests.engine.combat_kit import begin, board, moved, sid

Events = list[dict[str, Any]]

RULES: RuleSet = maps.load_ruleset("aa1942-2e")
UNITS = unit_key(RULES)


def as_json(events: Any) -> Events:
    return [e.to_json() for e in events]


def west_russia() -> Events:
    """Soviet turn one from the opening: West Russia attacked with 3 infantry, 1 artillery,
    1 tank and 1 fighter against 3 infantry, 1 artillery, 1 tank; three rounds."""
    state = new_game(RULES)
    for line in ['/buy units:"4 infantry, 1 artillery, 1 tank"', "/done",
                 '/move units:"3 infantry, 1 artillery" from:Russia to:"West Russia"',
                 '/move units:"1 tank" from:Caucasus to:"West Russia"',
                 '/move units:"1 fighter" from:Karelia to:"West Russia"', "/done"]:
        state = apply(state, parse_command(line, state), FixedDice([])).state
    faces = [3, 5, 2, 6, 1, 4, 2, 3, 3, 5, 2, 6, 1, 4, 2, 3, 3, 5, 2, 6, 1, 4, 2]
    dice = FixedDice(faces)
    outcome = apply(state, parse_command('/battle territory:"West Russia"', state), dice)
    assert dice.position == len(faces)
    return as_json(outcome.events)


def karelia(**kw: Any) -> GameState:
    """Germany attacks Karelia S.S.R. with 2 infantry and 1 tank against 1 infantry,
    1 artillery and 1 tank (the standing-orders scenario of the engine tests)."""
    state = board(RULES, "Germany", {"Karelia S.S.R.": {
        "Germany": {"infantry": 2, "tank": 1},
        "Soviet Union": {"infantry": 1, "artillery": 1, "tank": 1}}}, **kw)
    state = moved(state, "Karelia", "Germany", "infantry", came_from="Belorussia")
    state = moved(state, "Karelia", "Germany", "tank", came_from="Belorussia")
    return begin(state)[0]


def fight(state: GameState, where: str, faces: list[int]) -> tuple[GameState, Events]:
    dice = FixedDice(faces)
    state, events = battle(state, Battle(sid(state, where)), dice)
    assert dice.position == len(faces)
    return state, as_json(events)


def sea_zone_6() -> Events:
    """Germany's 2 submarines and 1 cruiser attack a British battleship, cruiser and
    transport: surprise strike, a damaged battleship, three rounds."""
    state = board(RULES, "Germany", {"Sea Zone 6": {
        "Germany": {"submarine": 2, "cruiser": 1},
        "United Kingdom": {"cruiser": 1, "transport": 1, "battleship": 1}}})
    state = moved(state, "Sea Zone 6", "Germany", "submarine", came_from="Sea Zone 5")
    state = moved(state, "Sea Zone 6", "Germany", "cruiser", came_from="Sea Zone 5")
    state, _ = begin(state)
    return fight(state, "Sea Zone 6", [3, 1, 6, 3, 2, 5, 4, 6, 2, 1, 3])[1]


def raid_on_italy() -> Events:
    """Two British bombers raid Italy's factory (3 IPCs, 5 damage already): one is shot
    down, the other rolls 4, of which only 1 counts (cap 6)."""
    state = board(RULES, "United Kingdom", {"Italy": {
        "Germany": {"industrial_complex": 1, "aaa": 1, "infantry": 2},
        "United Kingdom": {"bomber": 2}}})
    state = moved(state, "Italy", "United Kingdom", "bomber", came_from="Southern Europe",
                  flags={"raid"}, target="Italy")
    state = state.evolve(ic_damage={sid(state, "Italy"): 5})
    state, _ = begin(state)
    return fight(state, "Italy", [1, 3, 4])[1]


def raid_for_ipcs() -> Events:
    """A British bomber raids Italy where bombing takes IPCs (switch ``bombing`` =
    ``treasury``, cap 1 x the value): it rolls 5, Germany surrenders 3."""
    rules = RULES.with_switches(bombing="treasury", bombing_damage_cap_factor=1)
    state = board(rules, "United Kingdom", {"Italy": {"Germany": {"industrial_complex": 1},
                                                      "United Kingdom": {"bomber": 1}}},
                  treasury={"Germany": 10, "United Kingdom": 0})
    state = moved(state, "Italy", "United Kingdom", "bomber", came_from="Southern Europe",
                  flags={"raid"}, target="Italy")
    state, _ = begin(state)
    return fight(state, "Italy", [3, 5])[1]


def aa_and_bombardment() -> Events:
    """Germany lands 2 infantry in Karelia S.S.R. with a battleship's bombardment, and
    flies in 2 fighters that the Soviet AAA shoots at."""
    state = board(RULES, "Germany", {
        "Karelia S.S.R.": {"Germany": {"infantry": 2, "fighter": 2},
                           "Soviet Union": {"infantry": 2, "aaa": 1}},
        "Sea Zone 5": {"Germany": {"transport": 1, "battleship": 1}}})
    state = moved(state, "Karelia", "Germany", "infantry", came_from="Sea Zone 5",
                  flags={"seaborne"})
    state = moved(state, "Karelia", "Germany", "fighter", came_from="Belorussia")
    state = moved(state, "Sea Zone 5", "Germany", "battleship", target="Karelia S.S.R.")
    state, _ = begin(state)
    # AA: 2 dice, one hit; bombardment @4: 3, a hit; infantry @1: 6 6; the last fighter
    # @3: 2, a hit; both Soviet infantry (one behind the strip) @2: 6 6. One round.
    return fight(state, "Karelia", [1, 5, 3, 6, 6, 2, 6, 6])[1]


def war_of_attrition() -> Events:
    """60 units, 30 rounds: 36 German land units against 24 Soviet, dice that mostly miss
    until round 30, when every die hits."""
    state = board(RULES, "Germany", {"Karelia S.S.R.": {
        "Germany": {"infantry": 24, "artillery": 6, "tank": 6},
        "Soviet Union": {"infantry": 20, "artillery": 2, "tank": 2}}})
    for kind in ("infantry", "artillery", "tank"):
        state = moved(state, "Karelia", "Germany", kind, came_from="Belorussia")
    state, _ = begin(state)
    state, events = battle(state, Battle(sid(state, "Karelia")), Attrition())
    return as_json(events)


class Attrition:
    """Misses, but one hit every third round for the attacking infantry and every second
    round for the defending infantry; from round 30 on, all hits."""

    def roll(self, count: int, purpose: str) -> list[int]:
        found = re.search(r" r(\d+) ", purpose)
        assert found is not None
        r = int(found.group(1))
        if r >= 30:
            return [1] * count
        attacker_hit = r % 3 == 0 and " attacker " in purpose and purpose.endswith("@1")
        defender_hit = r % 2 == 0 and " defender " in purpose and purpose.endswith("@2")
        return [1] + [6] * (count - 1) if attacker_hit or defender_hit else [6] * count

    sealed = roll  # a sealed draw's faces are dice like any other here
