"""The question a battle of a game in progress asks: its units as they stand now, the
powers' standing orders, what of round 1 is still to come, and the game's dice."""

from __future__ import annotations

from collections.abc import Sequence

from ..advantages import bonuses, in_force
from ..advantages_data import BEYOND_FIRE, Bonus
from ..combat import air
from ..combat.amphibious import bombarding_ships
from ..combat.fire import low_luck
from ..combat.flow import with_battle
from ..combat.orders import orders_of
from ..combat.phase import AMPHIBIOUS, Battle, CombatPhase
from ..combat.sequence import first_step
from ..combat.sides import attackers, defenders, lead_defender
from ..combat.withdraw import withdraw_options
from ..ids import SpaceId, UnitKind
from ..errors import IllegalCommandError
from ..state import SEABORNE, GameState, Unit
from .question import Force, Question, force
from .sequence import check_covered, not_covered


ANTIAIRCRAFT_STEPS = ("antiaircraft", "antiaircraft_each")
"""The opening steps of antiaircraft fire (``engine.combat.sequence``), one per rule system."""


def from_battle(state: GameState, phase: CombatPhase, battle: Battle) -> Question:
    """``battle`` from where it stands: before round 1 with its opening fire, later from
    the next round (the defender's casualties behind the strip already gone)."""
    atk = attackers(state, battle)
    overland = any(state.rules.spec(u.kind).is_land and not u.has(SEABORNE) for u in atk)
    return _question(state, phase, battle, force((u.kind, u.hits) for u in atk), overland)


def proposed(state: GameState, space: SpaceId, attack: Force) -> Question:
    """An attack the power to move considers: ``attack`` against the enemy units standing
    in ``space`` now, by both sides' standing orders."""
    kind = "sea" if state.board.spaces[space].is_sea else "land"
    battle = Battle(space, kind, state.turn, step=first_step(state.rules, kind))
    return _question(state, CombatPhase(attacker=state.turn), battle, attack)


def _question(state: GameState, phase: CombatPhase, battle: Battle, attack: Force, overland: bool = True) -> Question:
    """The battle's question; the dice modes are the game's Low Luck options (``fire``),
    the developments the attacker's and the lead defender's (``tech``); ``overland``: some
    attacking land units came overland (``Question.overland``). A battle whose steps the
    odds have no model of is refused, naming them, rather than given wrong numbers."""
    dfn = [u for u in defenders(state, battle, phase) if u.id not in battle.strip]
    lead = lead_defender(state, battle, dfn)
    mine, theirs = orders_of(state, battle.attacker), orders_of(state, lead)
    check_covered(state.rules, battle.kind, battle.amphibious, int(theirs["retreat_below"]))
    fighting = [*attackers(state, battle), *dfn]
    apart = _built_apart(state, fighting) or _advantages_in_force(state, battle, fighting)
    if apart:
        raise IllegalCommandError(apart, reason="odds.not_covered")
    ships = bombarding_ships(state, phase.sea_fought, phase.bombarded, battle.space, battle.attacker) \
        if battle.amphibious and _still_to_come(state, battle, "bombard") else []
    space = state.board.spaces[battle.space]
    holder = state.owners.get(battle.space)
    return Question(
        attack=attack,
        defend=force((u.kind, u.hits) for u in dfn),
        sea=battle.kind == "sea",
        bombard=tuple(s.kind for s in ships),
        amphibious=battle.amphibious,
        overland=overland,
        antiaircraft=any(_still_to_come(state, battle, s) for s in ANTIAIRCRAFT_STEPS),
        attacker_loss=tuple(mine["loss"]),
        defender_loss=tuple(theirs["loss"]),
        retreat_below=int(mine["retreat_below"]),
        attacker_submerge=str(mine["submerge"]),
        defender_submerge=str(theirs["submerge"]),
        attacker_withdraws=bool(withdraw_options(state, with_battle(phase, battle), "attacker")),
        defender_withdraws=bool(withdraw_options(state, with_battle(phase, battle), "defender")),
        defender_retreat_below=int(theirs["retreat_below"]),
        first_cycle=_first_round_to_come(state, battle),
        terrain=space.terrain or "",
        implicit_guns=air.implicit_guns(state, battle.space, holder) if any(u.owner == holder for u in dfn) else 0,
        dice="low_luck" if low_luck(state, "fire") else "standard",
        aa_dice="low_luck" if low_luck(state, "antiaircraft") else "standard",
        attacker_tech=tuple(state.tech.get(battle.attacker, ())),
        defender_tech=tuple(state.tech.get(lead, ())),
    )


