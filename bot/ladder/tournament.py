"""``/tournament new|join|start|next|pairings|standings|report``: a tournament from the first
sign-up to the final standings.

An organiser creates it in a channel with the rule system, game options and their rules
(pairing, rounds, deadlines and bumps, adjudication, scoring); players join; each round's
games open with seats and deadlines set (in Discord each in its own thread; elsewhere in a
channel named after the table). Games report their own results; the organiser adjudicates
at the time limit, declares forfeits and corrects results (with the reason logged).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.ladder.desk import mention, user_option
from bot.ladder.outcome import ADJUDICATION_RULES, adjudicate
from bot.ladder.pairing import Pairing
from bot.ladder.results import player_ids
from bot.ladder.rounds import Table, entries, is_over, next_pairings, rules_of, table_of_standings
from bot.ladder.rounds import tables as round_tables
from bot.service.lines import LineError, subcommand
from bot.service.reply import Actor, Refusal, Reply
from bot.store import repo
from bot.store.ladder_models import Tournament, TournamentEntry, TournamentGame
from engine.ids import PowerId
from engine.tokens import quote

if TYPE_CHECKING:
    from bot.service.game_service import GameService

MakeChannel = Callable[[int, Pairing], Awaitable[str]]
"""(round, pairing) -> the channel id the table's game is played in (Discord: a new thread)."""

RULE_KEYS = ("name", "ruleset", "pairing", "rounds", "deadline_hours", "bumps", "adjudication",
             "time_limit_hours", "pause_hours", "concession", "bids")
GAME_SETTINGS = ("deadline_hours", "bumps", "time_limit_hours", "adjudication", "pause_hours")
"""Tournament rules every table's game gets as its settings."""
USAGE = ("Use /tournament new name:... [ruleset:] [rounds:3] [pairing:swiss|knockout] "
         "[deadline_hours:] [bumps:] [time_limit_hours:] [adjudication:] [pause_hours:] "
         "[concession:W,L] [bids:on], /tournament "
         "join, start, "
         "next, pairings, standings, report table:N adjudicate:on|forfeit:@x|winner:@x.")


