"""Battle logs from real engine battles: grouping events into battles, every die shown by
the value it needed, hits, who chose each casualty, retreats, special fire, partial logs.

Rules behind the scenarios: 000_fc7e3a790a753b06.txt, "Phase 3: Conduct Combat" (General
Combat Steps 1-7, Strategic Bombing Raids, Amphibious Assaults) and "Unit Profiles".
"""

from __future__ import annotations

import maps
from bot.render.battlelog import Volley, battle_logs, partition
from bot.render.battletext import battle_text, body_lines, title
from bot.render.unitkey import unit_key
from engine import RuleSet
from engine.combat import casualties, press, submerge
from engine.commands import Casualties, Press, Submerge
from engine.dice import FixedDice
from tests.engine.combat_kit import begin, board, moved
from tests.render import battlelog_kit as kit


WITHDRAWING = ["start", "antiaircraft", "bombard", "round", "opening_attacker", "opening_end",
               "fire_attacker_after_opening", "fire_defender", "remove", "end_round", "withdraw_attacker",
               "withdraw_defender", "next_round"]
"""A battle sequence where submarines withdraw to another zone (Classic's sea rounds)."""


def flat(lines: list[str]) -> list[str]:
    """Lines with their alignment spaces squeezed, to compare words and dice."""
    return [" ".join(line.split()) for line in lines]


def test_west_russia_every_die_grouped_by_needed_value_with_hits_and_choosers() -> None:
    """Infantry supported by artillery rolls at 2 with it (000, Unit Profiles,
    Artillery); units sharing a value roll together (General Combat, Step 3)."""
    logs = battle_logs(kit.west_russia(), kit.UNITS)
    assert len(logs) == 1
    log = logs[0]
    assert log.finished and log.started and log.waiting is None
    assert title(log) == "⚔ West Russia — Soviet Union attacks Germany"
    lines = flat(body_lines(log))
    assert lines[:2] == ["Attacker Soviet Union: 3 inf, 1 art, 1 tnk, 1 ftr",
                         "Defender Germany: 3 inf, 1 art, 1 tnk"]
    start = lines.index("Round 1")
    assert lines[start:start + 10] == [
        "Round 1",
        "Soviet Union fires: 2 hits",
        "@1 inf×2 3 5 → 0",
        "@2 inf, art 2 6 → 1",
        "@3 tnk, ftr 1 4 → 1",
        "Germany loses 2 inf (orders: cheapest first)",
        "Germany fires: 2 hits",
        "@2 inf×3, art 2 3 3 5 → 1",
        "@3 tnk 2 → 1",
        "Soviet Union loses 2 inf (orders: cheapest first)",
    ]
    assert "Germany loses 1 tnk (no choice)" in lines
    assert lines[-2:] == ["Result: Soviet Union takes West Russia.",
                          "Left: 1 art, 1 tnk, 1 ftr vs nothing"]
    shown = [int(d) for line in lines if line.startswith("@") for d in line.split("→")[0].split()
             if d.isdigit()]
    assert shown == [3, 5, 2, 6, 1, 4, 2, 3, 3, 5, 2, 6, 1, 4, 2, 3, 3, 5, 2, 6, 1, 4, 2]


def test_dice_columns_line_up_within_a_battle() -> None:
    lines = body_lines(battle_logs(kit.west_russia(), kit.UNITS)[0])
    arrows = {line.index("→") for line in lines if "→" in line}
    assert len(arrows) == 1


def test_a_battle_stopped_for_a_choice_is_partial_and_says_who_must_choose() -> None:
    """With ``decide: self`` the battle waits for the defender's casualties (General
    Combat, Step 3: the defender chooses); the next command continues the same battle."""
    state = kit.karelia(orders={"Soviet Union": {"decide": "self"}})
    state, first = kit.fight(state, "Karelia", [1, 6, 6])
    (log,) = battle_logs(first, kit.UNITS)
    assert not log.finished
    assert log.waiting == "waiting for Soviet Union to choose casualties"
    assert battle_text(log).splitlines()[-2] == \
        "… continues: waiting for Soviet Union to choose casualties"

    dice = FixedDice([6, 6, 6, 1, 1, 1, 6, 6])
    state, later = casualties(state, Casualties(((kit.RULES.find_unit("artillery"), 1),)), dice)
    second = kit.as_json(later)
    (rest,) = battle_logs(second, kit.UNITS)
    assert not rest.started and rest.finished
    assert title(rest) == "⚔ Karelia S.S.R. — Germany attacks Soviet Union (continued)"
    assert "Soviet Union loses 1 art (in person)" in flat(body_lines(rest))

    (whole,) = battle_logs(first + second, kit.UNITS)
    assert whole.started and whole.finished
    assert [r.number for r in whole.rounds] == [1, 2]
    assert flat(body_lines(whole)).count("Soviet Union loses 1 art (in person)") == 1


