"""Sentences ending with a name that ends with its own full stop ("Karelia S.S.R."), lists of
names, and possessives."""

from __future__ import annotations

from engine.errors import IllegalCommandError
from engine.events import event
from engine.prose import listing, one_stop, possessive


def test_a_name_ending_a_sentence_keeps_one_full_stop() -> None:
    """Events and refusals read "in Karelia S.S.R.", never "S.S.R.."; an ellipsis stays."""
    assert event("place", "Soviet Union mobilizes 2 infantry in Karelia S.S.R..").text == (
        "Soviet Union mobilizes 2 infantry in Karelia S.S.R.")
    assert str(IllegalCommandError("Japan has no fighters in Buryatia S.S.R..", reason="x")) == (
        "Japan has no fighters in Buryatia S.S.R.")
    assert one_stop("Battles to fight: Karelia S.S.R.. Next (Buryatia S.S.R..)") == (
        "Battles to fight: Karelia S.S.R. Next (Buryatia S.S.R.)")
    assert one_stop("Wait...") == "Wait..."


def test_a_list_of_names_reads_as_a_sentence() -> None:
    """A team of three is "Soviet Union, United Kingdom and United States", not "... and ...
    and ..."; two names take "and" (or the word given), one stands alone."""
    assert listing(["Soviet Union", "United Kingdom", "United States"]) == (
        "Soviet Union, United Kingdom and United States")
    assert listing(iter(["Germany", "Japan"])) == "Germany and Japan"
    assert listing(["Moscow", "London", "Washington"], "or") == "Moscow, London or Washington"
    assert listing(["Germany"]) == "Germany" and listing([]) == ""


def test_a_name_ending_in_s_takes_the_apostrophe_alone() -> None:
    """"United States' turn", not "United States's"; "Germany's" as ever."""
    assert possessive("United States") == "United States'"
    assert possessive("Germany") == "Germany's"