class TournamentDesk:
    """Tournaments over one service: their commands and the opening of rounds."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    async def command(self, actor: Actor, channel_id: str, line: str,
                      request_id: str | None = None) -> Reply:
        """Run one ``/tournament ...`` line in the channel's tournament."""
        try:
            sub, options = subcommand(line)
        except LineError as err:
            return Reply(False, str(err), reason="line.malformed")
        try:
            if sub == "new":
                return await self.new(actor, channel_id, options, request_id)
            if sub == "join":
                return await self.join(actor, channel_id)
            if sub in ("start", "next"):
                return await self.open_round(actor, channel_id, request_id=request_id)
            if sub == "pairings":
                return await self.pairings(channel_id, options.get("round", ""))
            if sub == "standings":
                return await self.standings(channel_id)
            if sub == "report":
                return await self.report(actor, channel_id, options, request_id)
        except Refusal as refusal:
            return Reply(False, refusal.message, reason=refusal.reason)
        return Reply(False, f"Unknown tournament command {sub!r}. {USAGE}",
                     reason="line.unknown_command")

    # -- sign-up ----------------------------------------------------------------------------
    async def new(self, actor: Actor, channel_id: str, options: dict[str, str],
                  request_id: str | None) -> Reply:
        """Create a tournament in this channel; the creator organises it."""
        name = options.get("name", "").strip()
        if not name:
            raise Refusal('Name the tournament: /tournament new name:"Spring Cup"',
                          "tournament.name")
        rules = _checked_rules(options)
        game_options = {k: v for k, v in options.items() if k not in RULE_KEYS}
        try:
            ruleset = self.service.rules.load_ruleset(options.get("ruleset", "aa1942-2e"))
            ruleset.resolve_options(game_options)
        except self.service.rules.RulesError as err:
            raise Refusal(str(err), err.reason) from None
        async with self.service.db.write() as session:
            if request_id and (stored := await repo.get_request(session, request_id)):
                return Reply.from_json(stored.reply)
            if (await _open_in(session, channel_id)) is not None:
                raise Refusal("This channel already has an open tournament.", "tournament.busy")
            t = Tournament(channel_id=channel_id, name=name, organiser=actor.user_id,
                           ruleset=ruleset.id, options=game_options, rules=rules)
            session.add(t)
            await session.flush()
            post = (f"{mention(actor.user_id)} opened the tournament {name} ({ruleset.name}, "
                    f"{_describe(rules)}). Sign up with /tournament join.")
            reply = Reply(True, post, posts=(post,))
            if request_id:
                await repo.add_request(session, request_id, None, reply.to_json())
        return reply

    async def join(self, actor: Actor, channel_id: str) -> Reply:
        """Sign up for the channel's tournament while it takes sign-ups."""
        async with self.service.db.write() as session:
            t = await _current(session, channel_id)
            if t.status != "signup":
                raise Refusal(f"{t.name} has started; sign-up is closed.", "tournament.started")
            if actor.user_id in await entries(session, _tid(t)):
                raise Refusal(f"You are already signed up for {t.name}.", "tournament.joined")
            ids = await player_ids(session, [actor.user_id])
            session.add(TournamentEntry(tournament_id=_tid(t), player_id=ids[actor.user_id],
                                        user_id=actor.user_id))
            count = len(await entries(session, _tid(t))) + 1
        post = f"{mention(actor.user_id)} joins {t.name} ({count} players)."
        return Reply(True, post, posts=(post,))

    # -- rounds -----------------------------------------------------------------------------
    async def open_round(self, actor: Actor, channel_id: str,
                         make_channel: MakeChannel | None = None,
                         request_id: str | None = None) -> Reply:
        """Pair the next round and open its games (``start`` and ``next``); after the last
        round, post the final standings. A retry finishes opening the games of a round."""
        async with self.service.db.write() as session:
            t = await _current(session, channel_id, lock=True)
            if request_id and (stored := await repo.get_request(session, request_id)):
                return Reply.from_json(stored.reply)
            _organiser_only(actor, t)
            current = await round_tables(session, _tid(t), t.round) if t.round else []
            pending = [x for x in current if x.row.second and x.row.game_id is None]
            if not pending:
                if t.status == "signup" and len(await entries(session, _tid(t))) < 2:
                    raise Refusal("A tournament needs at least two players.", "tournament.few")
                waiting = [x for x in current if not x.done]
                if waiting:
                    raise Refusal("Round {} is still being played: table(s) {}.".format(
                        t.round, ", ".join(str(x.row.table_no) for x in waiting)),
                        "tournament.round_open")
                pairings = await next_pairings(session, t) if t.status != "finished" else []
                if t.status == "finished" or (t.round and is_over(t, pairings)):
                    t.status = "finished"
                    session.add(t)
                    return await self._final(session, t)
                t.round += 1
                t.status = "running"
                session.add(t)
                for p in pairings:
                    session.add(TournamentGame(tournament_id=_tid(t), round=t.round,
                                               table_no=p.table, first=p.first, second=p.second,
                                               axis=None if t.rules.get("bids") or not p.second
                                               else p.first))
                await session.flush()
            rows = [x.row for x in await round_tables(session, _tid(t), t.round)]
        for row in rows:
            if row.second and row.game_id is None:
                await self._open_game(t, row, make_channel)
        reply = await self.pairings(channel_id, str(t.round), announce=True)
        if request_id:
            async with self.service.db.write() as session:
                await repo.add_request(session, request_id, None, reply.to_json())
        return reply

    async def _open_game(self, t: Tournament, row: TournamentGame,
                         make_channel: MakeChannel | None) -> None:
        """Create, seat, configure and start one table's game; each step is idempotent by
        its request id, so a retry after a failure continues where it stopped."""
        assert row.second is not None
        channel = row.channel_id or await self._table_channel(t, row, make_channel)
        key = f"t{t.id}:r{row.round}:t{row.table_no}"
        organiser = Actor(t.organiser, referee=True)
        svc = self.service
        made = await svc.create_game(organiser, channel, ruleset=t.ruleset,
                                     name=f"{t.name} r{row.round} t{row.table_no}",
                                     options=t.options, request_id=f"{key}:new")
        if not made.ok or made.game_id is None:
            raise Refusal(f"Table {row.table_no}: {made.message}", "tournament.open")
        game = made.game_id
        settings = " ".join(f"{k}:{t.rules[k]}" for k in GAME_SETTINGS if t.rules.get(k))
        if settings:
            await svc.execute(organiser, channel, f"/game settings {settings} id:{game}",
                              f"{key}:settings")
        if row.axis is not None:          # else the players bid for the sides, then join
            allies = row.second if row.axis == row.first else row.first
            ruleset = svc.rules.load_ruleset(t.ruleset)
            for power in ruleset.powers:
                who = row.axis if ruleset.board.side_of(power) == "Axis" else allies
                await svc.join(Actor(who), game, power, request_id=f"{key}:join:{power}")
            await svc.start(organiser, game, request_id=f"{key}:start")
        async with svc.db.write() as session:
            stored = await session.get(TournamentGame, row.id)
            assert stored is not None
            stored.game_id = game
            session.add(stored)

    async def _table_channel(self, t: Tournament, row: TournamentGame,
                             make_channel: MakeChannel | None) -> str:
        """Make the table's channel and keep it at once, before its game is created, so a
        retry after a later failure reuses it instead of opening a second thread."""
        assert row.second is not None
        pairing = Pairing(row.table_no, row.first, row.second)
        channel = (await make_channel(row.round, pairing) if make_channel
                   else f"{t.channel_id}-r{row.round}-t{row.table_no}")
        async with self.service.db.write() as session:
            stored = await session.get(TournamentGame, row.id)
            assert stored is not None
            stored.channel_id = channel
            session.add(stored)
        return channel

    async def _final(self, session: AsyncSession, t: Tournament) -> Reply:
        rows = await table_of_standings(session, t)
        text = "\n".join([f"{t.name} is over. Final standings:", *_standing_lines(rows)])
        return Reply(True, text, posts=(text,))

    # -- reading ----------------------------------------------------------------------------
    async def pairings(self, channel_id: str, round_text: str = "", announce: bool = False
                       ) -> Reply:
        """The tables of a round (default: the current one) with games and results."""
        async with self.service.db.read() as session:
            t = await _current(session, channel_id)
            number = int(round_text) if round_text.isdigit() else t.round
            if number < 1:
                raise Refusal(f"{t.name} has not started; the organiser starts it with "
                              "/tournament start.", "tournament.not_started")
            found = await round_tables(session, _tid(t), number)
        lines = [f"{t.name}, round {number}:", *(_table_line(x) for x in found)]
        text = "\n".join(lines)
        if not announce:
            return Reply(True, text)
        pings = tuple(dict.fromkeys(u for x in found for u in (x.row.first, x.row.second) if u))
        return Reply(True, text, posts=(text,), pings=pings)

    async def standings(self, channel_id: str) -> Reply:
        """The standings with their tie-breakers, posted in the channel."""
        async with self.service.db.read() as session:
            t = await _current(session, channel_id)
            rows = await table_of_standings(session, t)
        text = "\n".join([f"{t.name} standings after round {t.round}:", *_standing_lines(rows)])
        return Reply(True, text, posts=(text,))

    async def table_rows(self, channel_id: str) -> tuple[str, list[list[str]]]:
        """The standings as a picture's rows (title, rows); the second cell is the user id."""
        async with self.service.db.read() as session:
            t = await _current(session, channel_id)
            rows = await table_of_standings(session, t)
        return (f"{t.name}: standings after round {t.round}",
                [[str(r.rank), r.player, f"{r.score:g}", f"{r.head_to_head:g}",
                  f"{r.points:g}", f"{r.opposition:g}"] for r in rows])

    # -- results ----------------------------------------------------------------------------
    async def report(self, actor: Actor, channel_id: str, options: dict[str, str],
                     request_id: str | None) -> Reply:
        """The organiser ends a table's game at the time limit (``adjudicate:on``), by a
        player's forfeit (``forfeit:@x``), or corrects a finished one (``winner:@x``)."""
        async with self.service.db.read() as session:
            t = await _current(session, channel_id)
            _organiser_only(actor, t)
            number = options.get("table", "")
            found = [x for x in await round_tables(session, _tid(t), t.round)
                     if str(x.row.table_no) == number]
        if not found or found[0].row.game_id is None:
            raise Refusal(f"Round {t.round} has no game at table {number or '?'}.",
                          "tournament.table")
        table = found[0]
        game = table.row.game_id
        assert game is not None
        organiser = Actor(actor.user_id, referee=True)
        if options.get("adjudicate", "").lower() in ("on", "true", "yes"):
            return await self._adjudicate(t, table, organiser, request_id)
        if forfeit := user_option(options.get("forfeit", "")):
            loser = await self._side_of(t, table, forfeit)
            return await self._end(t, game, loser, organiser, "forfeit", request_id)
        winner = user_option(options.get("winner", ""))
        if not winner:
            raise Refusal("Say adjudicate:on, forfeit:@player or winner:@player.",
                          "tournament.report")
        side = await self._side_of(t, table, winner)
        if not table.done:
            raise Refusal("That game is still being played: adjudicate it, declare a forfeit, "
                          "or let a player concede.", "tournament.running")
        reason = options.get("reason", "") or "reported by the organiser"
        line = f"/ladder correct game:{game} winner:{side} reason:{quote(reason)}"
        return await self.service.ladder.command(organiser, line, request_id)

    async def _adjudicate(self, t: Tournament, table: Table, organiser: Actor,
                          request_id: str | None) -> Reply:
        """At the time limit: the organiser's rule reads the board (victory cities, then
        IPC production) and the other side loses."""
        game = table.row.game_id
        assert game is not None
        state = await self.service.state(game)
        if state is None:
            raise Refusal(f"Game #{game} has not started; there is no board to adjudicate.",
                          "tournament.not_started")
        rule = str(t.rules.get("adjudication", "cities_then_production"))
        scores = self.service.rules.side_scores(state)
        winner = adjudicate(scores, rule)
        if winner is None:
            raise Refusal("The sides are level on victory cities and production; report the "
                          "result with winner:@player.", "tournament.level")
        loser = next(s for s in scores if s != winner)
        return await self._end(t, game, loser, organiser, "adjudication", request_id)

    async def _side_of(self, t: Tournament, table: Table, user: str) -> str:
        """The side ``user`` plays at the table: as paired, or as seated after a bid."""
        row = table.row
        if user not in (row.first, row.second):
            raise Refusal(f"{mention(user)} does not play at table {row.table_no}.",
                          "tournament.not_at_table")
        if row.axis is not None:
            return "Axis" if user == row.axis else "Allies"
        assert row.game_id is not None
        ruleset = self.service.rules.load_ruleset(t.ruleset)
        async with self.service.db.read() as session:
            powers = [PowerId(s.power) for s in await repo.seats(session, row.game_id)
                      if s.user_id == user]
        if not powers:
            raise Refusal(f"{mention(user)} has no seat in game #{row.game_id} yet.",
                          "tournament.not_seated")
        return str(ruleset.board.side_of(powers[0]))

    async def _end(self, t: Tournament, game: int, side: str, organiser: Actor, ending: str,
                   request_id: str | None) -> Reply:
        ruleset = self.service.rules.load_ruleset(t.ruleset)
        power = next(p for p in ruleset.powers if ruleset.board.side_of(p) == side)
        return await self.service.concede(organiser, game, power, request_id, ending=ending)


