"""The steps of a land or sea battle (000, Phase 3, "General Combat Sequence").

Each step does one thing; the rule system's ``[battle]`` list orders them and
``sequence`` runs them, so no step names the one after it. A step that needs a choice
(casualties, submerge, press or retreat) leaves a :class:`Pending` on the battle; the
handlers settle it by standing orders, or stop when the chooser decides in person.
Raids: see ``raids``.
"""

from __future__ import annotations

from ..dice import Dice
from ..events import Event, event
from ..state import SEABORNE, GameState, Unit
from .choices import retreat_options
from .conclude import conclude, lone_gun_fires
from .fire import hit_rule, roll_groups, values
from .flow import Result, Step, ask_casualties, can_hit, current, with_battle
from .losses import destroy
from .phase import Battle, CombatPhase, Pending
from .report import counts, unit_text
from .sides import attackers, defenders, lead_defender

# -- the steps -------------------------------------------------------------------------

def start(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """Step 1, place units along the battle strip: log both sides. A battle with no
    attacker left (its cargo lost at sea) or, on land, no defending combat unit ends here,
    unless a gun alone is there to fire at the attacking aircraft."""
    b = current(phase)
    atk, dfn = attackers(state, b), defenders(state, b, phase)
    name = state.board.name(b.space)
    by_power = {state.rules.power_name(p): counts(state, [u for u in dfn if u.owner == p])
                for p in dict.fromkeys(u.owner for u in dfn)}
    text = (f"Battle in {name}: {state.rules.power_name(b.attacker)} attacks with {unit_text(state, counts(state, atk))}"
            f" against {'; '.join(f'{p} {unit_text(state, c)}' for p, c in by_power.items()) or 'no defenders'}.")
    events = [event("battle_start", text, space=name, combat=b.kind, amphibious=b.amphibious,
                    attacker=state.rules.power_name(b.attacker), attackers=counts(state, atk),
                    defenders=by_power,
                    seaborne=counts(state, [u for u in atk if u.has(SEABORNE)]))]
    if not atk:
        return conclude(state, phase, "no_attack", events)
    if (b.kind == "land" and not any(state.rules.spec(u.kind).is_combat_unit for u in dfn)
            and not lone_gun_fires(state, atk, dfn)):
        return conclude(state, phase, "attacker", events)
    return state, phase, events


def antiaircraft(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """AAA fire once, before the first round: min(3 x AAA, attacking aircraft) dice,
    hits on 1, the attacker chooses the aircraft lost, removed at once (000, Unit
    Profiles, Antiaircraft Artillery)."""
    b = current(phase)
    aaa = [u for u in defenders(state, b, phase) if state.rules.spec(u.kind).antiaircraft_shots]
    planes = [u for u in attackers(state, b) if state.rules.spec(u.kind).is_air]
    air = [u for u in planes if not state.rules.hooks.aa_immune(state, u)]
    if not aaa or not air:
        return state, phase, []
    spec = state.rules.spec(aaa[0].kind)
    shots = min(sum(state.rules.spec(u.kind).antiaircraft_shots for u in aaa), len(air))
    key = (spec.antiaircraft_hits_on, "air")
    hits, events = roll_groups(state, dice, b.space, b.round, "defender", {key: aaa}, "antiaircraft",
                               count={key: shots})
    # Immune aircraft (jet fighters) stay out of the pool the hits may fall on.
    pool = air if len(air) < len(planes) else None
    return state, ask_casualties(state, phase, hits, "attacker", "antiaircraft", True, pool), events


def antiaircraft_each(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """One gun fires, one die per attacking aircraft it can hit, hits on its value, before
    the first round: 002, Appendix I, Antiaircraft Guns ("Roll one die for each attacking
    air unit (but only one anti-aircraft gun in a territory can fire)"); the fighters' dice
    first, then the bombers', each hit falling on its own type (002, Phase 4, Step 2;
    rulesets.md 7.2 #26); jet fighters cannot be hit (003, Phase 1)."""
    b = current(phase)
    gun = next((u for u in defenders(state, b, phase) if state.rules.spec(u.kind).antiaircraft_shots), None)
    planes = [u for u in attackers(state, b)
              if state.rules.spec(u.kind).is_air and not state.rules.hooks.aa_immune(state, u)]
    if gun is None or not planes:
        return state, phase, []
    key = (state.rules.spec(gun.kind).antiaircraft_hits_on, "air")
    down: list[Unit] = []
    events: list[Event] = []
    for bomber in (False, True):
        group = [u for u in planes if state.rules.spec(u.kind).strategic_bomber == bomber]
        if not group:
            continue
        hits, rolled = roll_groups(state, dice, b.space, b.round, "defender", {key: [gun]}, "antiaircraft",
                                   count={key: len(group)}, at=unit_text(state, counts(state, group)))
        down += group[:sum(n for n, _ in hits)]
        events += rolled
    hits = [(len(down), "air")] if down else []
    return state, ask_casualties(state, phase, hits, "attacker", "antiaircraft", True, down), events


def round_start(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """A round begins: note who has a destroyer (submarine abilities, air vs subs), and in
    a sea battle settle defenseless transports and battles where nobody can hit."""
    b = current(phase)
    b = b.but(destroyers=(_has_destroyer(state, attackers(state, b)),
                          _has_destroyer(state, defenders(state, b, phase))))
    phase = with_battle(phase, b)
    if b.kind != "sea":
        return state, phase, []
    state, phase, events, over = _sea_checks(state, phase)
    if over is not None:
        return conclude(state, phase, over, events)
    return state, phase, events


def _has_destroyer(state: GameState, units: list[Unit]) -> bool:
    return any(state.rules.spec(u.kind).anti_submarine for u in units)


def _sea_checks(state: GameState, phase: CombatPhase) -> tuple[GameState, CombatPhase, list[Event], str | None]:
    """Defenseless transports (000, Step 5): when no defender can hit an attacker and the
    attacker has a unit with an attack value, the defender's transports are destroyed with
    their cargo; the attacker's likewise when they cannot retreat. Then, if neither side
    can hit the other, the battle is over."""
    b = current(phase)
    atk = attackers(state, b)
    dfn = [u for u in defenders(state, b, phase) if u.id not in b.strip]
    a_des, d_des = b.destroyers
    d_threat = any(can_hit(state, d, a, "defender", d_des, True) for d in dfn for a in atk)
    events: list[Event] = []
    transports = [u for u in dfn if state.rules.spec(u.kind).chosen_last]
    if transports and not d_threat and any(state.rules.spec(u.kind).attack > 0 for u in atk):
        state, lost = destroy(state, [u.id for u in transports], b.attacker)
        events.append(_defenseless(state, b, "defender", transports, lost))
        dfn = [u for u in dfn if u not in transports]
    if not atk or not dfn:
        return state, phase, events, None
    a_threat = any(can_hit(state, a, d, "attacker", a_des, True) for a in atk for d in dfn)
    stranded = [u for u in atk if state.rules.spec(u.kind).chosen_last]
    if stranded and not a_threat and d_threat and not retreat_options(state, phase):
        # "Attacking transports ... If they can't retreat, they are treated the same as
        # defending transports."
        state, lost = destroy(state, [u.id for u in stranded], b.attacker)
        events.append(_defenseless(state, b, "attacker", stranded, lost))
        atk = [u for u in atk if u not in stranded]
        if not atk:
            return state, phase, events, None
    if not a_threat and not d_threat:
        return state, phase, events, "stalemate"
    return state, phase, events, None


def _defenseless(state: GameState, b: Battle, side: str, ships: list[Unit], lost: list[Unit]) -> Event:
    name = state.board.name(b.space)
    return event("casualties", f"{name}: {unit_text(state, counts(state, ships))} defenseless, destroyed"
                 f"{' with ' + unit_text(state, counts(state, lost)) if lost else ''}.",
                 space=name, round=b.round, side=side, units=counts(state, ships), damaged={},
                 cargo=counts(state, lost), source="defenseless", chosen_by=None, by="rules", immediate=True)


def _surprise_allowed(b: Battle, side: str) -> bool:
    """Submarines strike first (or submerge) unless the enemy has a destroyer."""
    return not (b.destroyers[1] if side == "attacker" else b.destroyers[0])


def _subs(state: GameState, phase: CombatPhase, side: str) -> list[Unit]:
    b = current(phase)
    units = attackers(state, b) if side == "attacker" else defenders(state, b, phase)
    return [u for u in units if state.rules.spec(u.kind).submarine]


def _sea_targets(state: GameState, phase: CombatPhase, side: str) -> bool:
    """Whether ``side``'s submarines face an enemy sea unit not yet behind the strip: they
    hit sea units only (000, Submarines, "Cannot Hit Air Units"; 002 Q&A, Submarines), so
    against aircraft alone they roll nothing."""
    b = current(phase)
    enemy = defenders(state, b, phase) if side == "attacker" else attackers(state, b)
    return any(state.rules.spec(u.kind).is_sea for u in enemy if u.id not in b.strip)


def submerge(side: str, despite_destroyers: bool = False) -> Step:
    """The step where ``side`` decides to submerge or strike."""

    def step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
        """Submerge or strike, decided before any die, the attacker first (000, Step 2);
        Revised lists it after the Press Attack or Retreat step instead (002, Phase 4,
        Step 7). Never with an enemy destroyer in the battle, unless ``despite_destroyers``
        (AARHE: "Submarines may submerge at the end of any combat cycle whether an enemy
        Destroyer or Cruiser is present or not", 001 › Submarine Submerge)."""
        b = current(phase)
        subs = _subs(state, phase, side)
        enemy = defenders(state, b, phase) if side == "attacker" else attackers(state, b)
        if not subs or not enemy or not (despite_destroyers or _surprise_allowed(b, side)):
            return state, phase, []
        chooser = b.attacker if side == "attacker" else lead_defender(state, b, defenders(state, b, phase))
        pending = Pending("submerge", chooser, side, among=tuple(u.id for u in subs))
        return state, with_battle(phase, b.but(pending=pending)), []
    return step


def surprise(side: str) -> Step:
    """The Surprise Strike of ``side``'s submarines."""

    def step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
        """Surprise Strike: attacking subs hit on 2, defending subs on 1, hits on sea units
        only, so no roll against aircraft alone; all its casualties leave together after
        both sides rolled (000, Step 2)."""
        b = current(phase)
        subs = _subs(state, phase, side)
        if not subs or not _surprise_allowed(b, side) or not _sea_targets(state, phase, side):
            return state, phase, []
        groups: dict[tuple[int, str], list[Unit]] = {}
        for u in subs:
            spec = state.rules.spec(u.kind)
            value = spec.surprise_attack_hits_on if side == "attacker" else spec.surprise_defense_hits_on
            groups.setdefault((value, "sea"), []).append(u)
        hits, events = roll_groups(state, dice, b.space, b.round, side, groups, "surprise")
        victims = "defender" if side == "attacker" else "attacker"
        return state, ask_casualties(state, phase, hits, victims, "surprise", victims == "attacker"), events
    return step


def opening(side: str) -> Step:
    """The opening fire of ``side``'s submarines (Revised with LHTR)."""

    def step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
        """002, Phase 4, Step 2: submarines fire in the opening fire step of every round,
        attacking or defending, at sea units, a destroyer never stopping them (Q&A,
        Submarines); their victims go behind the strip. The attacker's victims leave at
        once unless the attacker has a destroyer (the defender's subs fire after the
        attacker's, so theirs have fired already); the defender's leave at ``opening_end``
        unless the defender has a destroyer; victims kept fire back and leave in Step 6.
        Subs facing no sea unit roll nothing (``_sea_targets``)."""
        b = current(phase)
        subs = _subs(state, phase, side)
        if not subs or not _sea_targets(state, phase, side):
            return state, phase, []
        vals = values(state, subs, side)
        groups: dict[tuple[int, str], list[Unit]] = {}
        for u in subs:
            groups.setdefault((vals[u.id], "sea"), []).append(u)
        hits, events = roll_groups(state, dice, b.space, b.round, side, groups, "opening")
        victims = "defender" if side == "attacker" else "attacker"
        at_once = victims == "attacker" and not b.destroyers[0]
        return state, ask_casualties(state, phase, hits, victims, "opening", at_once), events
    return step


def opening_end(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """002, Phase 4, Step 3: the opening fire's casualties are removed before they can
    fire, unless their side has a destroyer (002, Appendix I, Destroyers)."""
    b = current(phase)
    kept = tuple(i for i in b.strip if i in state.units and state.units[i].owner == b.attacker)
    if b.destroyers[1] or len(kept) == len(b.strip):
        return state, phase, []
    state, phase, events = remove_strip(state, with_battle(phase, b.but(strip=tuple(i for i in b.strip if i not in kept))), dice)
    return state, with_battle(phase, current(phase).but(strip=kept)), events


def fire_after_opening(side: str) -> Step:
    """``side``'s general fire where submarines fired in the opening fire instead."""

    def step(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
        """002, Phase 4, Steps 4 and 5: every unit but the submarines (which fired in
        the opening fire of this round) rolls."""
        return _fire(state, phase, dice, side, subs_fired=True)
    return step


def remove_strip(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """Remove the casualties behind the strip (000, Step 5; after a Surprise Strike, Step 2:
    they leave before the main fire): the defender's, and in Revised the attacker's sub
    victims kept by a destroyer (002, Phase 4, Step 6)."""
    b = current(phase)
    events: list[Event] = []
    if b.strip:
        gone = [state.units[i] for i in b.strip if i in state.units]
        state, lost = destroy(state, b.strip, b.attacker)
        name = state.board.name(b.space)
        events.append(event("removed", f"{name}: the defender removes {unit_text(state, counts(state, gone))}"
                            f"{' and the cargo ' + unit_text(state, counts(state, lost)) if lost else ''}.",
                            space=name, round=b.round, units=counts(state, gone), cargo=counts(state, lost)))
    return state, with_battle(phase, b.but(strip=())), events


def fire_attacker(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """Step 3: every attacking unit with an attack value rolls; subs that struck first
    (or could have: those facing aircraft alone, which they cannot hit) do not fire again
    this round. The defender's casualties go behind the strip."""
    return _fire(state, phase, dice, "attacker")


def fire_defender(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """Step 4: every defending unit with a defense value rolls, those behind the casualty
    strip included, submarines too where the rule system gives defending subs no strike
    of their own (no ``surprise_defender`` step: 004 §14 and §8 give the first strike to
    attacking subs). The attacker's casualties are removed at once."""
    return _fire(state, phase, dice, "defender")


def _fire(state: GameState, phase: CombatPhase, dice: Dice, side: str, subs_fired: bool = False) -> Result:
    """One side's fire step: roll per (value, who the hits may fall on) group, then ask the
    other side for casualties (behind the strip for the defender, removed for the attacker)."""
    b = current(phase)
    sea = b.kind == "sea"
    attacking = side == "attacker"
    shooters = attackers(state, b) if attacking else defenders(state, b, phase)
    targets = ([u for u in defenders(state, b, phase) if u.id not in b.strip] if attacking
               else [u for u in attackers(state, b) if u.id not in b.strip])
    if not targets:
        shooters = []
    struck = subs_fired or (f"surprise_{side}" in state.rules.battle.steps and _surprise_allowed(b, side))
    # Subs facing no sea unit have nothing to hit (a defending sub against aircraft alone:
    # 004 §8, "the sub cannot fire back").
    struck = struck or not any(state.rules.spec(t.kind).is_sea for t in targets)
    shooters = [u for u in shooters if not (sea and state.rules.spec(u.kind).submarine and struck)]
    vals = values(state, shooters, side)
    destroyer = b.destroyers[0 if attacking else 1]
    groups: dict[tuple[int, str], list[Unit]] = {}
    for u in shooters:
        groups.setdefault((vals[u.id], hit_rule(state, u, sea, destroyer)), []).append(u)
    hits, events = roll_groups(state, dice, b.space, b.round, side, groups, "fire")
    victims = "defender" if attacking else "attacker"
    return state, ask_casualties(state, phase, hits, victims, "fire", not attacking), events


def end_round(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    """Step 6: the battle ends when a side has no unit left that can fire or retreat
    (Condition A); otherwise the attacker presses on or retreats (Condition B)."""
    events: list[Event] = []
    if current(phase).kind == "sea":
        state, phase, events, over = _sea_checks(state, phase)
        if over is not None:
            return conclude(state, phase, over, events)
    b = current(phase)
    atk = attackers(state, b)
    fighting = [u for u in defenders(state, b, phase) if state.rules.spec(u.kind).defense > 0]
    if not atk or not fighting:
        outcome = "attacker" if atk else ("defender" if fighting else "none")
        return conclude(state, phase, outcome, events)
    options = retreat_options(state, phase)
    if not options:
        return state, phase, events
    pending = Pending("retreat", b.attacker, "attacker", among=tuple(u.id for u in atk))
    return state, with_battle(phase, b.but(pending=pending)), events


def next_round(state: GameState, phase: CombatPhase, dice: Dice) -> Result:
    b = current(phase)
    return state, with_battle(phase, b.but(round=b.round + 1)), []

