"""Planning the messages for a service reply: privacy, splitting, who may be pinged."""
from __future__ import annotations

from bot.discord.replies import MESSAGE_LIMIT, Outgoing, chunk, plan


def test_refusal_is_private_and_pings_nobody() -> None:
    [out] = plan(False, "You are not playing in this game.", ["ignored"], ["1"])
    assert out == Outgoing("You are not playing in this game.", ephemeral=True)
    assert out.allowed_mentions.to_dict() == {"parse": []}


def test_accepted_posts_publicly_and_pings_only_the_named_user() -> None:
    [post] = plan(True, "/move ...", ["Germany moves 2 infantry to Poland. @everyone"], ["42"])
    assert not post.ephemeral
    assert post.content == "Germany moves 2 infantry to Poland. @everyone\n<@42>"
    assert post.allowed_mentions.to_dict() == {"parse": [], "users": [42]}


def test_console_users_are_not_turned_into_mentions() -> None:
    [post] = plan(True, "", ["Japan to act."], ["alice"])
    assert post.content == "Japan to act." and post.pings == ()


def test_without_posts_the_message_is_for_the_actor_alone() -> None:
    assert plan(True, "Round 1, Soviet Union's turn.", [], []) == [
        Outgoing("Round 1, Soviet Union's turn.", ephemeral=True)]
    assert plan(True, "", [], []) == [Outgoing("Done.", ephemeral=True)]


def test_a_long_private_text_is_attached_as_a_file() -> None:
    record = "[Event \"sunday\"]\n" + "1 soviet_union /done\n" * 200
    [out] = plan(True, record, [], [])
    assert out.ephemeral and out.attachment == record.encode()
    assert len(out.content) <= MESSAGE_LIMIT and out.content.startswith("[Event")


def test_long_text_is_split_at_line_breaks_within_the_limit() -> None:
    lines = [f"line {i} " + "x" * 90 for i in range(60)]
    pieces = chunk("\n".join(lines))
    assert all(len(p) <= MESSAGE_LIMIT for p in pieces) and len(pieces) > 1
    assert "\n".join(pieces).splitlines() == lines
    assert "".join(chunk("y" * (MESSAGE_LIMIT + 5))) == "y" * (MESSAGE_LIMIT + 5)


def test_a_long_battle_log_keeps_its_code_blocks_balanced() -> None:
    """A code block cut between two messages is closed in the first and reopened in the next."""
    log = "**⚔ Egypt**\n```\n" + "\n".join(f"Round {i}\n @1 inf×3  1 6 6  → 1"
                                            for i in range(1, 120)) + "\n```\ndice: roll #9"
    pieces = [o.content for o in plan(True, "", ["Battles to fight.", log], [])]
    assert len(pieces) > 1 and all(len(p) <= MESSAGE_LIMIT for p in pieces)
    assert all(p.count("```") % 2 == 0 for p in pieces)
    assert pieces[0].startswith("Battles to fight.\n**⚔ Egypt**\n```")
    assert pieces[1].startswith("```\nRound") and pieces[-1].endswith("```\ndice: roll #9")


def test_pings_ride_on_the_last_piece_only() -> None:
    outs = plan(True, "", ["z" * 1500, "w" * 1500], ["7"])
    assert [o.pings for o in outs] == [(), (7,)]
    assert outs[0].allowed_mentions.to_dict() == {"parse": []}
