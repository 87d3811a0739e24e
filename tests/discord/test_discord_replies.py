"""Planning the messages for a service reply: privacy, splitting, who may be pinged."""
from __future__ import annotations

import discord

from bot.discord.replies import MESSAGE_LIMIT, Outgoing, chunk, plan


def test_refusal_is_private_and_pings_nobody() -> None:
    [out] = plan(False, "You are not playing in this game.", ["ignored"], [1])
    assert out == Outgoing("You are not playing in this game.", ephemeral=True)
    assert out.allowed_mentions.to_dict() == {"parse": []}


def test_accepted_posts_publicly_and_pings_only_the_named_user() -> None:
    [post] = plan(True, "", ["Germany moves 2 infantry to Poland. @everyone"], [42])
    assert not post.ephemeral
    assert post.content.endswith("<@42>")
    assert post.allowed_mentions.to_dict() == {"parse": [], "users": [42]}


def test_actor_message_is_added_privately_when_new() -> None:
    outs = plan(True, "You have 3 IPCs left.", ["Germany buys 2 infantry."], [])
    assert [(o.content, o.ephemeral) for o in outs] == [
        ("Germany buys 2 infantry.", False), ("You have 3 IPCs left.", True)]
    assert len(plan(True, "Germany buys 2 infantry.", ["Germany buys 2 infantry."], [])) == 1


def test_nothing_to_say_still_answers() -> None:
    assert plan(True, "", [], []) == [Outgoing("Done.", ephemeral=True)]


def test_long_text_is_split_at_line_breaks_within_the_limit() -> None:
    lines = [f"line {i} " + "x" * 90 for i in range(60)]
    pieces = chunk("\n".join(lines))
    assert all(len(p) <= MESSAGE_LIMIT for p in pieces) and len(pieces) > 1
    assert "\n".join(pieces).splitlines() == lines
    assert chunk("y" * (MESSAGE_LIMIT + 5)) == ["y" * MESSAGE_LIMIT, "yyyyy"]


def test_pings_ride_on_the_last_piece_only() -> None:
    outs = plan(True, "", ["z" * 1500, "w" * 1500], [7])
    assert [o.pings for o in outs] == [(), (7,)]
    assert isinstance(outs[0].allowed_mentions, discord.AllowedMentions)
