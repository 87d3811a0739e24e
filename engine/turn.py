"""The phases of 1942 Second Edition's turn (000, "Turn Sequence"), as registry entries.

Later rule systems list the same ids where their turn has the same phase, and register
entries of their own for phases 1942 lacks.
"""

from __future__ import annotations

from . import advantages, atomic, combat, mobilize, naval_repair, purchase, research, research_boxes, research_share
from . import diplomacy  # noqa: F401  (registers the Diplomacy phase)
from . import passive_moves  # noqa: F401  (registers the passive side's windows of a team turn)
from .combat import rockets
from .commands import (Advantage, Atomic, Battle, Buy, Cancel, Casualties, Dock, Lend, Move, Place, Press, Redeploy,
                       Repair, Research, Retreat, Rocket, Scorch, Submerge)
from .deadline import first_battle, first_placement
from .dice import Dice
from .docking import dock
from .economy import lendlease, logistics, scorched
from .economy.income import collect
from .movement import end_combat_move, end_noncombat_move
from .movement.redeploy import redeploy
from .options import buy_offers, combat_move_offers, move_offers, place_offers
from .phases import Entered, Phase, register_anytime, register_phase
from .state import GameState


def _enter_combat(state: GameState, dice: Dice) -> Entered:
    """Conduct Combat lists its battles; with none, the phase is over at once."""
    state, events = combat.start_combat(state, dice)
    return state, events, state.combat is None


def _enter_mobilize(state: GameState, dice: Dice) -> Entered:
    """This turn's breakthrough takes effect, then the complexes selected for scorched earth
    are removed (001, Phase 2, Scorched Earth: "Remove it at the beginning of 'Mobilise New
    Units' phase"), and the units of National Advantages' deals bought this turn appear
    (``engine.advantages``)."""
    state, events, finished = research.take_effect(state, dice)
    state, burnt = scorched.burn(state)
    state, dealt = advantages.mobilize_deals(state)
    return state, [*events, *burnt, *dealt], finished


PURCHASE = register_phase(Phase(
    "purchase", "Purchase Units", {Buy: purchase.buy, Repair: purchase.repair}, production=True, offers=buy_offers,
    optional={Scorch: scorched.select, Research: research_boxes.buy_dice, Cancel: purchase.cancel,
              Atomic: atomic.build}))
COMBAT_MOVE = register_phase(Phase(
    "combat_move", "Combat Move", {Move: logistics.move}, on_end=end_combat_move, needs_capital=False,
    movement="combat", offers=combat_move_offers, optional={Rocket: rockets.declare}))
CONDUCT_COMBAT = register_phase(Phase(
    "conduct_combat", "Conduct Combat",
    {Battle: combat.battle, Casualties: combat.casualties, Retreat: combat.retreat, Press: combat.press,
     Submerge: combat.submerge},
    optional={Atomic: combat.atomic_answer},
    on_enter=_enter_combat, on_end=combat.end_conduct_combat, needs_capital=False, undo=False,
    default=first_battle))
NONCOMBAT_MOVE = register_phase(Phase(
    "noncombat_move", "Noncombat Move", {Move: logistics.move}, on_end=end_noncombat_move, needs_capital=False,
    movement="noncombat", offers=move_offers, optional={Redeploy: redeploy, Dock: dock, Atomic: atomic.load}))
MOBILIZE = register_phase(Phase(
    "mobilize", "Mobilize New Units", {Place: mobilize.place}, on_enter=_enter_mobilize,
    on_end=mobilize.end_mobilize, production=True, offers=place_offers, default=first_placement,
    optional={Cancel: purchase.cancel}))


def _begin_turn(state: GameState, dice: Dice) -> Entered:
    """Collect Income, where it opens the turn (001 › Turn Sequence), after the technologies
    an ally's progress box completed take effect (001 › Phase 7: "effective from beginning
    of the receivers' next turn") and damaged ships in port are repaired where the switch
    ``ship_repair`` says so (001 › Phase 1, Naval repair), after the free units a National Advantage places as
    the turn begins, and a reminder of the National Advantages the power may draw (``engine.advantages``)."""
    state, received, _ = research_share.receive(state, dice)
    state, repaired = naval_repair.repair(state, state.turn)
    state, given = advantages.begin_turn(state)
    state, events, finished = collect(state, dice)
    return state, [*received, *repaired, *given, *events, *advantages.reminder(state)], finished


# Needs no capital of itself: what a power without one collects is the switch
# ``capital_lost_income`` (engine.economy).
COLLECT_INCOME = register_phase(Phase("collect_income", "Collect Income", on_enter=_begin_turn, undo=False,
                                      needs_capital=False, optional={Lend: lendlease.send}))

# 001 › Appendix: National Advantages: revealed "any time in the game" (engine.advantages).
register_anytime(Advantage, advantages.act)
