"""The battle sequence: step functions by id, and the order the rule system gives them.

A rule system lists the step ids of a battle (``[battle]`` in ``maps/<id>/ruleset.toml``,
:class:`engine.ruleset.BattleSequence`); each id names a :class:`BattleStep` here: a
function that does one thing and returns the state and the next decision point (a
``Pending`` choice on the battle, or the battle's end), and a condition saying for which
battles it applies. No step names its successor: :func:`advance` takes the next id from
the list, and after the last step of a round starts the next round at ``repeat_from``.

A listed id may name a kind of battle after ``@`` (``round@land``): the step then runs only
in battles of that kind, besides its own condition. A rule system whose land and sea
battles differ lists a shared step so for one kind only (AARHE: a land cycle begins with
``round``, a sea cycle with ``naval_cycle``, 001 › Phase 4).

``Battle.step`` holds the id of the step to run next, so a game stored mid-battle resumes
where it stopped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..dice import Dice
from ..errors import BoardDataError
from ..events import Event
from ..ruleset import RuleSet
from ..state import GameState
from . import air, amphibious, assault, atomic, breakoff, conclude, land_cycle, land_retreat, missions, naval, raids, steps, withdraw
from .flow import Result, Step, current, with_battle
from .phase import Battle, CombatPhase

Condition = Callable[[Battle], bool]


def _always(b: Battle) -> bool:
    return True


def _land(b: Battle) -> bool:
    return b.kind == "land"


def _sea(b: Battle) -> bool:
    return b.kind == "sea"


def _amphibious_land(b: Battle) -> bool:
    """Bombardment supports the land battle of an amphibious assault (000, Amphibious
    Assaults, Step 2), never the sea battle before it."""
    return b.kind == "land" and b.amphibious


def _assault_first_cycle(b: Battle) -> bool:
    """AARHE's amphibious assault sequence is that of the 1st cycle (001 › Land Combat:
    Amphibious Assault Sequence, 1st cycle)."""
    return b.kind == "land" and land_cycle.assault_cycle(b)


@dataclass(frozen=True, slots=True)
class BattleStep:
    """One registry entry: a step's function and the battles it applies to."""

    id: str
    run: Step
    applies: Condition = _always


def _entries(*entries: BattleStep) -> dict[str, BattleStep]:
    return {e.id: e for e in entries}