def test_waiting_for_the_attacker_to_press_or_retreat() -> None:
    state = kit.karelia(orders={"Germany": {"decide": "self"}})
    _, events = kit.fight(state, "Karelia", [6, 6, 6, 6, 6, 6])
    assert battle_logs(events, kit.UNITS)[0].waiting == "waiting for Germany to press on or retreat"


def test_retreat_by_standing_order_names_the_order() -> None:
    """General Combat, Step 6: the attacker may retreat; here its ``retreat_below`` order."""
    state = kit.karelia(orders={"Germany": {"retreat_below": 3}})
    _, events = kit.fight(state, "Karelia", [6, 6, 6, 1, 6, 6])
    lines = flat(body_lines(battle_logs(events, kit.UNITS)[0]))
    assert ("Germany retreats 1 inf, 1 tnk to Belorussia "
            "(orders: retreat below 3 units: 2 left)") in lines
    assert "Result: Germany retreats; Soviet Union holds Karelia S.S.R." in lines


def test_sea_battle_surprise_strike_damage_and_repair() -> None:
    """Submarines' Surprise Strike (General Combat, Step 2); a battleship takes two hits
    and is repaired after the battle (Unit Profiles, Battleships)."""
    (log,) = battle_logs(kit.sea_zone_6(), kit.UNITS)
    lines = flat(body_lines(log))
    assert lines[lines.index("Round 1") + 1:][:5] == [
        "Germany keeps its subs to strike (orders: submerge never)",
        "Germany surprise strike: 1 hit",
        "@2 ss×2 3 1 → 1",
        "United Kingdom has 1 bb damaged (orders: cheapest first)",
        "Germany fires: 0 hits",
    ]
    assert "Result: United Kingdom wins in Sea Zone 6." in lines
    assert "1 bb repaired." in lines
    assert lines[-1] == "Left: nothing vs 1 bb, 1 trn"


def test_raid_shows_factory_fire_damage_and_cap() -> None:
    """Strategic Bombing Raids: the factory rolls one die per bomber hitting on 1; damage
    is capped at twice the territory's value."""
    (log,) = battle_logs(kit.raid_on_italy(), kit.UNITS)
    assert log.kind == "raid"
    assert title(log) == "✈ Raid on Italy — United Kingdom"
    lines = flat(body_lines(log))
    assert lines[lines.index("Round 1") + 1:] == [
        "Factory AA: 1 hit",
        "@1 ic 1 3 → 1",
        "United Kingdom loses 1 bmb (no choice)",
        "United Kingdom bombs: 4 damage rolled",
        "bmb 4 = 4",
        "Factory takes 1 damage (4 rolled, cap 6); now 6",
        "",
        "Result: 1 damage to the factory (now 6).",
    ]


def test_raid_that_takes_ipcs_says_who_surrenders_what() -> None:
    """002, Strategic Bombing Raids: "the defender must surrender IPCs equal to the total",
    capped at the territory's value (Q&A, Strategic Bombing and Rockets)."""
    (log,) = battle_logs(kit.raid_for_ipcs(), kit.UNITS)
    lines = flat(body_lines(log))
    assert lines[-3:] == ["Germany surrenders 3 IPCs (5 rolled, cap 3); treasury now 7", "",
                          "Result: Germany surrenders 3 IPCs."]


def test_antiaircraft_and_bombardment_are_their_own_lines() -> None:
    """AAA fires before the first round (Unit Profiles, AAA); ships bombard in an
    amphibious assault (Amphibious Assaults, Step 2)."""
    (log,) = battle_logs(kit.aa_and_bombardment(), kit.UNITS)
    lines = flat(body_lines(log))
    assert "from the sea: 2 inf" in lines
    assert lines[lines.index("Round 1") + 1:][:6] == [
        "Soviet Union AA fire: 1 hit",
        "@1 aaa 1 5 → 1",
        "Germany loses 1 ftr (no choice)",
        "Germany bombards: 1 hit",
        "@4 bb 3 → 1",
        "Soviet Union loses 1 inf (orders: cheapest first)",
    ]
    assert [v.source for r in log.rounds for v in r.entries if isinstance(v, Volley)] == [
        "antiaircraft", "bombard", "fire", "fire"]


