"""Bid placement: the IPCs a side won in the bid, placed as units before the first turn.

Leagues balance the sides with a bid of IPCs and restrict where its units may go; the
restrictions are game options (``bid_*``), so each game states the league's rules. No
rulebook covers this: it is league practice (TripleA's rules forums, the one-unit-per-
territory rule that TripleA does not enforce). Pure: a setup state and the placements in,
the state with the bid units out, or a refusal naming the rule that was broken.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .commands import UnitCounts
from .errors import IllegalCommandError, NotationError
from .ids import PowerId, SpaceId
from .state import GameState, Unit


@dataclass(frozen=True, slots=True)
class BidRules:
    """The league's placement rules, read from the game options."""

    units_per_territory: int = 1
    """Most bid units one territory or sea zone may receive; 0: no limit."""
    only_where_units: bool = True
    """Only where the receiving power already has units at the start."""
    ships_only_where_ships: bool = True
    """Sea units only in sea zones where the receiving power already has ships."""
    powers: tuple[PowerId, ...] = ()
    """The powers that may receive bid units; empty: any power of the bidding side."""

    @classmethod
    def from_options(cls, options: Mapping[str, Any], state: GameState) -> BidRules:
        """The rules a game's options set (``bid_units_per_territory``, ``bid_only_where_units``,
        ``bid_ships_only_where_ships``, ``bid_powers``: ``any`` or a comma list of powers)."""
        default = cls()
        per = options.get("bid_units_per_territory", default.units_per_territory)
        if not isinstance(per, int) or isinstance(per, bool) or per < 0:
            raise NotationError(f'Option "bid_units_per_territory" is a whole number, not "{per}".',
                                reason="options.bad_value")
        named = str(options.get("bid_powers", "any")).strip()
        powers: tuple[PowerId, ...] = ()
        if named.lower() != "any":
            powers = tuple(state.board.find_power(p.strip()) for p in named.split(",") if p.strip())
        return cls(per, bool(options.get("bid_only_where_units", default.only_where_units)),
                   bool(options.get("bid_ships_only_where_ships", default.ships_only_where_ships)),
                   powers)


@dataclass(frozen=True, slots=True)
class BidPlacement:
    """Units of one power put in one space, paid from the bid."""

    power: PowerId
    units: UnitCounts
    space: SpaceId


def check_bid(setup: GameState, side: str, bid: int, placements: Sequence[BidPlacement],
              rules: BidRules) -> None:
    """Check every placement, in order, against the setup and the league's rules.

    Raises:
        IllegalCommandError: on the first placement that breaks a rule; ``reason`` is
            ``bid.<rule>`` and the message names the rule.
    """
    spent = 0
    received: dict[SpaceId, int] = {}
    for p in placements:
        _check_one(setup, side, p, rules, received.get(p.space, 0))
        spent += sum(setup.rules.spec(k).cost * n for k, n in p.units)
        if spent > bid:
            raise IllegalCommandError(
                f"The bid is {bid} IPCs; these placements cost {spent}.", reason="bid.budget")
        received[p.space] = received.get(p.space, 0) + sum(n for _k, n in p.units)


def place_bid(setup: GameState, side: str, bid: int, placements: Sequence[BidPlacement],
              rules: BidRules) -> GameState:
    """The setup with the bid units on the board, after :func:`check_bid`."""
    check_bid(setup, side, bid, placements, rules)
    new: list[Unit] = []
    next_id = setup.next_id
    for p in placements:
        for kind, n in p.units:
            for _ in range(n):
                new.append(Unit(next_id, kind, p.power, p.space))
                next_id += 1
    return setup.with_units(new)


def _check_one(setup: GameState, side: str, p: BidPlacement, rules: BidRules,
               earlier: int) -> None:
    board = setup.board
    name = setup.rules.power_name(p.power)
    where = board.name(p.space)
    if board.side_of(p.power) != side:
        raise IllegalCommandError(f"{name} is not one of the {side}, who won the bid.",
                                  reason="bid.power")
    if rules.powers and p.power not in rules.powers:
        allowed = ", ".join(setup.rules.power_name(q) for q in rules.powers)
        raise IllegalCommandError(f"Rule bid_powers: only {allowed} may receive bid units, "
                                  f"not {name}.", reason="bid.power")
    count = sum(n for _k, n in p.units)
    if rules.units_per_territory and earlier + count > rules.units_per_territory:
        raise IllegalCommandError(
            f"Rule bid_units_per_territory: at most {rules.units_per_territory} bid unit(s) per "
            f"territory or sea zone; {where} would receive {earlier + count}.",
            reason="bid.units_per_territory")
    own = [u for u in setup.units_at(p.space) if u.owner == p.power]
    sea = board.spaces[p.space].is_sea
    for kind, _n in p.units:
        spec = setup.rules.spec(kind)
        if spec.is_sea != sea or (not sea and setup.owners.get(p.space) != p.power):
            place = "a sea zone" if spec.is_sea else "a territory it controls"
            raise IllegalCommandError(f"{spec.name} of {name} must go in {place}, not {where}.",
                                      reason="bid.wrong_space")
        if spec.is_sea and rules.ships_only_where_ships and not any(
                setup.rules.spec(u.kind).is_sea for u in own):
            raise IllegalCommandError(
                f"Rule bid_ships_only_where_ships: {name} has no ships in {where}.",
                reason="bid.ships_only_where_ships")
    if rules.only_where_units and not own:
        raise IllegalCommandError(f"Rule bid_only_where_units: {name} has no units in {where}.",
                                  reason="bid.only_where_units")
