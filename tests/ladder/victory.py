"""A real victory on the board for the ladder tests, from a hand-written position.

The service has no command that sets a position, so :func:`one_move_from_victory` stores one
the way the service keeps every position: as the game's snapshot at its current version.
From there the United States' ``/done`` ends round 1 and the engine's own victory check
names the winner (000, "How the War Is Won": standard victory, 9 victory cities at the end
of a round).
"""

from __future__ import annotations

from bot.service import Actor, GameService
from bot.service.ledger import GameRef
from bot.store.models import Snapshot
from tests.engine.positions import position
from tests.service.conftest import SEATS

LAST_POWER = "united_states"


async def one_move_from_victory(service: GameService, game: GameRef, side: str) -> None:
    """``game``, started and not yet played, at the United States' Mobilize phase with no
    units on the board and ``side`` holding its own victory cities and the three first of
    the other side's."""
    rules = (await service.state(game)).rules
    board = rules.board
    theirs = [s for s in board.spaces.values()
              if s.victory_city and s.original and board.side_of(s.original) != side]
    taker = next(p for p in rules.turn_order if board.side_of(p) == side)
    owners = {s.name: rules.power_name(taker) for s in theirs[:3]}
    state = position(rules, turn=rules.power_name(LAST_POWER), phase="mobilize", spaces={},
                     owners=owners,
                     treasury={rules.power_name(p): n for p, n in rules.treasury.items()})
    async with service.db.write() as session:
        row = await service.ledger.find(session, game)
        assert row.id is not None
        await session.merge(Snapshot(game_id=row.id, seq=row.version, state=state.to_json()))
    service.ledger.forget_state(row.id)


async def win_on_board(service: GameService, game: GameRef, side: str,
                       player: Actor = SEATS[LAST_POWER]) -> None:
    """The United States' ``player`` ends round 1 from :func:`one_move_from_victory`'s
    position."""
    await one_move_from_victory(service, game, side)
    reply = await service.submit(player, game, "/done")
    assert reply.ok, reply.message
    assert (await service.state(game)).winner == side
