"""Fuzzing the whole command surface through the GameService on a SQLite file: every
registry entry with option names and values of each kind it takes (well formed, ill formed
and foreign), plus garbage lines, by a seated player, an outsider and a referee. No line
raises; every refusal is a reply with a reason and changes nothing (the channel's games,
seats, log, dice, pauses, settings and state are compared before and after). The game
moves on with what is accepted, so lines meet every phase and every lifecycle state.
The suite runs a short campaign; ``--soak`` a long one.
"""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.service import Actor, FixedDiceSource, GameService
from bot.service.commands import ALL_COMMANDS
from bot.store import Database, database_url
from engine.registry import CommandSpec, Kind, OptionSpec
from tests.service.fingerprint import fingerprint

ACTORS = (Actor("ana"), Actor("ben"), Actor("ref", referee=True))
POWERS = ("Soviet Union", "Germany", "United Kingdom", "Japan", "United States")
SPACES = ("Germany", "West Russia", "Ukraine", "Karelia", "sz5", "Sea Zone 16", "Russia",
          "Narnia", "Berlin", "w rus", "Uk")
UNITS = ("infantry", "tank", "artillery", "fighter", "bomber", "battleship", "transport",
         "submarine", "aaa", "industrial complex", "zeppelin")
NUMBERS = ("0", "1", "2", "3", "24", "-1", "-3", "1e9", "2.5", "99999999", "ten", "", "+2")
GARBAGE = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30)

_channels = itertools.count(1)


def _count_units() -> st.SearchStrategy[str]:
    one = st.tuples(st.sampled_from(NUMBERS), st.sampled_from(UNITS)).map(" ".join)
    return st.lists(one, min_size=1, max_size=3).map(", ".join)


def _value(option: OptionSpec) -> st.SearchStrategy[str]:
    """Text for one option: mostly what its kind takes, sometimes anything."""
    kind = option.kind
    typed: dict[Kind, st.SearchStrategy[str]] = {
        Kind.UNITS: _count_units(),
        Kind.LOSSES: _count_units() | _count_units().map(lambda u: "1 damaged " + u),
        Kind.SPACE: st.sampled_from(SPACES),
        Kind.PATH: st.lists(st.sampled_from(SPACES), min_size=1, max_size=3).map(" > ".join),
        Kind.POWER: st.sampled_from(POWERS + ("Atlantis", "g")),
        Kind.DEVELOPMENT: st.sampled_from(("super submarines", "jets", "lra", "zeppelins")),
        Kind.MISSION: st.sampled_from(("raid", "escort", "sbr", "night bombing", "dogfight")),
        Kind.INTEGER: st.sampled_from(NUMBERS),
        Kind.UNIT_TYPES: st.lists(st.sampled_from(UNITS), max_size=3).map(", ".join),
        Kind.CHOICE: st.sampled_from(option.choices + ("maybe",)),
        Kind.CHOICES: st.lists(st.sampled_from(option.choices + ("maybe",)), max_size=3).map(",".join),
        Kind.TEXT: st.sampled_from(("aa1942-2e", "revised-lhtr", "sunday", "lunch", "x" * 300)),
        Kind.SWITCH: st.sampled_from(("on", "off", "yes", "perhaps")),
        Kind.USER: st.sampled_from(("@ben", "ana", "<@123>", "")),
        Kind.RULESET: st.sampled_from(("aa1942-2e", "revised-lhtr", "aa1942", "chess")),
        Kind.REGION: st.sampled_from(("europe", "pacific", "mars")),
    }
    assert set(typed) == set(Kind), "every option kind needs its values here"
    return typed[kind] | GARBAGE


def _quoted(value: str) -> str:
    return '"' + value.replace('"', '\\"') + '"'


@st.composite
def command_line(draw: Any) -> str:
    """``/name option:value ...`` for a registry entry, with stray options now and then."""
    spec: CommandSpec = draw(st.sampled_from(ALL_COMMANDS))
    words = [f"/{spec.name}"]
    chosen = draw(st.lists(st.sampled_from(spec.options), unique=True)) if spec.options else []
    for option in chosen:
        words.append(f"{option.name}:{_quoted(draw(_value(option)))}")
    if draw(st.integers(0, 5)) == 0:
        stray = draw(st.sampled_from(("from", "bogus", "id", "power", "units", "u")))
        words.append(f"{stray}:{_quoted(draw(GARBAGE))}")
    return " ".join(words)


LINES = command_line() | GARBAGE.map(lambda t: "/" + t) | GARBAGE
OPENING = ["/game new ruleset:aa1942-2e name:fuzz",
           *(f"/game join power:{_quoted(p)}" for p in POWERS), "/game start"]


class Campaign:
    """One database and event loop for all examples; each example gets a fresh channel
    whose game starts with every seat held by ana."""

    def __init__(self, path: Path) -> None:
        self.loop = asyncio.new_event_loop()
        self.db = Database(database_url(path))
        self.loop.run_until_complete(self.db.migrate())
        self.service = GameService(self.db, FixedDiceSource([4, 2, 6, 1, 3, 5] * 20_000))

    def play(self, lines: list[tuple[int, str]]) -> None:
        channel = f"fuzz{next(_channels)}"
        for line in OPENING:
            assert self.run(self.service.execute(ACTORS[0], channel, line)).ok, line
        for who, line in lines:
            before = self.run(fingerprint(self.service, channel))
            reply = self.run(self.service.execute(ACTORS[who], channel, line))
            if not reply.ok:
                assert reply.reason, f"{line!r}: a refusal without a reason: {reply.message}"
                assert reply.message.strip(), line
                assert self.run(fingerprint(self.service, channel)) == before, (
                    f"{line!r} was refused ({reply.message}) but changed the game")

    def run(self, coro: Any) -> Any:
        return self.loop.run_until_complete(coro)

    def close(self) -> None:
        self.run(self.db.close())
        self.loop.close()


def _campaign(tmp_path: Path, examples: int) -> None:
    campaign = Campaign(tmp_path / "fuzz.sqlite3")

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.lists(st.tuples(st.integers(0, 2), LINES), min_size=1, max_size=12))
    def campaign_of(lines: list[tuple[int, str]]) -> None:
        campaign.play(lines)

    try:
        campaign_of()
    finally:
        campaign.close()


def test_no_line_raises_and_no_refusal_changes_anything(tmp_path: Path) -> None:
    _campaign(tmp_path, examples=60)


@pytest.mark.soak
def test_soak_no_line_raises_and_no_refusal_changes_anything(tmp_path: Path) -> None:
    _campaign(tmp_path, examples=1000)
