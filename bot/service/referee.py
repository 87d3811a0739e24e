"""The referee's commands: ``/game pause``, ``/game resume`` and ``/game replace``.

A pause stops the whole game: no deadline runs (the paused time is skipped like a vacation of
every player), nor does its time limit, and players' commands are refused until it is
resumed; a referee may still act for any seat (a correction). Players may pause too, from
the game's pause allowance, as leagues allow. Each command is an admin log entry naming who
gave it.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from engine.tokens import quote

from bot.scheduler import store
from bot.scheduler.deadlines import shown_time
from bot.scheduler.store import gid, label, mention, note_due
from bot.service.acting import to_act
from bot.service.reply import Actor, Refusal, Reply
from bot.store.models import Game, Pause, Seat

if TYPE_CHECKING:
    from bot.service.game_service import GameService
    from bot.service.ledger import GameRef, GameTransaction


class RefereeDesk:
    """Pausing, resuming and handing seats over, through the service's transactions."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    async def check_playing(self, tx: GameTransaction, actor: Actor) -> None:
        """Refuse a player's command while the game is paused; a referee may still correct."""
        if actor.referee:
            return
        pause = await self.service.ledger.running_pause(tx.unit, tx.game)
        if pause is not None:
            raise Refusal(_paused_text(pause, tx.game.channel_id), "game.paused")

    async def paused(self, session: AsyncSession, game: Game) -> bool:
        """Whether a referee's pause of the game is running now."""
        return await self.service.ledger.running_pause(session, game) is not None

    async def pause(self, actor: Actor, ref: GameRef, options: Mapping[str, str],
                    request_id: str | None = None) -> Reply:
        """Pause the game: deadlines stop, players wait. A referee (or the creator) pauses at
        will; a seated player from the game's pause allowance (``pause_hours``), and that
        pause ends by itself when the allowance is spent."""
        reason = " ".join(options.get("reason", "").split())

        async def action(tx: GameTransaction) -> Reply:
            g = tx.game
            state = await self.service.ledger.require_active(tx)
            rows = await store.game_pauses(tx.session, gid(g))
            running = store.running_pause(rows)
            if running is not None:
                raise Refusal(_paused_text(running, g.channel_id), "game.paused")
            now = self.service.clock()
            left = None
            if not self.service.may_manage(actor, g):
                left = await self._allowance(tx, actor, rows)
            tx.session.add(Pause(game_id=gid(g), paused_by=actor.user_id, reason=reason,
                                 starts_at=now, allowance=left is not None))
            if left is not None:
                await store.wake(tx.session, gid(g), now + left)   # when the pause ends itself
            text = "/game pause" + (f" reason:{quote(reason)}" if reason else "")
            await self.service.ledger.append(
                tx, kind="admin", actor=actor, power=None, text=text, state=state,
                events=[{"type": "paused", "by": actor.user_id, "reason": reason,
                         "allowance": left is not None}])
            why = f": {reason}" if reason else ""
            if left is None:
                until = "until a referee uses /game resume"
            else:
                until = (f"until they use /game resume, at the latest "
                         f"{shown_time(now + left, g.channel_id)} (the players' pause "
                         f"allowance left: {_hours(left)})")
            post = (f"{mention(actor.user_id)} paused {label(g)}{why}. Deadlines stop and "
                    f"players wait {until}.")
            return Reply(True, post, posts=(post,), game_id=g.id)

        return await self.service.ledger.mutate(ref, request_id, action)

    async def _allowance(self, tx: GameTransaction, actor: Actor, rows: list[Pause]) -> timedelta:
        """What is left of the pause allowance for a player's pause; refuses anyone else,
        or when nothing is left."""
        g = tx.game
        if all(s.user_id != actor.user_id for s in await self._seats(tx)):
            raise Refusal(f"Only a referee, a server administrator, the game's creator or a "
                          f"player of {label(g)} can pause it.", "service.not_referee")
        settings, _ = await store.game_settings(tx.session, gid(g))
        if not settings.pause_hours:
            raise Refusal(f"Only a referee can pause {label(g)}: it gives its players no pause "
                          "allowance (its creator can: /game settings pause_hours:48).",
                          "game.no_allowance")
        left = store.allowance_left(rows, settings)
        if left <= timedelta():
            raise Refusal(f"The players' pause allowance of {settings.pause_hours} hours in "
                          f"{label(g)} is used up; a referee can still pause it.",
                          "game.allowance_spent")
        return left

    async def resume(self, actor: Actor, ref: GameRef, request_id: str | None = None) -> Reply:
        """End the pause (a referee, or the player whose pause it is); the input due gets its
        deadline back, moved by the paused time."""

        async def action(tx: GameTransaction) -> Reply:
            g = tx.game
            state = await self.service.ledger.require_active(tx)
            running = store.running_pause(await store.game_pauses(tx.session, gid(g)))
            if running is None:
                raise Refusal(f"{label(g)} is not paused.", "game.not_paused")
            if not (self.service.may_manage(actor, g)
                    or (running.allowance and running.paused_by == actor.user_id)):
                self._check_manager(actor, g, "resume")
            running.ends_at = self.service.clock()
            tx.session.add(running)
            await store.wake(tx.session, gid(g), running.ends_at)
            await self.service.ledger.append(
                tx, kind="admin", actor=actor, power=None, text="/game resume", state=state,
                events=[{"type": "resumed", "by": actor.user_id}])
            # The ping carries the deadline, moved on by the paused time (``with_deadline``).
            posts = [f"{mention(actor.user_id)} resumed {label(g)}.", *to_act(self.service.rules, state, state.due)]
            holders = [s.user_id for s in await self._seats(tx) if s.power in state.due]
            return Reply(True, posts[0], posts=tuple(posts), pings=tuple(holders),
                         game_id=g.id)

        return await self.service.ledger.mutate(ref, request_id, action)

    async def replace(self, actor: Actor, ref: GameRef, options: Mapping[str, str],
                      request_id: str | None = None) -> Reply:
        """Hand a power's seat to another user (a referee only); if that power's input is
        due, its clock starts again for the new player, as under the substitute policy."""
        power = options.get("power", "")
        user = options.get("user", "").strip().lstrip("@").strip("<>@!")

        async def action(tx: GameTransaction) -> Reply:
            g = tx.game
            if not actor.referee:
                raise Refusal("Only a referee or a server administrator can hand a seat to "
                              "another player.", "service.not_referee")
            if g.status not in ("setup", "active"):
                raise Refusal(f"{label(g)} is over.", "game.over")
            if not power or not user:
                raise Refusal("Say which seat and who takes it: /game replace power:Germany "
                              "user:@name", "game.replace_usage")
            rules = self.service.rules.load_ruleset(g.ruleset)
            pid = self.service.ledger.find_power(rules, power)
            name = rules.power_name(pid)
            seat = next((s for s in await self._seats(tx) if s.power == pid), None)
            if seat is None:
                raise Refusal(f"Nobody plays {name} yet; they can /game join.", "game.seat_open")
            if seat.user_id == user:
                raise Refusal(f"{mention(user)} already plays {name}.", "game.seat_taken")
            before = seat.user_id
            seat.user_id = user
            tx.session.add(seat)
            state = await self.service.ledger.require_active(tx) if g.status == "active" else None
            seq = await self.service.ledger.append(
                tx, kind="admin", actor=actor, power=pid, state=state,
                text=f"/game replace power:{pid} user:{user}",
                events=[{"type": "seat_replaced", "power": pid, "from": before, "to": user,
                         "by": actor.user_id}])
            posts = [(f"{mention(actor.user_id)} (referee) hands {name} to {mention(user)} "
                      f"(was {mention(before)}).")]
            if state is not None and state.actor == pid:
                await note_due(tx.session, g, seq, pid, self.service.clock(), restart=True)
                posts += to_act(self.service.rules, state, [pid])   # with_deadline adds it
            return Reply(True, posts[0], posts=tuple(posts), pings=(user,), game_id=g.id)

        return await self.service.ledger.mutate(ref, request_id, action)

    def _check_manager(self, actor: Actor, game: Any, verb: str) -> None:
        if not self.service.may_manage(actor, game):
            raise Refusal(f"Only a referee, a server administrator or the game's creator can "
                          f"{verb} a game.", "service.not_referee")

    async def _seats(self, tx: GameTransaction) -> list[Seat]:
        return list((await tx.session.exec(select(Seat).where(
            Seat.game_id == gid(tx.game)))).all())


def _paused_text(pause: Pause, channel_id: str) -> str:
    """The refusal players see while the game is paused."""
    why = f": {pause.reason}" if pause.reason else ""
    who = f"{mention(pause.paused_by)} or a referee" if pause.allowance else "A referee"
    return (f"The game is paused by {mention(pause.paused_by)} since "
            f"{shown_time(pause.starts_at, channel_id)}{why}. {who} can /game resume.")


def _hours(span: timedelta) -> str:
    hours = span.total_seconds() / 3600
    return f"{hours:g} hours" if hours == int(hours) else f"{hours:.1f} hours"
