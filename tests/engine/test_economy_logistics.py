"""Logistics fees for land units entering desert (switch ``logistics_fees``), on the 1942
board with Libya made desert for the test (AARHE's only desert, the Sahara, is neutral)."""

from __future__ import annotations

from typing import Any

import pytest

import maps
from engine import IllegalCommandError, NoDice, RuleSet, apply, parse_command
from engine.ids import PowerId
from tests.engine.positions import position


@pytest.fixture(scope="module")
def desert() -> RuleSet:
    data: dict[str, Any] = maps.load_rule_data("aa1942-2e")
    territories = [{**t, "terrain": "desert"} if t["id"] == "libya" else t for t in data["board"]["territory"]]
    data["board"] = {**data["board"], "territory": territories}
    return RuleSet.from_data(**data).with_switches(logistics_fees=True)


def test_each_land_unit_into_desert_pays(desert: RuleSet) -> None:
    """001, Phase 1, Logistics: "Pay 1 IPC for ... each land unit to desert terrain [] this
    turn": paid when it moves in (README of aarhe), refused when the treasury cannot pay."""
    state = position(desert, turn="Germany", phase="noncombat_move", treasury={"Germany": 1},
                     spaces={"Algeria": {"Germany": {"infantry": 2}}}, owners={"Libya": "Germany"})
    with pytest.raises(IllegalCommandError) as err:
        apply(state, parse_command('/move units:"2 infantry" from:Algeria to:Libya', state), NoDice())
    assert str(err.value) == "Logistics: this move costs 2 IPCs (2 land units into desert); Germany has 1."
    moved = apply(state, parse_command('/move units:"1 infantry" from:Algeria to:Libya', state), NoDice())
    assert moved.state.treasury[PowerId("germany")] == 0
    assert [e.text for e in moved.events if e.type == "logistics"] == [
        "Germany pays 1 IPC of logistics (1 land unit into desert; 0 left)."]
