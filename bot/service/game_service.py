"""The GameService: the one path by which every front end reads and changes games.

Each change runs in one database transaction: lock the game, load its state, check who may
act, apply the command through the engine with the dice source, then append the log entry,
its events and its dice log entries, bump the game's version and remember the reply under the
request id. A refused request rolls back and stores nothing. Requests on one game queue on a
database lock of the game (SQLite's write lock, PostgreSQL's row lock), also across
processes; on PostgreSQL different games run concurrently.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, Unpack

from sqlalchemy.exc import IntegrityError
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.render.unitkey import unit_key
from bot.scheduler import desk as deadline_desk
from bot.scheduler.store import note_due
from bot.service.acting import acting_power, newly_due, to_act
from bot.service.dice import DiceExhaustedError, DiceKeyMismatchError, DiceSource
from bot.service.commands import (
    DEFAULT_RULESET,
    SINGLE_COMMANDS,
    TAKE_RULE_OPTIONS,
    command_group,
    group_command,
    top_command,
)
from bot.service.help import help_reply
from bot.service.lines import LineError, words_and_options
from bot.service.ledger import GameLedger, GameRef, GameTransaction, Holder, LedgerOptions
from bot.service.posts import battle_opening, channel_posts, continued_space
from bot.service.referee import RefereeDesk
from bot.service.reply import Actor, Refusal, Reply
from bot.service.rules import Engine
from bot.service.turns import TurnMap, last_turn_end, load_turn
from bot.store import repo
from bot.store.db import Database
from bot.store.models import Game, LogEntry, Seat
from bot.store.unit import WriteUnit
from engine import GameState
from engine.dice import NoDice
from engine.errors import RulesError
from engine.ids import PowerId
from engine.names import shown
from engine.registry import CommandSpec, Kind, read_count, resolve_options
from engine.tokens import quote

if TYPE_CHECKING:
    from bot.ladder.desk import LadderDesk
    from bot.ladder.tournament import TournamentDesk

GAME_ID = "id"
"""An option every ``/game`` command but ``new`` takes besides its own: the game by number
instead of the channel's (a tournament sets up its tables' games so)."""

ENGINE_QUESTION = re.compile(r"\s*/advantages?\s*", re.IGNORECASE)
"""``/advantage`` with no option: a question about one's own hand, not a command of the game."""

_HOW_ENDED = {"forfeit": "{side} forfeited on deadlines",
              "adjudication": "adjudicated at the time limit"}
_ENDING_POST = {
    "concession": "{power} concedes for the {side}.",
    "forfeit": "{power} forfeits for the {side} (missed deadlines).",
    "adjudication": "Time limit: the {side} lose on adjudication.",
}


