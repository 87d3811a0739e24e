"""``/dice verify``, ``/dice log [last:N]``, ``/dice sealed`` and ``/dice entropy text:...``.

``verify`` checks the stored dice log with the same verifier as ``aaref verify`` and posts the
result; ``log`` shows the newest rolls to the asker (a sealed draw without its faces until it
is revealed); ``sealed`` shows the asker the faces of the sealed draws of the powers they play,
and nobody else's; ``entropy`` lets any seated player fold text into the game's entropy chain
at any time (it goes into the next period's commitment).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from bot.dice.derive import NO_ENTROPY
from bot.dice.log import Entry, entry_from_json, entry_to_json, format_recent_rolls
from bot.dice.session import add_entropy
from bot.dice.verify import verify_log
from bot.service.reply import Actor, Refusal, Reply
from bot.store import repo
from bot.store.models import DiceLog, Game
from engine.dice import SEALED_DRAW
from engine.ids import PowerId
from engine.prose import listing

if TYPE_CHECKING:
    from bot.service.ledger import GameLedger, GameTransaction

DEFAULT_LAST = 10


async def dice_command(
    service: GameLedger,
    actor: Actor,
    channel_id: str,
    word: str,
    options: Mapping[str, str],
    request_id: str | None,
) -> Reply:
    """Run ``/dice <word>`` in the channel's game, its options checked by the registry."""
    try:
        if word == "verify":
            return await verify(service, channel_id)
        if word == "log":
            return await recent(service, channel_id, int(options.get("last", DEFAULT_LAST)))
        if word == "sealed":
            return await own_sealed(service, actor, channel_id)
    except Refusal as refusal:
        return Reply(False, refusal.message, reason=refusal.reason)
    return await entropy(service, actor, channel_id, options["text"], request_id)


async def _stored(service: GameLedger, channel_id: str) -> tuple[Game, Sequence[DiceLog]]:
    async with service.db.read() as session:
        game = await service.find(session, channel_id)
        assert game.id is not None
        return game, await repo.dice_log(session, game.id)


def _entries(rows: Sequence[DiceLog]) -> list[Entry] | None:
    """The typed entries of an auditable game's log; None for fixed dice (no commitments)."""
    if any(r.type in repo.CHAINED for r in rows) and not any(r.type == "commit" for r in rows):
        return None
    return [entry_from_json(r.body) for r in rows]


async def verify(service: GameLedger, channel_id: str) -> Reply:
    """Verify every revealed period of the game's dice log; the result is posted."""
    game, rows = await _stored(service, channel_id)
    entries = _entries(rows)
    label = f"game #{game.id} ({game.name})"
    if entries is None:
        text = f"{label} plays with fixed dice (a transcript): there is nothing to verify."
        return Reply(True, text, game_id=game.id)
    result = verify_log(entries)
    if result.error is not None:
        summary = f"FAIL: dice log entry {result.error.line}: {result.error.message}"
    else:
        summary = result.summary()
    text = f"Dice check of {label}: {summary}"
    return Reply(True, text, posts=(text,), game_id=game.id)


async def recent(service: GameLedger, channel_id: str, count: int) -> Reply:
    """The newest ``count`` rolls with their purposes, for the asker."""
    game, rows = await _stored(service, channel_id)
    entries = _entries(rows)
    if entries is None:
        rolls = [r for r in rows if r.type == "roll"][-count:]
        lines = [f"{r.purpose}: {' '.join(map(str, r.dice or []))}" for r in rolls]
    else:
        lines = format_recent_rolls(entries, count)
    if not lines:
        return Reply(True, f"No dice rolled yet in game #{game.id} ({game.name}).", game_id=game.id)
    return Reply(True, "\n".join(lines), game_id=game.id)


async def own_sealed(service: GameLedger, actor: Actor, channel_id: str) -> Reply:
    """The faces of the sealed draws of the asker's own powers, for the asker alone: the
    owner of each draw is the power its ``sealed_draw`` event names."""
    async with service.db.read() as session:
        game = await service.find(session, channel_id)
        assert game.id is not None
        label = f"game #{game.id} ({game.name})"
        rules = service.rules.load_ruleset(game.ruleset)
        seats = await service.seats_of(session, game)
        mine = {rules.power_name(PowerId(s.power)) for s in seats if s.user_id == actor.user_id}
        if not mine:
            raise Refusal(f"You have no seat in {label}.", "service.not_player")
        rows = await repo.sealed_entries(session, game.id)
        made = await repo.entries_at(session, game.id, {r.entry_seq for r in rows})
    owners = {str(e["purpose"]): str(e["power"])
              for entry in made for e in entry.events if e.get("type") == SEALED_DRAW}
    unsealed = {r.purpose for r in rows if r.type == "unseal"}
    lines = [
        f"{r.purpose}: {' '.join(map(str, r.dice or []))}"
        f" ({'revealed' if r.purpose in unsealed else 'still sealed'})"
        for r in rows if r.type == "sealed" and owners.get(str(r.purpose)) in mine
    ]
    if not lines:
        return Reply(True, f"{listing(sorted(mine))} made no sealed draw in {label}.",
                     game_id=game.id)
    return Reply(True, f"Your sealed draws in {label} (only you see this):\n" + "\n".join(lines),
                 game_id=game.id)


async def entropy(
    service: GameLedger, actor: Actor, channel_id: str, text: str, request_id: str | None
) -> Reply:
    """Fold a seated player's text into the entropy chain; it counts from the next period."""

    async def action(tx: GameTransaction) -> Reply:
        g = tx.game
        assert g.id is not None
        if g.status not in ("setup", "active"):
            raise Refusal(f"game #{g.id} ({g.name}) is over.", "game.over")
        if not service.dice.auditable:
            raise Refusal(
                "This game plays with fixed dice; entropy feeds only the auditable dice.",
                "dice.fixed",
            )
        if not text:
            raise Refusal("Say something: /dice entropy text:<anything>", "dice.no_text")
        seats = await service.seats_of(tx.unit, g)
        if all(s.user_id != actor.user_id for s in seats):
            raise Refusal(f"You have no seat in game #{g.id} ({g.name}).", "service.not_player")
        last = await repo.last_dice(tx.unit, g.id, "entropy")
        current = str(last.body["entropy"]) if last else NO_ENTROPY
        entry = add_entropy(str(g.id), current, actor.user_id, text)
        state = await service.load_state(tx.session, g) if g.status == "active" else None
        seq = await service.append(
            tx,
            kind="admin",
            actor=actor,
            power=None,
            text="/dice entropy",
            events=[{"type": "entropy", "user": actor.user_id, "entropy": entry.entropy}],
            state=state,
        )
        await service.add_dice(tx, seq, entry_to_json(entry))
        who = f"<@{actor.user_id}>" if actor.user_id.isdigit() else f"@{actor.user_id}"
        post = (
            f"{who} added entropy to the dice: combined value {entry.entropy[:16]}..., "
            "in force from the next turn's commitment."
        )
        return Reply(True, post, posts=(post,), game_id=g.id)

    return await service.mutate(channel_id, request_id, action)
