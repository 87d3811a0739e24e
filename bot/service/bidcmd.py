"""``/bid commit|reveal|show|place``: a game's sealed bid and its placement, before the start.

The auction (``bot.ladder.bids``) runs between the first two users who commit; every step
is an admin entry of the game's log, so it is public and verifiable afterwards: a commit
logs only the hash, a reveal the bid and salt. Once both are revealed the award is logged;
the player awarded the bid then places its units under the league's rules (the game's
``bid_*`` options, checked by ``engine.bids``), and ``/game start`` puts them on the board.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.ladder.bids import (
    Award,
    BidError,
    SealedBid,
    award,
    check_amount,
    check_commitment,
    commitment,
)
from bot.service.lines import LineError, subcommand
from bot.service.reply import Actor, Refusal, Reply
from bot.store import repo
from engine import GameState
from engine.bids import BidPlacement, BidRules, check_bid, place_bid
from engine.ids import PowerId, SpaceId
from engine.notation import format_units, parse_units
from engine.prose import possessive

if TYPE_CHECKING:
    from bot.service.game_service import GameService
    from bot.service.ledger import GameTransaction

USAGE = ("Use /bid commit amount:N salt:WORD (or hash:SHA256), /bid reveal amount:N salt:WORD, "
         "/bid show, /bid place units:\"1 infantry\" territory:X [power:Y].")


def _mention(user_id: str) -> str:
    return f"<@{user_id}>" if user_id.isdigit() else f"@{user_id}"


async def bid_command(service: GameService, actor: Actor, channel_id: str, line: str,
                      request_id: str | None) -> Reply:
    """Run one ``/bid ...`` line in the channel's game."""
    try:
        sub, options = subcommand(line)
    except LineError as err:
        return Reply(False, str(err), reason="line.malformed")
    steps = {"commit": _commit, "reveal": _reveal, "place": _place, "show": _show}
    if sub not in steps:
        return Reply(False, f"Unknown bid command {sub!r}. {USAGE}", reason="line.unknown_command")

    async def action(tx: GameTransaction) -> Reply:
        if tx.game.status != "setup" and sub != "show":
            raise Refusal("Bids are made before the game starts.", "bid.started")
        try:
            return await steps[sub](service, tx, actor, options)
        except BidError as err:
            raise Refusal(str(err), err.reason) from None
        except service.rules.RulesError as err:
            raise Refusal(str(err), err.reason) from None

    return await service.ledger.mutate(channel_id, request_id if sub != "show" else None, action)


async def _entries(tx: GameTransaction, kind: str) -> list[dict[str, Any]]:
    """The game's bid events of one type, in log order."""
    assert tx.game.id is not None
    return [e for entry in await repo.log_entries(tx.session, tx.game.id)
            if entry.kind == "admin" for e in entry.events if e.get("type") == kind]


async def _sealed(tx: GameTransaction) -> list[SealedBid]:
    """The commitments so far, opened where revealed."""
    bids = [SealedBid(e["user"], e["commitment"]) for e in await _entries(tx, "bid_commit")]
    for e in await _entries(tx, "bid_reveal"):
        bids = [b.reveal(e["bid"], e["salt"]) if b.user == e["user"] else b for b in bids]
    return bids


async def _log(service: GameService, tx: GameTransaction, actor: Actor, text: str,
               events: list[dict[str, Any]]) -> None:
    await service.ledger.append(tx, kind="admin", actor=actor, power=None, text=text, events=events)


async def _commit(service: GameService, tx: GameTransaction, actor: Actor, options: dict[str, str]
                  ) -> Reply:
    bids = await _sealed(tx)
    if any(b.user == actor.user_id for b in bids):
        raise Refusal("You have already committed your bid.", "bid.committed")
    if len(bids) >= 2:
        raise Refusal("Two players have already committed; the auction is between them.",
                      "bid.full")
    if options.get("hash"):
        digest = check_commitment(options["hash"])
    else:
        amount, salt = options.get("amount", ""), options.get("salt", "")
        if not amount.isdigit() or not salt:
            raise Refusal("Commit with amount:N salt:WORD (keep the salt secret until you "
                          "reveal), or with hash:SHA256.", "bid.commit")
        digest = commitment(actor.user_id, check_amount(int(amount)), salt)
    await _log(service, tx, actor, f"/bid commit hash:{digest}",
               [{"type": "bid_commit", "user": actor.user_id, "commitment": digest}])
    post = f"{_mention(actor.user_id)} committed a sealed bid: sha256 {digest}."
    return Reply(True, f"{post} Reveal with /bid reveal amount:N salt:WORD once both have "
                 "committed.", posts=(post,), game_id=tx.game.id)


