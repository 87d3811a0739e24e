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
from ..dice import Dice
from ..errors import BoardDataError, IllegalCommandError
from ..events import Event, event
from ..ids import PowerId

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
    commands a turn, within the combined most (rulesets.md 7.3 #57)."""
    rules, power = state.rules, state.turn
    table = rules.lend_lease
    name, to = rules.power_name(power), rules.power_name(cmd.power)
    if power not in table.senders:
        raise IllegalCommandError(f"{name} does not send lend-lease; "
                                  f"{_listing(state, table.senders, 'and')} may.", reason="lendlease.not_sender")
    if cmd.power not in table.recipients:
        raise IllegalCommandError(f"Lend-lease goes to {_listing(state, table.recipients, 'or')}, not {to}.",
                                  reason="lendlease.recipient")
    sent = state.economy.lent.get(power, 0)
    if sent + cmd.ipcs > table.most:
        already = f"; {sent} already sent this turn, {table.most - sent} left" if sent else ""
        raise IllegalCommandError(f"Lend-lease is at most {table.most} IPCs a turn in all; you asked for "
                                  f"{cmd.ipcs}{already}.", reason="lendlease.too_much")
    have = state.treasury.get(power, 0)
    if cmd.ipcs > have:
        raise IllegalCommandError(f"{name} has {have} IPCs; it cannot send {cmd.ipcs}.",
                                  reason="lendlease.too_expensive")
    treasury = dict(state.treasury)
    treasury[power] = have - cmd.ipcs
    treasury[cmd.power] = treasury.get(cmd.power, 0) + cmd.ipcs
    state = state.evolve(treasury=treasury, economy=state.economy.added("lent", power, cmd.ipcs))
    return state, [event("lendlease", f"{name} sends {cmd.ipcs} IPCs of lend-lease to {to} ({name} {have - cmd.ipcs}, "
                         f"{to} {treasury[cmd.power]}; {table.most - sent - cmd.ipcs} more may go this turn).",
                         power=name, to=to, ipcs=cmd.ipcs, left=table.most - sent - cmd.ipcs)]


def _listing(state: GameState, powers: tuple[PowerId, ...], word: str) -> str:
    names = [state.rules.power_name(p) for p in powers]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {word} {names[-1]}"
