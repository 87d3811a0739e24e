"""Battle odds for people: a small text table and a JSON object from ``engine.odds``.

Used by ``aaref odds`` on the command line and by ``/odds`` in a game (the battle pending
in a territory, or an attack the player considers); the numbers all come from the
engine's exact calculator, run in a worker thread so the bot keeps answering.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.service.commands import OTHER_COMMANDS
from bot.service.lines import LineError, words_and_options
from bot.service.reply import Refusal, Reply
from bot.store import repo
from engine import BoardDataError, GameState, IllegalCommandError, RuleSet, RulesError
from engine.examples import example_in
from engine.ids import SIDES, SpaceId
from engine.notation import format_units
from engine.odds import Force, Odds, Question, battle_at, calculate, from_battle, proposed, side, tally
from engine.odds.luck import Luck, battle_luck, battles
from engine.prose import listing

if TYPE_CHECKING:
    from bot.service.game_service import GameService
    from bot.service.ledger import GameRef


def as_json(rules: RuleSet, odds: Odds) -> dict[str, Any]:
    """The figures, rounded to 6 decimals; unit kinds by their ids."""
    q = odds.question
    return {
        "ruleset": rules.id,
        "sea": q.sea,
        "dice": q.dice,
        "attacker_wins": _r(odds.attacker_wins),
        "defender_holds": _r(odds.defender_holds),
        "draw": _r(odds.draw),
        "attacker_survivors": {k: _r(v) for k, v in odds.attacker_left.items()},
        "defender_survivors": {k: _r(v) for k, v in odds.defender_left.items()},
        "attacker_units_left": _r(sum(odds.attacker_left.values())),
        "defender_units_left": _r(sum(odds.defender_left.values())),
        "attacker_ipc_lost": _r(odds.attacker_expected_loss),
        "defender_ipc_lost": _r(odds.defender_expected_loss),
        "attacker_ipc_lost_distribution": {str(v): _r(p) for v, p in odds.attacker_loss.items()},
        "defender_ipc_lost_distribution": {str(v): _r(p) for v, p in odds.defender_loss.items()},
    }


def table(rules: RuleSet, odds: Odds) -> str:
    """A monospace table: outcome chances, then expected survivors and IPC lost per side."""
    kinds = [k for k in rules.units if k in odds.attacker_left or k in odds.defender_left]
    names = [rules.spec(k).plural for k in kinds]
    w = max([16, *(len(n) + 1 for n in names)])
    rows = [("attacker wins", odds.attacker_wins), ("defender holds", odds.defender_holds),
            ("both destroyed", odds.draw)]
    lines = [f"{name:<{w}}{100 * p:>9.1f}%" for name, p in rows]
    lines += ["", f"{'expected left':<{w}}{'attacker':>10}{'defender':>10}"]
    for k, name in zip(kinds, names):
        lines.append(f"{name:<{w}}{_num(odds.attacker_left.get(k)):>10}{_num(odds.defender_left.get(k)):>10}")
    lines.append(f"{'IPC lost':<{w}}{odds.attacker_expected_loss:>10.1f}{odds.defender_expected_loss:>10.1f}")
    return "\n".join(lines)


def _units(state: GameState, units: Force) -> str:
    counts = tally(units)
    return format_units(state.rules, {k: counts[k] for k in state.rules.units if k in counts})


def _r(x: float) -> float:
    return round(x, 6)


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


ODDS = next(c for c in OTHER_COMMANDS if c.name == "odds")
"""The registry's /odds, whose example a refusal shows in the game's words."""


def _usage(rules: RuleSet) -> str:
    """How /odds is used, with its example in the game's words (``engine.examples``)."""
    return ("Use /odds territory:<space> for the battle there, or add attack:<units> for an attack "
            f"you consider, as in: {example_in(rules, ODDS)}")


async def odds_command(service: GameService, channel_id: str, line: str) -> Reply:
    """``/odds territory:X [attack:"units"]``: the exact odds of the battle pending in X, or
    of attacking X with the given units; answered to the asker alone."""
    try:
        _, options = words_and_options(line)
        state = await service.state(channel_id)
    except LineError as err:
        return Reply(False, str(err), reason="line.malformed")
    except Refusal as refusal:
        return Reply(False, refusal.message, reason=refusal.reason)
    if state is None:
        return Reply(False, "The game has not started yet.", reason="odds.not_started")
    if not options.get("territory"):
        return Reply(False, f"Name the territory or sea zone. {_usage(state.rules)}", reason="odds.no_territory")
    picture = options.get("picture", "no").lower()
    if picture not in SWITCH:
        return Reply(False, f"picture: is yes or no, not {picture[:40]!r}.", reason="odds.picture")
    try:
        question, what = _question(state, options["territory"], options.get("attack", ""))
    except RulesError as err:
        return Reply(False, str(err), reason=err.reason)
    try:
        odds = await asyncio.to_thread(calculate, state.rules, question)
    except BoardDataError:
        return Reply(False, f"The odds of this battle cannot be worked out yet: {state.rules.name} fights it by steps "
                     "the odds calculator does not model.", reason="odds.unmodelled")
    space = state.board.find_space(options["territory"])
    sides = (state.rules.power_name(state.turn), defending_powers(state, space))
    title = what.split(":")[0]
    return Reply(True, f"{what}\n```\n{table(state.rules, odds)}\n```",
                 chart=chart(title, sides, odds) if SWITCH[picture] else None)


SWITCH = {"yes": True, "true": True, "on": True, "no": False, "false": False, "off": False}


