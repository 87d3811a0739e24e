"""AARHE's passive turn: the two windows of the side not moving, as registered phases.

001 › Phase 3, "Defensive Air Support (DAS)": "During your enemies' turn (your passive
turn), after all combat moves (including Air Missions) are declared you may then declare
DAS. ... Air units (except Bombers) may move to adjacent friendly territories or any
adjacent sea zones. DAS does not interrupt naval movement." › Phase 5, "Reinforcement":
"after all non-combat moves are declared you may declare Reinforcements. ... Land or naval
units may move to adjacent friendly territories or adjacent friendly sea zones. Units that
conducted combat this turn may not perform this."

A rule system takes a window by naming its phase in ``[turns] passive`` (``engine.teams``);
``engine.passive`` opens it and says who acts. Each move is one space, judged with the
movement code's view of the board as the passive power sees it (``engine.movement.context``).
:func:`takes_part` says which units may take part; :func:`held_back` how many of them in a
space must stay (Counter-Air keeps defending aircraft from DAS, Ground Interdiction keeps
land units from reinforcing: 001 › Air Missions). Rulings: README of maps/aarhe, 87 to 95.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from . import advantages_asked
from .advantages import find_item, played
from .combat.missions import counter_air, interdicted
from .combat.strikes import strike
from .commands import Advantage, Reinforce, Support
from .dice import Dice
from .errors import IllegalCommandError
from .events import Event, event
from .ids import SpaceId, UnitKind
from .movement.context import Ctx, context, count_kinds, refuse, units_text
from .movement.restricted import kept_out_message, shared_with
from .movement.select import pick
from .options import MoveGroup, Offers
from .passive import acting_view
from .phases import Phase, phase_entry, register_phase
from .state import FOUGHT, PASSIVE_MOVED, GameState, Unit

DAS = "defensive_air_support"
REINFORCEMENT = "reinforcement"

PassiveMove = Support | Reinforce


def takes_part(state: GameState, phase: str, unit: Unit) -> str | None:
    """Why ``unit`` may not take part in the window ``phase`` (None: it may): DAS takes air
    units other than bombers, Reinforcement land and naval units that did not fight this
    turn; each unit moves once a window (README of maps/aarhe, rulings 88 and 91)."""
    spec = state.rules.spec(unit.kind)
    if spec.structure or spec.move == 0:
        return "they never move"
    if unit.has(PASSIVE_MOVED):
        return "they moved in this passive turn already"
    if phase == DAS:
        if not spec.is_air:
            return "only air units fly Defensive Air Support"
        if spec.strategic_bomber:
            return "bombers may not fly Defensive Air Support (001 › Phase 3: \"Air units (except Bombers)\")"
        return None
    if spec.is_air:
        return "air units do not reinforce (001 › Phase 5: \"Land or naval units\")"
    if unit.has(FOUGHT):
        return "they fought this turn (001 › Phase 5: \"Units that conducted combat this turn may not perform this\")"
    if unit.aboard is not None:
        return "they are aboard a transport, and move only with it"
    return None


def held_back(state: GameState, phase: str, space: SpaceId) -> int:
    """How many of the units able to take part must stay in ``space`` this window, whatever
    their power on the passive side: those Counter-Air keeps from Defensive Air Support, those
    Ground Interdiction keeps from Reinforcement (001 › Air Missions; README of maps/aarhe,
    ruling 79). The passive side chooses which stay."""
    return counter_air(state, space) if phase == DAS else interdicted(state, space)


def _able(state: GameState, phase: str, space: SpaceId) -> list[Unit]:
    """The passive side's units in ``space`` able to take part in the window."""
    side = state.board.side_of(state.turn)
    return [u for u in state.units_at(space) if state.board.side_of(u.owner) == side
            and takes_part(state, phase, u) is None]


