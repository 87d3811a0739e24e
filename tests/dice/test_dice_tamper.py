"""Tampered game records are rejected with the first discrepancy, by both verifiers alike.

Every test runs twice, on ``bot.dice.verify`` and on the standalone ``tools/verify_dice.py``,
and expects the same exit status and the same printed line from each.
"""

from __future__ import annotations

from collections.abc import Callable

from tests.dice.records import Record

Verify = Callable[[str], tuple[int, str]]

R1 = "r1-germany"
ROLL_3 = "roll #3 (Ukraine r1 defender 4 infantry @2)"


def test_untouched_record_verifies(record: Record, verify: Verify) -> None:
    expected = (
        "OK: rolls: 9 (66 dice), recomputed: 7, unverifiable yet: 2 "
        "(unrevealed periods: r2-germany); commitments: 3, reveals: 2, "
        "entropy entries: 3; chain intact; roll lines: 9, all as recorded"
    )
    assert verify(record.text) == (0, expected)


def test_record_without_dice_is_empty_not_wrong(verify: Verify) -> None:
    status, line = verify('[Game "g1"]\n')
    assert status == 0
    assert line.startswith("OK: rolls: 0 (0 dice), recomputed: 0")


def test_changed_die_names_the_roll_and_both_dice(record: Record, verify: Verify) -> None:
    index = record.find("roll", seq=3)
    record.edit(index, dice=[4, 3, 1, 5])
    assert verify(record.text) == failure(
        f"line {index + 1}: {ROLL_3}: expected dice [4, 3, 1, 2] "
        "from the revealed seed, found [4, 3, 1, 5]"
    )


def test_changed_die_is_caught_even_with_a_rebuilt_chain(record: Record, verify: Verify) -> None:
    index = record.find("roll", seq=3)
    record.edit(index, dice=[4, 3, 1, 5])
    record.rechain()
    status, line = verify(record.text)
    assert status == 1
    assert line.endswith(
        f"{ROLL_3}: expected dice [4, 3, 1, 2] from the revealed seed, found [4, 3, 1, 5]"
    )


def test_changed_die_in_an_open_period_breaks_the_record_hash(
    record: Record, verify: Verify
) -> None:
    index = record.find("roll", seq=8)
    original = record.get(index)
    record.edit(index, dice=[4, 2, 6])
    status, line = verify(record.text)
    assert status == 1
    assert line.startswith(
        f"FAIL: line {index + 1}: roll #8 (Karelia r1 attacker 3 artillery @2): "
    )
    assert line.endswith(
        f"expected record hash {_hash_of(original, dice=[4, 2, 6])}, "
        f"found {original['hash']} (the record was altered)"
    )


def test_forged_open_period_is_caught_when_its_seed_is_revealed(
    record: Record, verify: Verify
) -> None:
    """A forger who rebuilds the chain in an open period only wins until the reveal."""
    from bot.dice.session import close_period
    from tests.dice.records import GAME, MASTER_KEY

    index = record.find("roll", seq=8)
    record.edit(index, dice=[6, 6, 6])
    record.rechain()
    record.restate(8)
    assert verify(record.text)[0] == 0
    reveal = close_period(MASTER_KEY, GAME, "r2-germany")
    record.lines.append(f'% dice {{"type":"reveal","period":"r2-germany","seed":"{reveal.seed}"}}')
    assert verify(record.text) == failure(
        f"line {index + 1}: roll #8 (Karelia r1 attacker 3 artillery @2): "
        "expected dice [4, 2, 5] from the revealed seed, found [6, 6, 6]"
    )


def test_reordered_rolls_break_the_sequence(record: Record, verify: Verify) -> None:
    first, second = record.find("roll", seq=2), record.find("roll", seq=3)
    record.lines[first], record.lines[second] = record.lines[second], record.lines[first]
    assert verify(record.text) == failure(
        f"line {first + 1}: {ROLL_3}: expected sequence number 2, found 3 "
        "(a roll is missing or out of order)"
    )