class GameService:
    """Create, join, start and play games; every front end calls only this. Its writes, and
    those of its peers (referee, dice, bids, deadlines, ladder), are units of work of the
    :class:`GameLedger` it holds."""

    def __init__(self, db: Database, dice: DiceSource, **options: Unpack[LedgerOptions]) -> None:
        """``options``: the ledger's (rules engine, snapshot interval, clock, games kept in
        memory)."""
        self.ledger = GameLedger(db, dice, finish=self._finish_reply, **options)
        self.db = db
        self.dice = dice
        self.rules: Engine = self.ledger.rules
        self.clock = self.ledger.clock

    @cached_property
    def deadlines(self) -> deadline_desk.DeadlineDesk:
        return deadline_desk.DeadlineDesk(self)

    @cached_property
    def referee(self) -> RefereeDesk:
        return RefereeDesk(self)

    # The ladder, tournaments, odds, bids, the dice commands and the record load on first
    # use: the console's first prompt and a game's commands do not wait for them.
    @cached_property
    def ladder(self) -> LadderDesk:
        from bot.ladder.desk import LadderDesk

        return LadderDesk(self)

    @cached_property
    def tournaments(self) -> TournamentDesk:
        from bot.ladder.tournament import TournamentDesk

        return TournamentDesk(self)

    # -- the shared command line --------------------------------------------------------
    async def execute(
        self, actor: Actor, channel_id: str, line: str, request_id: str | None = None
    ) -> Reply:
        """Run one command line in a channel's game: the service's own commands (``/game``,
        ``/dice``, ``/bid``, ``/ladder``, ``/tournament``, ``/odds``, ``/help``) with their options
        checked against the command registry, else an engine command (whose reader checks
        its options against the same registry)."""
        group = command_group(line)
        if group is None:
            return await self.submit(actor, channel_id, line, request_id)
        try:
            spec, options = self._read_line(group, line)
        except LineError as err:
            return Reply(False, str(err), reason="line.malformed")
        except (RulesError, self.rules.RulesError) as err:
            return Reply(False, str(err), reason=err.reason)
        if group == "dice":
            from bot.service.dicecmd import dice_command

            return await dice_command(self.ledger, actor, channel_id, spec.word, options, request_id)
        if group == "help":
            return await help_reply(self, channel_id, options.get("command", ""))
        if group == "odds":
            from bot.service.odds import odds_command

            return await odds_command(self, channel_id, line)
        if group == "bid":
            from bot.service.bidcmd import bid_command

            return await bid_command(self, actor, channel_id, line, request_id)
        if group == "ladder":
            return await self.ladder.command(actor, line, request_id)
        if group == "tournament":
            return await self.tournaments.command(actor, channel_id, line, request_id)
        ref: GameRef = int(options.pop(GAME_ID)) if GAME_ID in options else channel_id
        return await self._game_command(actor, ref, spec.word, options, request_id)

    def _read_line(self, group: str, line: str) -> tuple[CommandSpec, dict[str, str]]:
        """The registry entry of a service command line and its options by their names.

        Raises:
            LineError: the line cannot be split, or names no command of its group.
            RulesError: an option the command does not take, a missing or ill-formed one.
        """
        words, given = words_and_options(line)
        if group in SINGLE_COMMANDS:
            spec = top_command(group)
            if group == "help" and len(words) > 1:
                given = {**given, "command": " ".join(words[1:])}
            elif len(words) > 1:
                loose = shown(" ".join(words[1:]))
                raise LineError(f'/{spec.name} takes named options; "{loose}" has no option '
                                f"name ({spec.takes()}).")
        else:
            spec = group_command(group, words[1] if len(words) > 1 else "")
            if len(words) > 2:
                loose = shown(" ".join(words[2:]))
                raise LineError(f'/{spec.name} takes named options; "{loose}" has no option '
                                f"name ({spec.takes()}).")
        extra: tuple[str, ...] = ()
        if spec.name in TAKE_RULE_OPTIONS:
            ruleset = given.get("ruleset") or DEFAULT_RULESET
            extra = tuple(self.rules.load_ruleset(ruleset).options)
        game_id = given.pop(GAME_ID, None) if group == "game" and spec.word != "new" else None
        options = resolve_options(spec, given, line, extra)
        if game_id is not None:
            options[GAME_ID] = str(read_count(GAME_ID, game_id, minimum=1))
        for option in spec.options:
            if option.kind == Kind.INTEGER and option.name in options:
                read_count(option.name, options[option.name], option.minimum, option.maximum)
        return spec, options

    async def _game_command(self, actor: Actor, ref: GameRef, word: str,
                            options: dict[str, str], request_id: str | None) -> Reply:
        """Run ``/game <word>`` with options already checked against its registry entry."""
        if word == "new":
            assert isinstance(ref, str)
            channel_id = ref
            game_options = {k: _option_value(v) for k, v in options.items()
                            if k not in ("ruleset", "name")}
            return await self.create_game(
                actor,
                channel_id,
                ruleset=options["ruleset"],
                name=options["name"] or f"game in {channel_id}",
                options=game_options,
                request_id=request_id,
            )
        handlers: dict[str, Callable[[], Awaitable[Reply]]] = {
            "join": lambda: self.join(actor, ref, options["power"], request_id),
            "leave": lambda: self.leave(actor, ref, options.get("power"), request_id),
            "start": lambda: self.start(actor, ref, request_id),
            "concede": lambda: self.concede(actor, ref, options.get("power"), request_id),
            "abandon": lambda: self.abandon(actor, ref, request_id),
            "status": lambda: self.deadlines.status(ref, options.get("territory"), actor.user_id),
            "settings": lambda: self.deadlines.settings(actor, ref, options, request_id),
            "vacation": lambda: self.deadlines.vacation(actor, ref, options, request_id),
            "history": lambda: self.history(ref, int(options.get("last", "20"))),
            "pause": lambda: self.referee.pause(actor, ref, options, request_id),
            "resume": lambda: self.referee.resume(actor, ref, request_id),
            "replace": lambda: self.referee.replace(actor, ref, options, request_id),
            "export": lambda: self._export_reply(ref),
            "luck": lambda: self._luck(ref),
        }
        return await handlers[word]()

    # -- changes ------------------------------------------------------------------------------
    async def create_game(
        self,
        actor: Actor,
        channel_id: str,
        *,
        ruleset: str,
        name: str,
        options: Mapping[str, Any] | None = None,
        request_id: str | None = None,
    ) -> Reply:
        """Open a game for seats in a channel that has no open game."""
        try:
            rules = self.rules.load_ruleset(ruleset)
            resolved = rules.resolve_options(options or {}) if options else {}
        except self.rules.RulesError as err:
            return Reply(False, str(err), reason=err.reason)
        try:
            async with self.db.write() as session:
                if request_id and (stored := await repo.get_request(session, request_id)):
                    return Reply.from_json(stored.reply)
                await repo.lock_channel(session, channel_id)
                open_id = await repo.current_game_id(session, channel_id)
                if open_id is not None:
                    existing = await repo.get_game(session, open_id)
                    if existing is not None and existing.status in ("setup", "active"):
                        raise Refusal(
                            f"This channel already has {_label(existing)}; finish it or "
                            "/game abandon it first.",
                            "game.channel_busy",
                        )
                game = Game(
                    channel_id=channel_id,
                    name=name,
                    ruleset=rules.id,
                    options=dict(options or {}),
                    created_by=actor.user_id,
                    version=1,
                )
                session.add(game)
                await session.flush()
                assert game.id is not None
                session.add(
                    LogEntry(
                        game_id=game.id,
                        seq=1,
                        kind="admin",
                        user_id=actor.user_id,
                        text=f"/game new ruleset:{rules.id} name:{quote(name)}",
                        events=[{"type": "game_created", "ruleset": rules.id, "options": resolved}],
                        request_id=request_id,
                    )
                )
                seats = ", ".join(rules.power_name(p) for p in rules.powers)
                notice = f"\n{rules.notice}" if rules.notice else ""
                reply = Reply(
                    True,
                    f"Created {_label(game)} ({rules.name}). Join with /game join power:<name> "
                    f"({seats}), then /game start.{notice}",
                    posts=(f"{_mention(actor.user_id)} opened {_label(game)}: {rules.name}.{notice}",),
                    game_id=game.id,
                )
                if request_id:
                    await repo.add_request(session, request_id, game.id, reply.to_json())
            return reply
        except Refusal as refusal:
            return Reply(False, refusal.message, reason=refusal.reason)
        except IntegrityError:
            return await self.ledger.stored_reply(request_id)

    async def join(
        self, actor: Actor, game: GameRef, power: str, request_id: str | None = None
    ) -> Reply:
        """Take the seat of a power; a user may hold several, or all for a hot-seat game."""

        async def action(tx: GameTransaction) -> Reply:
            g = tx.game
            if g.status not in ("setup", "active"):
                raise Refusal(f"{_label(g)} is over; no seats can be taken.", "game.over")
            rules = self.rules.load_ruleset(g.ruleset)
            if not power:
                raise Refusal("Say which power: /game join power:Germany", "game.no_power")
            pid = self.ledger.find_power(rules, power)
            holder = next((s for s in await repo.seats(tx.session, _id(g)) if s.power == pid), None)
            name = rules.power_name(pid)
            if holder is not None:
                whose = "You already play" if holder.user_id == actor.user_id else "Taken:"
                raise Refusal(f"{whose} {name} ({_mention(holder.user_id)}).", "game.seat_taken")
            tx.session.add(Seat(game_id=_id(g), power=pid, user_id=actor.user_id))
            event = {"type": "seat_taken", "power": pid, "user": actor.user_id}
            return await self._seats_changed(
                tx, actor, pid, f"/game join power:{pid}", [event],
                f"You play {name} in {_label(g)}.", f"{_mention(actor.user_id)} takes {name}.",
            )

        return await self.ledger.mutate(game, request_id, action)

    async def leave(
        self, actor: Actor, game: GameRef, power: str | None = None, request_id: str | None = None
    ) -> Reply:
        """Give up a seat before the start (the named one, else all of the actor's seats)."""

        async def action(tx: GameTransaction) -> Reply:
            g = tx.game
            if g.status != "setup":
                raise Refusal(
                    f"{_label(g)} has {'started' if g.status == 'active' else 'ended'}; seats "
                    "can be given up only before the start (/game concede ends it for your "
                    "side, a referee can /game replace a player).",
                    "game.started",
                )
            rules = self.rules.load_ruleset(g.ruleset)
            mine = [s for s in await repo.seats(tx.session, _id(g)) if s.user_id == actor.user_id]
            if power:
                pid = self.ledger.find_power(rules, power)
                if all(s.power != pid for s in mine):
                    name = rules.power_name(pid)
                    raise Refusal(f"You do not play {name}.", "service.not_your_seat")
                mine = [s for s in mine if s.power == pid]
            if not mine:
                raise Refusal(f"You have no seat in {_label(g)}.", "service.not_player")
            for seat in mine:
                await tx.session.delete(seat)
            names = ", ".join(rules.power_name(PowerId(s.power)) for s in mine)
            return await self._seats_changed(
                tx, actor, mine[0].power if len(mine) == 1 else None,
                " ".join(["/game leave", *(f"power:{s.power}" for s in mine[:1] if power)]),
                [{"type": "seat_left", "power": s.power, "user": actor.user_id} for s in mine],
                f"You no longer play {names} in {_label(g)}.",
                f"{_mention(actor.user_id)} gives up {names}.",
            )

        return await self.ledger.mutate(game, request_id, action)

    async def _seats_changed(
        self, tx: GameTransaction, actor: Actor, power: str | None, text: str,
        events: list[dict[str, Any]], message: str, post: str,
    ) -> Reply:
        """Log a seat taken or given up (an admin entry, as the record's Players tag reads
        the seats) and answer the actor and the channel."""
        await self.ledger.append(tx, kind="admin", actor=actor, power=power, text=text, events=events)
        return Reply(True, message, posts=(post,), game_id=tx.game.id)

    async def start(self, actor: Actor, game: GameRef, request_id: str | None = None) -> Reply:
        """Start a game whose seats are all taken: round 1, the first power's purchase."""

        async def action(tx: GameTransaction) -> Reply:
            g = tx.game
            if g.status == "active":
                raise Refusal(f"{_label(g)} has already started.", "game.started")
            if g.status != "setup":
                raise Refusal(f"{_label(g)} is over ({g.result}).", "game.over")
            rules = self.rules.load_ruleset(g.ruleset)
            seats = await self.ledger.seats_of(tx.unit, g)
            if not self.may_manage(actor, g) and all(s.user_id != actor.user_id for s in seats):
                raise Refusal(
                    "Only a seated player or the referee can start the game.", "game.not_player"
                )
            taken = {s.power for s in seats}
            missing = [rules.power_name(p) for p in rules.powers if p not in taken]
            if missing:
                raise Refusal(f"Seats still open: {', '.join(missing)}.", "game.seats_open")
            from bot.service.bidcmd import with_bid

            try:
                begun = self.rules.opening(rules, g.options)
                state = await with_bid(self, tx, begun.state)
            except self.rules.RulesError as err:
                raise Refusal(str(err), err.reason) from None
            # What the first turn's beginning did: AARHE's first Collect Income (ruling 3).
            income = [e.to_json() for e in begun.events if e.type == "income"]
            seq = await self.ledger.append(
                tx,
                kind="admin",
                actor=actor,
                power=None,
                text="/game start",
                events=[{"type": "game_started"}, *income],
                status="active",
                state=state,
                snapshot=True,
            )
            await deadline_desk.note_start(tx.session, g, self.clock())
            posts = [f"{_label(g)} starts: round {state.round}.", *channel_posts(income, unit_key(state.rules))]
            posts += await self.ledger.open_period(tx, seq, state)
            return self._play_reply(True, f"Started {_label(g)}.", posts, g, seats, state)

        return await self.ledger.mutate(game, request_id, action)

    async def submit(
        self, actor: Actor, game: GameRef, text: str, request_id: str | None = None
    ) -> Reply:
        """Apply one engine command line for the power whose input is due; ``/advantage``
        alone is a question, answered to the asker only."""
        if ENGINE_QUESTION.fullmatch(text):
            return await self.hand(actor, game)
        return await self.ledger.mutate(game, request_id, self.player_action(actor, text))

    async def hand(self, actor: Actor, game: GameRef) -> Reply:
        """``/advantage`` alone: the National Advantages of each power the asker plays,
        secret ones included; the reply has no public post, so only the asker reads it
        (001 › Appendix: National Advantages: "secret to enemy team")."""
        try:
            async with self.db.read() as session:
                g = await self.ledger.find(session, game)
                seats = await self.ledger.seats_of(session, g)
                state = await self._started_state(session, g)
        except Refusal as refusal:
            return Reply(False, refusal.message, reason=refusal.reason)
        mine = [s.power for s in seats if s.user_id == actor.user_id]
        if state is None or not mine:
            why = "has not started" if state is None else "has no seat of yours"
            return Reply(False, f"{_label(g)} {why}: there are no National Advantages of yours to show.",
                         reason="advantage.no_hand", game_id=g.id)
        return Reply(True, "\n\n".join(self.rules.hand_text(state, p) for p in mine), game_id=g.id)

    def player_action(
        self, actor: Actor, text: str
    ) -> Callable[[GameTransaction], Awaitable[Reply]]:
        """The write step of :meth:`submit`; deadlines chain several in one transaction."""

        async def action(tx: GameTransaction) -> Reply:
            g = tx.game
            try:
                spec = self.rules.command_spec(text)  # an unknown command is named, in any state
            except self.rules.RulesError as err:
                raise Refusal.of(err) from None
            state = await self.ledger.require_active(tx)
            await self.referee.check_playing(tx, actor)
            seats = await self.ledger.seats_of(tx.unit, g)
            previous = state.due
            rules = state.rules
            command, unreadable = self._reread(text, state)
            if isinstance(command, self.rules.Orders):
                command, correction = self._orders_seat(actor, g, seats, command, state)
                power = command.power
            else:
                named = getattr(command, "power", None) if spec.name == "focus" else None
                power, correction = acting_power(actor, _label(g), seats, state, named)
                if power != state.actor and named is None:
                    state = await self._focus(tx, actor, power, state, correction)
                    command, unreadable = self._reread(text, state)
                if unreadable is not None:
                    raise Refusal.of(unreadable)
            canonical = self.rules.format_command(command, state)
            chain = await self.ledger.chain(tx) if self.dice.auditable else None
            try:
                dice = self.dice.for_command(_id(g), chain)
            except DiceKeyMismatchError as err:
                raise Refusal(str(err), "dice.key_mismatch") from None
            try:
                # Where a standing order may work out exact odds (seconds in a big battle), in a
                # thread, so the event loop keeps serving the other games and the gateway's
                # heartbeat meanwhile; every other command is quicker than a thread's start.
                if self.rules.weighs_odds(state):
                    outcome = await asyncio.to_thread(self.rules.apply, state, command, dice)
                else:
                    outcome = self.rules.apply(state, command, dice)
            except self.rules.RulesError as err:
                raise Refusal(str(err), err.reason) from None
            except DiceExhaustedError as err:
                raise Refusal(str(err), "dice.exhausted") from None
            new = outcome.state
            events = [e.to_json() for e in outcome.events]
            units = unit_key(new.rules)
            space = continued_space(events, units)
            opening = await battle_opening(tx.session, _id(g), space) if space else None
            # Working out a battle's luck takes a thread; a command that ends no battle has none.
            ends_battle = any(e.get("type") == "battle_end" for e in events)
            notes = await self._luck_notes(new, events, opening) if ends_battle else {}
            texts = channel_posts(events, units, dice.roll_entries(), opening, notes)
            if correction:
                note = {
                    "type": "correction",
                    "by": actor.user_id,
                    "power": power,
                    "command": canonical,
                }
                events.insert(0, note)
                texts.insert(
                    0,
                    f"Referee correction by {_mention(actor.user_id)} for "
                    f"{rules.power_name(power)}: {canonical}",
                )
            status, result = ("finished", f"{new.winner} win") if new.winner else ("active", None)
            seq = await self.ledger.append(
                tx,
                kind="correction" if correction else "play",
                actor=actor,
                power=power,
                text=canonical,
                events=events,
                status=status,
                result=result,
                state=new,
                rolls=dice,
            )
            if (new.lanes or state.lanes) and new.due and set(new.due) != set(previous):
                # A team's powers share one clock; it starts again when the powers due change.
                await note_due(tx.unit, g, seq, new.due[0], self.clock(), restart=True)
            texts += await self.ledger.unseal(tx, seq, events, rest=bool(new.winner))
            ended = (new.round, new.team) != (state.round, state.team) or bool(new.winner)
            if ended:
                texts += await self.ledger.close_period(tx, seq)
                if not new.winner:
                    texts += await self.ledger.open_period(tx, seq, new)
            if result:
                texts.append(f"{_label(g)} is over: {result}.")
            message = "\n".join([canonical, *texts])
            reply = self._play_reply(True, message, texts, g, seats, new, previous)
            return replace(
                reply,
                events=tuple(events),
                board=new.rules.board.id,
                ruleset=new.rules.id,
                turn_end=seq if ended else None,
            )

        return action

    async def undo(self, actor: Actor, game: GameRef, request_id: str | None = None) -> Reply:
        """Take back the last step the engine allows (``/undo``), logged like any command."""
        return await self.submit(actor, game, "/undo", request_id)

    async def concede(
        self,
        actor: Actor,
        game: GameRef,
        power: str | None = None,
        request_id: str | None = None,
        *,
        ending: str = "concession",
    ) -> Reply:
        """A player concedes for their side; the other side wins and the game ends. A
        referee may end it so for a forfeit or a time-limit adjudication (``ending``)."""
        return await self.ledger.mutate(game, request_id, self.concede_action(actor, power, ending))

    def concede_action(
        self, actor: Actor, power: str | None, ending: str = "concession"
    ) -> Callable[[GameTransaction], Awaitable[Reply]]:
        """The write step of a concession; a forfeit on deadlines or a time-limit
        adjudication (``ending``) is logged as the losing side's concession, by a referee."""

        async def action(tx: GameTransaction) -> Reply:
            g = tx.game
            state = await self.ledger.require_active(tx)
            rules = state.rules
            seats = await repo.seats(tx.session, _id(g))
            mine = [PowerId(s.power) for s in seats if s.user_id == actor.user_id]
            if power:
                pid = self.ledger.find_power(rules, power)
            elif mine:
                pid = mine[0]
            else:
                raise Refusal(f"You have no seat in {_label(g)}.", "service.not_player")
            if pid not in mine and not actor.referee:
                raise Refusal(f"You do not play {rules.power_name(pid)}.", "service.not_your_seat")
            side = rules.board.side_of(pid)
            outcome = self.rules.concede(state, side)
            new = outcome.state
            how = _HOW_ENDED.get(ending, f"{side} conceded").format(side=side)
            result = f"{new.winner} win ({how})"
            seq = await self.ledger.append(
                tx,
                kind="concede",
                actor=actor,
                power=pid,
                text=f"/concede side:{side}",
                events=[{"by": actor.user_id, "power": pid, "ending": ending} | e.to_json()
                        for e in outcome.events],
                status="finished",
                result=result,
                state=new,
            )
            over = f"{_label(g)} is over: {result}."
            said = _ENDING_POST.get(ending, _ENDING_POST["concession"])
            posts = [f"{said.format(power=rules.power_name(pid), side=side)} {over}"]
            posts += await self.ledger.unseal(tx, seq, [], rest=True)
            posts += await self.ledger.close_period(tx, seq)
            return Reply(True, posts[0], posts=tuple(posts), game_id=g.id)

        return action

    async def abandon(self, actor: Actor, game: GameRef, request_id: str | None = None) -> Reply:
        """The referee ends a game without a result (it stays in the log and can be exported)."""

        async def action(tx: GameTransaction) -> Reply:
            g = tx.game
            if not self.may_manage(actor, g):
                raise Refusal(
                    "Only its creator or a referee can abandon a game.", "service.not_referee"
                )
            if g.status not in ("setup", "active"):
                raise Refusal(f"{_label(g)} is already over.", "game.over")
            seq = await self.ledger.append(
                tx,
                kind="admin",
                actor=actor,
                power=None,
                text="/game abandon",
                events=[{"type": "abandoned", "by": actor.user_id}],
                status="abandoned",
                result="abandoned",
            )
            who = ("the referee " if actor.referee else "") + _mention(actor.user_id)
            posts = [f"{_label(g)} was abandoned by {who}."]
            if g.status == "active":
                posts += await self.ledger.unseal(tx, seq, [], rest=True)
                posts += await self.ledger.close_period(tx, seq)
            return Reply(True, posts[0], posts=tuple(posts), game_id=g.id)

        return await self.ledger.mutate(game, request_id, action)

    # -- reads --------------------------------------------------------------------------------
    async def state(self, game: GameRef) -> GameState | None:
        """The engine state of a started game (``None`` while seats are still open)."""
        async with self.db.read() as session:
            g = await self.ledger.find(session, game)
            return await self._started_state(session, g)

    async def turn_map(self, game: GameRef, seq: int | None = None) -> TurnMap | None:
        """The turn that log entry ``seq`` (default: the newest turn's end) ended: the board
        then and what the turn changed; None before any turn has ended."""
        async with self.db.read() as session:
            g = await self.ledger.find(session, game)
            seq = seq if seq is not None else await last_turn_end(session, _id(g))
            return await load_turn(self.rules, session, g, seq) if seq is not None else None

    async def powers_of(self, game: GameRef, user_id: str) -> frozenset[str]:
        """The powers ``user_id`` holds in the game; empty for someone without a seat."""
        async with self.db.read() as session:
            g = await self.ledger.find(session, game)
            seats = await self.ledger.seats_of(session, g)
        return frozenset(s.power for s in seats if s.user_id == user_id)

    async def lifecycle(self, game: GameRef) -> str | None:
        """``setup``, ``active``, ``paused``, ``finished`` or ``abandoned``; None when the
        channel has no game."""
        async with self.db.read() as session:
            try:
                g = await self.ledger.find(session, game)
            except Refusal:
                return None
            if g.status == "active" and await self.referee.paused(session, g):
                return "paused"
            return g.status

    async def status(self, game: GameRef, territory: str | None = None, viewer: str | None = None) -> Reply:
        """Who plays what and whose input is due and why; treasuries, production and victory
        cities; with ``territory``, the units in that space. ``viewer`` (a user id) also sees
        what only the player of their powers may see (secret national goals): the reply is
        the asker's alone."""
        try:
            async with self.db.read() as session:
                g = await self.ledger.find(session, game)
                seats = await self.ledger.seats_of(session, g)
                rules = self.rules.load_ruleset(g.ruleset)
                holders = (
                    "; ".join(f"{rules.power_name(PowerId(s.power))}: {_mention(s.user_id)}" for s in seats)
                    or "no seats taken"
                )
                paused = g.status == "active" and await self.referee.paused(session, g)
                head = f"{_label(g)}, {rules.name}, {'paused' if paused else g.status}"
                if g.result and g.result != g.status:
                    head += f": {g.result}"
                state = await self._started_state(session, g)
        except Refusal as refusal:
            return Reply(False, refusal.message, reason=refusal.reason)
        if state is None:
            if territory:
                return Reply(False, f"{_label(g)} has not started; its board is not set up.",
                             reason="game.not_started", game_id=g.id)
            return Reply(True, "\n".join([f"{head}. Seats: {holders}.", *([rules.notice] if rules.notice else [])]),
                         game_id=g.id)
        if territory:
            try:
                space = state.board.find_space(territory)
            except self.rules.RulesError as err:
                unknown = Refusal.of(err)
                return Reply(False, unknown.message, reason=unknown.reason, game_id=g.id,
                             candidates=unknown.candidates, ambiguous=unknown.ambiguous)
            return Reply(True, self.rules.space_text(state, space), game_id=g.id)
        due = self.rules.due_text(state)
        if paused:
            due += " Paused: players wait until a referee uses /game resume."
        own = [s.power for s in seats if viewer is not None and s.user_id == viewer]
        lines = [f"{head}.", due, *self.rules.economy_lines(state), f"Seats: {holders}.",
                 *([rules.notice] if rules.notice else []), *self.rules.private_lines(state, own)]
        return self._play_reply(True, "\n".join(lines), [], g, seats, state, state.due)

    async def history(self, game: GameRef, last: int = 20) -> Reply:
        """The last ``last`` log entries, one line each."""
        try:
            async with self.db.read() as session:
                g = await self.ledger.find(session, game)
                entries = await repo.log_entries(session, _id(g), last=max(1, last))
        except Refusal as refusal:
            return Reply(False, refusal.message, reason=refusal.reason)
        rules = self.rules.load_ruleset(g.ruleset)
        lines = [
            f"{e.seq}. {_mention(e.user_id)}"
            + (f" ({rules.power_name(PowerId(e.power))})" if e.power else "")
            + (" [correction]" if e.kind == "correction" else "")
            + f": {e.text}"
            for e in entries
        ]
        return Reply(True, "\n".join(lines), game_id=g.id)

    async def export(self, game: GameRef) -> str:
        """The game record: headers, then every command with its rolls (see ``record.py``)."""
        async with self.db.read() as session:
            g = await self.ledger.find(session, game)
            seats = await repo.seats(session, _id(g))
            entries = await repo.log_entries(session, _id(g))
            dice = await repo.dice_log(session, _id(g))
            start = await repo.first_snapshot(session, _id(g))
        rules = self.rules.load_ruleset(g.ruleset)
        state = self.rules.state_from_json(start.state, rules) if start else None
        from bot.service.record import write_record

        record = write_record(self.rules, state, g, seats, entries, dice)
        events = [e for entry in entries for e in (entry.events or [])]
        from bot.service.odds import with_luck

        return await asyncio.to_thread(with_luck, record, state, events)

    async def _luck(self, game: GameRef) -> Reply:
        from bot.service.odds import luck_reply

        return await luck_reply(self, game)

    async def _luck_notes(self, state: GameState, events: list[dict[str, Any]],
                          opening: Mapping[str, Any] | None) -> dict[str, str]:
        """The luck line of each battle the events end, worked out in a thread."""
        from bot.service.odds import luck_notes

        return await asyncio.to_thread(luck_notes, state, events, opening)

    async def _export_reply(self, game: GameRef) -> Reply:
        try:
            return Reply(True, await self.export(game))
        except Refusal as refusal:
            return Reply(False, refusal.message, reason=refusal.reason)

    # -- machinery ------------------------------------------------------------------------------
    async def _finish_reply(self, unit: WriteUnit, game: Game, reply: Reply) -> Reply:
        """A reply that pings the seat now due also shows its deadline."""
        return await self.deadlines.with_deadline(unit, game, reply)

    def may_manage(self, actor: Actor, game: Game) -> bool:
        """Starting, pausing and abandoning a game: its creator or a referee."""
        return actor.referee or actor.user_id == game.created_by

    async def _focus(self, tx: GameTransaction, actor: Actor, power: str, state: Any,
                     correction: bool) -> Any:
        """Bring ``power``'s lane of a team turn into focus before its command, logged as
        ``/focus`` so that a replay acts in the same lanes (``bot.service.acting``)."""
        command = self.rules.focus_command(power)
        outcome = self.rules.apply(state, command, NoDice())
        await self.ledger.append(tx, kind="correction" if correction else "play", actor=actor, power=power,
                                 text=self.rules.format_command(command, state),
                                 events=[e.to_json() for e in outcome.events], state=outcome.state)
        return outcome.state

    def _reread(self, text: str, state: Any) -> tuple[Any, RulesError | None]:
        """The command ``text`` reads as in ``state`` (again, once a lane is in focus), or
        why it cannot be read."""
        try:
            return self.rules.parse_command(text, state), None
        except self.rules.RulesError as err:
            return None, err

    def _orders_seat(
        self, actor: Actor, game: Game, seats: Sequence[Holder], command: Any, state: Any
    ) -> tuple[Any, bool]:
        """Standing orders are a seat's own business at any time, not only on its turn: the
        power is the one named, else the actor's only seat, else the seat now due if the
        actor holds it. Returns the command with its power and whether it is a correction."""
        rules = state.rules
        mine = [s.power for s in seats if s.user_id == actor.user_id]
        power = command.power
        if power is None:
            if len(mine) == 1:
                power = mine[0]
            elif state.actor in mine:
                power = state.actor
            elif mine:
                names = ", ".join(rules.power_name(p) for p in mine)
                raise Refusal(f"You play {names}: say which with power:.", "service.orders_power")
            elif actor.referee:
                raise Refusal("Say whose standing orders with power:.", "service.orders_power")
            else:
                raise Refusal(f"You have no seat in {_label(game)}.", "service.not_player")
        if power in mine:
            return replace(command, power=power), False
        if actor.referee:
            return replace(command, power=power), True
        raise Refusal(f"You do not play {rules.power_name(power)}; only its player sets its standing orders.",
                      "service.not_your_power")

    async def _started_state(self, session: AsyncSession, game: Game) -> GameState | None:
        """The state of a game that has started; None for one that never did (seats still
        open, or abandoned before its start: such a game has no state at all)."""
        if game.status == "setup":
            return None
        if game.status == "abandoned" and await repo.first_snapshot(session, _id(game)) is None:
            return None
        return await self.ledger.load_state(session, game)

    def _play_reply(
        self,
        ok: bool,
        message: str,
        posts: Sequence[str],
        game: Game,
        seats: Sequence[Holder],
        state: Any,
        previous: Sequence[str] = (),
    ) -> Reply:
        """A reply that also tells the channel, and pings each seat that became due."""
        rules = state.rules
        pings: tuple[str, ...] = ()
        posts = list(posts)
        due = newly_due(previous, state) if not state.winner and game.status == "active" else []
        if due:
            pings = tuple(dict.fromkeys(s.user_id for s in seats if s.power in due))
            posts += to_act(self.rules, state, due)
        return Reply(
            ok,
            message,
            posts=tuple(posts),
            pings=pings,
            game_id=game.id,
            turn=rules.power_name(state.turn),
            phase=state.phase,
        )


def _id(game: Game) -> int:
    assert game.id is not None
    return game.id


def _label(game: Game) -> str:
    return f"game #{game.id} ({game.name})"


def _mention(user_id: str) -> str:
    """Discord mentions for snowflakes, ``@name`` for console users."""
    return f"<@{user_id}>" if user_id.isdigit() else f"@{user_id}"


def _option_value(value: str) -> Any:
    """Option text as the engine expects it: booleans and integers are typed."""
    lowered = value.lower()
    if lowered in ("true", "on", "yes"):
        return True
    if lowered in ("false", "off", "no"):
        return False
    return int(value) if value.isdigit() else value