def _check_held_back(state: GameState, phase: str, space: SpaceId, moving: list[Unit]) -> None:
    """Refuse a move that would leave fewer able units in ``space`` than must stay there."""
    kept = held_back(state, phase, space)
    if not kept:
        return
    free = max(0, len(_able(state, phase, space)) - kept)
    if len(moving) > free:
        why = (f"{kept} aircraft on Counter-Air over {state.board.name(space)} keep{'s' if kept == 1 else ''} {kept} "
               f"of its defending air units "
               "from Defensive Air Support" if phase == DAS else
               f"Ground Interdiction keeps {kept} land unit{'s' if kept != 1 else ''} in {state.board.name(space)} "
               "from Reinforcement")
        refuse("passive.held_back", f"{why} (001 › Air Missions): {free} of them may go now, not {len(moving)}.")


def _landing_problem(ctx: Ctx, unit_kinds: list[UnitKind], origin: SpaceId, dest: SpaceId, phase: str) -> str | None:
    """Why the units may not go from ``origin`` to ``dest`` in the window (None: they may)."""
    board = ctx.board
    space = board.spaces[dest]
    if dest not in ctx.neighbours[origin]:
        return (f"{ctx.name(dest)} is not next to {ctx.name(origin)}: a passive turn's move is one space, to an "
                "adjacent one.")
    if dest in ctx.impassable:
        return f"{ctx.name(dest)} cannot be entered."
    if space.is_land:
        if phase == REINFORCEMENT and any(not ctx.spec(k).is_land for k in unit_kinds):
            return f"{ctx.name(dest)} is a territory: ships reinforce only to sea zones."
        if not ctx.friendly_territory(dest):
            holder = ctx.state.owners.get(dest)
            return (f"{ctx.name(dest)} is held by {ctx.pname(holder) if holder else 'no one'}: units of the passive "
                    "turn move only to friendly territories.")
        return (f"{ctx.name(dest)} holds units kept apart from {ctx.pname()}'s."
                if shared_with(ctx, dest) else None)
    if phase == DAS:
        if not ctx.carriers_with_room(dest):
            return (f"No friendly carrier with room waits in {ctx.name(dest)}: aircraft fly Defensive Air Support to "
                    "a sea zone only onto a carrier (README of maps/aarhe, ruling 88).")
        return None
    if any(ctx.spec(k).is_land for k in unit_kinds):
        return f"{ctx.name(dest)} is a sea zone: land units reinforce only to territories (no loading)."
    if ctx.hostile_sea(dest):
        return f"{ctx.name(dest)} is hostile: ships reinforce only to friendly sea zones."
    canal = ctx.canal_closed(origin, dest)
    if canal is not None:
        return f"The canal between {ctx.name(origin)} and {ctx.name(dest)} is closed to {ctx.pname()}."
    return None


def _move(state: GameState, cmd: PassiveMove, phase: str, verb: str) -> tuple[GameState, list[Event]]:
    """One move of the acting passive power: ``cmd.units`` from ``cmd.origin`` one space on."""
    view = acting_view(state, state.actor)
    ctx = context(view)
    units = pick(ctx, cmd.origin, cmd.units, list(view.units_at(cmd.origin)),
                 lambda u: takes_part(view, phase, u), verb=verb)
    _check_held_back(view, phase, cmd.origin, units)
    kept_out = kept_out_message(ctx, cmd.destination)
    if kept_out is not None:
        refuse("move.restricted", kept_out)
    problem = _landing_problem(ctx, [u.kind for u in units], cmd.origin, cmd.destination, phase)
    if problem is not None:
        refuse("passive.destination", problem)
    decks = ctx.carriers_with_room(cmd.destination) if phase == DAS and view.board.spaces[cmd.destination].is_sea else []
    moved: list[Unit] = []
    for u in units:
        deck = next((c for c in decks if sum(1 for m in [*moved, *view.units_at(cmd.destination)]
                                             if m.aboard == c.id) < ctx.spec(c.kind).carrier_capacity), None)
        if decks and deck is None:
            refuse("passive.no_deck", f"The carriers in {ctx.name(cmd.destination)} have room for fewer aircraft "
                   "than you sent.")
        moved.append(replace(u, space=cmd.destination, aboard=deck.id if deck is not None else None,
                             flags=u.flags | {PASSIVE_MOVED}))
    cargo = [replace(c, space=cmd.destination) for u in units for c in view.cargo_of(u.id)]
    after = state.with_units([*moved, *cargo])
    counts = count_kinds(units)
    title = phase_entry(phase).title
    return after, [event("passive_move", f"{ctx.pname()} ({title}): {units_text(ctx, counts)} "
                         f"{ctx.name(cmd.origin)} → {ctx.name(cmd.destination)}.", power=ctx.pname(),
                         units=dict(counts), origin=ctx.name(cmd.origin), destination=ctx.name(cmd.destination),
                         window=phase)]


