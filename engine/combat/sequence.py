"""The battle sequence: step functions by id, and the order the rule system gives them.

A rule system lists the step ids of a battle (``[battle]`` in ``maps/<id>/ruleset.toml``,
:class:`engine.ruleset.BattleSequence`); each id names a :class:`BattleStep` here: a
function that does one thing and returns the state and the next decision point (a
``Pending`` choice on the battle, or the battle's end), and a condition saying for which
battles it applies. No step names its successor: :func:`advance` takes the next id from
the list, and after the last step of a round starts the next round at ``repeat_from``.

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
from . import air, amphibious, conclude, missions, raids, steps, withdraw
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
    BattleStep("mission_effects", missions.mission_effects),
)


def check_battle_steps(rules: RuleSet) -> None:
    """Every step the rule system lists has a function (raised at load, naming the id)."""
    listed = (*rules.battle.steps, *rules.battle.raid)
    unknown = [s for s in listed if s not in STEPS]
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
    entry = STEPS[b.step]
    events: list[Event] = []
    if entry.applies(b):
        state, phase, events = entry.run(state, phase, dice)
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
