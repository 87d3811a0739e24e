"""Collect Income as an account: the territories' value, then each reduction with its reason.

1942 and Revised collect the national production level and nothing else (000, Phase 6;
002, Phase 7), so their account has one line and reads as before ("Germany collects 40
IPCs (treasury 40)."). AARHE collects first in the turn and takes reductions off it
(001, Phase 1: Collect Income; Turn Sequence), each a line the players read:
"Germany collects 20 IPCs: 40 from territories, −20 for Berlin in enemy hands".
"""

from __future__ import annotations

from dataclasses import dataclass

from ..control import holds_capital, income
from ..dice import Dice
from ..events import event
from ..ids import PowerId
from ..phases import Entered, phase_title
from ..state import GameState


@dataclass(frozen=True, slots=True)
class Line:
    """One entry of the account: IPCs gained (positive) or lost (negative), and why."""

    amount: int
    reason: str
    """Read after the amount: "from territories", "for Berlin in enemy hands"."""

    def text(self, first: bool) -> str:
        """``40 from territories`` first, then signed: ``−20 for Berlin in enemy hands``."""
        if first:
            return f"{self.amount} {self.reason}"
        sign = "\N{MINUS SIGN}" if self.amount < 0 else "+"
        return f"{sign}{abs(self.amount)} {self.reason}"


@dataclass(frozen=True, slots=True)
class Statement:
    """What a power collects this Collect Income, line by line."""

    power: PowerId
    lines: tuple[Line, ...]

    @property
    def total(self) -> int:
        """The IPCs collected: the lines' sum, never below zero."""
        return max(0, sum(line.amount for line in self.lines))

    def text(self, name: str, treasury: int) -> str:
        """The sentence the channel reads; a lone line needs no breakdown."""
        if len(self.lines) == 1:
            return f"{name} collects {self.total} IPCs (treasury {treasury})."
        parts = ", ".join(line.text(i == 0) for i, line in enumerate(self.lines))
        return f"{name} collects {self.total} IPCs: {parts} (treasury {treasury})."


def statement(state: GameState, power: PowerId) -> Statement:
    """The account of ``power``'s income now: the territories it controls, less half of
    it while its capital is in enemy hands where the rule system halves it (switch
    ``capital_lost_income``; the loss rounded down, as 001 rounds its halves, Economic
    attacks: "half of territory's income value rounded down")."""
    lines = [Line(income(state, power), "from territories")]
    if not holds_capital(state, power) and state.rules.switches.capital_lost_income == "half":
        capital = state.board.name(state.board.powers[power].capital)
        lost = sum(line.amount for line in lines) // 2
        lines.append(Line(-lost, f"for {capital} in enemy hands"))
    return Statement(power, tuple(lines))


def collect(state: GameState, dice: Dice) -> Entered:
    """The Collect Income phase: add the account's total to the treasury and announce it
    with its reasons. Without its capital a power collects nothing where the switch
    ``capital_lost_income`` says ``none`` (000, Phase 6: "If your capital is under an enemy
    power's control, you cannot collect income")."""
    power = state.turn
    name = state.rules.power_name(power)
    if not holds_capital(state, power) and state.rules.switches.capital_lost_income == "none":
        title = phase_title(state.rules, state.phase)
        return state, [event("skip", f"{name} skips {title}: its capital is in enemy hands.",
                             phase=state.phase)], True
    account = statement(state, power)
    treasury = dict(state.treasury)
    treasury[power] = treasury.get(power, 0) + account.total
    data: dict[str, object] = {"power": name, "ipcs": account.total, "treasury": treasury[power]}
    if len(account.lines) > 1:
        data["lines"] = [{"ipcs": line.amount, "reason": line.reason} for line in account.lines]
    return state.evolve(treasury=treasury), [event("income", account.text(name, treasury[power]), **data)], True