def support(state: GameState, cmd: Support, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/support``: Defensive Air Support, one space."""
    return _move(state, cmd, DAS, "fly Defensive Air Support")


def reinforce(state: GameState, cmd: Reinforce, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/reinforce``: Reinforcement, one space."""
    return _move(state, cmd, REINFORCEMENT, "reinforce")


def _offers(phase: str, items: Callable[[GameState], tuple[tuple[str, SpaceId], ...]] | None = None,
            ) -> Callable[[GameState], Offers]:
    """The moves the acting power (``state.turn`` of the view) could make in the window, and
    the National Advantages it could use there (``items``)."""

    def offers(state: GameState) -> Offers:
        ctx = context(state)
        groups: list[MoveGroup] = []
        for space in sorted({u.space for u in state.units_of(state.turn)}):
            able: dict[UnitKind, int] = {}
            free = len(_able(state, phase, space)) - held_back(state, phase, space)
            for u in state.units_at(space):
                if u.owner == state.turn and takes_part(state, phase, u) is None and free > 0:
                    able[u.kind] = able.get(u.kind, 0) + 1
                    free -= 1
            for kind, count in sorted(able.items()):
                places = tuple(d for d in sorted(ctx.neighbours[space]) if kept_out_message(ctx, d) is None
                               and _landing_problem(ctx, [kind], space, d, phase) is None)
                if places:
                    groups.append(MoveGroup(space, ((kind, count),), places))
        return Offers(moves=tuple(groups), advantages=items(state) if items is not None else ())

    return offers


def _advantage(state: GameState, cmd: Advantage, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/advantage`` in the Defensive Air Support window: an item's attacks without units
    (``combat.strikes``), or an item used where the power is attacked (``advantages_asked``)."""
    if cmd.use is None and played(state):
        raise IllegalCommandError("In Defensive Air Support /advantage uses an item in force: /advantage use:<item> "
                                  "at:<territory>, or launches an item's attacks: /advantage use:<item> at:<sea zone> "
                                  "targets:<ships>; items are drawn and revealed in your own turn.",
                                  reason="advantage.window_use_only")
    if cmd.use is not None and played(state) and find_item(state, state.actor, cmd.use).strike is not None:
        return strike(state, cmd, dice)
    return advantages_asked.act(state, cmd, dice)


# The window that comes once every combat move is declared, before any battle, is also when
# the items placing or sacrificing units where the power is attacked are used (001 ›
# Appendix: National Advantages, "before "Conduct Combat" phase"; README, ruling 135), and
# when a National Advantage's attacks without units are launched (Kamikaze Attacks: "after
# all combat movement has been completed"; engine.combat.strikes).
register_phase(Phase(DAS, "Defensive Air Support", {Support: support, Advantage: _advantage},
                     needs_capital=False, offers=_offers(DAS, advantages_asked.offered)))
register_phase(Phase(REINFORCEMENT, "Reinforcement", {Reinforce: reinforce}, needs_capital=False,
                     offers=_offers(REINFORCEMENT)))