def _checked_rules(options: dict[str, str]) -> dict[str, Any]:
    if options.get("pairing", "swiss") not in ("swiss", "knockout"):
        raise Refusal(f"pairing is swiss or knockout, not {options['pairing']!r}.",
                      "tournament.rules")
    for key in ("rounds", "deadline_hours", "bumps", "time_limit_hours", "pause_hours"):
        if not options.get(key, "0").isdigit():
            raise Refusal(f"{key} is a whole number, not {options[key]!r}.", "tournament.rules")
    if options.get("adjudication", ADJUDICATION_RULES[0]) not in ADJUDICATION_RULES:
        raise Refusal(f"adjudication is one of {', '.join(ADJUDICATION_RULES)}.",
                      "tournament.rules")
    try:
        return rules_of(options)
    except ValueError:
        raise Refusal("concession is the winner's and the loser's points, as in concession:2,1.",
                      "tournament.rules") from None


def _describe(rules: dict[str, Any]) -> str:
    parts = [f"{rules['pairing']}", f"{rules['rounds']} rounds" if rules["pairing"] == "swiss"
             else "single elimination"]
    if rules["deadline_hours"]:
        parts.append(f"{rules['deadline_hours']} h per move")
    if rules["bumps"]:
        parts.append(f"forfeit after {rules['bumps']} missed deadlines")
    if rules.get("pause_hours"):
        parts.append(f"{rules['pause_hours']} h of pauses per game")
    if rules["bids"]:
        parts.append("sides by sealed bid")
    limit = (f"{rules['time_limit_hours']} h per game, then " if rules.get("time_limit_hours")
             else "at the time limit: ")
    parts.append(limit + rules["adjudication"].replace("_", " "))
    return ", ".join(parts)