STEPS: dict[str, BattleStep] = _entries(
    BattleStep("start", steps.start),
    BattleStep("antiaircraft", steps.antiaircraft, _land),
    BattleStep("antiaircraft_each", steps.antiaircraft_each, _land),
    BattleStep("bombard", amphibious.bombard, _amphibious_land),
    BattleStep("undefended", conclude.undefended, _land),
    BattleStep("round", steps.round_start),
    BattleStep("air_cycle", air.air_cycle),
    BattleStep("submerge_attacker", steps.submerge("attacker"), _sea),
    BattleStep("submerge_defender", steps.submerge("defender"), _sea),
    BattleStep("surprise_attacker", steps.surprise("attacker"), _sea),
    BattleStep("surprise_defender", steps.surprise("defender"), _sea),
    BattleStep("surprise_end", steps.remove_strip, _sea),
    BattleStep("opening_attacker", steps.opening("attacker"), _sea),
    BattleStep("opening_defender", steps.opening("defender"), _sea),
    BattleStep("opening_end", steps.opening_end, _sea),
    BattleStep("fire_attacker", steps.fire_attacker),
    BattleStep("fire_attacker_after_opening", steps.fire_after_opening("attacker")),
    BattleStep("fire_defender_after_opening", steps.fire_after_opening("defender")),
    BattleStep("fire_defender", steps.fire_defender),
    BattleStep("remove", steps.remove_strip),
    BattleStep("end_round", steps.end_round),
    BattleStep("withdraw_attacker", withdraw.withdraw("attacker"), _sea),
    BattleStep("withdraw_defender", withdraw.withdraw("defender"), _sea),
    BattleStep("next_round", steps.next_round),
    BattleStep("anti_air", land_cycle.anti_air, _land),
    BattleStep("air_fire_attacker", land_cycle.air_fire("attacker"), _land),
    BattleStep("air_fire_defender", land_cycle.air_fire("defender"), _land),
    BattleStep("air_remove", steps.remove_strip, _land),
    BattleStep("opening_fire_attacker", land_cycle.opening_land("attacker"), _land),
    BattleStep("opening_fire_defender", land_cycle.opening_land("defender"), _land),
    BattleStep("opening_remove", steps.remove_strip, _land),
    BattleStep("shore_bombard", amphibious.shore_bombard, _assault_first_cycle),
    BattleStep("anti_ship", assault.anti_ship, _assault_first_cycle),
    BattleStep("assault_artillery", assault.defending_artillery, _assault_first_cycle),
    BattleStep("land_fire_attacker", land_cycle.land_fire("attacker"), _land),
    BattleStep("land_fire_defender", land_cycle.land_fire("defender"), _land),
    BattleStep("land_remove", steps.remove_strip, _land),
    BattleStep("cycle_end", land_cycle.cycle_end, _land),
    BattleStep("retreat_defender", land_retreat.retreat_step("defender"), _land),
    BattleStep("retreat_attacker", land_retreat.retreat_step("attacker"), _land),
    BattleStep("naval_cycle", naval.cycle_start, _sea),
    BattleStep("asw_search", naval.asw_search, _sea),
    BattleStep("suicide_boats_attacker", naval.suicide_boats("attacker"), _sea),
    BattleStep("suicide_boats_defender", naval.suicide_boats("defender"), _sea),
    BattleStep("sub_strike_attacker", naval.sub_strike("attacker"), _sea),
    BattleStep("sub_strike_defender", naval.sub_strike("defender"), _sea),
    BattleStep("anti_air_attacker", naval.anti_air("attacker"), _sea),
    BattleStep("anti_air_defender", naval.anti_air("defender"), _sea),
    BattleStep("naval_opening_remove", naval.remove, _sea),
    BattleStep("battleships_attacker", naval.early_fire("attacker"), _sea),
    BattleStep("battleships_defender", naval.early_fire("defender"), _sea),
    BattleStep("mid_remove", naval.remove, _sea),
    BattleStep("asw_allocate_attacker", naval.asw_allocate("attacker"), _sea),
    BattleStep("asw_allocate_defender", naval.asw_allocate("defender"), _sea),
    BattleStep("main_attacker", naval.main_fire("attacker"), _sea),
    BattleStep("main_defender", naval.main_fire("defender"), _sea),
    BattleStep("main_remove", naval.remove, _sea),
    BattleStep("naval_cycle_end", naval.cycle_end, _sea),
    BattleStep("naval_submerge_defender", steps.submerge("defender", despite_destroyers=True), _sea),
    BattleStep("naval_retreat_defender", breakoff.decision("defender"), _sea),
    BattleStep("naval_submerge_attacker", steps.submerge("attacker", despite_destroyers=True), _sea),
    BattleStep("naval_retreat_attacker", breakoff.decision("attacker"), _sea),
    BattleStep("raid_start", raids.raid_start),
    BattleStep("raid_escort_fire", raids.escort_fire),
    BattleStep("raid_interceptor_fire", raids.interceptor_fire),
    BattleStep("raid_aa", raids.complex_fire),
    BattleStep("raid_aa_gun", raids.gun_fire),
    BattleStep("raid_damage", raids.damage),
    BattleStep("mission_start", missions.mission_start),
    BattleStep("mission_anti_air", missions.mission_anti_air),
    BattleStep("mission_dogfight_attacker", missions.dogfight("attacker")),
    BattleStep("mission_dogfight_defender", missions.dogfight("defender")),
    BattleStep("mission_land_bombing", missions.land_bombing),
    BattleStep("atomic_drop", atomic.drop),
    BattleStep("atomic_choose", atomic.choose),
    BattleStep("atomic_strike", atomic.strike),
    BattleStep("mission_effects", missions.mission_effects),
)


KINDS = ("land", "sea")
"""The kinds of battle a listed step id may name after ``@``."""


def entry(listed: str) -> BattleStep:
    """The registry entry of a listed step id (``remove@sea`` is ``remove``'s)."""
    return STEPS[listed.partition("@")[0]]


def applies(listed: str, b: Battle) -> bool:
    """Whether the listed step runs in ``b``: its condition, and the kind it names if any."""
    kind = listed.partition("@")[2]
    return (not kind or kind == b.kind) and entry(listed).applies(b)


def check_battle_steps(rules: RuleSet) -> None:
    """Every step the rule system lists has a function (raised at load, naming the id)."""
    listed = (*rules.battle.steps, *rules.battle.raid)
    unknown = [s for s in listed if s.partition("@")[0] not in STEPS or s.partition("@")[2] not in ("", *KINDS)]
    if unknown:
        raise BoardDataError(f"{rules.id}: [battle] lists unknown steps {', '.join(unknown)}")


def first_step(rules: RuleSet, kind: str) -> str:
    """Where a battle of ``kind`` (``land``, ``sea``, ``raid``) begins."""
    return (rules.battle.raid if kind == "raid" else rules.battle.steps)[0]


def run_step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """Run the current battle's next step if it applies to this battle, then point the
    battle at the step after it (unless the step ended the battle, or asked a choice it
    runs again once answered: ``Pending.again``)."""
    b = current(phase)
    events: list[Event] = []
    if applies(b.step, b):
        state, phase, events = entry(b.step).run(state, phase, dice)
    after = phase.current
    again = after is not None and after.pending is not None and after.pending.again
    if after is not None and (after.space, after.kind) == (b.space, b.kind) and not again:
        phase = with_battle(phase, after.but(step=advance(state.rules, b)))
    return state, phase, events


def advance(rules: RuleSet, b: Battle) -> str:
    """The id of the step after ``b.step`` in the rule system's sequence."""
    order = rules.battle.raid if b.kind == "raid" else rules.battle.steps
    index = order.index(b.step)
    if index + 1 < len(order):
        return order[index + 1]
    if b.kind == "raid":
        raise BoardDataError(f"{rules.id}: the raid sequence ends without ending the raid")
    return rules.battle.repeat_from
