"""The service side of deadlines: settings, vacations, due actions applied exactly once.

Everything is read from the database at each call (the game's ``due_*`` columns, settings,
vacations, notices already done), so a restarted or second process sees the same deadlines.
An action's notice row is written in the same transaction as its effect, under a key unique
per game (``expire:<seq>``); the expiry also runs under the game's lock, like a command.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING, Any

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.scheduler.deadlines import (
    Action,
    Due,
    GameSettings,
    Interval,
    SettingError,
    deadline,
    due_actions,
    shown_time,
    vacation_refusal,
)
from bot.scheduler.policy import end_turn_step
from bot.service.reply import Actor, Refusal, Reply
from bot.store import repo
from bot.store.models import Game, Notice, Seat, Setting, Vacation

if TYPE_CHECKING:
    from bot.service.game_service import GameRef, GameService

SYSTEM = Actor("deadline", referee=True)
"""Who acts when a deadline passes: logged as a correction by ``@deadline``."""
MAX_STEPS = 200
"""Commands one expiry may give; a turn never needs nearly as many."""


def mention(user_id: str) -> str:
    """Discord mentions for snowflakes, ``@name`` for console users."""
    return f"<@{user_id}>" if user_id.isdigit() else f"@{user_id}"


def _scope(game_id: int, user_id: str | None = None) -> str:
    return f"game:{game_id}" if user_id is None else f"game:{game_id}:user:{user_id}"


async def note_due(session: AsyncSession, game: Game, seq: int, power: str, at: datetime,
                   *, restart: bool = False) -> None:
    """Start the clock of ``power`` at entry ``seq`` when the input passes to it (or restarts)."""
    if game.due_power == power and not restart:
        return
    connection = await session.connection()
    await connection.execute(update(Game).where(col(Game.id) == game.id)
                             .values(due_power=power, due_seq=seq, due_at=at)
                             .execution_options(synchronize_session=False))
    for name, value in (("due_power", power), ("due_seq", seq), ("due_at", at)):
        set_committed_value(game, name, value)


class DeadlineDesk:
    """Deadline settings and vacations of games, and the actions their clocks call for."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    # -- reading ----------------------------------------------------------------------------
    async def _settings(self, session: AsyncSession, game_id: int) -> tuple[GameSettings, set[str]]:
        """The game's settings and the users who asked for direct messages."""
        rows = (await session.exec(select(Setting).where(
            col(Setting.scope).like(f"{_scope(game_id)}%")))).all()
        return _parse_settings(game_id, rows)

    async def _pauses(self, session: AsyncSession, game_id: int,
                      users: Sequence[str]) -> list[Interval]:
        rows = (await session.exec(select(Vacation).where(
            Vacation.game_id == game_id, col(Vacation.user_id).in_(users)))).all()
        return [(v.starts_at, v.ends_at) for v in rows]

    async def deadline_of(self, session: AsyncSession, game: Game) -> datetime | None:
        """When the input now due must be in, or None without a deadline or clock."""
        if game.status != "active" or game.due_at is None:
            return None
        settings, _ = await self._settings(session, _gid(game))
        holders = [s.user_id for s in await repo.seats(session, _gid(game))
                   if s.power == game.due_power]
        pauses = await self._pauses(session, _gid(game), holders)
        return deadline(game.due_at, settings.deadline_hours, pauses)

    async def status(self, ref: GameRef) -> Reply:
        """``/game status`` with the deadline of the input now due."""
        reply = await self.service.status(ref)
        if not reply.ok or reply.game_id is None:
            return reply
        async with self.service.db.read() as session:
            game = await repo.get_game(session, reply.game_id)
            assert game is not None
            end = await self.deadline_of(session, game)
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
            current, dms = await self._settings(session, _gid(g))
            game_keys = {k: v for k, v in given.items() if k != "dm"}
            dm = given.get("dm")
            try:
                changed = current.changed(game_keys)
            except SettingError as err:
                raise Refusal(str(err), "settings.value") from None
            if game_keys and not self.service._may_manage(actor, g):
                raise Refusal("Only the game's creator or a referee can change its settings; "
                              "each player may set dm:on or dm:off.", "service.not_referee")
            posts: list[str] = []
            if game_keys:
                for key, value in changed.stored().items():
                    await session.merge(Setting(scope=_scope(_gid(g)), key=key, value=value))
                words = ", ".join(f"{k} {changed.stored()[k] or 'none'}" for k in game_keys)
                posts.append(f"{mention(actor.user_id)} set {_label(g)}: {words}.")
            mine = actor.user_id in dms
            if dm is not None:
                if dm.lower() not in ("on", "off", "true", "false", "yes", "no"):
                    raise Refusal("dm is on or off.", "settings.value")
                mine = dm.lower() in ("on", "true", "yes")
                await session.merge(Setting(scope=_scope(_gid(g), actor.user_id), key="dm",
                                            value="on" if mine else "off"))
            text = f"{_describe(changed)} Direct messages to you: {'on' if mine else 'off'}."
            return Reply(True, text, posts=tuple(posts), game_id=g.id)

        return await self.service._mutate(ref, request_id, action)

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
            mine = [s.power for s in await repo.seats(session, _gid(g))
                    if s.user_id == actor.user_id]
            if not mine:
                raise Refusal(f"You have no seat in {_label(g)}.", "service.not_player")
            rows = (await session.exec(select(Vacation).where(
                Vacation.game_id == _gid(g), Vacation.user_id == actor.user_id))).all()
            running = [v for v in rows if v.starts_at <= now < v.ends_at]
            if days == 0:
                if not running:
                    raise Refusal("You are not on vacation in this game.", "vacation.none")
                for v in running:
                    v.ends_at = now
                    session.add(v)
                return Reply(True, "Welcome back.", game_id=g.id,
                             posts=(f"{mention(actor.user_id)} is back from vacation.",))
            if running:
                raise Refusal("You are already on vacation; end it first with days:0.",
                              "vacation.running")
            settings, _ = await self._settings(session, _gid(g))
            refusal = vacation_refusal(days, [(v.starts_at, v.ends_at) for v in rows], now,
                                       settings)
            if refusal is not None:
                raise Refusal(refusal, "vacation.limit")
            until = now + timedelta(days=days)
            session.add(Vacation(game_id=_gid(g), user_id=actor.user_id, starts_at=now,
                                 ends_at=until))
            post = (f"{mention(actor.user_id)} is on vacation until "
                    f"{shown_time(until, g.channel_id)}; their deadlines pause until then.")
            return Reply(True, post, posts=(post,), game_id=g.id)

        return await self.service._mutate(ref, request_id, action)

    # -- the scheduler's work ---------------------------------------------------------------------
    async def tick(self) -> int:
        """Do every reminder, turn notice and expiry that is due now; returns how many."""
        now = self.service.clock()
        plans = await self._plan(now)
        done = 0
        for due, action in plans:
            if action.kind == "expire":
                reply = await self.service._mutate(due.game_id, None,
                                                   partial(self._expire, due=due, action=action))
                done += reply.ok
            else:
                done += await self._notify(due, action)
        return done

    async def _plan(self, now: datetime) -> list[tuple[Due, Action]]:
        """The actions due now, read in one snapshot of the database."""
        async with self.service.db.read() as session:
            games = (await session.exec(select(Game).where(
                Game.status == "active", col(Game.due_seq).is_not(None)))).all()
            if not games:
                return []
            ids = [_gid(g) for g in games]
            rows = (await session.exec(select(Setting).where(
                col(Setting.scope).like("game:%")))).all()
            seats = (await session.exec(select(Seat).where(col(Seat.game_id).in_(ids)))).all()
            vacations = (await session.exec(select(Vacation).where(
                col(Vacation.game_id).in_(ids)))).all()
            seqs = {g.due_seq for g in games}
            notices = (await session.exec(select(Notice.game_id, Notice.key).where(
                col(Notice.game_id).in_(ids), col(Notice.key).in_(_keys(seqs, rows))))).all()
        by_game: dict[int, list[Setting]] = defaultdict(list)
        for row in rows:
            scoped = row.scope.split(":")[1]
            if scoped.isdigit():
                by_game[int(scoped)].append(row)
        done: dict[int, set[str]] = defaultdict(set)
        for game_id, key in notices:
            done[game_id].add(key)
        plans: list[tuple[Due, Action]] = []
        for g in games:
            assert g.due_power is not None and g.due_seq is not None and g.due_at is not None
            settings, dms = _parse_settings(_gid(g), by_game.get(_gid(g), []))
            due = Due(_gid(g), g.due_power, g.due_seq, g.due_at)
            holders = {s.user_id for s in seats if s.game_id == g.id and s.power == g.due_power}
            pauses = [(v.starts_at, v.ends_at) for v in vacations
                      if v.game_id == g.id and v.user_id in holders]
            actions = due_actions(now, due, settings, pauses, done[_gid(g)])
            turn_key = f"turn:{due.seq}"
            wanted = settings.deadline_hours > 0 or holders & dms
            expired = f"expire:{due.seq}" in done[_gid(g)] or any(
                a.kind == "expire" for a in actions)
            if wanted and turn_key not in done[_gid(g)] and not expired:
                end = deadline(due.since, settings.deadline_hours, pauses)
                actions.insert(0, Action("turn", turn_key, end or due.since))
            plans += [(due, a) for a in actions]
        return plans

    async def _notify(self, due: Due, action: Action) -> bool:
        """Write a turn notice or reminder once; False when stale or already written."""
        try:
            async with self.service.db.write() as session:
                game = await repo.get_game(session, due.game_id, lock=True)
                if game is None or game.status != "active" or game.due_seq != due.seq:
                    return False
                if await session.get(Notice, (due.game_id, action.key)) is not None:
                    return False
                session.add(await self._message(session, game, due, action))
                await session.flush()
        except IntegrityError:
            return False
        return True

    async def _message(self, session: AsyncSession, game: Game, due: Due,
                       action: Action) -> Notice:
        settings, dms = await self._settings(session, due.game_id)
        rules = self.service.rules.load_ruleset(game.ruleset)
        power = rules.power_name(due.power)
        holders = [s.user_id for s in await repo.seats(session, due.game_id)
                   if s.power == due.power]
        who = " ".join(mention(u) for u in holders)
        when = shown_time(action.deadline, game.channel_id)
        if action.kind == "turn":
            text = f"Deadline for {power} ({who}): {when}." if settings.deadline_hours else ""
            dm = f"Your input is due in {_label(game)}: {power}."
            if settings.deadline_hours:
                dm += f" Deadline: {when}."
            pings: list[str] = []
        else:
            text = f"Reminder: {power} ({who}) must act by {when}."
            dm = f"Reminder for {_label(game)}: {power} must act by {when}."
            pings = holders
        return Notice(game_id=due.game_id, key=action.key, channel_id=game.channel_id,
                      text=text, pings=pings, dm_text=dm, dms=[u for u in holders if u in dms])

    async def _expire(self, tx: Any, due: Due, action: Action) -> Reply:
        """Apply the game's deadline policy to the silent seat, with its notice, once."""
        g = tx.game
        session = tx.session
        if g.status != "active" or g.due_seq != due.seq:
            raise Refusal("The input was given meanwhile.", "deadline.stale")
        if await session.get(Notice, (due.game_id, action.key)) is not None:
            raise Refusal("This deadline was already applied.", "deadline.done")
        settings, dms = await self._settings(session, due.game_id)
        rules = self.service.rules.load_ruleset(g.ruleset)
        power = rules.power_name(due.power)
        late = [s.user_id for s in await repo.seats(session, due.game_id) if s.power == due.power]
        head = (f"The deadline for {power} ({' '.join(mention(u) for u in late)}) passed "
                f"{shown_time(action.deadline, g.channel_id)}.")
        try:
            if settings.policy == "end_turn":
                posts = await self._end_turn(tx, due.power)
            elif settings.policy == "substitute" and settings.substitute:
                posts = await self._substitute(tx, due.power, settings.substitute, late)
            else:
                posts = ["The game waits for them."]
        except BaseException:
            self.service._states.pop(due.game_id, None)
            raise
        now_due = [s.user_id for s in await repo.seats(session, due.game_id)
                   if s.power == g.due_power] if g.status == "active" else []
        text = "\n".join([head, *posts])
        session.add(Notice(game_id=due.game_id, key=action.key, channel_id=g.channel_id,
                           text=text, pings=now_due, dm_text=f"{_label(g)}: {text}",
                           dms=[u for u in now_due if u in dms]))
        return Reply(True, text, posts=(text,), game_id=g.id)

    async def _end_turn(self, tx: Any, power: str) -> list[str]:
        """Give the seat's commands by standing orders until its input is no longer due."""
        posts = ["Its turn ends by standing orders (policy: end_turn):"]
        for _step in range(MAX_STEPS):
            state = await self.service._require_active(tx)
            if state.actor != power or state.winner:
                break
            line = end_turn_step(state)
            try:
                reply = await self.service._player_action(SYSTEM, line)(tx)
            except Refusal as refusal:
                posts.append(f"{line} was refused ({refusal.message}); a referee must act.")
                break
            posts += [p for p in reply.posts if not p.startswith("Referee correction")]
            if tx.game.status != "active":
                break
        return posts

    async def _substitute(self, tx: Any, power: str, substitute: str,
                          late: Sequence[str]) -> list[str]:
        """Hand the seat to the game's substitute; their clock starts now."""
        g = tx.game
        session = tx.session
        seat = (await session.exec(select(Seat).where(
            Seat.game_id == g.id, Seat.power == power))).one()
        seat.user_id = substitute
        session.add(seat)
        rules = self.service.rules.load_ruleset(g.ruleset)
        seq = await self.service._append(
            tx, kind="admin", actor=SYSTEM, power=power,
            text=f"/game substitute power:{power} user:{substitute}",
            events=[{"type": "seat_substituted", "power": power, "from": list(late),
                     "to": substitute}])
        await note_due(session, g, seq, power, self.service.clock(), restart=True)
        return [(f"{rules.power_name(power)} passes to the substitute {mention(substitute)} "
                "(policy: substitute).")]

    async def claim_unsent(self, limit: int = 100) -> list[Notice]:
        """Notices not yet sent, each claimed by this process before it sends it (once)."""
        async with self.service.db.read() as session:
            waiting = (await session.exec(select(Notice).where(col(Notice.sent_at).is_(None))
                                          .order_by(col(Notice.created_at)).limit(limit))).all()
        claimed: list[Notice] = []
        for notice in waiting:
            async with self.service.db.write() as session:
                connection = await session.connection()
                outcome = await connection.execute(
                    update(Notice).where(col(Notice.game_id) == notice.game_id,
                                         col(Notice.key) == notice.key,
                                         col(Notice.sent_at).is_(None))
                    .values(sent_at=self.service.clock()))
            if outcome.rowcount == 1:
                claimed.append(notice)
        return claimed


