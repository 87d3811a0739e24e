"""A state's JSON leaves out the /undo checkpoint where the steps back it keeps lead to it,
and reading derives it; where they do not (a step not known), the checkpoint is written
whole, and /undo replays from it (docs/state.md, ``undo``)."""

from __future__ import annotations

from engine import GameState, NoDice, RuleSet, Undo, apply, new_game, parse_command


def _played(state: GameState, *lines: str) -> GameState:
    for line in lines:
        state = apply(state, parse_command(line, state), NoDice()).state
    return state


def test_the_checkpoint_is_derived_from_the_steps_back(rules: RuleSet) -> None:
    """Three purchases since the start of the phase: the JSON holds the steps back, not a
    second whole state, and a state read from it undoes exactly as the one played."""
    live = _played(new_game(rules), '/buy units:"2 infantry"', '/buy units:"1 tank"', '/buy units:"1 fighter"')
    data = live.to_json()
    assert "checkpoint" not in data["undo"] and len(data["undo"]["before"]) == 3
    restored = GameState.from_json(data, rules)
    assert restored == live and restored.checkpoint == live.checkpoint
    for _ in range(3):
        live, restored = (apply(s, Undo(), NoDice()).state for s in (live, restored))
        assert restored == live and restored.since_checkpoint == live.since_checkpoint
    assert live == new_game(rules)


def test_after_the_phase_begins_the_checkpoint_is_the_state_itself(rules: RuleSet) -> None:
    """No command since Combat Move began: the checkpoint is the state, and is read back so."""
    state = _played(new_game(rules), '/buy units:"1 infantry"', "/done")
    assert state.checkpoint is not None and state.since_checkpoint == ()
    data = state.to_json()
    assert "checkpoint" not in data["undo"]
    assert GameState.from_json(data, rules).checkpoint == state.checkpoint


def test_a_state_without_its_steps_back_writes_its_checkpoint_whole(rules: RuleSet) -> None:
    """Where a step back is not known, the checkpoint is written, and /undo of the state
    read back replays the commands since it."""
    live = _played(new_game(rules), '/buy units:"2 infantry"', '/buy units:"1 tank"')
    unknown = live.evolve(back=None)
    data = unknown.to_json()
    assert data["undo"]["checkpoint"] == new_game(rules).to_json()
    restored = GameState.from_json(data, rules)
    assert restored.checkpoint == live.checkpoint and restored.before is None
    assert apply(restored, Undo(), NoDice()).state == apply(live, Undo(), NoDice()).state
