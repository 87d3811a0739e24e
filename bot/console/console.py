"""The interactive console: the same command lines as Discord, typed at a local prompt.

``@alice /buy units:"3 infantry"`` acts as alice for one line; ``/as alice`` switches the
current user. The console prints what the bot would post (the reply, channel posts, pings)
and ``/map`` writes the map as a PNG into the image folder.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

from bot.console.notices import ConsoleSender
from bot.console.prompt import prompt_for, why
from bot.console.script import LOCAL_CHANNEL
from bot.scheduler.loop import Scheduler
from bot.service.ambiguity import substitute
from bot.service.commands import ALL_COMMANDS, OTHER_COMMANDS
from bot.service.game_service import GameService
from bot.service.lines import LineError, split_user, words_and_options
from bot.service.reply import Actor, Refusal, Reply
from engine import NotationError, RulesError
from engine.registry import resolve_options
from engine.tokens import DOUBLE_QUOTES, quote, tokenize

MAP = next(c for c in OTHER_COMMANDS if c.name == "map")

COMMANDS = (*(f"/{c.name}" for c in ALL_COMMANDS), "/as", "/channel", "/quit")
"""Everything a console line can start with, for tab completion."""
CONSOLE_HELP = """\
In this console:
  @bob /done                            (act as bob for one line)
  /as bob                               (act as bob from now on)
  /map writes the picture as a PNG into the image folder
  /odds ... picture:yes writes the odds histogram there too
  /ladder picture  /tournament picture  (standings as a PNG)
  /channel NAME                         (go to another channel, e.g. a tournament table)
  /quit"""


class Console:
    """One local session: a current user, a channel, and where images go."""

    def __init__(
        self,
        service: GameService,
        user: str,
        *,
        images: Path,
        write: Callable[[str], None] = print,
        channel_id: str = LOCAL_CHANNEL,
        referees: Collection[str] = (),
    ) -> None:
        self.service = service
        self.user = user
        self.images = images
        self.write = write
        self.channel_id = channel_id
        self.referees = frozenset(referees)
        """Console users who act with the referee role."""
        self.deadlines = Scheduler(service, ConsoleSender(write))
        """Reminders and expiries due by the service's clock, printed after each line."""
        self.names: list[str] = []
        """Territory and power names for tab completion, filled once a game is loaded."""

    async def handle(self, raw: str) -> bool:
        """Run one line; returns False when the user asked to leave."""
        text = raw.strip()
        if not text or text.startswith("#"):
            return True
        try:
            line = split_user(text)
        except LineError as err:
            self.write(f"(only you) {err}")
            return True
        word = line.text.split(" ", 1)[0].lower()
        if word in ("/quit", "/exit"):
            return False
        if word == "/as":
            self._switch(line.text)
        elif word == "/map":
            try:
                await self._map(line.text)
            except OSError as err:
                self.write(f"(only you) The map could not be written: {why(err)}")
        elif word == "/channel":
            self._channel(line.text)
        elif line.text.lower().split()[:2] in (["/ladder", "picture"], ["/tournament", "picture"]):
            await self._standings_picture(line.text)
        else:
            try:
                user = line.user or self.user
                reply = await self.service.execute(
                    Actor(user, user in self.referees), self.channel_id, line.text
                )
            except Exception as err:  # noqa: BLE001  (keep the prompt alive; nothing was stored)
                reply = Reply(
                    False, f"internal error ({type(err).__name__}: {err}); nothing was stored"
                )
            self.show(reply)
            if word == "/help" and reply.ok and line.text.strip().lower() == "/help":
                self.write(CONSOLE_HELP)
            for name in reply.candidates:
                self.write(f"  did you mean: {substitute(line.text, reply.ambiguous or '', name)}")
            try:
                await self._pictures(reply)
            except OSError as err:
                self.write(f"(only you) The pictures could not be written: {why(err)}")
            await self._learn_names()
            await self.deadlines.tick()
        return True

    def show(self, reply: Reply) -> None:
        """Print a reply as Discord would show it: private answer, channel posts, pings.

        Lines of the answer that the channel posts repeat are printed once, as posts."""
        if not reply.ok:
            self.write(f"(only you) {reply.message}")
        else:
            posted = {line for post in reply.posts for line in post.split("\n")}
            private = [line for line in reply.message.split("\n") if line not in posted]
            if private:
                self.write("\n".join(private))
        for post in reply.posts:
            self.write(f"  #{self.channel_id}> {post}")
        if reply.pings:
            self.write("  ping: " + ", ".join(f"@{p}" for p in reply.pings))

    async def _pictures(self, reply: Reply) -> None:
        """Write the odds histogram, the battle tables and the map of a finished turn, as
        Discord attaches them."""
        from bot.render.pictures import battle_pictures, odds_picture

        if reply.ok and reply.chart is not None:
            name, png = await asyncio.to_thread(odds_picture, reply.chart)
            self.images.mkdir(parents=True, exist_ok=True)
            path = _free(self.images / name)
            path.write_bytes(png)
            self.write(f"(only you) Odds histogram written to {path}")
        if not reply.ok or reply.board is None or reply.ruleset is None:
            return
        self.images.mkdir(parents=True, exist_ok=True)
        for filename, png in await asyncio.to_thread(battle_pictures, reply.events, reply.board,
                                                     reply.ruleset):
            path = _free(self.images / filename)
            path.write_bytes(png)
            self.write(f"Battle table written to {path}")
        if reply.turn_end is not None and reply.game_id is not None:
            await self._turn_map(reply.turn_end, reply.game_id)

    async def _turn_map(self, seq: int | None, game: int | None = None) -> None:
        """The board after a finished turn (the newest without ``seq``), its changes marked."""
        from bot.render.pictures import turn_picture

        try:
            turn = await self.service.turn_map(game if game is not None else self.channel_id, seq)
        except Refusal as refusal:
            self.write(f"(only you) {refusal.message}")
            return
        if turn is None:
            self.write("(only you) No turn has ended yet in this game.")
            return
        png = await asyncio.to_thread(
            turn_picture, turn.state, turn.changes, turn.board, turn.title
        )
        power = turn.power.lower().replace(" ", "_")
        self.images.mkdir(parents=True, exist_ok=True)
        path = _free(self.images / f"turn-r{turn.round}-{power}.png")
        path.write_bytes(png)
        self.write(f"Map of the turn written to {path}")

    def prompt(self) -> str:
        return prompt_for(self.user)

    def complete(self, text: str, line: str) -> list[str]:
        """Completion candidates for the word ``text`` at the end of ``line``."""
        return complete(self, text, line)

    def _switch(self, text: str) -> None:
        try:
            parts = [t.raw if t.key else t.value for t in tokenize(text)]
        except NotationError as err:
            self.write(f"(only you) {err} Say who: /as alice")
            return
        name = parts[1].lstrip("@") if len(parts) == 2 else ""
        if not name or any(c.isspace() for c in name):
            self.write("(only you) Say who, in one word: /as alice")
            return
        self.user = name
        self.write(f"You are now @{self.user}.")

    def _channel(self, text: str) -> None:
        """``/channel NAME``: play in another channel, as a tournament's table games are."""
        parts = text.split()
        if len(parts) != 2:
            self.write("(only you) Say which channel, in one word: /channel hall-r1-t2")
            return
        self.channel_id = parts[1]
        self.write(f"You are now in channel {self.channel_id}.")

    async def _standings_picture(self, text: str) -> None:
        """``/ladder picture [ruleset:X]`` or ``/tournament picture``: the standings as a PNG."""
        from bot.ladder.pictures import ladder_picture, tournament_picture

        try:
            _, options = words_and_options(text)
            if text.lower().startswith("/ladder"):
                name, png = await ladder_picture(self.service.ladder,
                                                 options.get("ruleset", "overall"))
            else:
                name, png = await tournament_picture(self.service.tournaments, self.channel_id)
        except (LineError, Refusal) as err:
            self.write(f"(only you) {err}")
            return
        self.images.mkdir(parents=True, exist_ok=True)
        path = _free(self.images / name)
        path.write_bytes(png)
        self.write(f"Standings written to {path}")

    async def _map(self, text: str) -> None:
        """``/map [region:europe] [territory:X] [changes:last_turn]``, as in Discord."""
        from bot.render import load_board_geometry, render_map

        try:
            words, given = words_and_options(text)
            if len(words) > 1:
                raise LineError(f"/map takes named options; {MAP.takes()}.")
            options = resolve_options(MAP, given, text)
        except (LineError, RulesError) as err:
            self.write(f"(only you) {err}")
            return
        if options.get("changes") == "last_turn":
            await self._turn_map(None)
            return
        state = await self._state()
        if state is None:
            self.write("(only you) There is no started game in this channel.")
            return
        region, territory = options.get("region"), options.get("territory")
        if territory:
            try:
                territory = state.board.name(state.board.find_space(territory))
            except RulesError as err:
                self.write(f"(only you) {err}")
                return
        view = "-".join(filter(None, (region, territory and territory.replace(" ", "_"))))
        path = self.images / f"map-r{state.round}-{state.turn}-{state.phase}{'-' + view if view else ''}.png"
        try:
            png = render_map(state.to_json(), load_board_geometry(state.board.id), region=region, focus=territory)
        except ValueError as err:
            self.write(f"(only you) {err}")
            return
        self.images.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png)
        self.write(f"Map written to {path}")

    async def _state(self) -> Any:
        try:
            return await self.service.state(self.channel_id)
        except Refusal:
            return None

    async def _learn_names(self) -> None:
        if self.names:
            return
        state = await self._state()
        if state is not None:
            board = state.rules.board
            spaces = getattr(board, "spaces", {})
            self.names = sorted(
                {s.name for s in spaces.values()}
                | {state.rules.power_name(p) for p in state.rules.powers}
            )


def _free(path: Path) -> Path:
    """``path``, or ``name-2.png``, ``name-3.png``, ... if it exists: keep earlier pictures."""
    number = 1
    found = path
    while found.exists():
        number += 1
        found = path.with_name(f"{path.stem}-{number}{path.suffix}")
    return found


def complete(console: Console, text: str, line: str) -> list[str]:
    """Completion candidates for the word ``text`` at the end of ``line``.

    The first word completes to a command, the word after ``/game`` to its subcommand, and
    any later word (bare or after ``option:``) to a territory or power name.
    """
    before = [w for w in line[: len(line) - len(text)].split() if not w.startswith("@")]
    if not before:
        return sorted({c.split()[0] for c in COMMANDS if c.startswith(text)})
    if before == ["/game"]:
        return [c.split()[1] for c in COMMANDS if c.startswith(f"/game {text}")]
    stem = text.split(":", 1)[-1].lstrip(DOUBLE_QUOTES)
    prefix = text[: len(text) - len(stem)]
    opened = prefix[-1:] in tuple(DOUBLE_QUOTES)
    return [prefix + (name if opened else quote(name)) for name in console.names
            if name.lower().startswith(stem.lower())]
