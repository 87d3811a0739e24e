"""Land movement: what a move records and what the referee offers.

Rulebook: 000_fc7e3a790a753b06.txt, "Phase 2: Combat Move", "Tanks and Blitzing". The
movement rules themselves (range, blitzing, neutrals, refusals) are tested as data in
``tests/scenarios/aa1942-2e/land-movement.case``.
"""

from __future__ import annotations

from engine import GameState, RuleSet
from engine.state import COMBAT_MOVED
from tests.engine.movement_support import move, pos, reach, sid

SOVIET_EAST = {"Ukraine S.S.R.": "Soviet Union", "Belorussia": "Soviet Union", "West Russia": "Soviet Union"}


def front(rules: RuleSet, phase: str = "combat_move", **spaces: dict[str, dict[str, int]]) -> GameState:
    """Germany to move; Ukraine, Belorussia and West Russia back in Soviet hands."""
    board = {"Poland": {"Germany": {"infantry": 2, "tank": 2}},
             "Germany": {"Germany": {"tank": 2, "industrial_complex": 1}},
             "Ukraine S.S.R.": {"Soviet Union": {"infantry": 1}},
             "West Russia": {"Soviet Union": {"infantry": 2}}}
    board.update({k.replace("_", " "): v for k, v in spaces.items()})
    return pos(rules, "Germany", phase, board, owners=SOVIET_EAST)


def test_attack_records_path_and_flags(rules: RuleSet) -> None:
    """Phase 2: moving into a hostile territory is a combat move; the event gives the arrows."""
    state, events = move(front(rules), "2 inf", "Poland", "Ukraine")
    moved = [u for u in state.units_at(sid(state, "Ukraine")) if u.owner == "germany"]
    assert len(moved) == 2
    assert all(u.path == ("poland", "ukraine_ssr") and u.moved == 1 and u.has(COMBAT_MOVED) for u in moved)
    assert moved[0].came_from == "poland"
    ev = events[-1]
    assert ev.type == "move" and ev.data["path"] == ["Poland", "Ukraine S.S.R."]
    assert ev.data["units"] == {"infantry": 2} and ev.data["power"] == "Germany"


def test_reachable_lists_battles_and_blitzes(rules: RuleSet) -> None:
    state = front(rules)
    tanks = reach(state, "1 tank", "Poland")
    assert "Ukraine S.S.R." in tanks and "West Russia" in tanks and "Belorussia" in tanks
    assert "Baltic States" in tanks  # by blitzing through Belorussia
    assert "Germany" not in tanks
    assert reach(state, "1 inf", "Poland") == ["Belorussia", "Ukraine S.S.R."]
    calm = front(rules, "noncombat_move")
    assert "Belorussia" not in reach(calm, "1 tank", "Poland")


def test_a_tank_sent_to_a_friendly_territory_in_combat_move_blitzes(rules: RuleSet) -> None:
    """"Tanks and Blitzing": a tank may blitz through an empty enemy territory and go on. Sent
    in Combat Move to a friendly territory without a path, as the list above offers it, it
    takes the blitzing way, not the direct one that would be no combat move."""
    state, events = move(front(rules), "1 tank", "Poland", "Baltic States")
    assert events[-1].data["path"] == ["Poland", "Belorussia", "Baltic States"]
    assert state.owners[sid(state, "Belorussia")] == "germany"
