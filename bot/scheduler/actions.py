"""The scheduler's actions: turn notices, reminders and expiries, each done exactly once.

Everything is read from the database at each tick (the games' due clocks, settings,
vacations, notices already done), so a restarted or second process decides the same. A tick
reads only the games whose wake time (``games.wake_at``) has come: a game is woken when its
input passes or anything its deadline depends on changes, and after each look the tick stores
when its next reminder or expiry falls, so idle games cost nothing. An
action's notice row is written in the same transaction as its effect, under a key unique per
game (``expire:<seq>``); the expiry also runs under the game's lock, like a command.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING

from sqlalchemy import ColumnElement, func, update
from sqlalchemy.orm import Mapped
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.ladder.outcome import adjudicate
from bot.scheduler import store
from bot.scheduler.deadlines import (
    Action,
    Due,
    GameSettings,
    deadline,
    due_actions,
    next_wake,
    shown_time,
)
from bot.scheduler.policy import end_turn_step
from bot.scheduler.store import (
    gid,
    label,
    mention,
    note_due,
    parse_settings,
    pause_intervals,
    running_pause,
)
from bot.service.ledger import GameTransaction
from bot.service.reply import Actor, Refusal, Reply
from bot.store import repo
from bot.store.models import Game, LogEntry, Notice, Pause, Seat, Setting, Vacation
from engine.deadline import lapses
from engine.ids import PowerId
from engine.prose import listing

if TYPE_CHECKING:
    from bot.service.game_service import GameService
    from engine import GameState

log = logging.getLogger(__name__)

SYSTEM = Actor("deadline", referee=True)
"""Who acts when a deadline passes: logged as a correction by ``@deadline``."""
MAX_STEPS = 200
"""Commands one expiry may give; a turn never needs nearly as many."""
BATCH = 500
"""Games one tick looks at, the longest-waiting first; the others wait for the next tick."""
LEASE = timedelta(minutes=2)
"""How long a claimed game is left to the process that claimed it."""
GAME_STEPS = ("expire", "adjudicate", "unpause")
"""Actions that change the game: each runs under the game's lock, like a command."""
LIMIT = "limit"
"""The notice key of a game's time-limit adjudication: once per game."""


@dataclass(frozen=True)
class Wake:
    """A game a tick looked at: the wake time and due input it read, and its next wake."""

    game_id: int
    read: datetime
    due_seq: int | None
    following: datetime | None


def _same(column: Mapped[int | None], value: int | None) -> ColumnElement[bool]:
    """``column = value``, or ``column IS NULL`` for None."""
    return column.is_(None) if value is None else column == value