def _keys(seqs: set[int | None], rows: Sequence[Setting]) -> list[str]:
    """Every notice key the current inputs of these games could have."""
    hours = {int(h) for r in rows if r.key == "reminders" for h in r.value.split(",")
             if h.isdigit()} | set(GameSettings().reminders)
    out = []
    for seq in seqs:
        out += [f"turn:{seq}", f"expire:{seq}", *(f"remind:{seq}:{h}" for h in hours)]
    return out


def _parse_settings(game_id: int, rows: Sequence[Setting]) -> tuple[GameSettings, set[str]]:
    own = _scope(game_id)
    values = {r.key: r.value for r in rows if r.scope == own}
    dms = {r.scope.rsplit(":", 1)[1] for r in rows
           if r.scope.startswith(own + ":user:") and r.key == "dm" and r.value == "on"}
    try:
        return GameSettings.from_stored(values), dms
    except SettingError:
        return GameSettings(), dms


def _describe(s: GameSettings) -> str:
    deadline_text = f"{s.deadline_hours} hours per input" if s.deadline_hours else "none"
    reminders = ", ".join(f"{h} h" for h in s.reminders) or "none"
    sub = mention(s.substitute) if s.substitute else "none"
    return (f"Deadline: {deadline_text}; reminders before it: {reminders}; at the deadline: "
            f"{s.policy}; substitute: {sub}; vacations: {s.vacation_days} days per player, "
            f"at most {s.vacation_max} at a time.")


def _gid(game: Game) -> int:
    assert game.id is not None
    return game.id


def _label(game: Game) -> str:
    return f"game #{game.id} ({game.name})"
