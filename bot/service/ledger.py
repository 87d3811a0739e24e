"""The unit of work of a game: one write transaction that loads the game and its state,
checks seats and pauses, appends the log entry with its events and rolls, moves the version
and records the request id, so that a command and its dice are stored together or not at all.

Every writer uses it as a peer: play and the game's lifecycle (``game_service``), the referee,
dice, bids, deadlines and the ladder pass an action to :meth:`GameLedger.mutate` and log with
:meth:`GameLedger.append`. The SQL is in ``bot.store``; this module holds what a transaction
keeps between its steps, and the caches (state, seats, pauses) that spare reading them again
while a game's version is unchanged.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

from sqlalchemy.exc import IntegrityError
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.dice.derive import NO_ENTROPY
from bot.dice.log import GENESIS
from bot.scheduler import store as deadline_store
from bot.scheduler.clock import Clock, utc_now
from bot.service.cache import CACHED_GAMES, Recent, VersionCache
from bot.service.dice import Chain, CommandDice, DiceSource
from bot.service.queues import Queues
from bot.service.replay import replay
from bot.service.reply import Actor, Refusal, Reply
from bot.service.rules import Engine, engine_rules
from bot.store import repo
from bot.store.db import Database
from bot.store.models import Game, Pause
from engine.dice import SEALED_REVEAL
from bot.store.unit import Writer, WriteUnit, session_of
from engine import GameState, RuleSet
from engine.ids import PowerId
from engine.prose import possessive

GameRef = int | str
"""A game id (``int``) or the id of the channel the game is played in (``str``)."""

SNAPSHOT_EVERY = 25
"""A state snapshot is stored every this many log entries of a game (and when it starts)."""

ENDED = ("finished", "abandoned")
"""The statuses of a game that is over."""

_RETRIES = 5

Finish = Callable[[WriteUnit, Game, Reply], Awaitable[Reply]]
"""A last step on an action's reply inside its transaction (see :class:`GameLedger`)."""


class LedgerOptions(TypedDict, total=False):
    """The keyword options of :class:`GameLedger`, for those who make one."""

    rules: Engine | None
    snapshot_every: int
    clock: Clock
    cached_games: int


@dataclass(frozen=True)
class Holder:
    """Who holds a seat; plain values, safe to keep across transactions."""

    power: str
    user_id: str


@dataclass
class GameTransaction:
    """One write transaction's working set; ``after`` runs once the commit is on disk."""

    unit: WriteUnit
    game: Game
    after: list[Callable[[], None]] = field(default_factory=list)

    @property
    def session(self) -> AsyncSession:
        """The transaction's ORM session (on SQLite opened on first use)."""
        return self.unit.session