def test_reordered_and_renumbered_rolls_no_longer_match_their_dice(
    record: Record, verify: Verify
) -> None:
    first, second = record.find("roll", seq=2), record.find("roll", seq=3)
    record.lines[first], record.lines[second] = record.lines[second], record.lines[first]
    record.rechain(renumber=True)
    status, line = verify(record.text)
    assert status == 1
    assert line.startswith(
        f"FAIL: line {first + 1}: roll #2 (Ukraine r1 defender 4 infantry @2): expected dice ["
    )
    assert line.endswith("from the revealed seed, found [4, 3, 1, 2]")


def test_removed_record_breaks_the_sequence(record: Record, verify: Verify) -> None:
    index = record.find("roll", seq=3)
    del record.lines[index]
    assert verify(record.text) == failure(
        f"line {index + 2}: roll #4 (Western Europe r1 defender 40 infantry @2): "
        "expected sequence number 3, found 4 (a roll is missing or out of order)"
    )


def test_removed_record_with_renumbering_is_caught_by_the_dice(
    record: Record, verify: Verify
) -> None:
    del record.lines[record.find("roll", seq=3)]
    record.rechain(renumber=True)
    status, line = verify(record.text)
    assert status == 1
    assert "roll #3 (Western Europe r1 defender 40 infantry @2): expected dice [" in line


def test_removed_link_breaks_the_chain(record: Record, verify: Verify) -> None:
    index = record.find("roll", seq=4)
    previous = record.get(record.find("roll", seq=3))["hash"]
    record.edit(index, prev="f" * 64)
    assert verify(record.text) == failure(
        f"line {index + 1}: roll #4 (Western Europe r1 defender 40 infantry @2): "
        f"expected prev {previous} (the previous record's hash), found {'f' * 64}"
    )


def test_wrong_seed_is_rejected_against_its_commitment(record: Record, verify: Verify) -> None:
    index = record.find("reveal", period=R1)
    other = record.get(record.find("reveal", period="r1-soviet-union"))["seed"]
    record.edit(index, seed=other)
    commitment = record.get(record.find("commit", period=R1))["commitment"]
    assert verify(record.text) == failure(
        f"line {index + 1}: reveal of period {R1}: SHA-256 of the revealed seed is "
        f"{record.get(record.find('commit', period='r1-soviet-union'))['commitment']}, "
        f"but the commitment is {commitment} (wrong seed)"
    )


def test_changed_purpose_no_longer_matches_the_dice(record: Record, verify: Verify) -> None:
    index = record.find("roll", seq=4)
    record.edit(index, purpose="Western Europe r1 defender 40 infantry @3")
    record.rechain()
    status, line = verify(record.text)
    assert status == 1
    assert line.startswith(
        f"FAIL: line {index + 1}: roll #4 (Western Europe r1 defender 40 infantry @3): "
        "expected dice ["
    )
    assert line.endswith(
        "from the revealed seed, found [3, 5, 5, 4, 1, 1, 5, 2, 6, 1, 3, 5, 1, "
        "6, 2, 6, 1, 3, 5, 1, 1, 5, 1, 5, 3, 2, 4, 4, 6, 5, 6, 3, 2, 3, 1, 3, "
        "5, 4, 1, 4]"
    )


def test_changed_purpose_in_an_open_period_breaks_the_hash(record: Record, verify: Verify) -> None:
    index = record.find("roll", seq=9)
    record.edit(index, purpose="Karelia r1 defender 2 infantry @3")
    status, line = verify(record.text)
    assert status == 1
    assert line.startswith(f"FAIL: line {index + 1}: roll #9 (Karelia r1 defender 2 infantry @3): ")
    assert line.endswith("(the record was altered)")


def test_roll_after_its_reveal_is_rejected(record: Record, verify: Verify) -> None:
    reveal, last = record.find("reveal", period=R1), record.find("roll", seq=5)
    record.lines.insert(last, record.lines.pop(reveal))
    assert verify(record.text) == failure(
        f"line {last + 2}: roll #5 (Ukraine r2 attacker 1 armour @3): made after the seed "
        f"of period {R1} was revealed on line {last + 1}"
    )


def test_roll_under_a_foreign_commitment_is_rejected(record: Record, verify: Verify) -> None:
    index = record.find("roll", seq=1)
    committed = record.get(record.find("commit", period=R1))["commitment"]
    record.edit(index, commitment="a" * 64)
    assert verify(record.text) == failure(
        f"line {index + 1}: roll #1 (Ukraine r1 attacker 3 infantry @1): expected "
        f"commitment {committed} of period {R1}, found {'a' * 64}"
    )


