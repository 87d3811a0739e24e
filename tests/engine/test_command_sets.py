"""The commands a rule system uses (issue 11, "One command registry"): those its phases
take, less those needing a weapons development its chart lacks."""

from __future__ import annotations

from dataclasses import replace

import maps
from engine.registry import ENGINE_COMMANDS, engine_command, is_used_by


def test_1942_uses_every_engine_command_but_research_and_rockets() -> None:
    """000 has no Develop Weapons phase; 003 opens the turn with it (Phase 1). /rocket is a
    command Revised adds to Combat Move (002, Rocket Strikes), which 1942 does not list."""
    aa1942 = maps.load_ruleset("aa1942-2e")
    lhtr = maps.load_ruleset("revised-lhtr", unplayable=True)
    assert [c.name for c in ENGINE_COMMANDS if not is_used_by(aa1942, c)] == ["research", "rocket"]
    assert all(is_used_by(lhtr, c) for c in ENGINE_COMMANDS)


def test_a_command_needing_a_development_is_used_only_where_the_chart_has_it() -> None:
    """A command of a shared phase that needs rockets (003, Phase 1, Weapons Developments,
    "2. Rockets") is part of
    Revised, whose chart has rockets, and not of 1942, which has no chart."""
    rocket = replace(engine_command("battle"), development="rockets")
    assert is_used_by(maps.load_ruleset("revised-lhtr", unplayable=True), rocket)
    assert not is_used_by(maps.load_ruleset("aa1942-2e"), rocket)
    assert not is_used_by(maps.load_ruleset("revised-lhtr", unplayable=True),
                          replace(rocket, development="death_ray"))