def test_events_outside_battles_stay_sentences() -> None:
    stray = [{"type": "phase", "text": "Soviet Union: Conduct Combat."},
             {"type": "capture", "text": "Soviet Union captures Finland.", "space": "Finland"}]
    logs, others = partition([stray[0], *kit.west_russia(), stray[1]], kit.UNITS)
    assert len(logs) == 1 and others == stray


def test_several_battles_in_one_turn() -> None:
    logs = battle_logs(kit.west_russia() + kit.sea_zone_6(), kit.UNITS)
    assert [(log.space, log.finished) for log in logs] == [("West Russia", True),
                                                           ("Sea Zone 6", True)]


def test_submerge_choice_in_person_continues_a_sea_battle() -> None:
    """General Combat, Step 2: the attacker decides to submerge or strike before any die;
    the continuation alone still reads as a sea battle."""
    state = board(kit.RULES, "Germany", {"Sea Zone 6": {"Germany": {"submarine": 2},
                                                       "United Kingdom": {"cruiser": 1}}},
                  orders={"Germany": {"decide": "self"}})
    state, _ = begin(moved(state, "Sea Zone 6", "Germany", "submarine", came_from="Sea Zone 5"))
    state, first = kit.fight(state, "Sea Zone 6", [])
    assert battle_logs(first, kit.UNITS)[0].waiting == "waiting for a choice to submerge submarines or strike"
    sub = kit.RULES.find_unit("submarine")
    _, later = submerge(state, Submerge(((sub, 1),)), FixedDice([2, 6]))
    (rest,) = battle_logs(kit.as_json(later), kit.UNITS)
    assert rest.kind == "sea" and not rest.started
    assert flat(body_lines(rest)) == [
        "Round 1", "Germany submerges 1 ss (in person)", "Germany surprise strike: 1 hit",
        "@2 ss 2 → 1", "United Kingdom loses 1 ca (no choice)", "",
        "Result: Germany wins.", "Left: 1 ss vs nothing"]


def test_multinational_defence_names_every_defending_power() -> None:
    """Multinational Forces: allied defenders fight together; the lead defender chooses."""
    state = board(kit.RULES, "Germany", {"Sea Zone 6": {"Germany": {"battleship": 1},
                                                       "United Kingdom": {"destroyer": 1},
                                                       "United States": {"cruiser": 1}}},
                  orders={"United Kingdom": {"loss": ["cruiser"]}})
    state, _ = begin(moved(state, "Sea Zone 6", "Germany", "battleship", came_from="Sea Zone 5"))
    _, events = kit.fight(state, "Sea Zone 6", [1, 6, 6, 1, 6])
    (log,) = battle_logs(events, kit.UNITS)
    assert title(log) == "⚔ Sea Zone 6 — Germany attacks United Kingdom & United States"
    lines = flat(body_lines(log))
    assert lines[:3] == ["Attacker Germany: 1 bb", "Defender United Kingdom: 1 dd",
                         "Defender United States: 1 ca"]
    assert ("United Kingdom & United States lose 1 ca "
            "(United Kingdom's orders: cruiser, then cheapest first)") in lines


def test_a_submarine_withdrawing_to_another_zone_stays_in_the_battle_log() -> None:
    """004_393aeba10bd8625e.txt §6 B: attacking subs "do not have to retreat with other naval
    units": the withdrawal is a line of the round it follows, and the battle goes on."""
    data = maps.load_rule_data("aa1942-2e")
    data["ruleset"] = {**data["ruleset"], "battle": {**data["ruleset"]["battle"], "steps": WITHDRAWING}}
    rules = RuleSet.from_data(**data)
    state = board(rules, "Germany", {"Sea Zone 6": {"Germany": {"submarine": 2, "cruiser": 1},
                                                   "United Kingdom": {"battleship": 1}}},
                  orders={"Germany": {"decide": "self"}})
    for kind in ("submarine", "cruiser"):
        state = moved(state, "Sea Zone 6", "Germany", kind, came_from="Sea Zone 5")
    state, first = kit.fight(begin(state)[0], "Sea Zone 6", [6, 6, 6, 6])
    state, pressed = press(state, Press(), FixedDice([]))
    sub = rules.find_unit("submarine")
    _, later = submerge(state, Submerge(((sub, 1),), to=rules.board.find_space("Sea Zone 5")),
                        FixedDice([6, 6, 6]))
    (log,) = battle_logs([*first, *kit.as_json(pressed), *kit.as_json(later)], kit.UNITS)
    lines = flat(body_lines(log))
    assert "Germany withdraws 1 ss to Sea Zone 5 (in person)" in lines
    assert lines.index("Round 2") > lines.index("Germany withdraws 1 ss to Sea Zone 5 (in person)")


