"""Hand-written positions for scenario tests, in display names as players read them."""

from __future__ import annotations

from typing import Any

from engine import GameState, RuleSet


def position(rules: RuleSet, *, turn: str, phase: str, spaces: dict[str, Any], treasury: dict[str, int] | None = None,
             owners: dict[str, str | None] | None = None, round: int = 1, **extra: Any) -> GameState:
    """A hand-written position: the listed spaces' units, every owner as at the start
    unless ``owners`` overrides (display names throughout)."""
    board = rules.board
    start = {s.name: (rules.power_name(s.original) if s.original else None) for s in board.spaces.values()}
    start.update(owners or {})
    data: dict[str, Any] = {
        "ruleset": rules.id,
        "round": round,
        "turn": turn,
        "phase": phase,
        "treasury": treasury or {rules.power_name(p): 0 for p in rules.turn_order},
        "spaces": {name: {"owner": owner, "units": spaces.get(name, {}).get("units", spaces.get(name, {}))}
                   for name, owner in start.items()},
        "winner": None,
        **extra,
    }
    for name in spaces:
        if name not in start:
            raise KeyError(f"no space named {name!r}")
    return GameState.from_json(data, rules)



def aarhe_axis_combat_moves_ended(*orders: str) -> GameState:
    """AARHE's round 2 once Germany and Japan have ended Combat Move without moving (the
    Soviet opening round played with /done alone), after the command lines ``orders``
    (``/orders passive:ask`` opens the Allies' Defensive Air Support to the Soviet Union)."""
    import maps
    from engine import NoDice, apply, new_game, parse_command

    def play(state: GameState, *lines: str) -> GameState:
        for line in lines:
            state = apply(state, parse_command(line, state), NoDice()).state
        return state

    state = play(new_game(maps.load_ruleset("aarhe")), *orders)
    while state.round == 1:
        state = play(state, "/done")
    return play(state, "/done", "/done", "/focus power:Japan", "/done", "/done")
