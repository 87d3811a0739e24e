"""Collect Income as an account with reasons (engine/economy), on the 1942 board with the
switches AARHE turns."""

from __future__ import annotations

from engine import GameState, NoDice, RuleSet, apply, parse_command
from engine.control import income
from engine.economy.income import statement
from engine.economy.ledger import Ledger
from engine.ids import PowerId, SpaceId
from tests.engine.positions import position


def _mobilizing(rules: RuleSet, owners: dict[str, str | None] | None = None) -> GameState:
    """Germany at the end of its Mobilize, about to collect, Berlin's territory as given."""
    return position(rules, turn="Germany", phase="mobilize", spaces={}, owners=owners,
                    treasury={"Germany": 5, "Soviet Union": 0})


def _collect(state: GameState) -> tuple[GameState, list[str], list[dict[str, object]]]:
    outcome = apply(state, parse_command("/done", state), NoDice())
    texts = [e.text for e in outcome.events if e.type in ("income", "skip")]
    data = [dict(e.data) for e in outcome.events if e.type == "income"]
    return outcome.state, texts, data


def test_a_lone_line_reads_as_before(rules: RuleSet) -> None:
    """000, Phase 6: Collect Income: the national production level, one sentence."""
    state = _mobilizing(rules)
    after, texts, data = _collect(state)
    amount = income(state, PowerId("germany"))
    assert texts == [f"Germany collects {amount} IPCs (treasury {amount + 5})."]
    assert after.treasury[PowerId("germany")] == amount + 5 and "lines" not in data[0]


def test_without_its_capital_a_power_loses_half(rules: RuleSet) -> None:
    """001, Turn Sequence: "When you lose your capital you lose 50% of your income for the
    next turn"; the loss is rounded down (README of aarhe: an odd income keeps the odd IPC)."""
    state = _mobilizing(rules, {"Germany": "Soviet Union"})
    state = state.evolve(rules=state.rules.with_switches(capital_lost_income="half"))
    whole = income(state, PowerId("germany"))
    after, texts, data = _collect(state)
    kept = whole - whole // 2
    assert texts == [f"Germany collects {kept} IPCs: {whole} from territories, "
                     f"\N{MINUS SIGN}{whole // 2} for Germany in enemy hands (treasury {kept + 5})."]
    assert after.treasury[PowerId("germany")] == kept + 5
    assert data[0]["lines"] == [{"ipcs": whole, "reason": "from territories"},
                                {"ipcs": -(whole // 2), "reason": "for Germany in enemy hands"}]
    assert statement(state, PowerId("germany")).total == kept


def test_reductions_come_off_each_territory_not_below_zero(rules: RuleSet) -> None:
    """001, Phase 1: economic attacks and production interruption reduce a territory's
    income, "No territory's income can be reduced below zero"; both are settled once
    collected. Poland (2) was bombed for 1 and fought over for 3 cycles: it yields 0."""
    state = _mobilizing(rules).evolve(economy=Ledger(damage={SpaceId("poland"): 1},
                                                     interrupted={SpaceId("poland"): 3, SpaceId("germany"): 2}))
    after, texts, _ = _collect(state)
    assert texts == ["Germany collects 37 IPCs: 41 from territories, \N{MINUS SIGN}1 from economic attacks on "
                     "Poland, \N{MINUS SIGN}3 from production interruption in Germany 2, Poland 1 (treasury 42)."]
    assert not after.economy