def refusal(state: GameState, phase: CombatPhase, battle: Battle) -> str:
    """Why the odds do not cover ``battle``, "" when they do (``sequence.not_covered``, with
    the lead defender's standing orders)."""
    dfn = defenders(state, battle, phase)
    below = int(orders_of(state, lead_defender(state, battle, dfn))["retreat_below"]) if dfn else 0
    fighting = [*attackers(state, battle), *dfn]
    return not_covered(state.rules, battle.kind, battle.amphibious, below) \
        or _built_apart(state, fighting) or _advantages_in_force(state, battle, fighting)


def _advantages_in_force(state: GameState, battle: Battle, units: Sequence[Unit]) -> str:
    """Why National Advantages in force keep the odds from answering: an item whose bonus
    may change a value of its power's units in this battle (``engine.combat.national``),
    which the exact model does not follow (README of AARHE, ruling 64); "" when none may."""
    items: set[str] = set()
    for power in {u.owner for u in units}:
        side = "attacker" if state.board.allies(power, battle.attacker) else "defender"
        kinds = {u.kind for u in units if u.owner == power}
        active = set(bonuses(state, power, battle.space))
        items |= {item.name for item in in_force(state, power)
                  if any(b in active and _may_change(b, battle, side, kinds) for b in item.bonuses)}
    if not items:
        return ""
    return (f"The odds do not cover this battle: National Advantages in force change its values "
            f"({', '.join(sorted(items))}), which the exact model does not follow. No numbers are given rather "
            "than wrong ones.")


def _may_change(bonus: Bonus, battle: Battle, side: str, kinds: set[UnitKind]) -> bool:
    """Whether ``bonus`` may act on units of these ``kinds`` fighting for ``side`` here."""
    return bonus.what not in BEYOND_FIRE and bonus.battle in ("", battle.kind) and bonus.side in ("", side) \
        and (not bonus.at or battle.space in bonus.at) and (not bonus.units or bool(bonus.units & kinds))


def _built_apart(state: GameState, units: Sequence[Unit]) -> str:
    """Why units that a development improves only where they were built after it (AARHE's
    jets, 001 › Phase 7, Jet Plane) keep the odds from answering: a force is unit types and
    damage only (README of AARHE, ruling 113); "" when no such unit fights."""
    jets = sorted({state.rules.spec(u.kind).plural for u in units if u.built_with})
    if not jets:
        return ""
    return (f"The odds do not cover this battle: its {' and '.join(jets)} built with a development fight apart "
            "from others of their type, which the exact model does not tell apart. No numbers are given rather "
            "than wrong ones.")


def _first_round_to_come(state: GameState, battle: Battle) -> bool:
    """Whether round 1's rounds part (from ``repeat_from``) has not begun yet."""
    order = state.rules.battle.steps
    return battle.round == 1 and battle.step in order \
        and order.index(battle.step) <= order.index(state.rules.battle.repeat_from)


def _still_to_come(state: GameState, battle: Battle, step: str) -> bool:
    """Whether round 1's ``step`` has not run yet (the rule system's step order)."""
    order = state.rules.battle.steps
    return battle.round == 1 and step in order and battle.step in order \
        and order.index(battle.step) <= order.index(step)


def battle_at(state: GameState, space: SpaceId) -> tuple[CombatPhase, Battle] | None:
    """The land or sea battle in ``space``: the one being fought, or one still to fight
    (as ``/battle`` would start it); None when there is none (raids have no odds here)."""
    phase = state.combat
    if not isinstance(phase, CombatPhase):
        return None
    if phase.current is not None and phase.current.space == space and phase.current.kind != "raid":
        return phase, phase.current
    entry = next((e for e in phase.entries if e.space == space and e.kind != "raid"), None)
    if entry is None:
        return None
    return phase, Battle(entry.space, entry.kind, phase.attacker, amphibious=entry.step == AMPHIBIOUS,
                         step=first_step(state.rules, entry.kind))
