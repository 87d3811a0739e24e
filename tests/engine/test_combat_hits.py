"""How many hits must be assigned (``hits.assignable``), against a brute-force matching.

Rulebook = 000_fc7e3a790a753b06.txt ("General Combat", Step 3: "As many hits as possible
must be assigned"; Unit Profiles, Submarines: "Cannot Hit Air Units", "Cannot Be Hit by
Air Units" without a destroyer).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import RuleSet
from engine.combat import hits as cas
from engine.ids import PowerId, SpaceId, UnitKind
from engine.state import GameState, Unit

KINDS = ("fighter", "bomber", "submarine", "destroyer", "battleship", "transport", "carrier")


def most_assigned(state: GameState, hits: list[tuple[int, str]], units: list[Unit]) -> int:
    """Augmenting paths over single hits and single hit points (the slow, obvious way)."""
    slots = [u.kind for u in units for _ in range(cas.hit_points(state, u))]
    single = [rule for n, rule in hits for _ in range(n)]
    holder: dict[int, int] = {}

    def place(h: int, seen: set[int]) -> bool:
        for s, kind in enumerate(slots):
            if s in seen or not cas.eligible(state.rules.spec(kind), single[h]):
                continue
            seen.add(s)
            if s not in holder or place(holder[s], seen):
                holder[s] = h
                return True
        return False

    return sum(1 for h in range(len(single)) if place(h, set()))


@settings(max_examples=150, deadline=None)
@given(units=st.lists(st.sampled_from(KINDS), max_size=7),
       hits=st.lists(st.tuples(st.integers(1, 4), st.sampled_from(cas.RULES)), max_size=4))
def test_hits_assigned_equal_a_maximum_matching(rules: RuleSet, units: list[str], hits: list[tuple[int, str]]) -> None:
    """Every hit that can be placed on an eligible hit point is placed: the count equals a
    maximum matching of single hits to hit points (000, Step 3), whatever mix of rules."""
    state = GameState(rules=rules, round=1, turn=PowerId("Germany"), phase="conduct_combat", treasury={},
                      owners={}, units={})
    pool = [Unit(id=i + 1, kind=UnitKind(k), owner=PowerId("Germany"), space=SpaceId("sz")) for i, k in enumerate(units)]
    assert cas.assignable(state, hits, pool)[0] == most_assigned(state, hits, pool)
