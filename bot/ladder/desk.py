"""``/ladder standings|player|export|correct``: the ladder as players and organisers see it.

Reads are plain; ``correct`` (a referee) changes a recorded result with the reason logged and
recomputes every rating from the results, so each rating still traces to its games.
"""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING

from bot.ladder.outcome import ENDINGS
from bot.ladder.queries import (
    Standing,
    ladder,
    player_record,
    results_rows,
    scopes_of,
    skill_of,
    wins_by_side,
)
from bot.ladder.ratings import OVERALL
from bot.ladder.results import lock_ladder, recompute_ratings
from bot.service.lines import LineError, subcommand
from bot.service.reply import Actor, Refusal, Reply
from bot.store import repo
from bot.store.ladder_models import GameResult, ResultCorrection

if TYPE_CHECKING:
    from bot.service.game_service import GameService

USAGE = ("Use /ladder standings [top:N] [ruleset:...], /ladder player user:@x, "
         "/ladder export [what:results], or (referees) /ladder correct game:N winner:... "
         "reason:...")
TOP = 10
RECENT = 5


def mention(user_id: str) -> str:
    """Discord mentions for snowflakes, ``@name`` for console users."""
    return f"<@{user_id}>" if user_id.isdigit() else f"@{user_id}"


def user_option(text: str) -> str:
    """A user as typed (``@ana``, ``<@123>``) or as Discord sends it (``123``)."""
    return text.strip().strip("<>").lstrip("@!").strip()


