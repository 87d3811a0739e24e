"""Sealed draws through the engine's dice protocol (docs/dice.md, "Sealed draws").

AARHE's National Advantages and historical goals are drawn at random and kept "secret to
enemy team" until revealed (001 › Appendix: National Advantages; › Appendix: Historical
Victory Conditions); the engine's part is that a draw's faces never reach a public event
before the reveal, and that the reveal names the draw it opens.
"""

from __future__ import annotations

import json

import pytest

from engine.dice import (
    SEALED_DRAW,
    SEALED_REVEAL,
    DiceExhausted,
    FixedDice,
    NoDice,
    ScriptedDice,
    draw_sealed,
    reveal_sealed,
)


def test_fixed_dice_seal_the_next_faces_apart_from_rolls() -> None:
    dice = FixedDice([2, 5, 6, 1])
    assert dice.roll(1, "Ukraine r1 attacker 1 infantry @1") == [2]
    assert dice.sealed(2, "Germany draw r1") == [5, 6]
    assert dice.roll(1, "Ukraine r1 defender 1 infantry @2") == [1]
    assert dice.sealed_log == [("Germany draw r1", [5, 6])]
    assert [purpose for purpose, _ in dice.log] == [
        "Ukraine r1 attacker 1 infantry @1", "Ukraine r1 defender 1 infantry @2"]


def test_fixed_dice_running_out_on_a_sealed_draw_says_which() -> None:
    with pytest.raises(DiceExhausted, match="Germany draw r1 needs 2, 1 left"):
        FixedDice([3]).sealed(2, "Germany draw r1")


def test_the_draw_event_names_owner_purpose_and_count_but_no_face() -> None:
    """001 › Appendix: National Advantages: "The randomly selected items are secret to enemy
    team": nothing the channel or the record shows of the draw may carry a face."""
    faces, ev = draw_sealed(FixedDice([4, 6, 3]), "Germany", 3, "Germany draw r1")
    assert faces == [4, 6, 3]
    assert ev.type == SEALED_DRAW
    assert dict(ev.data) == {"power": "Germany", "purpose": "Germany draw r1", "count": 3}
    published = json.dumps(ev.to_json())
    assert "4" not in published and "6" not in published and "3," not in published


def test_the_reveal_event_carries_the_faces_of_the_draw_it_names() -> None:
    """001 › Appendix: National Advantages: items "come into effect immediately when the
    player reveals it": the reveal is the event that makes the faces public."""
    ev = reveal_sealed("Germany", "Germany draw r1", [4, 6], "Germany reveals Blitzkrieg.")
    assert ev.type == SEALED_REVEAL
    assert ev.to_json() == {"type": SEALED_REVEAL, "text": "Germany reveals Blitzkrieg.",
                            "power": "Germany", "purpose": "Germany draw r1", "faces": [4, 6]}
    assert reveal_sealed("Japan", "Japan draw r2", [1]).text == "Japan reveals the sealed draw Japan draw r2: 1."


def test_scripted_dice_replay_a_revealed_draw_in_its_place_and_check_its_purpose() -> None:
    dice = ScriptedDice([("Germany draw r1", [5]), ("Ukraine r1 attacker 1 infantry @1", [2])])
    assert dice.sealed(1, "Germany draw r1") == [5]
    with pytest.raises(DiceExhausted, match="roll #2 is Ukraine r1 attacker 1 infantry @1"):
        dice.sealed(1, "Japan draw r1")


def test_no_dice_refuses_a_sealed_draw() -> None:
    with pytest.raises(DiceExhausted, match=r"No dice may be rolled here \(Germany draw r1\)"):
        NoDice().sealed(1, "Germany draw r1")
