"""The end_turn policy's commands, on real 1942 Second Edition positions (pure)."""

from __future__ import annotations

from bot.scheduler.policy import end_turn_step
from engine import FixedDice, GameState, apply, new_game, parse_command
from maps import load_ruleset


def play(lines: list[str], dice: list[int] | None = None) -> GameState:
    state = new_game(load_ruleset("aa1942-2e"))
    rolls = FixedDice(dice or [])
    for line in lines:
        state = apply(state, parse_command(line, state), rolls).state
    return state


def test_a_phase_without_anything_pending_just_ends() -> None:
    assert end_turn_step(play([])) == "/done"
    assert end_turn_step(play(["/done", "/done"])) == "/done"     # noncombat move


def test_a_battle_moved_into_is_fought() -> None:
    state = play(["/done", ('/move units:"4 infantry, 1 artillery" from:Karelia '
                  'to:"West Russia"'), "/done"])
    assert state.phase == "conduct_combat"
    assert end_turn_step(state) == '/battle territory:"West Russia"'


def test_a_choice_asked_in_person_gets_the_standing_orders_answer() -> None:
    """Rulebook 000_fc7e3a790a753b06.txt, General Combat, "Step 4. Defending Units Fire":
    the attacker chooses its casualties; standing orders lose the cheapest unit first."""
    state = play(["/orders decide:self", "/done",
                  '/move units:"4 infantry, 1 artillery" from:Karelia to:"West Russia"',
                  "/done", '/battle territory:"West Russia"'],
                 dice=[6] * 5 + [1] + [6] * 4)
    assert state.actor == "soviet_union" and state.combat.chooser() == "soviet_union"
    line = end_turn_step(state)
    assert line == '/casualties units:"1 infantry"'
    after = apply(state, parse_command(line, state), FixedDice([])).state
    assert end_turn_step(after) == "/press"                       # never retreat


def test_bought_units_are_placed_before_the_turn_ends() -> None:
    """Rulebook 000_fc7e3a790a753b06.txt, "Phase 5: Mobilize New Units": purchased units
    enter play at an industrial complex; the engine refuses to end the phase before."""
    state = play(['/buy units:"2 infantry, 1 submarine"', "/done", "/done", "/done"])
    assert state.phase == "mobilize"
    first = end_turn_step(state)
    assert first == '/place units:"2 infantry" territory:Russia'
    state = apply(state, parse_command(first, state), FixedDice([])).state
    second = end_turn_step(state)
    assert second.startswith('/place units:"1 submarine" territory:')
    state = apply(state, parse_command(second, state), FixedDice([])).state
    assert end_turn_step(state) == "/done"