class GameLedger:
    """Write transactions on games, and what they read, cached by the game's version."""

    def __init__(
        self,
        db: Database,
        dice: DiceSource,
        *,
        rules: Engine | None = None,
        snapshot_every: int = SNAPSHOT_EVERY,
        clock: Clock = utc_now,
        cached_games: int = CACHED_GAMES,
        finish: Finish | None = None,
    ) -> None:
        """``cached_games``: how many games' states, seats and pauses are kept in memory;
        ``finish``: what turns an action's reply into the one stored and returned (the
        service adds the deadline of the seat a reply pings)."""
        self.db = db
        self._finish = finish
        self.clock = clock
        """The time written when an input becomes due; tests inject their own."""
        self.dice = dice
        self.rules: Engine = rules if rules is not None else engine_rules()
        self.snapshot_every = snapshot_every
        self._seats: VersionCache[Sequence[Holder]] = VersionCache(cached_games)
        """Seats by game, valid at a version: seats change only by a logged, versioned entry."""
        self._channels: Recent[str, int] = Recent(cached_games)
        """Channel id -> id of its open game, checked against the row on every use; as many
        channels as games kept."""
        self._states: VersionCache[GameState] = VersionCache(cached_games)
        """States by game: skips replay while no other process wrote the game."""
        self._queues: Queues[GameRef] = Queues()
        """Writers of one game take turns in this process, rather than race to its version."""
        self._pauses: VersionCache[Pause | None] = VersionCache(cached_games)
        """The referee's pause in force by game: pauses change only by a logged, versioned
        entry."""

    async def mutate(
        self,
        game: GameRef,
        request_id: str | None,
        action: Callable[[GameTransaction], Awaitable[Reply]],
    ) -> Reply:
        """Run ``action`` in one write transaction on the game, idempotently.

        Writers of one game queue in this process, and meet other processes' at the version
        compare-and-swap of :meth:`append` (SQLite also serialises all writers by its write
        lock): one that finds the version moved rolls back and runs again on the new state.
        """
        async with self._queues.turn(game):
            return await self._attempts(game, request_id, action)

    async def _attempts(
        self,
        game: GameRef,
        request_id: str | None,
        action: Callable[[GameTransaction], Awaitable[Reply]],
    ) -> Reply:
        """:meth:`mutate` without the in-process queue: a version that moved meanwhile (another
        process wrote the game) rolls the attempt back and runs it again, then holding the
        game's row lock from the start, so that a busy game cannot starve it."""
        game_id: int | None = None
        for attempt in range(_RETRIES):
            try:
                async with self.db.unit() as unit:
                    row = await self._row(unit, game, lock=attempt > 0)
                    game_id = row.id
                    # A concurrent duplicate meets this one at the version and runs again.
                    if request_id and (stored := await repo.stored_reply(unit, request_id)):
                        return Reply.from_json(stored)
                    tx = GameTransaction(unit, row)
                    reply = await action(tx)
                    if self._finish is not None:
                        reply = await self._finish(unit, tx.game, reply)
                    if request_id:
                        await repo.add_request(unit, request_id, game_id, reply.to_json())
            except Refusal as refusal:
                return Reply(
                    False,
                    refusal.message,
                    game_id=game_id,
                    reason=refusal.reason,
                    candidates=refusal.candidates,
                    ambiguous=refusal.ambiguous,
                )
            except repo.ConcurrentWriteError:
                self.forget_state(game_id or 0)
                continue
            except IntegrityError:
                if request_id:
                    return await self.stored_reply(request_id)
                self.forget_state(game_id or 0)
                continue
            for step in tx.after:
                step()
            return reply
        return Reply(
            False, "The game is busy; please try again.", game_id=game_id, reason="service.busy"
        )

    async def _row(self, unit: WriteUnit, game: GameRef, *, lock: bool = False) -> Game:
        """The game row for a write (``lock``: locked, where the database locks rows); a
        channel's game id is remembered."""
        if isinstance(game, int):
            row = await repo.game_row(unit, game, lock=lock)
            if row is None:
                raise Refusal(f"There is no game #{game}.", "service.unknown_game")
            return row
        known = self._channels.get(game)
        if known is not None:
            row = await repo.game_row(unit, known, lock=lock)
            # Only a finished game can be succeeded by a new one in the same channel.
            if row is not None and row.channel_id == game and row.status in ("setup", "active"):
                return row
        found = await self.find(unit.session, game)
        row = await repo.game_row(unit, _id(found), lock=True) if lock else found
        assert row is not None
        self._channels.put(game, _id(row))
        return row

    async def stored_reply(self, request_id: str | None) -> Reply:
        """The reply another writer stored for the same request id."""
        if request_id:
            async with self.db.read() as session:
                stored = await repo.get_request(session, request_id)
            if stored is not None:
                return Reply.from_json(stored.reply)
        return Reply(
            False, "The request clashed with another one; please try again.", reason="service.busy"
        )

    async def find(self, session: AsyncSession, game: GameRef) -> Game:
        """The game by id or channel, or a refusal that says what was looked for."""
        if isinstance(game, int):
            found = await repo.get_game(session, game)
            if found is None:
                raise Refusal(f"There is no game #{game}.", "service.unknown_game")
            return found
        game_id = await repo.current_game_id(session, game)
        found = await repo.get_game(session, game_id) if game_id is not None else None
        if found is None:
            raise Refusal(
                "There is no game in this channel; open one with /game new.", "service.unknown_game"
            )
        return found

    async def require_active(self, tx: GameTransaction) -> GameState:
        """The state of a started game that is not over, else a refusal saying why."""
        g = tx.game
        if g.status == "setup":
            raise Refusal(
                f"{_label(g)} has not started; /game start once every power has a seat.",
                "game.not_started",
            )
        if g.status != "active":
            raise Refusal(f"{_label(g)} is over ({g.result}).", "game.over")
        return await self.load_state(tx.unit, g)

    def find_power(self, rules: RuleSet, text: str) -> PowerId:
        """The power id a player's text names, or a refusal that says why not."""
        try:
            return rules.find_power(text)
        except self.rules.RulesError as err:
            raise Refusal(str(err), err.reason) from None

    async def seats_of(self, source: Writer, game: Game) -> Sequence[Holder]:
        """The game's seats, cached while its version is unchanged."""
        cached = self._seats.get(_id(game), game.version)
        if cached is not None:
            return cached[0]
        rows = await repo.seats(session_of(source), _id(game))
        seats = tuple(Holder(s.power, s.user_id) for s in rows)
        self._seats.put(_id(game), game.version, seats)
        return seats

    async def running_pause(self, source: Writer, game: Game) -> Pause | None:
        """The referee's pause of the game in force, cached while its version is unchanged."""
        cached = self._pauses.get(_id(game), game.version)
        if cached is not None:
            return cached[0]
        rows = await deadline_store.game_pauses(session_of(source), _id(game))
        running = deadline_store.running_pause(rows)
        # A copy that belongs to no session, so no rollback can expire it under the cache.
        kept = Pause(**running.model_dump()) if running is not None else None
        self._pauses.put(_id(game), game.version, kept)
        return kept

    def forget_state(self, game_id: int) -> None:
        """Drop the cached state of a game whose transaction failed: the next read replays it."""
        self._states.forget(game_id)

    async def load_state(self, source: Writer, game: Game) -> GameState:
        """The state after the game's last log entry: cache, else snapshot plus replay."""
        cached = self._states.get(_id(game), game.version)
        if cached is not None:
            return cached[0]
        session = session_of(source)
        snap = await repo.latest_snapshot(session, _id(game), game.version)
        if snap is None:
            raise RuntimeError(f"game {game.id} is {game.status} but has no start snapshot")
        rules = self.rules.load_ruleset(game.ruleset)
        state = self.rules.state_from_json(snap.state, rules)
        entries = await repo.engine_entries(session, _id(game), after=snap.seq, upto=game.version)
        if entries:
            rolls = await repo.rolls_by_entry(session, _id(game), after=snap.seq)
            steps = [(e.text, [r.dice or [] for r in rolls.get(e.seq, [])]) for e in entries]
            state = replay(self.rules, state, steps)
        self._states.put(_id(game), game.version, state)
        return state

    async def append(
        self,
        tx: GameTransaction,
        *,
        kind: str,
        actor: Actor,
        power: str | None,
        text: str,
        events: list[dict[str, Any]],
        status: str | None = None,
        result: str | None = None,
        state: Any = None,
        rolls: CommandDice | None = None,
        snapshot: bool = False,
    ) -> int:
        """Bump the version and add the next log entry (with its rolls and maybe a snapshot).

        The version moves first, by one compare-and-swap: a writer that raced this one on
        another process finds the version moved and retries before it has added anything."""
        g = tx.game
        seq = g.version + 1
        ending = status in ENDED and g.status not in ENDED
        final = state if state is not None or g.status == "setup" or not ending else (
            await self.load_state(tx.unit, g))
        await repo.bump_version(
            tx.unit,
            g,
            seq,
            status=status or g.status,
            result=result if result is not None else g.result,
        )
        await repo.add_entry(tx.unit, _id(g), seq, kind=kind, user_id=actor.user_id,
                             power=power, text=text, events=events)
        if rolls is not None:
            hidden = iter(rolls.sealed_faces())
            for body in rolls.roll_entries():
                faces = None
                if body["type"] == "sealed":
                    faces = next(hidden)
                    await self._new_purpose(tx, str(body["purpose"]))
                await self.add_dice(tx, seq, body, faces=faces)
        # Offset by the game id so that games started together do not snapshot together.
        if state is not None and (snapshot or (seq + _id(g)) % self.snapshot_every == 0):
            if not snapshot:
                await repo.prune_snapshots(tx.unit, _id(g), before=seq)
            await repo.add_snapshot(tx.unit, _id(g), seq, state.to_json())
        if tx.unit.session_opened:
            await tx.session.flush()
        if ending:
            assert status is not None
            from bot.ladder.results import record_end  # ratings load with the first game's end

            await record_end(tx.session, g, self.rules, kind=kind, status=status, events=events,
                             state=final)
        if state is not None:
            await deadline_store.note_due(tx.unit, g, seq, (state.due or (state.actor,))[0], self.clock())
            tx.after.append(lambda: self._states.put(_id(g), seq, state))
        if kind != "admin":
            # Only admin entries change seats and pauses, so the cached ones stay valid.
            tx.after.append(lambda: self._seats.carry(_id(g), seq))
            tx.after.append(lambda: self._pauses.carry(_id(g), seq))
        if rolls is not None:
            tx.after.append(lambda: self.dice.committed(rolls))
        return seq

    async def add_dice(self, tx: GameTransaction, entry_seq: int, body: dict[str, Any], *,
                       faces: list[int] | None = None, purpose: str | None = None) -> None:
        """Add the next entry of the game's dice log, for log entry ``entry_seq`` (a sealed
        draw's ``faces`` are stored beside its public entry, see ``repo.add_dice``)."""
        last = await repo.last_dice(tx.unit, _id(tx.game))
        await repo.add_dice(tx.unit, _id(tx.game), (last.pos + 1) if last else 1, entry_seq, body,
                            faces=faces, purpose=purpose)

    async def unseal(self, tx: GameTransaction, seq: int, events: Sequence[dict[str, Any]],
                     *, rest: bool = False) -> list[str]:
        """Publish the proof of each sealed draw the events reveal (``sealed_reveal``), or with
        ``rest`` of every draw still sealed (the game ended): its entry and a channel line."""
        revealed = {e["purpose"] for e in events if e.get("type") == SEALED_REVEAL}
        rows = await repo.sealed_entries(tx.unit, _id(tx.game))
        unknown = revealed - {r.purpose for r in rows if r.type == "sealed"}
        if unknown:
            raise RuntimeError(f"a reveal names no sealed draw of the game: {sorted(unknown)}")
        done = {r.purpose for r in rows if r.type == "unseal"}
        posts: list[str] = []
        for row in rows:
            if row.type != "sealed" or row.purpose in done or not (rest or row.purpose in revealed):
                continue
            faces = list(row.dice or [])
            body = self.dice.unseal(_id(tx.game), row.body, faces)
            await self.add_dice(tx, seq, body, purpose=row.purpose)
            proof = f", seed {body['seed'][:16]}..." if "seed" in body else ""
            posts.append(f"Sealed draw {row.purpose} unsealed: {' '.join(map(str, faces))}{proof}")
        return posts

    async def _new_purpose(self, tx: GameTransaction, purpose: str) -> None:
        """A reveal finds its draw by purpose, so no two draws of a game may share one."""
        rows = await repo.sealed_entries(tx.unit, _id(tx.game))
        if any(r.type == "sealed" and r.purpose == purpose for r in rows):
            raise RuntimeError(f"a second sealed draw for {purpose!r}: purposes must be unique")

    async def chain(self, tx: GameTransaction) -> Chain | None:
        """Where the auditable dice continue: the open period and the last roll's hash."""
        commit = await repo.last_dice(tx.unit, _id(tx.game), "commit")
        if commit is None:
            return None
        roll = await repo.last_chained(tx.unit, _id(tx.game))
        return Chain(
            period=str(commit.period),
            commitment=commit.body["commitment"],
            entropy=commit.body["entropy"],
            next_seq=int(roll.body["seq"]) + 1 if roll else 1,
            prev_hash=roll.body["hash"] if roll else GENESIS,
        )

    async def open_period(self, tx: GameTransaction, seq: int, state: Any) -> list[str]:
        """Commit to the seed of the period (one power's turn) that ``state`` begins."""
        last = await repo.last_dice(tx.unit, _id(tx.game), "commit")
        number = int(str(last.period).split("-")[0]) + 1 if last else 1
        period = f"{number}-r{state.round}-{state.turn}"
        # The entropy in force is the newest contribution's chain value (docs/dice.md).
        latest = await repo.last_dice(tx.unit, _id(tx.game), "entropy")
        entropy = latest.body["entropy"] if latest else NO_ENTROPY
        body = self.dice.open_period(_id(tx.game), period, entropy)
        if body is None:
            return []
        await self.add_dice(tx, seq, body)
        who = state.rules.power_name(state.turn)
        digest = body["commitment"][:16]
        return [f"Dice for {possessive(who)} turn (round {state.round}) are committed: sha256 {digest}..."]

    async def close_period(self, tx: GameTransaction, seq: int) -> list[str]:
        """Reveal the seed of the period that just ended, if one is open."""
        commit = await repo.last_dice(tx.unit, _id(tx.game), "commit")
        if commit is None:
            return []
        reveal = await repo.last_dice(tx.unit, _id(tx.game), "reveal")
        if reveal is not None and reveal.pos > commit.pos:
            return []
        body = self.dice.close_period(_id(tx.game), str(commit.period))
        if body is None:
            return []
        await self.add_dice(tx, seq, body)
        return [f"Dice seed of period {commit.period} revealed: {body['seed'][:16]}..."]


def _id(game: Game) -> int:
    assert game.id is not None
    return game.id


def _label(game: Game) -> str:
    return f"game #{game.id} ({game.name})"