async def _open_in(session: AsyncSession, channel_id: str) -> Tournament | None:
    query = select(Tournament).where(Tournament.channel_id == channel_id,
                                     col(Tournament.status).in_(("signup", "running")))
    return (await session.exec(query)).first()


async def _current(session: AsyncSession, channel_id: str, *, lock: bool = False) -> Tournament:
    """The channel's open tournament, else its newest."""
    query = select(Tournament).where(Tournament.channel_id == channel_id).order_by(
        col(Tournament.status).in_(("signup", "running")).desc(), col(Tournament.id).desc())
    if lock:
        query = query.with_for_update()
    found = (await session.exec(query.limit(1))).first()
    if found is None:
        raise Refusal("There is no tournament in this channel; an organiser opens one with "
                      '/tournament new name:"..."', "tournament.none")
    return found


def _tid(t: Tournament) -> int:
    assert t.id is not None
    return t.id


def _organiser_only(actor: Actor, t: Tournament) -> None:
    if actor.user_id != t.organiser and not actor.referee:
        raise Refusal(f"Only the organiser ({mention(t.organiser)}) or a referee can do that.",
                      "tournament.not_organiser")


def _table_line(x: Table) -> str:
    row = x.row
    if row.second is None:
        return f"Table {row.table_no}: {mention(row.first)} has a bye."
    if row.axis is None:
        head = (f"Table {row.table_no}: {mention(row.first)} v {mention(row.second or '')} "
                "(sides by sealed bid)")
    else:
        allies = row.second if row.axis == row.first else row.first
        head = (f"Table {row.table_no}: {mention(row.axis)} (Axis) v {mention(allies)} "
                "(Allies)")
    where = f", game #{row.game_id}" if row.game_id else ", game not opened yet"
    if not x.done:
        return f"{head}{where}: playing."
    result = f"{mention(x.winner)} won" if x.winner else "draw"
    return f"{head}{where}: {result} ({(x.ending or '').replace('_', ' ')})."


def _standing_lines(rows: Sequence[Any]) -> list[str]:
    return [f"{r.rank}. {mention(r.player)}: {r.score:g} (head-to-head {r.head_to_head:g}, "
            f"points {r.points:g}, opposition {r.opposition:g}); {r.wins}-{r.losses}-{r.draws}"
            for r in rows]
