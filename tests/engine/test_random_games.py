"""Whole random games from the opening keep every invariant, in every rule system (issue
11: "The random-game property tests and --soak run over every rule system with the same
invariants").

Legal commands only (drawn from the engine's own options, research included), random dice,
to a winner or a number of rounds. After every accepted command: units leave the board only
as recorded losses and appear only when mobilized; IPC accounting balances (research dice
and raids that take IPCs included); no treasury is negative; developments are only gained,
at Mobilize New Units after a breakthrough; every unit stands where its kind may; the state
JSON and the command's notation round-trip. Longer runs: ``./test.sh --soak`` plays more
games of each rule system.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import maps
from engine import Event, GameState, NoDice, Undo, apply, format_command, new_game, parse_command
from engine.ids import PowerId
from engine.movement.neutrals import ENTER, leaning, unheld
from engine.state import SUBMERGED, Unit
from tests.engine.playout import Playout


def _losses(events: tuple[Event, ...]) -> int:
    """Units the events say left the board."""
    lost = 0
    for e in events:
        d = e.data
        if (e.type == "casualties" and d.get("immediate", True)) or e.type in ("removed", "anti_air"):
            lost += sum(d.get("units", {}).values()) + sum(d.get("cargo", {}).values())
        elif e.type == "destroyed":
            lost += int(d.get("count", 0))
        elif e.type == "lost":
            lost += 1
        elif e.type == "overflight_fire":
            lost += sum(d["lost"].values())
        elif e.type == "anti_air":
            lost += sum(d["units"].values())
        elif e.type in ("strait", "strike"):
            lost += sum(d["units"].values()) + sum(d["cargo"].values())
        elif e.type == "atomic_losses":
            lost += sum(d["lost"].values())
    return lost


def _ipc_delta(state: GameState, events: tuple[Event, ...]) -> Counter[str]:
    """Treasury changes the events account for, per power id."""
    by_name = {state.rules.power_name(p): p for p in state.rules.turn_order}
    delta: Counter[str] = Counter()
    for e in events:
        d: Mapping[str, Any] = e.data
        if e.type in ("purchase", "research", "research_dice"):
            delta[by_name[d["power"]]] -= d["cost"]
        elif e.type == "atomic_build":
            delta[by_name[d["power"]]] -= d["cost"]
        elif e.type == "ic_repair":
            delta[by_name[d["power"]]] -= d["points"]
        elif e.type in ("income", "refund"):
            delta[by_name[d["power"]]] += d["ipcs"]
        elif e.type == "plunder":
            delta[by_name[d["power"]]] += d["ipcs"]
            delta[by_name[d["victim"]]] -= d["ipcs"]
        elif e.type in ("bombing", "rocket") and "treasury" in d:  # AARHE's strike the next income instead
            delta[by_name[d["victim"]]] -= d["applied"]
        elif e.type == "bombing" and "saved_lost" in d:
            delta[by_name[d["victim"]]] -= d["saved_lost"]
        elif e.type == "logistics":
            delta[by_name[d["power"]]] -= d["ipcs"]
        elif e.type == "lendlease":
            delta[by_name[d["power"]]] -= d["ipcs"]
            delta[by_name[d["to"]]] += d["arrived"]
    return delta


def check_invariants(before: GameState, after: GameState, line: str, events: tuple[Event, ...]) -> None:
    rules = after.rules
    # notation round trip of the command just applied
    cmd = parse_command(line, before)
    assert parse_command(format_command(cmd, before), before) == cmd, line
    # state JSON round trip, with the states kept for /undo
    _check_round_trip(after, line)
    # units: new ones only by mobilization, lost ones only as recorded losses
    gone = before.units.keys() - after.units.keys()
    new = after.units.keys() - before.units.keys()
    if new:
        # or an attacked neutral's troops joining the other side (001 › Phase 8, Level of cooperation)
        joined = sum(e.data["units"] for e in events if e.type == "join")
        # or a National Advantage's free unit where a battle was won (001 › Appendix, Salvage)
        given = sum(sum(e.data["units"].values()) for e in events if e.type == "place" and "item" in e.data)
        assert line.startswith("/place") or len(new) == joined + given, (line, new)
        assert min(new) >= before.next_id
    if line == "/undo":  # units the command taken back added (a neutral's troops) leave with it
        gone = {i for i in gone if i < after.next_id}
    assert len(gone) == _losses(events), (line, [before.units[i] for i in gone], [e.text for e in events])
    # IPCs: every change is accounted for by an event; nobody goes below zero
    delta = _ipc_delta(before, events)
    for power in rules.turn_order:
        assert after.treasury[power] >= 0
        if line == "/undo" and before.before is not None:
            # a fee the command taken back paid (logistics) comes back with it
            assert after.treasury[power] == before.before.treasury[power], (line, power)
        else:
            assert after.treasury[power] - before.treasury[power] == delta[power], (line, power)
    _check_tech(before, after, events)
    _check_placement(after)
    _check_index(after)
    if line == "/undo":
        _check_undo(before, after)


def _check_round_trip(state: GameState, line: str) -> None:
    """Read back from JSON, a state equals the original, and so does every state it keeps
    for ``/undo`` (each one command further back), down to the checkpoint, which is the same
    whether the JSON holds it or it is derived from the steps back."""
    restored: GameState | None = GameState.from_json(state.to_json(), state.rules)
    assert restored is not None and restored.checkpoint == state.checkpoint, line
    kept: GameState | None = state
    while kept is not None:
        assert restored is not None, line
        assert restored == kept and restored.since_checkpoint == kept.since_checkpoint, line
        kept, restored = kept.before, restored.before
    assert restored is None, line


def _check_undo(before: GameState, after: GameState) -> None:
    """``/undo`` steps back to the state it kept; the same state read from JSON without
    the kept states (and so with its checkpoint whole) replays from the checkpoint instead,
    and both land on the same state."""
    assert before.checkpoint is not None
    data = before.to_json()
    data["undo"].pop("before", None)
    data["undo"]["checkpoint"] = before.checkpoint.to_json()
    replayed = apply(GameState.from_json(data, before.rules), Undo(), NoDice()).state
    assert replayed == after
    assert replayed.since_checkpoint == after.since_checkpoint


def _check_index(state: GameState) -> None:
    """The by-space index, kept up to date with the units each command changed, equals one
    rebuilt from every unit (passing ``units`` whole makes the state index from scratch)."""
    rebuilt = state.evolve(units=dict(state.units))
    for space in state.board.spaces:
        assert state.units_at(space) == rebuilt.units_at(space), space


def _check_tech(before: GameState, after: GameState, events: tuple[Event, ...]) -> None:
    """Developments are never lost, and one is gained only with its ``development`` event
    (003, Phase 1, Step 4: in effect from Mobilize New Units; 004 §4 item 02: at once, in
    Develop Weapons)."""
    known = {d.id for d in after.rules.technology.developments}
    gained = []
    for power in after.rules.turn_order:
        had, has = before.tech.get(power, ()), after.tech.get(power, ())
        assert set(had) <= set(has) <= known, (power, had, has)
        gained += [(power, d) for d in has if d not in had]
    by_name = {after.rules.power_name(p): p for p in after.rules.turn_order}
    announced = [(by_name[e.data["power"]], e.data["development"]) for e in events if e.type == "development"]
    assert gained == announced, (gained, announced)
    researched = [e for e in events if e.type == "development" and not e.data.get("shared")]
    if researched:
        # a box an ally passed completes a development as the receiver's turn begins instead
        # (001 › Phase 7, Technology Deployment: "effective from beginning of the receivers' next turn")
        when = "mobilize" if after.rules.technology.effect == "mobilize" else "develop_weapons"
        assert after.phase == when, after.phase


def _phase_of(state: GameState, power: PowerId) -> str | None:
    """The phase ``power`` is in: the focus's, a teammate's own (``state.lanes``), or None
    for a power whose turn it is not."""
    if power == state.turn:
        return state.phase
    lane = state.lanes.get(power)
    return lane.phase if lane is not None else None


def _check_placement(state: GameState) -> None:
    """Every unit stands where its kind may (000, Unit Profiles), judged by its owner's own
    phase where teammates play at once (001 › Round Sequence)."""
    board = state.board
    for u in state.units.values():
        spec = state.rules.spec(u.kind)
        space = board.spaces[u.space]
        assert not space.impassable and (not space.neutral or _neutral_open(state, u)), u
        if u.has(SUBMERGED):
            # 002, Phase 5: submerged submarines resurface at the end of Noncombat Move
            playing = {state.phase, *(lane.phase for lane in state.lanes.values())}
            assert spec.submarine and playing & {"conduct_combat", "noncombat_move"}, u
        if u.aboard is not None:
            ship = state.units[u.aboard]
            assert ship.space == u.space, u
            ship_spec = state.rules.spec(ship.kind)
            assert (spec.is_land and ship_spec.is_transport) or (spec.is_air and ship_spec.carrier_capacity), u
        elif spec.is_sea:
            assert space.is_sea, u
        elif spec.is_land:
            assert space.is_land, u
        elif spec.is_air and (_phase_of(state, u.owner) or state.phase) == "purchase":
            # between turns every aircraft has landed: on friendly land or aboard a carrier (a
            # power not playing is judged when the turn in focus begins, as a defending fighter
            # whose carrier sank waits at sea until its battle ends)
            assert space.is_land and (board.allies(state.owners.get(u.space), u.owner) or _neutral_open(state, u)), u


def _neutral_open(state: GameState, u: Unit) -> bool:
    """A unit may stand in a neutral territory that a power holds (it joined a side, or was
    taken), or that leans far enough towards the unit's side to be entered (001 › Phase 8,
    Level of cooperation: "+4 ... Allies units can enter"); with neutrals ``open``, in any."""
    if state.rules.switches.neutrals == "open" or state.owners.get(u.space) is not None:
        return True
    return unheld(state, u.space) and leaning(state, u.space, state.board.side_of(u.owner)) >= ENTER


FLIPPED = {
    "victory_check": "end_of_turn", "overproduction": "lost", "production_limit": "ipc",
    "bombing": "treasury", "bombing_damage_cap_factor": 1, "aa_fires_at_overflight": True,
    "blitz_blocked_by_structures": False, "neutrals": "open", "hostile_sea_zone": "any_enemy",
    "capital_plunder": False, "capital_lost_income": "half", "production_interruption": True,
    "logistics_fees": True, "income_paths": True, "fighters_on_existing_carriers": False,
    "bombarded_units_fire_back": False, "overland_units_retreat_from_assaults": False,
    "submarines_end_noncombat_in_hostile": False, "submerged_until_noncombat_end": True,
    "aircraft_hit_subs_alone": True, "transports_attack_alone": True, "bombard_limit_per_land_unit": False,
    "factory_spending_factor": 4, "capital_lost_keeps_production": True, "ship_repair": "in_port",
}
"""Every switch at the value 1942 does not use (engine/switches.py)."""


ROUNDS = {"aa1942-2e": 15, "revised-lhtr": 6, "classic-3e": 6, "aarhe": 4}
"""Rounds a random game plays in the suite, per rule system (each takes about 2 s a round)."""


def _play(seed: int, rounds: int, options: dict[str, object] | None = None,
          switches: Mapping[str, object] | None = None, ruleset: str = "aa1942-2e") -> Playout:
    rules = maps.load_ruleset(ruleset, unplayable=True).with_switches(**(switches or {}))
    play = Playout(new_game(rules, options), random.Random(seed), check=check_invariants)
    play.play_rounds(rounds)
    return play


@pytest.mark.parametrize("ruleset", maps.SHIPPED)
@settings(max_examples=2, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_random_games_keep_invariants(ruleset: str, seed: int) -> None:
    play = _play(seed, ROUNDS[ruleset], ruleset=ruleset)
    # a game that hits the command cap is stuck: some phase could not be ended
    assert play.state.is_over or play.state.round > ROUNDS[ruleset], (play.state.round, play.state.phase,
                                                                        play.history[-5:])
    assert play.commands > 0


def test_random_revised_games_research() -> None:
    """Random Revised play buys research dice and gains developments (003, Phase 1), so the
    invariants above are checked over technology too."""
    play = _play(11, 3, ruleset="revised-lhtr")
    assert play.state.round > 3 and play.state.phase == play.state.rules.phases[0]
    assert any(line.startswith("/research") for line in play.history)
    assert any(play.state.tech.values()), play.state.tech


def test_random_revised_games_fire_rockets() -> None:
    """With Rockets for every power, random Revised play fires the rockets the engine offers
    (``legal_commands(state).rockets``), and the invariants hold: the IPCs a rocket takes
    are accounted for by its event (002, Rocket Strikes)."""
    rules = maps.load_ruleset("revised-lhtr", unplayable=True)
    start = new_game(rules).evolve(tech={p: ("rockets",) for p in rules.turn_order})
    play = Playout(start, random.Random(11), check=check_invariants)
    play.play_rounds(3)
    assert play.state.round > 3 and play.state.phase == rules.phases[0], (play.state.round, play.state.phase)
    assert any(line.startswith("/rocket") for line in play.history)


def test_random_aarhe_games_redeploy() -> None:
    """With Strategic Redeployment on (001 › Phase 5, optional), random AARHE play moves land
    units by rail between victory cities, and the invariants hold."""
    play = _play(7, 2, {"optional_rules": "strategic_redeployment"}, ruleset="aarhe")
    assert play.state.round > 2, (play.state.round, play.state.phase, play.history[-5:])
    accepted = [line for line in play.history if line.startswith("/redeploy")]
    assert accepted, play.refused


def test_random_aarhe_games_dock() -> None:
    """Random AARHE play docks ships at neutrals leaning toward their side (001 › Phase 8,
    Level of cooperation), enemies sail past them, and the invariants hold."""
    play = _play(11, 3, {}, ruleset="aarhe")
    assert play.state.round > 3, (play.state.round, play.state.phase, play.history[-5:])
    assert any(line.startswith("/dock") for line in play.history), play.refused


def test_random_aarhe_games_with_optional_units() -> None:
    """With the optional units (001 › Appendix: Units, "Optional units"), random AARHE play
    starts from their setup, buys them, places airborne infantry at capitals only, and the
    invariants hold."""
    play = _play(5, 2, {"optional_rules": "optional_units"}, ruleset="aarhe")
    assert play.state.round > 2, (play.state.round, play.state.phase, play.history[-5:])
    optional = {k for k, s in play.state.rules.units.items() if not maps.load_ruleset("aarhe").spec(k).buyable}
    bought = [line for line in play.history if line.startswith("/buy") and any(k in line for k in optional)]
    assert bought, play.history[:40]


def test_random_aarhe_games_with_national_advantages() -> None:
    """With National Advantages on (001 › Appendix: National Advantages, optional), random
    AARHE play draws its items and reveals some, so battles are fought with the items'
    bonuses in force (``engine.combat.national``), and the invariants hold."""
    play = _play(3, 3, {"national_advantages": True}, ruleset="aarhe")
    assert play.state.round > 3, (play.state.round, play.state.phase, play.history[-5:])
    revealed = [line for line in play.history if line.startswith("/advantage reveal")]
    assert revealed, play.refused


def test_random_aarhe_games_take_the_passive_windows() -> None:
    """Random AARHE play sets some powers to be asked in the other team's turn and makes the
    moves the windows offer, Defensive Air Support after Combat Move and Reinforcement after
    Noncombat Move (001 › Phase 3, DAS; › Phase 5, Reinforcement), and the invariants hold
    (units only move, the JSON round-trips the window)."""
    play = _play(2, 3, {}, ruleset="aarhe")
    assert play.state.round > 3, (play.state.round, play.state.phase, play.history[-5:])
    assert any(line.startswith("/support") for line in play.history), play.refused
    assert any(line.startswith("/reinforce") for line in play.history), play.refused


def test_random_aarhe_games_drop_atomic_bombs() -> None:
    """With Atomic Weaponry and Heavy Bomber for the United States, a bomb ready and one aboard
    a bomber in the United Kingdom (001 › Phase 7, Atomic Weaponry), random AARHE play buys
    bombs, loads them, flies atomic attacks and answers their choices in person or by
    standing orders, and the invariants hold (units destroyed by the blast are recorded
    losses, the bombs' IPCs are accounted for, the JSON round-trips the arsenal, the loaded
    bombers and an attack stopped at a choice)."""
    from engine.atomic import LOADED_BOMB

    rules = maps.load_ruleset("aarhe", unplayable=True)
    us = PowerId("united_states")
    start = new_game(rules)
    start = start.evolve(tech={**start.tech, us: ("atomic_weaponry", "heavy_bomber")}, arsenal={us: (0, 0, 0)})
    britain = start.board.find_space("United Kingdom")
    start = start.with_units([Unit(start.next_id + i, rules.find_unit("bomber"), us, britain,
                                   flags=frozenset({LOADED_BOMB})) for i in range(3)])
    seen: Counter[str] = Counter()

    def check(before: GameState, after: GameState, line: str, events: tuple[Event, ...]) -> None:
        check_invariants(before, after, line, events)
        seen.update(e.type for e in events)

    play = Playout(start, random.Random(9), check=check)
    play.play_rounds(3)
    assert play.state.round > 3, (play.state.round, play.state.phase, play.history[-5:])
    assert seen["atomic_load"] and seen["atomic"] >= 2 and seen["atomic_strike"] and seen["atomic_losses"], seen


def test_random_team_games() -> None:
    """Teammates acting in interleaved order (001 › Game Sequence › Round Sequence: "Players
    on the same team perform turn sequence at their own rate"), on Revised's data with team
    turns: the invariants hold, the JSON round-trips every lane, and the rounds go on."""
    from tests.engine.teams_kit import team_rules

    play = Playout(new_game(team_rules()), random.Random(5), check=check_invariants)
    play.play_rounds(3)
    assert play.state.is_over or play.state.round > 3, (play.state.round, play.history[-5:])
    assert sum(line.startswith("/focus") for line in play.history) > 10


def test_random_game_with_every_switch_flipped() -> None:
    """The switch values later rule systems use (Revised with LHTR, Classic) keep the same
    invariants: raids that take IPCs and fire at overflights are accounted for."""
    play = _play(11, 8, switches=FLIPPED)
    assert play.state.is_over or play.state.round > 8, (play.state.round, play.state.phase, play.history[-5:])


@pytest.mark.soak
@pytest.mark.parametrize("ruleset", maps.SHIPPED)
@pytest.mark.parametrize("seed", range(20))
def test_soak_random_games(seed: int, ruleset: str) -> None:
    options: dict[str, object] = {}
    switches = None
    if ruleset == "aa1942-2e":
        options = {"escorts_and_interceptors": seed % 2 == 0, "turkish_straits": seed % 3 == 0}
        switches = FLIPPED if seed % 4 == 1 else None
    elif ruleset == "revised-lhtr":
        options = {"victory": "world_domination"} if seed % 2 else {}
    elif ruleset == "aarhe":
        options = {"optional_rules": "strategic_redeployment,optional_units"} if seed % 2 else {}
    play = _play(1000 + seed, 15, options, switches, ruleset)
    assert play.state.is_over or play.state.round > 15, (play.state.round, play.state.phase, play.history[-5:])


def test_play_is_identical_under_any_hash_seed() -> None:
    """Replays rebuild games from the log in other processes: nothing may depend on the
    order Python happens to iterate sets of strings in."""
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import random, json, hashlib, maps\n"
        "from engine import new_game\n"
        "from tests.engine.playout import Playout\n"
        "p = Playout(new_game(maps.load_ruleset('aa1942-2e')), random.Random(7))\n"
        "p.play_rounds(2)\n"
        "print(p.commands, hashlib.sha256(json.dumps(p.state.to_json(), sort_keys=True).encode()).hexdigest())\n"
    )
    root = Path(__file__).resolve().parents[2]
    outputs = {
        subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True,
                       env={"PYTHONHASHSEED": seed, "PYTHONPATH": str(root)}).stdout
        for seed in ("1", "2")
    }
    assert len(outputs) == 1, outputs
