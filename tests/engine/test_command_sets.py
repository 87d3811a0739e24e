"""The commands a rule system uses (issue 11, "One command registry"): those its phases
take, a phase's optional commands only where the rule system lists them."""

from __future__ import annotations

import maps
from engine.registry import ENGINE_COMMANDS, is_used_by


def test_1942_uses_every_engine_command_but_research_rockets_aarhe_economy_and_focus() -> None:
    """000 has no Develop Weapons phase; 003 opens the turn with it (Phase 1). /rocket is a
    command Revised adds to Combat Move (002, Rocket Strikes), which 1942 does not list.
    /scorch and /lendlease are AARHE's (001, Phase 2, Scorched Earth; Phase 1, Lend-Lease),
    /cancel, which gives up two-round builds (001, Phase 6, Build schedule), and /redeploy
    (001 › Phase 5, Strategic Redeployment (optional));
    000, Phase 6: "A power cannot lend or give IPCs to another power"; so is /diplomacy (001 ›
    Phase 8: Diplomacy), where 1942 and Revised keep neutrals shut. /focus is for team
    turns (001 › Game Sequence › Round Sequence), where several powers act at once; in 1942
    and Revised each power plays alone. /advantage plays AARHE's National Advantages (001 ›
    Appendix: National Advantages). /support and /reinforce are AARHE's passive turn (001 ›
    Phase 3, Defensive Air Support; › Phase 5, Reinforcement), in the other team's turn.
    /atomic buys, loads and drops AARHE's atomic bombs (001 › Phase 7, Atomic Weaponry)."""
    aa1942 = maps.load_ruleset("aa1942-2e")
    lhtr = maps.load_ruleset("revised-lhtr", unplayable=True)
    aarhe_only = ["cancel", "scorch", "lendlease"]
    assert [c.name for c in ENGINE_COMMANDS if not is_used_by(aa1942, c)] == [
        *aarhe_only, "research", "share", "diplomacy", "dock", "advantage", "atomic", "redeploy", "support",
        "reinforce", "rocket", "focus"]
    assert [c.name for c in ENGINE_COMMANDS if not is_used_by(lhtr, c)] == [
        *aarhe_only, "share", "diplomacy", "dock", "advantage", "atomic", "redeploy", "support", "reinforce", "focus"]
