"""The deadline commands: ``/game settings``, ``/game vacation``, and the deadline in
``/game status``; the scheduler's actions are in ``actions``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.scheduler import store
from bot.scheduler.actions import DeadlineActions
from bot.scheduler.deadlines import (
    GameSettings,
    SettingError,
    shown_time,
    vacation_refusal,
)
from bot.scheduler.store import gid, label, mention, note_due, note_start, scope
from bot.service.reply import Actor, Refusal, Reply
from bot.store import repo
from bot.store.models import Game, Notice, Setting, Vacation
from bot.store.unit import WriteUnit

if TYPE_CHECKING:
    from bot.service.game_service import GameService
    from bot.service.ledger import GameRef

__all__ = ["DeadlineDesk", "note_due", "note_start"]


class DeadlineDesk:
    """Deadline settings and vacations of games; ``actions`` does what their clocks call for."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.actions = DeadlineActions(service)

    async def tick(self) -> int:
        """Do every turn notice, reminder and expiry due now; returns how many were done."""
        return await self.actions.tick()

    async def claim_unsent(self, limit: int = 100) -> list[Notice]:
        """Notices not sent yet, each claimed for sending by this process (so sent once)."""
        return await self.actions.claim_unsent(limit)

    # -- reading ----------------------------------------------------------------------------
    async def with_deadline(self, unit: WriteUnit, game: Game, reply: Reply) -> Reply:
        """A reply that pings the player now due also shows their deadline (a ping for
        another seat, such as a seat handed over, does not)."""
        if not reply.ok or not reply.pings or not reply.posts:
            return reply
        session = unit.session
        holders = {s.user_id for s in await repo.seats(session, gid(game))
                   if s.power == game.due_power}
        if not holders & set(reply.pings):
            return reply
        end = await store.due_deadline(session, game)
        if end is None:
            return reply
        last = f"{reply.posts[-1]} Deadline: {shown_time(end, game.channel_id)}."
        return replace(reply, posts=(*reply.posts[:-1], last))

    async def status(self, ref: GameRef, territory: str | None = None, viewer: str | None = None) -> Reply:
        """``/game status`` with the deadline of the input now due (``viewer``: the asker)."""
        reply = await self.service.status(ref, territory, viewer)
        if not reply.ok or reply.game_id is None or territory:
            return reply
        async with self.service.db.read() as session:
            game = await repo.get_game(session, reply.game_id)
            assert game is not None
            end = await store.due_deadline(session, game)
        if end is None:
            return reply
        return replace(reply, message=f"{reply.message}\nDeadline: "
                       f"{shown_time(end, game.channel_id)}.")

    # -- /game settings and /game vacation --------------------------------------------------------
    async def settings(self, actor: Actor, ref: GameRef, options: Mapping[str, str],
                       request_id: str | None = None) -> Reply:
        """Show the settings, or change them: the game's by its creator or a referee, and
        each player's own direct-message choice (``dm:on``)."""
        given = {k: v for k, v in options.items() if k != "id"}

        async def action(tx: Any) -> Reply:
            g = tx.game
            session = tx.session
            current, dms = await store.game_settings(session, gid(g))
            game_keys = {k: v for k, v in given.items() if k != "dm"}
            dm = given.get("dm")
            try:
                changed = current.changed(game_keys)
            except SettingError as err:
                raise Refusal(str(err), "settings.value") from None
            if game_keys and not self.service.may_manage(actor, g):
                raise Refusal("Only the game's creator or a referee can change its settings; "
                              "each player may set dm:on or dm:off.", "service.not_referee")
            posts: list[str] = []
            if game_keys:
                for key, value in changed.stored().items():
                    await session.merge(Setting(scope=scope(gid(g)), key=key, value=value))
                words = ", ".join(f"{k} {changed.stored()[k] or 'none'}" for k in game_keys)
                posts.append(f"{mention(actor.user_id)} set {label(g)}: {words}.")
            mine = actor.user_id in dms
            if dm is not None:
                if dm.lower() not in ("on", "off", "true", "false", "yes", "no"):
                    raise Refusal("dm is on or off.", "settings.value")
                mine = dm.lower() in ("on", "true", "yes")
                await session.merge(Setting(scope=scope(gid(g), actor.user_id), key="dm",
                                            value="on" if mine else "off"))
            if game_keys or dm is not None:
                await store.wake(session, gid(g), self.service.clock())
            text = f"{_describe(changed)} Direct messages to you: {'on' if mine else 'off'}."
            return Reply(True, text, posts=tuple(posts), game_id=g.id)

        return await self.service.ledger.mutate(ref, request_id, action)

    async def vacation(self, actor: Actor, ref: GameRef, options: Mapping[str, str],
                       request_id: str | None = None) -> Reply:
        """Declare a vacation of ``days`` from now (``days:0`` ends the current one early)."""
        text = options.get("days", "")

        async def action(tx: Any) -> Reply:
            g = tx.game
            session = tx.session
            now = self.service.clock()
            if not text.isdigit():
                raise Refusal("Say how many days: /game vacation days:3 (days:0 ends it).",
                              "vacation.days")
            days = int(text)
            mine = [s.power for s in await repo.seats(session, gid(g))
                    if s.user_id == actor.user_id]
            if not mine:
                raise Refusal(f"You have no seat in {label(g)}.", "service.not_player")
            rows = (await session.exec(select(Vacation).where(
                Vacation.game_id == gid(g), Vacation.user_id == actor.user_id))).all()
            running = [v for v in rows if v.starts_at <= now < v.ends_at]
            if days == 0:
                if not running:
                    raise Refusal("You are not on vacation in this game.", "vacation.none")
                for v in running:
                    v.ends_at = now
                    session.add(v)
                await store.wake(session, gid(g), now)
                return Reply(True, "Welcome back.", game_id=g.id,
                             posts=(f"{mention(actor.user_id)} is back from vacation.",))
            if running:
                raise Refusal("You are already on vacation; end it first with days:0.",
                              "vacation.running")
            settings, _ = await store.game_settings(session, gid(g))
            refusal = vacation_refusal(days, [(v.starts_at, v.ends_at) for v in rows], now,
                                       settings)
            if refusal is not None:
                raise Refusal(refusal, "vacation.limit")
            until = now + timedelta(days=days)
            session.add(Vacation(game_id=gid(g), user_id=actor.user_id, starts_at=now,
                                 ends_at=until))
            await store.wake(session, gid(g), now)
            post = (f"{mention(actor.user_id)} is on vacation until "
                    f"{shown_time(until, g.channel_id)}; their deadlines pause until then.")
            return Reply(True, post, posts=(post,), game_id=g.id)

        return await self.service.ledger.mutate(ref, request_id, action)


def _describe(s: GameSettings) -> str:
    """The settings in one sentence, as ``/game settings`` shows them."""
    deadline_text = f"{s.deadline_hours} hours per input" if s.deadline_hours else "none"
    reminders = ", ".join(f"{h} h" for h in s.reminders) or "none"
    sub = mention(s.substitute) if s.substitute else "none"
    return (f"Deadline: {deadline_text}; reminders before it: {reminders}; at the deadline: "
            f"{s.policy}; substitute: {sub}; vacations: {s.vacation_days} days per player, "
            f"at most {s.vacation_max} at a time; forfeit after "
            f"{s.bumps or 'no'} missed deadlines; rated: {'on' if s.rated else 'off'}; "
            f"time limit: {_limit(s)}; players' pause allowance: "
            f"{f'{s.pause_hours} hours' if s.pause_hours else 'none (referees pause)'}.")


def _limit(s: GameSettings) -> str:
    if not s.time_limit_hours:
        return "none"
    return f"{s.time_limit_hours} hours, then {s.adjudication.replace('_', ' ')}"