def test_roll_before_its_commitment_is_rejected(record: Record, verify: Verify) -> None:
    commit = record.find("commit", period=R1)
    record.lines.insert(record.find("reveal", period=R1), record.lines.pop(commit))
    assert verify(record.text) == failure(
        f"line {record.find('roll', seq=1) + 1}: roll #1 (Ukraine r1 attacker 3 infantry @1): "
        f"period {R1} has no commitment before this roll"
    )


def test_altered_player_entropy_is_rejected(record: Record, verify: Verify) -> None:
    index = record.find("entropy", user="101")
    entry = record.get(index)
    record.edit(index, text="a different charm")
    status, line = verify(record.text)
    assert status == 1
    assert line.startswith(
        f"FAIL: line {index + 1}: entropy entry of user 101: expected combined entropy "
    )
    assert line.endswith(f", found {entry['entropy']}")


def test_commitment_ignoring_player_entropy_is_rejected(record: Record, verify: Verify) -> None:
    index = record.find("entropy", user="101")
    entropy = record.get(index)["entropy"]
    del record.lines[index]
    previous = record.get(record.find("entropy", user="100"))["entropy"]
    assert verify(record.text) == failure(
        f"line {index + 1}: commitment of period r1-soviet-union: expected player entropy "
        f"{previous}, found {entropy}"
    )


def test_second_commitment_for_a_period_is_rejected(record: Record, verify: Verify) -> None:
    commit = record.lines[record.find("commit", period=R1)]
    record.lines.append(commit)
    assert verify(record.text) == failure(
        f"line {len(record.lines)}: period {R1} committed twice (first on line 5)"
    )


def test_commitment_of_another_game_is_rejected(record: Record, verify: Verify) -> None:
    index = record.find("commit", period="r2-germany")
    record.edit(index, game="g43")
    status, line = verify(record.text)
    assert (status, line) == failure(
        f"line {index + 1}: commitment of period r2-germany is for game g43, not g42"
    )


def test_malformed_lines_are_reported_with_their_number(record: Record, verify: Verify) -> None:
    index = record.find("roll", seq=2)
    record.lines[index] = record.lines[index][:-1]
    assert verify(record.text) == failure(
        f"line {index + 1}: not valid JSON "
        f"(Expecting ',' delimiter at column {len(record.lines[index]) - 6})"
    )


def test_unknown_fields_are_rejected(record: Record, verify: Verify) -> None:
    index = record.find("roll", seq=1)
    record.edit(index, note="trust me")
    assert verify(record.text) == failure(f"line {index + 1}: roll entry: unknown field 'note'")


def test_impossible_faces_are_rejected(record: Record, verify: Verify) -> None:
    index = record.find("roll", seq=8)
    record.edit(index, dice=[4, 2, 7])
    assert verify(record.text) == failure(
        f"line {index + 1}: roll entry: field 'dice' must be a non-empty list of faces 1 to 6"
    )


def failure(message: str) -> tuple[int, str]:
    """What a verifier reports for a discrepancy: exit status 1 and a FAIL line."""
    return 1, f"FAIL: {message}"


def _hash_of(entry: dict[str, object], **changes: object) -> str:
    from bot.dice.log import roll_hash

    e = {**entry, **changes}
    return roll_hash(
        int(e["seq"]),  # type: ignore[call-overload]
        str(e["period"]),
        str(e["purpose"]),
        list(e["dice"]),  # type: ignore[call-overload]
        str(e["commitment"]),
        str(e["prev"]),
    )


def test_roll_lines_without_a_dice_log_are_not_verified(verify: Verify) -> None:
    """A record played with fixed dice has roll lines but nothing that proves them."""
    text = "\n".join(
        ['[Dice "fixed"]', "  /battle territory:Ukraine", "    roll Ukraine r1 attacker 1 tank @3: 6"]
    )
    assert verify(text) == failure(
        "line 3: the roll line 'roll Ukraine r1 attacker 1 tank @3: 6' has no roll record: "
        "the record has no dice log (its dice were not auditable)"
    )