def test_aarhe_land_cycle_shows_the_ids_fire_and_the_defenders_retreat() -> None:
    """AARHE (001 › Anti-Air; › Land Combat: Retreat Decision): what the Infrastructure
    Defenses did is a line of its round, and a defender's retreat reads as one."""
    rules = maps.load_ruleset("aarhe")
    state = kit.board(rules, "Germany", {"Karelia S.S.R.": {
        "Germany": {"infantry": 1, "bomber": 1}, "Soviet Union": {"infantry": 2}}},
        orders={"Soviet Union": {"retreat_below": 3}})
    state = kit.moved(state, "Karelia", "Germany", "infantry", came_from="Belorussia")
    state = kit.moved(state, "Karelia", "Germany", "bomber", came_from="Belorussia")
    state = kit.begin(state)[0]
    # The implicit ID of the victory city finds the bomber (1) and forces it out (3); the
    # German infantry and the Soviet infantry miss; the Soviet infantry, 2 of them, retreat.
    _, events = kit.fight(state, "Karelia", [1, 3, 6, 6, 6])
    lines = flat(body_lines(battle_logs(events, unit_key(rules))[0]))
    assert "Infrastructure Defense fire: Germany 1 bomber forced to retreat." in lines
    assert any(line.startswith("Soviet Union retreats 2 inf to Archangel") for line in lines), lines


def test_an_aarhe_sea_battle_is_one_log_with_its_searches_allocations_and_retreats() -> None:
    """AARHE's sea cycle (001 › Naval Combat: Sequence): the ASW search and its detection,
    the anti-air dice, the allocation to ASW, the defender's retreat decision, all in the one
    log of the battle, under the powers' names."""
    from engine import apply, parse_command
    from tests.engine.positions import position

    rules = maps.load_ruleset("aarhe")
    state = position(rules, turn="Germany", phase="combat_move", round=2,
                     spaces={"Sea Zone 5": {"Germany": {"destroyer": 1}},
                             "Western Europe": {"Germany": {"fighter": 1}},
                             "Sea Zone 6": {"United Kingdom": {"submarine": 1, "carrier": 1}}})
    for line in ('/move units:"1 destroyer" from:"Sea Zone 5" to:"Sea Zone 6"',
                 '/move units:"1 fighter" from:"Western Europe" to:"Sea Zone 6"', "/done",
                 '/orders power:"United Kingdom" retreat_below:3'):
        state = apply(state, parse_command(line, state), FixedDice([])).state
    out = apply(state, parse_command('/battle territory:"Sea Zone 6"', state), FixedDice([1, 6, 6, 6, 6, 6, 6, 6]))
    logs = battle_logs(kit.as_json(out.events), kit.UNITS)
    assert len(logs) == 1 and logs[0].finished
    assert title(logs[0]) == "⚔ Sea Zone 6 — Germany attacks United Kingdom"
    lines = flat(body_lines(logs[0]))
    for line in ("Germany ASW search: 1 hit", "1 ss detected", "United Kingdom anti-air: 0 hits",
                 "Germany allocates 1 dd to ASW (orders: one ASW attack for each detected submarine)",
                 "United Kingdom retreats 1 cv, 1 ss to Sea Zone 3 (orders: retreat below 3 units: 2 left)"):
        assert line in lines, lines


