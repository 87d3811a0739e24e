"""Collect Income as an account: the territories' value, then each reduction with its reason.

1942 and Revised collect the national production level and nothing else (000, Phase 6;
002, Phase 7), so their account has one line and reads as before ("Germany collects 40
IPCs (treasury 40)."). AARHE collects first in the turn and takes reductions off it
(001, Phase 1: Collect Income; Turn Sequence), each a line the players read:
"Germany collects 20 IPCs: 40 from territories, −20 for Berlin in enemy hands".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..advantages import income_extra
from ..atomic import fallout, income_left
from ..control import holds_capital, income
from ..dice import Dice
from ..events import event
from ..ids import PowerId, SpaceId
from ..neutrals import pays
from ..phases import Entered, phase_title
from ..state import GameState
from .lendlease import sends
from .logistics import aboard
from .paths import convoy_losses


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
    raided: Mapping[str, int] = field(default_factory=dict)
    """IPCs convoy raids destroy, by region: what is left of each submarine's 1 IPC a turn
    may still take lend-lease (README of aarhe, ruling 20)."""

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
    """The account of ``power``'s income now: the territories it controls, less what
    economic attacks and combat took off each of them (the ledger; "No territory's income
    can be reduced below zero", 001, Phase 1), less half of it while its capital is in
    enemy hands where the rule system halves it (switch ``capital_lost_income``; the loss
    rounded down, as 001 rounds its halves, Economic attacks: "half of territory's income
    value rounded down"). Where IPCs travel by paths (switch ``income_paths``), a
    territory no path joins to the capital, a complex or a victory city pays nothing, and
    convoy raids take their share of what crosses the sea (``engine.economy.paths``). What
    atomic attacks took from a territory is its own line, every turn (001 › Phase 7, Atomic
    Weaponry: "permanent reduction of income"; ``engine.atomic``). Pro-side
    neutrals whose income goes to the power (``engine.neutrals.pays``) add theirs, without a
    path (README of aarhe, ruling 41). What the power owes for units raised in the enemy's turn
    comes off last (README of aarhe, ruling 140)."""
    lines = [Line(income(state, power), "from territories")]
    blasted = {state.board.name(s): min(fallout(state, s), state.board.spaces[s].ipc)
               for s in sorted(_held(state, power), key=state.board.name) if fallout(state, s)}
    if blasted:
        lines.append(Line(-sum(blasted.values()), f"from atomic attacks on {_each(blasted)}, for good"))
    lines += [Line(n, why) for n, why in income_extra(state, power)]
    reduced, net = _reductions(state, power)
    lines += reduced
    raided: dict[str, int] = {}
    if state.rules.switches.income_paths:
        cut, raided = convoy_losses(state, power, net)
        lines += _paths(state, cut, raided)
    courted = pays(state, power)
    if courted:
        lines.append(Line(sum(courted.values()), f"from {_each({state.board.name(n): v for n, v in courted.items()})}, "
                          f"pro-{state.board.side_of(power)} neutral{'s' if len(courted) > 1 else ''}"))
    if not holds_capital(state, power) and state.rules.switches.capital_lost_income == "half":
        capital = state.board.name(state.board.powers[power].capital)
        lost = sum(line.amount for line in lines) // 2
        lines.append(Line(-lost, f"for {capital} in enemy hands"))
    carried = aboard(state, power)
    if carried:
        units = f"{carried} land unit{'s' if carried > 1 else ''}"
        lines.append(Line(-carried, f"logistics for {units} aboard transports"))
    owed = state.economy.owed.get(power, 0)
    if owed:
        lines.append(Line(-owed, "owed for units raised in the enemy's last turn"))
    return Statement(power, tuple(lines), raided)


def _reductions(state: GameState, power: PowerId) -> tuple[list[Line], dict[SpaceId, int]]:
    """Economic attacks first, then production interruption, each territory's together at
    most its value; with what each territory still yields."""
    ledger = state.economy
    bombed: dict[str, int] = {}
    fought: dict[str, int] = {}
    net: dict[SpaceId, int] = {}
    for sid in sorted(_held(state, power), key=state.board.name):
        value = income_left(state, sid)
        damage = min(ledger.damage.get(sid, 0), value)
        cycles = min(ledger.interrupted.get(sid, 0), value - damage)
        net[sid] = value - damage - cycles
        if damage:
            bombed[state.board.name(sid)] = damage
        if cycles:
            fought[state.board.name(sid)] = cycles
    lines = []
    if bombed:
        lines.append(Line(-sum(bombed.values()), f"from economic attacks on {_each(bombed)}"))
    if fought:
        lines.append(Line(-sum(fought.values()), f"from production interruption in {_each(fought)}"))
    return lines, net


def _paths(state: GameState, cut: dict[SpaceId, int], raided: dict[str, int]) -> list[Line]:
    """What no path carries home, then what convoy raids destroy, region by region."""
    lines = []
    if cut:
        cut_off = _each({state.board.name(s): n for s, n in sorted(cut.items())})
        lines.append(Line(-sum(cut.values()), f"from {cut_off}, without a path to the capital, a complex or a "
                          "victory city"))
    lines += [Line(-n, f"from convoy raids in the {region}") for region, n in sorted(raided.items())]
    return lines


def _each(amounts: dict[str, int]) -> str:
    """``Germany`` alone; ``Germany 3, Poland 2`` for several."""
    if len(amounts) == 1:
        return next(iter(amounts))
    return ", ".join(f"{name} {n}" for name, n in amounts.items())


def _held(state: GameState, power: PowerId) -> set[SpaceId]:
    return {s for s, p in state.owners.items() if p == power}


def collect(state: GameState, dice: Dice) -> Entered:
    """The Collect Income phase: add the account's total to the treasury and announce it
    with its reasons. Without its capital a power collects nothing where the switch
    ``capital_lost_income`` says ``none`` (000, Phase 6: "If your capital is under an enemy
    power's control, you cannot collect income"). The reductions counted are settled; a
    power that sends lend-lease then stays in the phase until ``/done`` (001, Phase 1,
    Lend-Lease); so does its count of lend-lease sent start again, and what convoy raids
    destroyed of its income is noted, as the submarines that did may not take lend-lease
    too (README of aarhe, ruling 20)."""
    power = state.turn
    name = state.rules.power_name(power)
    held = _held(state, power)
    ledger = state.economy.without("damage", held).without("interrupted", held)
    ledger = ledger.without("lent", {power}).without("raided", {power}).without("owed", {power})
    waits = sends(state, power)
    if not holds_capital(state, power) and state.rules.switches.capital_lost_income == "none":
        title = phase_title(state.rules, state.phase)
        return state.evolve(economy=ledger), [event("skip", f"{name} skips {title}: its capital is in enemy hands.",
                                                    phase=state.phase)], not waits
    account = statement(state, power)
    if waits:
        ledger = ledger.raids(power, account.raided)
    treasury = dict(state.treasury)
    treasury[power] = treasury.get(power, 0) + account.total
    data: dict[str, object] = {"power": name, "ipcs": account.total, "treasury": treasury[power]}
    if len(account.lines) > 1:
        data["lines"] = [{"ipcs": line.amount, "reason": line.reason} for line in account.lines]
    return (state.evolve(treasury=treasury, economy=ledger),
            [event("income", account.text(name, treasury[power]), **data)], not waits)