class DeadlineActions:
    """What the games' clocks call for now, applied through the service."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    async def tick(self) -> int:
        """Do every reminder, turn notice and expiry that is due now; returns how many."""
        now = self.service.clock()
        plans, wakes = await self._plan(now)
        done = 0
        failed: set[int] = set()
        for due, action in plans:
            try:
                if action.kind in GAME_STEPS:
                    step = self._step(due, action)
                    done += (await self.service.ledger.mutate(due.game_id, None, step)).ok
                else:
                    done += await self._notify(due, action)
            except Exception:  # one game's failure must not hold up every other game's
                failed.add(due.game_id)
                log.exception("Deadline action %s of game %s failed", action.key, due.game_id)
        await self._rewake([w for w in wakes if w.game_id not in failed])
        return done

    async def _plan(self, now: datetime) -> tuple[list[tuple[Due, Action]], list[Wake]]:
        """The actions due now, and when each game looked at must be looked at next.

        Only games whose wake time has come are read (through the ``games.wake_at`` index),
        claimed for this process first, at most :data:`BATCH` of them per tick.
        """
        claimed = await self._claim(now)
        if not claimed:
            return [], []
        async with self.service.db.read() as session:
            games = (await session.exec(select(Game).where(col(Game.id).in_(claimed)))).all()
            ids = [gid(g) for g in games]
            seats = (await session.exec(select(Seat).where(col(Seat.game_id).in_(ids)))).all()
            scopes = {store.scope(i) for i in ids} | {store.scope(s.game_id, s.user_id) for s in seats}
            rows = (await session.exec(select(Setting).where(col(Setting.scope).in_(scopes)))).all()
            vacations = (await session.exec(select(Vacation).where(
                col(Vacation.game_id).in_(ids)))).all()
            stops = (await session.exec(select(Pause).where(col(Pause.game_id).in_(ids)))).all()
            seqs = {g.due_seq for g in games}
            notices = (await session.exec(select(Notice.game_id, Notice.key).where(
                col(Notice.game_id).in_(ids), col(Notice.key).in_(_keys(seqs, rows))))).all()
        by_game: dict[int, list[Setting]] = defaultdict(list)
        for row in rows:
            by_game[int(row.scope.split(":")[1])].append(row)
        done: dict[int, set[str]] = defaultdict(set)
        for game_id, key in notices:
            done[game_id].add(key)
        plans: list[tuple[Due, Action]] = []
        wakes: list[Wake] = []
        for g in games:
            if g.wake_at is None or g.status != "active":
                continue                      # finished since it was claimed
            if g.due_power is None or g.due_seq is None or g.due_at is None:
                wakes.append(Wake(gid(g), g.wake_at, g.due_seq, None))
                continue
            settings, dms = parse_settings(gid(g), by_game.get(gid(g), []))
            due = Due(gid(g), g.due_power, g.due_seq, g.due_at)
            holders = {s.user_id for s in seats if s.game_id == g.id and s.power == g.due_power}
            mine = [p for p in stops if p.game_id == g.id]
            running = running_pause(mine)
            if running is not None:       # a paused game: no reminder, no expiry, no limit
                ends = store.allowance_end(mine, settings)
                if ends is not None and ends <= now:
                    plans.append((due, Action("unpause", f"unpause:{running.id}", ends)))
                wakes.append(Wake(gid(g), g.wake_at, g.due_seq,
                                  ends if ends is not None and ends > now else None))
                continue
            limit = store.time_limit(g, settings, mine)
            if limit is not None and limit <= now and LIMIT not in done[gid(g)]:
                plans.append((due, Action("adjudicate", LIMIT, limit)))
                wakes.append(Wake(gid(g), g.wake_at, g.due_seq, None))
                continue                  # the game ends: no deadline matters any more
            pauses = [(v.starts_at, v.ends_at) for v in vacations
                      if v.game_id == g.id and v.user_id in holders] + pause_intervals(mine)
            actions = due_actions(now, due, settings, pauses, done[gid(g)])
            turn_key = f"turn:{due.seq}"
            wanted = holders & dms
            expired = f"expire:{due.seq}" in done[gid(g)] or any(
                a.kind == "expire" for a in actions)
            if wanted and turn_key not in done[gid(g)] and not expired:
                end = deadline(due.since, settings.deadline_hours, pauses)
                actions.insert(0, Action("turn", turn_key, end or due.since))
            plans += [(due, a) for a in actions]
            following = next_wake(now, due, settings, pauses, done[gid(g)])
            if limit is not None and LIMIT not in done[gid(g)]:
                following = min(following or limit, limit)
            wakes.append(Wake(gid(g), g.wake_at, g.due_seq, following))
        return plans, wakes

    async def _claim(self, now: datetime) -> list[int]:
        """Take the games whose wake time has come for this process: their wake time moves
        on by :data:`LEASE`, so another process's tick skips them (PostgreSQL also skips rows
        another claim holds, ``SKIP LOCKED``). A process that dies after claiming only delays
        its games by the lease."""
        async with self.service.db.read() as session:
            first = (await session.exec(select(Game.id).where(
                Game.status == "active", col(Game.wake_at) <= now).limit(1))).first()
        if first is None:
            return []                                   # the usual idle tick: one index probe
        due = (select(Game.id).where(Game.status == "active", col(Game.wake_at) <= now)
               .order_by(col(Game.wake_at)).limit(BATCH))
        if not self.service.db.is_sqlite:
            due = due.with_for_update(skip_locked=True)
        async with self.service.db.write() as session:
            connection = await session.connection()
            rows = await connection.execute(
                update(Game).where(col(Game.id).in_(due.scalar_subquery()))
                .values(wake_at=now + LEASE).returning(col(Game.id))
                .execution_options(synchronize_session=False))
            return [game_id for (game_id,) in rows if game_id is not None]

    async def _rewake(self, wakes: Sequence[Wake]) -> None:
        """Store each game's next wake time, unless something woke it again meanwhile (its
        wake time or its due input changed since the plan read them)."""
        if not wakes:
            return
        async with self.service.db.write() as session:
            connection = await session.connection()
            for w in wakes:
                await connection.execute(
                    update(Game).where(col(Game.id) == w.game_id, col(Game.wake_at) == w.read,
                                       _same(col(Game.due_seq), w.due_seq))
                    .values(wake_at=w.following).execution_options(synchronize_session=False))

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
        settings, dms = await store.game_settings(session, due.game_id)
        rules = self.service.rules.load_ruleset(game.ruleset)
        powers = clocked(await self.service.ledger.load_state(session, game), due.power)
        power = listing(rules.power_name(p) for p in powers)
        holders = list(dict.fromkeys(s.user_id for s in await repo.seats(session, due.game_id)
                                     if s.power in powers))
        who = " ".join(mention(u) for u in holders)
        when = shown_time(action.deadline, game.channel_id)
        if action.kind == "turn":
            text = ""                 # the channel saw the deadline in the command's reply
            dm = f"Your input is due in {label(game)}: {power}."
            if settings.deadline_hours:
                dm += f" Deadline: {when}."
            pings: list[str] = []
        else:
            text = f"Reminder: {power} ({who}) must act by {when}."
            dm = f"Reminder for {label(game)}: {power} must act by {when}."
            pings = holders
        return Notice(game_id=due.game_id, key=action.key, channel_id=game.channel_id,
                      text=text, pings=pings, dm_text=dm, dms=[u for u in holders if u in dms])

    async def _expire(self, tx: GameTransaction, due: Due, action: Action) -> Reply:
        """Apply the game's deadline policy to the silent seat, with its notice, once."""
        g = tx.game
        session = tx.session
        if g.status != "active" or g.due_seq != due.seq:
            raise Refusal("The input was given meanwhile.", "deadline.stale")
        if await session.get(Notice, (due.game_id, action.key)) is not None:
            raise Refusal("This deadline was already applied.", "deadline.done")
        end = await store.due_deadline(session, g)        # a vacation may have begun meanwhile
        if end is None or self.service.clock() < end:
            raise Refusal("The deadline moved.", "deadline.moved")
        settings, dms = await store.game_settings(session, due.game_id)
        rules = self.service.rules.load_ruleset(g.ruleset)
        powers = clocked(await self.service.ledger.require_active(tx), due.power)
        seats = await repo.seats(session, due.game_id)
        late = {p: [s.user_id for s in seats if s.power == p] for p in powers}
        head = (f"The deadline for {listing(rules.power_name(p) for p in powers)} "
                f"({' '.join(dict.fromkeys(mention(u) for p in powers for u in late[p]))}) passed "
                f"{shown_time(end, g.channel_id)}.")
        posts: list[str] = []
        try:
            for power in powers:             # a team turn's powers share the clock (docs/deadlines.md)
                if settings.bumps and g.status == "active":
                    posts += await self._bump(tx, power, late[power], settings.bumps)
            if g.status == "active":                  # else forfeited: no policy to apply
                posts += await self._policies(tx, powers, settings, late)
        except BaseException:
            self.service.ledger.forget_state(due.game_id)
            raise
        due_now = (await self.service.ledger.require_active(tx)).due if g.status == "active" else ()
        now_due = list(dict.fromkeys(s.user_id for s in await repo.seats(session, due.game_id)
                                     if s.power in due_now))
        end = await store.due_deadline(session, g) if g.due_seq != due.seq else None
        if end is not None:
            posts.append(f"Deadline: {shown_time(end, g.channel_id)}.")
        text = "\n".join([head, *posts])
        session.add(Notice(game_id=due.game_id, key=action.key, channel_id=g.channel_id,
                           text=text, pings=now_due, dm_text=f"{label(g)}: {text}",
                           dms=[u for u in now_due if u in dms]))
        return Reply(True, text, posts=(text,), game_id=g.id)

    def _step(self, due: Due, action: Action) -> Callable[[GameTransaction], Awaitable[Reply]]:
        """The write step of an action that changes the game (one of :data:`GAME_STEPS`)."""
        steps = {"expire": self._expire, "adjudicate": self._adjudicate,
                 "unpause": self._unpause}
        return partial(steps[action.kind], due=due, action=action)

    async def _adjudicate(self, tx: GameTransaction, due: Due, action: Action) -> Reply:
        """End the game at its time limit by the game's adjudication rule, once."""
        g = tx.game
        session = tx.session
        if g.status != "active" or await session.get(Notice, (gid(g), LIMIT)) is not None:
            raise Refusal("The game is over or was adjudicated already.", "deadline.done")
        settings, dms = await store.game_settings(session, gid(g))
        end = store.time_limit(g, settings, await store.game_pauses(session, gid(g)))
        if end is None or self.service.clock() < end:
            raise Refusal("The time limit moved.", "deadline.moved")
        state = await self.service.ledger.require_active(tx)
        rule = settings.adjudication
        scores = self.service.rules.side_scores(state)
        winner = adjudicate(scores, rule)
        figures = "; ".join(f"{side} {cities} victory cities, {production} IPC production"
                            for side, (cities, production) in scores.items())
        head = (f"{label(g)} reached its time limit of {settings.time_limit_hours} running "
                f"hours ({shown_time(end, g.channel_id)}): {figures}.")
        players = list(dict.fromkeys(s.user_id for s in await repo.seats(session, gid(g))))
        if winner is None:
            posts = [f"{head} The sides are level under {rule.replace('_', ' ')}, so a "
                     "referee decides the result."]
        else:
            rules = self.service.rules.load_ruleset(g.ruleset)
            power = next(p for p in rules.powers if rules.board.side_of(p) != winner)
            try:
                reply = await self.service.concede_action(SYSTEM, power, "adjudication")(tx)
            except BaseException:
                self.service.ledger.forget_state(gid(g))
                raise
            posts = [head, *reply.posts]
        text = "\n".join(posts)
        session.add(Notice(game_id=gid(g), key=LIMIT, channel_id=g.channel_id, text=text,
                           pings=players, dm_text=f"{label(g)}: {text}",
                           dms=[u for u in players if u in dms]))
        return Reply(True, text, posts=(text,), game_id=g.id)

    async def _unpause(self, tx: GameTransaction, due: Due, action: Action) -> Reply:
        """End a player's pause when the game's pause allowance is spent, once."""
        g = tx.game
        session = tx.session
        rows = await store.game_pauses(session, gid(g))
        running = running_pause(rows)
        if running is None or action.key != f"unpause:{running.id}":
            raise Refusal("The pause ended meanwhile.", "deadline.stale")
        settings, dms = await store.game_settings(session, gid(g))
        end = store.allowance_end(rows, settings)
        if end is None or self.service.clock() < end:
            raise Refusal("The pause allowance grew.", "deadline.moved")
        state = await self.service.ledger.require_active(tx)
        running.ends_at = end
        session.add(running)
        await store.wake(session, gid(g), self.service.clock())
        await self.service.ledger.append(tx, kind="admin", actor=SYSTEM, power=None,
                                  text="/game resume", state=state,
                                  events=[{"type": "resumed", "by": SYSTEM.user_id,
                                           "allowance": settings.pause_hours}])
        holders = [s.user_id for s in await repo.seats(session, gid(g)) if s.power == state.actor]
        text = (f"{label(g)} resumes: the players' pause allowance of {settings.pause_hours} "
                f"hours is used up. {state.rules.power_name(state.actor)} to act.")
        session.add(Notice(game_id=gid(g), key=action.key, channel_id=g.channel_id, text=text,
                           pings=holders, dm_text=text, dms=[u for u in holders if u in dms]))
        return Reply(True, text, posts=(text,), game_id=g.id)

    async def _policies(self, tx: GameTransaction, powers: Sequence[PowerId], settings: GameSettings,
                        late: Mapping[PowerId, list[str]]) -> list[str]:
        """The policy for each silent power of the clock; under ``end_turn`` again for one
        that is due once more (a teammate's end opened Conduct Combat to it), until none is."""
        posts: list[str] = []
        state = await self.service.ledger.require_active(tx)
        silent = [p for p in powers if p in state.due]
        if silent and all(lapses(state, p) for p in silent):
            # a passive window closes with no move under every policy (engine.deadline.lapses)
            for power in silent:
                posts += await self._lapse(tx, power)
            return posts
        if settings.policy != "end_turn":
            for power in powers if settings.policy == "substitute" and settings.substitute else powers[:1]:
                posts += await self._policy(tx, power, settings, late[power])
            return posts
        for _round in range(MAX_STEPS):
            state = await self.service.ledger.require_active(tx)
            silent = [p for p in state.due if p in powers]
            if not silent or state.winner or tx.game.status != "active":
                break
            posts += await self._end_turn(tx, silent[0], alone=len(powers) == 1)
        return posts

    async def _policy(self, tx: GameTransaction, power: str, settings: GameSettings,
                      late: Sequence[str]) -> list[str]:
        """What the game's deadline policy does for the silent seat."""
        if settings.policy == "end_turn":
            return await self._end_turn(tx, power)
        if settings.policy == "substitute" and settings.substitute:
            return await self._substitute(tx, power, settings.substitute, late)
        return ["The game waits for them."]

    async def _bump(self, tx: GameTransaction, power: str, late: Sequence[str], limit: int) -> list[str]:
        """Count a missed deadline ("bump") against the player(s) of the seat, in the log; at
        the limit the seat forfeits the game for its side. A player's bumps add up over every
        power they hold in the game."""
        g = tx.game
        held = [s.power for s in await repo.seats(tx.session, gid(g)) if s.user_id in late]
        earlier = (await tx.session.exec(select(func.count()).select_from(LogEntry).where(
            LogEntry.game_id == g.id, LogEntry.kind == "admin",
            col(LogEntry.text).startswith("/game bump "), col(LogEntry.power).in_(held)))).one()
        count = int(earlier) + 1
        await self.service.ledger.append(tx, kind="admin", actor=SYSTEM, power=power,
                                   text=f"/game bump power:{power}",
                                   events=[{"type": "bump", "power": power, "users": list(late),
                                            "count": count, "limit": limit}])
        name = self.service.rules.load_ruleset(g.ruleset).power_name(PowerId(power))
        posts = [f"Bump {count} of {limit} for {name}."]
        if count >= limit:
            reply = await self.service.concede_action(SYSTEM, power, "forfeit")(tx)
            posts += reply.posts
        return posts

    async def _end_turn(self, tx: GameTransaction, power: str, alone: bool = True) -> list[str]:
        """Give the seat's commands by standing orders until its input is no longer due."""
        name = self.service.rules.load_ruleset(tx.game.ruleset).power_name(PowerId(power))
        posts = [f"{'Its' if alone else name + chr(39) + 's'} turn ends by standing orders (policy: end_turn):"]
        for _step in range(MAX_STEPS):
            state = await self.service.ledger.require_active(tx)
            if power not in state.due or state.winner:
                break
            line = end_turn_step(state) if state.actor == power else f'/focus power:"{name}"'
            try:
                reply = await self.service.player_action(SYSTEM, line)(tx)
            except Refusal as refusal:
                posts.append(f"{line} was refused ({refusal.message}); a referee must act.")
                break
            # "@deadline for Soviet Union: /done", then what the command did.
            posts += [p.removeprefix("Referee correction by ") for p in reply.posts]
            if tx.game.status != "active":
                break
        return posts

    async def _lapse(self, tx: GameTransaction, power: PowerId) -> list[str]:
        """End the silent power's part of a passive window with no move (``/done``)."""
        name = self.service.rules.load_ruleset(tx.game.ruleset).power_name(power)
        posts = [f"{name} passes: the window closes for it with no move."]
        state = await self.service.ledger.require_active(tx)
        for line in ([] if state.actor == power else [f'/focus power:"{name}"']) + ["/done"]:
            try:
                reply = await self.service.player_action(SYSTEM, line)(tx)
            except Refusal as refusal:
                return [*posts, f"{line} was refused ({refusal.message}); a referee must act."]
            posts += [p.removeprefix("Referee correction by ") for p in reply.posts]
        return posts

    async def _substitute(self, tx: GameTransaction, power: str, substitute: str,
                          late: Sequence[str]) -> list[str]:
        """Hand the seat to the game's substitute; their clock starts now."""
        g = tx.game
        session = tx.session
        seat = (await session.exec(select(Seat).where(
            Seat.game_id == g.id, Seat.power == power))).one()
        seat.user_id = substitute
        session.add(seat)
        rules = self.service.rules.load_ruleset(g.ruleset)
        seq = await self.service.ledger.append(
            tx, kind="admin", actor=SYSTEM, power=power,
            text=f"/game substitute power:{power} user:{substitute}",
            events=[{"type": "seat_substituted", "power": power, "from": list(late),
                     "to": substitute}])
        await note_due(session, g, seq, power, self.service.clock(), restart=True)
        return [(f"{rules.power_name(PowerId(power))} passes to the substitute {mention(substitute)} "
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



def clocked(state: GameState, power: str) -> list[PowerId]:
    """The powers whose input the clock of ``power`` covers: ``power``, and in a team turn
    every power due with it (``GameState.due``): a team's powers share one clock."""
    return (list(state.due) if power in state.due and (state.lanes or state.window is not None)
            else [PowerId(power)])


def _keys(seqs: set[int | None], rows: Sequence[Setting]) -> list[str]:
    """Every notice key the current inputs of these games could have."""
    hours = {int(h) for r in rows if r.key == "reminders" for h in r.value.split(",")
             if h.isdigit()} | set(GameSettings().reminders)
    out = []
    for seq in seqs:
        out += [f"turn:{seq}", f"expire:{seq}", *(f"remind:{seq}:{h}" for h in hours)]
    return [*out, LIMIT]