def test_a_raid_on_the_next_income_says_so() -> None:
    """AARHE, 001 › Economic attacks: "IPC damages of SBR ... are applied to the territory's
    income at its next 'Collect Income' phase"; the air missions' other results stand in the
    raid's log as the engine says them."""
    events = [
        {"type": "battle_start", "space": "United Kingdom", "combat": "raid", "attacker": "Germany",
         "attackers": {"bomber": 1}, "defenders": {}},
        {"type": "roll", "space": "United Kingdom", "round": 1, "side": "attacker", "source": "damage",
         "units": {"bomber": 1}, "value": None, "dice": [5], "hits": 5},
        {"type": "bombing", "space": "United Kingdom", "victim": "United Kingdom", "rolled": 5, "applied": 5,
         "damage": 5, "cap": 8, "saved_lost": 0},
        {"type": "interdiction", "space": "United Kingdom", "units": 3,
         "text": "Ground Interdiction: 3 hostile land units in United Kingdom may not perform Reinforcement this turn."},
        {"type": "battle_end", "space": "United Kingdom", "outcome": "raid", "rounds": 1, "captured": False,
         "attackers": {"bomber": 1}, "defenders": {}},
    ]
    (log,) = battle_logs(events, kit.UNITS)
    lines = flat(body_lines(log))
    assert "Next income −5 IPCs (5 rolled, at most 8)" in lines
    assert ("Ground Interdiction: 3 hostile land units in United Kingdom may not perform Reinforcement this turn."
            in lines)
    assert lines[-1] == "Result: United Kingdom's next income loses 5 IPCs."


def test_an_atomic_attack_is_told_in_the_engines_words() -> None:
    """AARHE, 001 › Phase 7, Atomic Weaponry: the income die, the defender's groups, the group
    struck and what the blast destroyed stand in the raid's log, its rolls labelled."""
    events = [
        {"type": "battle_start", "space": "Germany", "combat": "raid", "attacker": "United States",
         "attackers": {"bomber": 1}, "defenders": {}},
        {"type": "roll", "space": "Germany", "round": 1, "side": "attacker", "source": "atomic",
         "units": {"bomber": 1}, "value": None, "dice": [4], "hits": 4},
        {"type": "atomic", "space": "Germany", "text": "An atomic bomb falls on Germany: its income is 4 IPCs lower "
         "for good (4 rolled; 6 left of its 10)."},
        {"type": "atomic_groups", "space": "Germany", "text": "Germany: Germany divides its units into 2 groups: "
         "1) 3 infantry; 2) 1 tank (standing orders); groups of even cost."},
        {"type": "atomic_strike", "space": "Germany", "text": "Germany: United States strikes group 1, 3 infantry "
         "(standing orders); the costliest group."},
        {"type": "roll", "space": "Germany", "round": 1, "side": "attacker", "source": "atomic",
         "units": {"infantry": 3}, "value": 5, "dice": [1, 6, 5], "hits": 2},
        {"type": "atomic_losses", "space": "Germany", "text": "Germany: the blast destroys 2 infantry."},
        {"type": "battle_end", "space": "Germany", "outcome": "raid", "rounds": 1, "captured": False,
         "attackers": {"bomber": 1}, "defenders": {}},
    ]
    (log,) = battle_logs(events, kit.UNITS)
    lines = flat(body_lines(log))
    assert "An atomic bomb falls on Germany: its income is 4 IPCs lower for good (4 rolled; 6 left of its 10)." in lines
    assert "Germany: the blast destroys 2 infantry." in lines
    assert any("atomic bomb" in line for line in lines), lines
    assert lines[-1] == "Result: the missions came through (above)."
def test_a_roll_named_by_the_rule_systems_data_keeps_its_name() -> None:
    """A National Advantage's suicide boats (AARHE, 001 › Appendix: National Advantages, Japan 9,
    Shinyo Suicide Boats) roll under the name ``advantages.toml`` gives them (``label``), not
    as the side's fire."""
    from engine import apply, parse_command
    from tests.engine.positions import position

    rules = maps.load_ruleset("aarhe").for_options({"national_advantages": True})
    state = position(rules, turn="Japan", phase="combat_move", round=2,
                     spaces={"Sea Zone 60": {"Japan": {"destroyer": 1, "transport": 1}},
                             "Sea Zone 62": {"United States": {"destroyer": 1}}},
                     options={"national_advantages": True},
                     advantages={"Japan": {"drawn": ["shinyo_suicide_boats"], "revealed": ["shinyo_suicide_boats"]}})
    for line in ('/orders power:Japan decide:self', '/move units:"1 destroyer, 1 transport" from:"Sea Zone 60" '
                 'to:"Sea Zone 62"', "/done", '/battle territory:"Sea Zone 62"'):
        state = apply(state, parse_command(line, state), FixedDice([])).state
    out = apply(state, parse_command('/casualties units:"1 destroyer"', state), FixedDice([6, 1, 1]))
    logs = battle_logs(kit.as_json(out.events), unit_key(rules))
    lines = flat(body_lines(logs[0]))
    assert "Japan suicide boat: 0 hits" in lines, lines
    from bot.render.battletable import render_battle_table

    assert render_battle_table(logs[0]).startswith(b"\x89PNG")
