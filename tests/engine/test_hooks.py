"""A rule system's behaviour beyond data lives in its hook module (docs/engine.md, "Hooks")."""

from __future__ import annotations

from collections.abc import Sequence
from copy import copy
from typing import Any

import pytest

import maps
from engine import BoardDataError, GameState, RuleSet, Unit
from engine.events import Event, event
from engine.hooks import Hooks, Win
from engine.ids import PowerId, SpaceId
from engine.rules import HOOKS, aa1942_2e

from .combat_kit import begin, fight, sid
from .test_combat_raids import raid_on_italy


def test_every_rule_system_has_its_hook_module() -> None:
    """Each shipped rule system loads with the module registered under its id."""
    for ruleset_id in maps.SHIPPED:
        assert maps.load_ruleset(ruleset_id, unplayable=True).hooks is HOOKS[ruleset_id]


def test_a_rule_system_without_hooks_fails_at_load() -> None:
    """A maps/<id>/ folder alone is not a rule system: its hook module must be registered."""
    data: dict[str, Any] = maps.load_rule_data("aa1942-2e")
    data["ruleset"] = {**data["ruleset"], "id": "no-such-system"}
    with pytest.raises(BoardDataError, match="no-such-system: no hook module"):
        RuleSet.from_data(**data)


class _Tribute:
    """1942's hooks, except that a raid's dice take IPCs from the victim's treasury."""

    def victory(self, state: GameState) -> Win | None:
        return aa1942_2e.victory(state)

    def on_capital_captured(self, state: GameState, capital: SpaceId, captor: PowerId,
                            victim: PowerId) -> tuple[GameState, list[Event]]:
        return aa1942_2e.on_capital_captured(state, capital, captor, victim)

    def bombing_result(self, state: GameState, target: SpaceId, rolled: int,
                       taken: int) -> tuple[GameState, Event]:
        owner = state.owners[target]
        assert owner is not None
        treasury = dict(state.treasury)
        treasury[owner] -= rolled
        return state.evolve(treasury=treasury), event("bombing", f"{rolled} IPCs lost.", rolled=rolled)

    def unit_values(self, state: GameState, units: Sequence[Unit], side: str) -> dict[int, int]:
        return aa1942_2e.unit_values(state, units, side)

    def move_points(self, state: GameState, unit: Unit) -> int:
        return aa1942_2e.move_points(state, unit)

    def unit_dice(self, state: GameState, unit: Unit) -> int:
        return aa1942_2e.unit_dice(state, unit)

    def unit_shots(self, state: GameState, unit: Unit, side: str) -> int:
        return aa1942_2e.unit_shots(state, unit, side)

    def raid_damage(self, state: GameState, unit: Unit, faces: Sequence[int]) -> int:
        return aa1942_2e.raid_damage(state, unit, faces)

    def aa_immune(self, state: GameState, unit: Unit) -> bool:
        return aa1942_2e.aa_immune(state, unit)

    def bombard_value(self, state: GameState, unit: Unit) -> int:
        return aa1942_2e.bombard_value(state, unit)


def test_the_engine_asks_the_hooks(rules: RuleSet) -> None:
    """The same raid (000, Strategic Bombing Raids) damages the factory under 1942's
    ``bombing_result`` and costs IPCs under another rule system's."""
    tribute: Hooks = _Tribute()
    variant = copy(rules)
    variant.hooks = tribute
    damaged, _ = begin(raid_on_italy(rules, 1, 0))
    damaged, _, _ = fight(damaged, "Italy", [3, 4])
    taxed, _ = begin(raid_on_italy(variant, 1, 0, treasury={"Germany": 10}))
    taxed, _, _ = fight(taxed, "Italy", [3, 4])
    italy = sid(damaged, "Italy")
    assert damaged.ic_damage[italy] == 4 and damaged.treasury.get(PowerId("germany"), 0) == 0
    assert taxed.ic_damage[italy] == 0 and taxed.treasury[PowerId("germany")] == 6
