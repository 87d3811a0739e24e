"""Lend-lease: IPCs one power sends to allies in its Collect Income (001, Phase 1,
Lend-Lease: "US may send IPC to Soviet Union and/or UK. A combined total of up to 12 IPC
can be sent."). Who sends, to whom and how much is the ``[lend_lease]`` table of a rule
system's ``ruleset.toml``; a rule system without it has no lend-lease (000, Phase 6: "A
power cannot lend or give IPCs to another power").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..commands import Lend
from ..control import holds_capital
from ..dice import Dice
from ..errors import BoardDataError, IllegalCommandError
from ..events import Event, event
from ..ids import PowerId, SpaceId
from ..prose import listing, possessive
from .paths import lend_kept_by, lend_losses

if TYPE_CHECKING:
    from ..board import Board
    from ..state import GameState


@dataclass(frozen=True, slots=True)
class LendLease:
    """``[lend_lease]``: ``from`` (the powers that may send), ``to`` (who may receive) and
    ``most`` (IPCs a sender may send in one turn, to all of them together)."""

    senders: tuple[PowerId, ...] = ()
    recipients: tuple[PowerId, ...] = ()
    most: int = 0

    @classmethod
    def from_dict(cls, where: str, data: Mapping[str, Any], board: Board) -> LendLease:
        """Check the table against the board's powers; an empty table is no lend-lease."""
        if not data:
            return cls()
        unknown = sorted(set(data) - {"from", "to", "most"})
        if unknown:
            raise BoardDataError(f"{where} [lend_lease]: unknown key {unknown[0]!r}; known: from, to, most")
        powers = [*data.get("from", ()), *data.get("to", ())]
        stray = [p for p in powers if p not in board.powers]
        if stray:
            raise BoardDataError(f"{where} [lend_lease]: unknown power {stray[0]!r}")
        most = data.get("most")
        if isinstance(most, bool) or not isinstance(most, int) or most < 1:
            raise BoardDataError(f"{where} [lend_lease]: most = {most!r} must be a whole number from 1")
        return cls(tuple(PowerId(p) for p in data.get("from", ())), tuple(PowerId(p) for p in data.get("to", ())),
                   most)


def sends(state: GameState, power: PowerId) -> bool:
    """Whether ``power`` may send lend-lease: its Collect Income then waits for ``/done``."""
    return power in state.rules.lend_lease.senders


def send(state: GameState, cmd: Lend, dice: Dice) -> tuple[GameState, list[Event]]:
    """``/lendlease``: move IPCs from the sender's treasury to an ally's at once; several
    commands a turn, within the combined most (rulesets.md 7.3 #57). Where IPCs travel by
    paths (switch ``income_paths``), lend-lease needs one and convoy raids on it take their
    share (README of aarhe, ruling 20)."""
    rules, power = state.rules, state.turn
    table = rules.lend_lease
    name, to = rules.power_name(power), rules.power_name(cmd.power)
    if power not in table.senders:
        senders = listing(rules.power_name(p) for p in table.senders)
        raise IllegalCommandError(f"{name} does not send lend-lease; {senders} may.", reason="lendlease.not_sender")
    if cmd.power not in table.recipients:
        recipients = listing((rules.power_name(p) for p in table.recipients), "or")
        raise IllegalCommandError(f"Lend-lease goes to {recipients}, not {to}.", reason="lendlease.recipient")
    sent = state.economy.lent.get(power, 0)
    if sent + cmd.ipcs > table.most:
        already = f"; {sent} already sent this turn, {table.most - sent} left" if sent else ""
        raise IllegalCommandError(f"Lend-lease is at most {table.most} IPCs a turn in all; you asked for "
                                  f"{cmd.ipcs}{already}.", reason="lendlease.too_much")
    have = state.treasury.get(power, 0)
    if cmd.ipcs > have:
        raise IllegalCommandError(f"{name} has {have} IPCs; it cannot send {cmd.ipcs}.",
                                  reason="lendlease.too_expensive")
    lost: dict[str, int] = {}
    if rules.switches.income_paths:
        found = lend_losses(state, power, cmd.power, cmd.ipcs, state.economy.raided.get(power, {}))
        if found is None:
            raise IllegalCommandError(_no_path(state, power, cmd.power), reason="lendlease.no_path")
        lost = found
    arrived = cmd.ipcs - sum(lost.values())
    treasury = dict(state.treasury)
    treasury[power] = have - cmd.ipcs
    treasury[cmd.power] = treasury.get(cmd.power, 0) + arrived
    economy = state.economy.added("lent", power, cmd.ipcs).raids(power, lost)
    state = state.evolve(treasury=treasury, economy=economy)
    raids = ", ".join(f"\N{MINUS SIGN}{n} from convoy raids in the {region}" for region, n in lost.items())
    arriving = f": {raids}, {arrived} arrive" if lost else ""
    return state, [event("lendlease", f"{name} sends {cmd.ipcs} IPCs of lend-lease to {to}{arriving} ({name} "
                         f"{have - cmd.ipcs}, {to} {treasury[cmd.power]}; {table.most - sent - cmd.ipcs} more may go "
                         "this turn).", power=name, to=to, ipcs=cmd.ipcs, arrived=arrived,
                         left=table.most - sent - cmd.ipcs)]


def _no_path(state: GameState, power: PowerId, recipient: PowerId) -> str:
    """Why lend-lease has no path: the sender's capital lost, a restriction, or the way shut."""
    board = state.board
    name, to = state.rules.power_name(power), state.rules.power_name(recipient)
    cite = '(001 › Phase 1, Spending or Saving IPC: "This also applies to lend-lease")'
    home = _place(board, board.powers[power].capital)
    if not holds_capital(state, power):
        return f"{name} cannot send lend-lease: it leaves from {home}, which is in enemy hands {cite}."
    capital = board.powers[recipient].capital
    ends = (f"{_place(board, capital)} or another of {possessive(to)} industrial complexes or victory cities"
            if holds_capital(state, recipient) else f"any of {possessive(to)} industrial complexes or victory cities")
    kept = lend_kept_by(state, power, recipient)
    why = (" or ".join(f"territories {r.name} keeps {name} out of {r.until(board)}" for r in kept)
           if kept else "enemy or neutral land, or a canal or strait the enemy holds")
    return f"{name} cannot send lend-lease to {to}: no path from {home} to {ends}: every way crosses {why} {cite}."


def _place(board: Board, space: SpaceId) -> str:
    """A territory by its city where it has one (``Washington``), else by its name."""
    return board.spaces[space].victory_city or board.name(space)

