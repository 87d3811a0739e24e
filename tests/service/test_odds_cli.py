"""``aaref odds``: exact battle odds from the command line, with clear refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

import maps
from bot.cli import main
from engine.odds import ask, calculate


def odds(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["odds", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_gives_outcomes_and_survivors(capsys: pytest.CaptureFixture[str]) -> None:
    """A tank (hits on 3) against an infantry (hits on 2), 000 Unit Profiles: the tank wins
    (1/2 x 2/3) / (1 - 1/2 x 2/3) = 1/2, both die 1/4, the infantry holds 1/4."""
    out = odds(capsys, "--attack", "1 tank", "--defend", "1 inf")
    assert (out["attacker_wins"], out["draw"], out["defender_holds"]) == (0.5, 0.25, 0.25)
    assert out["attacker_survivors"] == {"tank": 0.5}
    assert out["defender_survivors"] == {"infantry": 0.25}
    assert out["attacker_ipc_lost_distribution"] == {"0": 0.5, "6": 0.5}


def test_sea_and_ruleset_alias(capsys: pytest.CaptureFixture[str]) -> None:
    """000, Step 5: transports alone against a warship are destroyed without a roll."""
    out = odds(capsys, "--attack", "1 destroyer", "--defend", "2 transports", "--sea", "--ruleset", "1942")
    assert out["attacker_wins"] == 1.0 and out["defender_units_left"] == 0
    assert out["ruleset"] == "aa1942-2e" and out["sea"] is True


def test_table_names_every_unit_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--attack", "3 infantry, 1 tank", "--defend", "2 infantry, 1 aaa"]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0].startswith("attacker wins")
    assert "antiaircraft artillery" in text and "tanks" in text


@pytest.mark.parametrize("args, message", [
    (["--attack", "3 infantryy", "--defend", "2 inf"], 'no unit type called "infantryy". Did you mean infantry'),
    (["--attack", "1 battleship", "--defend", "2 inf"], "Battleships do not fight in a territory; add --sea"),
    (["--attack", "1 tank", "--defend", "1 inf", "--sea"], "Tanks do not fight in a sea zone"),
    (["--attack", "1 aaa", "--defend", "1 inf"], "Antiaircraft artillery cannot attack"),
    (["--attack", "1 inf", "--defend", "1 inf", "--ruleset", "chess"], 'no rule set called "chess"'),
    (["--attack", "1 inf", "--defend", "1 inf", "--dice", "lucky"], "Dice are standard or low_luck"),
    (["--attack", "1 inf", "--defend", "1 inf", "--defender-loss", "tankk"], "order of loss: There is no unit"),
    (["--attack", "1 inf", "--defend", "1 inf", "--bombard", "1 destroyer"], "Destroyers cannot bombard"),
    (["--attack", "", "--defend", "1 inf"], "Name the attacking units"),
    (["--attack", "1 inf", "--defend", "1 inf", "--retreat-below", "-1"], "0 or more"),
    (["--attack", "1 inf", "--defend", "1 inf", "--attacker-tech", "jets"], "no weapons development"),
    (["--attack", "1 inf", "--defend", "1 inf", "--picture", "/nonexistent-dir/odds.png"], "could not be written"),
])
def test_bad_input_is_a_clear_refusal(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert main(["odds", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_picture_is_a_readable_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``--picture FILE``: the histogram of the IPC value lost, beside the table."""
    where = tmp_path / "odds.png"
    assert main(["odds", "--attack", "3 infantry, 1 tank", "--defend", "2 infantry", "--picture", str(where)]) == 0
    assert f"Odds histogram written to {where}" in capsys.readouterr().out
    with Image.open(where) as picture:
        assert picture.format == "PNG" and picture.size[0] >= 800 and picture.size[1] >= 600


def test_developments_change_the_odds() -> None:
    """003, Phase 1: jet fighters defend at 5 and heavy bombers roll two dice in battle;
    with Combined Bombardment destroyers bombard (a destroyer without it is refused above)."""
    rules = maps.load_ruleset("revised-lhtr", unplayable=True)
    plain = calculate(rules, ask(rules, "2 infantry, 1 bomber", "1 infantry, 1 fighter"))
    jets = calculate(rules, ask(rules, "2 infantry, 1 bomber", "1 infantry, 1 fighter", defender_tech="jets"))
    heavy = calculate(rules, ask(rules, "2 infantry, 1 bomber", "1 infantry, 1 fighter", attacker_tech="heavy bombers"))
    assert jets.attacker_wins < plain.attacker_wins < heavy.attacker_wins
    shelled = ask(rules, "2 infantry", "2 infantry", bombard="1 destroyer", attacker_tech="combined bombardment")
    assert shelled.bombard == ("destroyer",)
    assert calculate(rules, shelled).attacker_wins > calculate(rules, ask(rules, "2 infantry", "2 infantry")).attacker_wins
