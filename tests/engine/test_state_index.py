"""The by-space index of a state is updated with the units that changed, not rebuilt: it
must always equal an index built from scratch, whatever edits the rules make."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

import maps
from engine import GameState, Unit, new_game
from engine.ids import SpaceId

RULES = maps.load_ruleset("aa1942-2e")
OPENING = new_game(RULES)
SPACES = sorted(RULES.board.spaces)
IDS = sorted(OPENING.units)

edit = st.one_of(
    st.tuples(st.just("move"), st.sampled_from(IDS), st.sampled_from(SPACES)),
    st.tuples(st.just("remove"), st.sampled_from(IDS), st.just("")),
    st.tuples(st.just("add"), st.sampled_from(IDS), st.sampled_from(SPACES)),
    st.tuples(st.just("flag"), st.sampled_from(IDS), st.just("")),
)


def _apply(state: GameState, batch: list[tuple[str, int, str]]) -> GameState:
    """One ``with_units`` call with every edit of ``batch`` (several may touch one unit)."""
    changed: list[Unit] = []
    removed: list[int] = []
    next_id = state.next_id
    for what, uid, space in batch:
        unit = state.units.get(uid)
        if what == "add" and unit is not None:
            changed.append(replace(unit, id=next_id, space=SpaceId(space)))
            next_id += 1
        elif what == "move" and unit is not None:
            changed.append(replace(unit, space=SpaceId(space), moved=unit.moved + 1))
        elif what == "flag" and unit is not None:
            changed.append(unit.with_flags("fought"))
        elif what == "remove":
            removed.append(uid)
    return state.with_units(changed, removed)


def _assert_indexed(state: GameState) -> None:
    rebuilt = state.evolve(units=dict(state.units))
    for space in SPACES:
        assert state.units_at(space) == rebuilt.units_at(space), space
    assert sum(len(state.units_at(s)) for s in SPACES) == len(state.units)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.lists(edit, max_size=6), max_size=8))
def test_incremental_index_equals_rebuild(batches: list[list[tuple[str, int, str]]]) -> None:
    state = OPENING
    state.units_at(SPACES[0])  # build the index once: every later state derives its own
    for batch in batches:
        state = _apply(state, batch).evolve(round=state.round)
        _assert_indexed(state)