def chart(title: str, sides: tuple[str, str], odds: Odds) -> dict[str, Any]:
    """The figures of the odds picture (``bot.render.oddschart``), JSON-ready."""
    return {"title": title, "attacker": sides[0], "defender": sides[1],
            "attacker_wins": _r(odds.attacker_wins), "defender_holds": _r(odds.defender_holds), "draw": _r(odds.draw),
            "attacker_loss": {str(v): p for v, p in odds.attacker_loss.items()},
            "defender_loss": {str(v): p for v, p in odds.defender_loss.items()},
            "attacker_expected": odds.attacker_expected_loss, "defender_expected": odds.defender_expected_loss}


def defending_powers(state: GameState, space: SpaceId) -> str:
    """The powers at war with the power to move that have units in ``space``, ships docked
    at a neutral left out as the battle leaves them (``engine.docking``)."""
    powers = dict.fromkeys(u.owner for u in state.units_at(space) if not state.board.allies(u.owner, state.turn)
                           and state.diplomacy.docked_at(u.owner, space) is None)
    return listing(state.rules.power_name(p) for p in powers) or "nobody"


def _question(state: GameState, where: str, attack: str) -> tuple[Question, str]:
    space = state.board.find_space(where)
    name = state.board.name(space)
    if attack.strip():
        sea = state.board.spaces[space].is_sea
        question = proposed(state, space, side(state.rules, attack, sea, "attack"))
        verb = f"{state.rules.power_name(state.turn)} attacking {name}"
    else:
        found = battle_at(state, space)
        if found is None:
            raise IllegalCommandError(f"No battle is pending in {name}. {_usage(state.rules)}", reason="odds.no_battle")
        question = from_battle(state, *found)
        verb = f"The battle in {name}"
    forces = f"{_units(state, question.attack)} against {_units(state, question.defend) or 'nothing'}"
    return question, f"{verb}: {forces} (exact odds, standing orders of loss)."


def luck_notes(state: GameState, events: list[dict[str, Any]],
               opening: Mapping[str, Any] | None) -> dict[str, str]:
    """A luck line for each land or sea battle these events finish, by space; ``opening``
    is the ``battle_start`` of a battle they continue."""
    run = [opening, *events] if opening is not None else events
    return {luck.space: luck_line(luck) for luck in (_luck(state, b) for b in battles(run)) if luck is not None}


def _luck(state: GameState, events: Sequence[Mapping[str, Any]]) -> Luck | None:
    """The battle's luck, or None where the odds have no model of the rule system's battle
    steps (AARHE's own, for now): such a battle gets no luck line."""
    try:
        return battle_luck(state, events)
    except BoardDataError:
        return None


async def luck_reply(service: GameService, ref: GameRef) -> Reply:
    """``/game luck``: each side's luck over the game so far, to the asker."""
    try:
        async with service.db.read() as session:
            game = await service.ledger.find(session, ref)
            assert game.id is not None
            entries = await repo.log_entries(session, game.id)
        state = await service.state(ref)
    except Refusal as refusal:
        return Reply(False, refusal.message, reason=refusal.reason)
    if state is None:
        return Reply(False, "The game has not started yet.", reason="luck.not_started")
    events = [e for entry in entries for e in (entry.events or [])]
    return Reply(True, await asyncio.to_thread(game_luck, state, events), game_id=game.id)


def luck_line(luck: Luck) -> str:
    (by_attacker, by_defender), (exp_attacker, exp_defender) = luck.destroyed, luck.expected
    return (f"Luck: the attacker's outcome was at the {_ordinal(round(luck.percentile))} percentile "
            f"(IPC value destroyed by {luck.attacker} {by_attacker}, {exp_attacker:.1f} expected; "
            f"by {luck.defender} {by_defender}, {exp_defender:.1f} expected).")


def game_luck(state: GameState, events: list[dict[str, Any]]) -> str:
    """Each side's luck over the game: IPC value its units destroyed, actual against
    expected, summed over every land and sea battle."""
    board = state.board
    actual: dict[str, float] = {}
    expected: dict[str, float] = {}
    fought = [luck for luck in (_luck(state, b) for b in battles(events)) if luck is not None]
    for luck in fought:
        attacker = board.side_of(state.rules.find_power(luck.attacker))
        defender = next(s for s in SIDES if s != attacker)
        for who, done, due in ((attacker, luck.destroyed[0], luck.expected[0]),
                               (defender, luck.destroyed[1], luck.expected[1])):
            actual[who] = actual.get(who, 0) + done
            expected[who] = expected.get(who, 0) + due
    if not fought:
        return ("No battle's luck can be worked out: the odds do not model the battles fought so far."
                if battles(events) else "No land or sea battle has been fought yet.")
    lines = [f"Luck over {len(fought)} battle{'s' if len(fought) != 1 else ''} "
             "(IPC value destroyed, actual against expected):"]
    for who in SIDES:
        diff = actual[who] - expected[who]
        lines.append(f"{who}: {actual[who]:.0f} destroyed, {expected[who]:.1f} expected ({diff:+.1f})")
    return "\n".join(lines)


def with_luck(record: str, state: GameState | None, events: list[dict[str, Any]]) -> str:
    """The game record with each side's luck as comments before its result line (replay
    and the dice verifier skip ``{ }`` comments)."""
    if state is None or not battles(events):
        return record
    lines = record.rstrip("\n").split("\n")
    notes = [f"{{ {line} }}" for line in game_luck(state, events).splitlines()]
    return "\n".join([*lines[:-1], *notes, lines[-1]]) + "\n"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