class LadderDesk:
    """The ladder commands over one service's database."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    async def command(self, actor: Actor, line: str, request_id: str | None = None) -> Reply:
        """Run one ``/ladder ...`` line."""
        try:
            sub, options = subcommand(line)
        except LineError as err:
            return Reply(False, str(err), reason="line.malformed")
        scope = options.get("ruleset", OVERALL) or OVERALL
        try:
            if sub == "standings":
                top = options.get("top", "")
                return await self.standings(actor, scope, int(top) if top.isdigit() else TOP)
            if sub == "player":
                return await self.player(user_option(options.get("user", "")) or actor.user_id)
            if sub == "export":
                return await self.export(scope, options.get("what", "standings"))
            if sub == "correct":
                return await self.correct(actor, options, request_id)
        except Refusal as refusal:
            return Reply(False, refusal.message, reason=refusal.reason)
        return Reply(False, f"Unknown ladder command {sub!r}. {USAGE}",
                     reason="line.unknown_command")

    async def table(self, scope: str = OVERALL) -> list[Standing]:
        """The whole ladder in one scope, best first (for pictures and exports)."""
        async with self.service.db.read() as session:
            return await ladder(session, scope)

    async def standings(self, actor: Actor, scope: str, top: int = TOP) -> Reply:
        """The top ``top`` players and the asker's own place."""
        rows = await self.table(scope)
        if not rows:
            return Reply(True, f"Nobody has a rated game yet ({scope}).")
        lines = [f"Ladder standings ({scope}), {len(rows)} rated players:"]
        lines += [_line(s) for s in rows[:max(1, top)]]
        mine = skill_of(rows, actor.user_id)
        if mine is None:
            lines.append("You have no rated game yet.")
        elif mine.rank > top:
            lines.append(f"You: {_line(mine)}")
        return Reply(True, "\n".join(lines))

    async def player(self, user_id: str) -> Reply:
        """Rating, games, wins by side and recent results of one player."""
        async with self.service.db.read() as session:
            pid, games = await player_record(session, user_id)
            overall = await ladder(session, OVERALL)
            scopes = await scopes_of(session, pid) if pid is not None else {}
        who = mention(user_id)
        if not games:
            return Reply(True, f"{who} has no recorded game yet.")
        rated = skill_of(overall, user_id)
        head = (f"{who}: rating {rated.skill.shown:.1f} (mu {rated.skill.mu:.1f}, sigma "
                f"{rated.skill.sigma:.2f}), place {rated.rank} of {len(overall)}"
                if rated else f"{who}: not rated yet")
        sides = "; ".join(f"{side} won {w} of {n}" for side, (w, n) in wins_by_side(games).items())
        lines = [f"{head}. {len(games)} recorded games: {sides or 'none finished'}."]
        systems = [f"{scope} {skill.shown:.1f} ({count} games)"
                   for scope, (skill, count) in sorted(scopes.items()) if scope != OVERALL]
        if systems:
            lines.append(f"By rule system: {'; '.join(systems)}.")
        lines.append("Recent:")
        for g in games[:RECENT]:
            r = g.result
            outcome = ("abandoned" if r.ending == "abandonment" else "draw" if r.winner is None
                       else "won" if r.winner == g.side else "lost")
            lines.append(f"- game #{g.game_id} ({g.name}), {g.side}: {outcome} "
                         f"({r.ending.replace('_', ' ')}){'' if r.rated else ', unrated'}")
        return Reply(True, "\n".join(lines))

    async def export(self, scope: str, what: str) -> Reply:
        """CSV for organisers: the standings of a scope, or every recorded result."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        if what == "results":
            async with self.service.db.read() as session:
                rows = await results_rows(session)
            writer.writerow(["game", "ruleset", "ending", "winner", "axis", "allies", "rated",
                             "recorded_at"])
            writer.writerows(rows)
        elif what == "standings":
            writer.writerow(["rank", "player", "rating", "mu", "sigma", "games"])
            writer.writerows([s.rank, s.user_id, f"{s.skill.shown:.3f}", f"{s.skill.mu:.3f}",
                              f"{s.skill.sigma:.3f}", s.games] for s in await self.table(scope))
        else:
            raise Refusal(f"what is standings or results, not {what!r}.", "ladder.export")
        return Reply(True, out.getvalue())

    async def correct(self, actor: Actor, options: dict[str, str],
                      request_id: str | None) -> Reply:
        """A referee changes a recorded result; the reason is logged and ratings follow."""
        if not actor.referee:
            raise Refusal("Only a referee or organiser can correct a result.",
                          "service.not_referee")
        text = options.get("game", "")
        reason = options.get("reason", "").strip()
        if not text.isdigit():
            raise Refusal("Say which game: /ladder correct game:12 winner:Allies reason:...",
                          "ladder.game")
        if not reason:
            raise Refusal("Give the reason for the correction with reason:...", "ladder.reason")
        winner = options.get("winner", "").strip()
        ending = options.get("ending", "").strip()
        if ending and ending not in ENDINGS:
            raise Refusal(f"ending is one of {', '.join(ENDINGS)}, not {ending!r}.",
                          "ladder.ending")
        async with self.service.db.write() as session:
            if request_id and (stored := await repo.get_request(session, request_id)):
                return Reply.from_json(stored.reply)
            await lock_ladder(session)
            result = await session.get(GameResult, int(text))
            if result is None:
                raise Refusal(f"Game #{text} has no recorded result.", "ladder.no_result")
            before = _fields(result)
            if winner:
                result.winner = None if winner.lower() in ("none", "draw") else _side(winner)
            result.ending = ending or result.ending
            after = _fields(result)
            if after == before:
                return Reply(True, f"Game #{text} already has that result; nothing changed.")
            session.add(result)
            session.add(ResultCorrection(game_id=result.game_id, by=actor.user_id,
                                         reason=reason, before=before, after=after))
            await session.flush()
            await recompute_ratings(session, since=result)
            post = (f"{mention(actor.user_id)} corrected the result of game #{text}: "
                    f"{_describe(before)} -> {_describe(after)} (reason: {reason}). "
                    "Ratings recomputed.")
            reply = Reply(True, post, posts=(post,), game_id=result.game_id)
            if request_id:
                await repo.add_request(session, request_id, result.game_id, reply.to_json())
        return reply


def _line(s: Standing) -> str:
    return f"{s.rank}. {mention(s.user_id)} {s.skill.shown:.1f} ({s.games} games)"


def _fields(result: GameResult) -> dict[str, str | None]:
    return {"winner": result.winner, "ending": result.ending}


def _describe(fields: dict[str, str | None]) -> str:
    who = f"{fields['winner']} win" if fields["winner"] else "no winner"
    return f"{who} ({str(fields['ending']).replace('_', ' ')})"


def _side(text: str) -> str:
    for side in ("Axis", "Allies"):
        if side.lower() == text.lower():
            return side
    raise Refusal(f"winner is Axis, Allies or none, not {text!r}.", "ladder.winner")
