"""Sentences ending with a name that ends with its own full stop ("Karelia S.S.R.")."""

from __future__ import annotations

from engine.errors import IllegalCommandError
from engine.events import event
from engine.prose import one_stop


def test_a_name_ending_a_sentence_keeps_one_full_stop() -> None:
    """Events and refusals read "in Karelia S.S.R.", never "S.S.R.."; an ellipsis stays."""
    assert event("place", "Soviet Union mobilizes 2 infantry in Karelia S.S.R..").text == (
        "Soviet Union mobilizes 2 infantry in Karelia S.S.R.")
    assert str(IllegalCommandError("Japan has no fighters in Buryatia S.S.R..", reason="x")) == (
        "Japan has no fighters in Buryatia S.S.R.")
    assert one_stop("Battles to fight: Karelia S.S.R.. Next (Buryatia S.S.R..)") == (
        "Battles to fight: Karelia S.S.R. Next (Buryatia S.S.R.)")
    assert one_stop("Wait...") == "Wait..."