async def _reveal(service: GameService, tx: GameTransaction, actor: Actor, options: dict[str, str]
                  ) -> Reply:
    bids = await _sealed(tx)
    mine = next((b for b in bids if b.user == actor.user_id), None)
    if mine is None:
        raise Refusal("You have not committed a bid.", "bid.no_commit")
    if len(bids) < 2:
        raise Refusal("Wait until the other player has committed; nobody reveals before both "
                      "bids are sealed.", "bid.waiting")
    amount = options.get("amount", "")
    if not amount.isdigit():
        raise Refusal("Reveal with amount:N salt:WORD, exactly as you committed.", "bid.reveal")
    opened = mine.reveal(int(amount), options.get("salt", ""))
    await _log(service, tx, actor, f"/bid reveal amount:{opened.bid} salt:{opened.salt}",
               [{"type": "bid_reveal", "user": actor.user_id, "bid": opened.bid,
                 "salt": opened.salt}])
    posts = [f"{_mention(actor.user_id)} reveals a bid of {opened.bid} IPCs "
             f"(salt {opened.salt}); it matches the commitment."]
    bids = [opened if b.user == actor.user_id else b for b in bids]
    if all(b.revealed for b in bids):
        won = award(bids[0], bids[1])
        await _log(service, tx, actor, f"/bid award side:{won.side} ipcs:{won.ipcs}",
                   [{"type": "bid_awarded", "axis": won.axis, "allies": won.allies,
                     "side": won.side, "ipcs": won.ipcs}])
        posts.append(f"{_mention(won.axis)} plays the Axis and {_mention(won.allies)} the "
                     f"Allies; the {won.side} receive a bid of {won.ipcs} IPCs.")
    return Reply(True, "\n".join(posts), posts=tuple(posts), game_id=tx.game.id)


async def _awarded(tx: GameTransaction) -> Award | None:
    found = await _entries(tx, "bid_awarded")
    if not found:
        return None
    e = found[-1]
    return Award(e["axis"], e["allies"], e["side"], e["ipcs"])


def _placements(events: Sequence[dict[str, Any]]) -> list[BidPlacement]:
    return [BidPlacement(PowerId(e["power"]), tuple((k, n) for k, n in e["units"].items()),
                         SpaceId(e["space"])) for e in events]


async def _place(service: GameService, tx: GameTransaction, actor: Actor, options: dict[str, str]
                 ) -> Reply:
    won = await _awarded(tx)
    if won is None:
        raise Refusal("There is no bid to place yet: both players commit and reveal first.",
                      "bid.none")
    receiver = won.axis if won.side == "Axis" else won.allies
    if actor.user_id != receiver and not actor.referee:
        raise Refusal(f"The bid is {possessive(_mention(receiver))} to place.", "bid.not_yours")
    rules = service.rules.load_ruleset(tx.game.ruleset)
    setup = service.rules.new_game(rules, tx.game.options)
    units = parse_units(options.get("units", ""), setup)
    space = setup.board.find_space(options.get("territory", ""))
    side_powers = [p for p in rules.powers if rules.board.side_of(p) == won.side]
    power = (rules.find_power(options["power"]) if options.get("power")
             else side_powers[0] if len(side_powers) == 1 else setup.owners.get(space))
    if power is None:
        raise Refusal("Say which power receives the units with power:.", "bid.power")
    new = BidPlacement(PowerId(power), tuple(units), SpaceId(space))
    placed = _placements(await _entries(tx, "bid_place"))
    check_bid(setup, won.side, won.ipcs, [*placed, new], BidRules.from_options(
        tx.game.options, setup))
    text = (f'/bid place power:{power} units:"{format_units(rules, units)}" '
            f'territory:"{setup.board.name(space)}"')
    await _log(service, tx, actor, text, [{"type": "bid_place", "power": power,
                                           "units": dict(units), "space": space}])
    post = (f"{_mention(actor.user_id)} places bid units for {rules.power_name(power)}: "
            f"{options['units']} in {setup.board.name(space)}.")
    return Reply(True, post, posts=(post,), game_id=tx.game.id)


async def _show(service: GameService, tx: GameTransaction, actor: Actor, options: dict[str, str]
                ) -> Reply:
    bids = await _sealed(tx)
    if not bids:
        return Reply(True, "No bid has been committed in this game.", game_id=tx.game.id)
    lines = []
    for b in bids:
        shown = (f"bid {b.bid}, salt {b.salt}: {'verified' if b.verify() else 'MISMATCH'}"
                 if b.revealed else "sealed")
        lines.append(f"{_mention(b.user)}: sha256 {b.commitment} ({shown})")
    lines.append("Check: sha256 of \"aaref-bid:<user id>:<bid>:<salt>\".")
    return Reply(True, "\n".join(lines), game_id=tx.game.id)


async def with_bid(service: GameService, tx: GameTransaction, state: GameState) -> GameState:
    """The starting state with the game's placed bid units, if a bid was placed."""
    won = await _awarded(tx)
    placed = _placements(await _entries(tx, "bid_place"))
    if won is None or not placed:
        return state
    return place_bid(state, won.side, won.ipcs, placed, BidRules.from_options(
        tx.game.options, state))


_COMMENT = re.compile(r"^\{ @[^:]+: (/bid (?:award|place) .*) \}$")


def record_bid(state: GameState, lines: Sequence[str]) -> GameState:
    """The starting state of a record with its bid units: the ``/bid award`` and ``/bid
    place`` comment lines of the record, applied as ``/game start`` applied them."""
    side, ipcs, placed = None, 0, []
    for line in lines:
        found = _COMMENT.match(line.strip())
        if not found:
            continue
        sub, options = subcommand(found.group(1))
        if sub == "award":
            side, ipcs = options["side"], int(options["ipcs"])
        else:
            placed.append(BidPlacement(PowerId(options["power"]),
                                       tuple(parse_units(options["units"], state)),
                                       SpaceId(state.board.find_space(options["territory"]))))
    if side is None or not placed:
        return state
    return place_bid(state, side, ipcs, placed, BidRules.from_options(state.options, state))
