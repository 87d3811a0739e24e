"""The real discord.py client against the fake Discord, with a stand-in service.

These cover what the real service makes hard to force: a slow service, a crashing one, a
gateway that drops. Game behaviour end to end is in test_discord_e2e.py.
"""
from __future__ import annotations

import asyncio
import logging

import discord
from fake_discord import ALICE, BOB, CAROL, EPHEMERAL, GUILD_ID, FakeDiscord
from service_double import DoubleService

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


async def test_startup_syncs_the_command_words(fake: FakeDiscord, start_bot) -> None:
    """One PUT of the command list; option names are the console's option words."""
    await start_bot(DoubleService(), render=lambda state, region, focus: PNG_MAGIC)
    assert len(fake.of("sync")) == 1
    names = {c["name"]: c for c in fake.commands}
    assert {"game", "buy", "repair", "move", "battle", "casualties", "retreat", "press",
            "submerge", "place", "done", "undo", "orders", "map", "odds"} <= set(names)
    assert [o["name"] for o in names["move"]["options"]] == \
        ["units", "from", "to", "path", "mission"]
    game = {o["name"]: o for o in names["game"]["options"]}
    assert set(game) == {"new", "join", "leave", "start", "status", "history", "export",
                         "concede", "abandon", "settings", "vacation", "pause", "resume",
                         "replace", "luck"}
    assert "Soviet Union" in [c["value"] for c in game["join"]["options"][0]["choices"]]
    assert "aa1942-2e" in [c["value"] for c in game["new"]["options"][0]["choices"]]
    assert all(c["contexts"] == [0] and c["integration_types"] == [0] for c in fake.commands)
    assert fake.identify_payload["intents"] == 1          # guilds only, nothing privileged
    assert fake.ws_query["v"] == "10" and fake.ws_query["encoding"] == "json"
    app = fake.commands[0]["application_id"]
    assert fake.request_log[:3] == ["GET /api/v10/users/@me",
                                    "GET /api/v10/oauth2/applications/@me",
                                    f"PUT /api/v10/applications/{app}/commands"]


async def test_no_map_command_without_a_renderer(fake: FakeDiscord, start_bot) -> None:
    await start_bot(DoubleService())
    assert "map" not in {c["name"] for c in fake.commands}


async def test_guild_sync_when_configured(fake: FakeDiscord, start_bot) -> None:
    """With a guild id the commands go to that guild (instant) and still work."""
    svc = DoubleService()
    await start_bot(svc, guild_id=GUILD_ID)
    [sync] = fake.of("sync")
    assert f"/guilds/{GUILD_ID}/commands" in sync.path
    reply = await fake.respond("done")
    assert reply.content == f"<@{ALICE['id']}>: /done"


async def test_refusal_is_ephemeral_to_the_actor(fake: FakeDiscord, start_bot) -> None:
    svc = DoubleService(outsiders=frozenset({BOB["id"]}))
    await start_bot(svc)
    reply = await fake.respond("done", who="bob")
    assert reply.payload["type"] == 4
    assert reply.flags & EPHEMERAL and reply.content == "You are not playing in this game."
    assert not fake.of("channel_message") and svc.applied == []


async def test_user_text_cannot_ping_anyone(fake: FakeDiscord, start_bot) -> None:
    """@everyone and role/user mentions typed by a player are echoed but ping nobody."""
    await start_bot(DoubleService())
    reply = await fake.respond("buy", {"units": f"@everyone @here <@&1> <@{BOB['id']}>"})
    assert "@everyone" in reply.content and not reply.flags & EPHEMERAL
    assert reply.allowed_mentions == {"parse": []}
    sent = [r for r in fake.recorded if r.kind not in ("sync", "autocomplete")]
    assert all(r.allowed_mentions in ({"parse": []}, None) for r in sent)


async def test_slow_service_is_deferred_then_followed_up(fake: FakeDiscord, start_bot) -> None:
    """Past the deferral threshold the bot defers privately, then posts in the channel."""
    bot = await start_bot(DoubleService(delay=0.2))
    bot.bridge.defer_after = 0.05
    payload = await fake.slash("done")
    first = await fake.wait_for_token(payload["token"])
    assert first.payload == {"type": 5, "data": {"flags": EPHEMERAL}}
    [post] = await fake.wait_for("channel_message")
    assert post.content == f"<@{ALICE['id']}>: /done" and post.payload["allowed_mentions"] == {"parse": []}
    [done] = await fake.wait_for("followup")
    assert done.content == "Done."


async def test_unexpected_error_gives_a_reference_not_a_traceback(
        fake: FakeDiscord, start_bot, discord_log_errors) -> None:
    await start_bot(DoubleService(fail=True))
    payload = await fake.slash("undo")
    reply = await fake.wait_for_token(payload["token"])
    assert reply.flags & EPHEMERAL
    assert payload["id"] in reply.content and "Traceback" not in reply.content
    assert "database on fire" not in reply.content
    [record] = discord_log_errors.records
    assert record.name == "bot.discord.errors" and record.levelno == logging.ERROR
    assert "database on fire" in str(record.exc_info[1])
    discord_log_errors.records.clear()          # expected here; any other test fails on it


async def test_map_is_deferred_and_followed_up_with_a_png(fake: FakeDiscord, start_bot) -> None:
    asked = []

    def render(state: object, region: str | None, focus: str | None) -> bytes:
        asked.append((state, region, focus))
        return PNG_MAGIC + b"fake image body"

    await start_bot(DoubleService(game_state={"round": 1}), render=render)
    payload = await fake.slash("map", {"region": "europe"})
    first = await fake.wait_for_token(payload["token"])
    assert first.payload == {"type": 5}                    # public "thinking…"
    [follow] = await fake.wait_for("followup")
    [(field, name, data)] = follow.files
    assert (field, name, data) == ("files[0]", "map.png", PNG_MAGIC + b"fake image body")
    assert asked == [({"round": 1}, "europe", None)]


async def test_map_without_a_game_is_refused_privately(fake: FakeDiscord, start_bot) -> None:
    await start_bot(DoubleService(), render=lambda state, region, focus: b"")
    reply = await fake.respond("map")
    assert reply.payload["type"] == 4 and reply.flags & EPHEMERAL
    assert reply.content == "There is no game in this channel."


async def test_gateway_drop_resumes_and_commands_still_work(fake: FakeDiscord,
                                                             start_bot) -> None:
    await start_bot(DoubleService())
    await fake.drop_gateway()
    assert (fake.identifies, fake.resumes) == (1, 1)
    reply = await fake.respond("press")
    assert reply.content == f"<@{ALICE['id']}>: /press"


async def test_autocomplete_without_a_game_offers_nothing(fake: FakeDiscord,
                                                          start_bot) -> None:
    await start_bot(DoubleService())
    payload = await fake.autocomplete("move", {"units": "2 inf", "from": "Ger"}, "from")
    answer = await fake.wait_for_token(payload["token"])
    assert answer.payload == {"type": 8, "data": {"choices": []}}


async def test_commands_from_many_users_and_channels_are_all_answered(fake: FakeDiscord,
                                                             start_bot) -> None:
    svc = DoubleService(delay=0.05)
    await start_bot(svc)
    sent = await asyncio.gather(*(fake.slash("done", channel=i % 3, who=w)
                                  for i, w in enumerate(["alice", "bob", "carol"] * 4)))
    replies = await asyncio.gather(*(fake.wait_for_token(p["token"]) for p in sent))
    assert len(svc.applied) == 12 and all(r.payload["type"] == 4 for r in replies)
    assert {a for a, _ in svc.applied} == {ALICE["id"], BOB["id"], CAROL["id"]}


async def test_threads_and_direct_messages_through_the_fake(fake: FakeDiscord,
                                                            start_bot) -> None:
    """The client calls later features need (game threads, reminders by DM) work offline."""
    bot = await start_bot(DoubleService())
    channel = bot.get_channel(int(fake.channels[0]["id"]))
    assert isinstance(channel, discord.TextChannel)
    thread = await channel.create_thread(name="game 1", type=discord.ChannelType.public_thread)
    assert thread.name == "game 1" and thread.parent_id == channel.id
    alice = await bot.fetch_user(int(ALICE["id"]))
    await alice.send("Your turn in game 1.")
    [dm] = fake.of("dm")
    assert dm.content == "Your turn in game 1." and dm.allowed_mentions == {"parse": []}


async def test_a_stale_command_gets_a_private_explanation(fake: FakeDiscord, start_bot) -> None:
    """A Discord client may still show a command this version no longer has."""
    await start_bot(DoubleService())
    fake.commands.append({"name": "settings", "id": "1", "type": 1, "options": []})
    reply = await fake.respond("settings")
    assert reply.flags & EPHEMERAL and reply.content.startswith("This command changed")


async def test_game_new_offers_every_game_option_of_the_rule_data(fake: FakeDiscord,
                                                                   start_bot) -> None:
    """The optional rules a rule system declares (maps/<id>/ruleset.toml) can be chosen."""
    from maps import RULESETS, load_ruleset

    await start_bot(DoubleService())
    game = next(c for c in fake.commands if c["name"] == "game")
    new = {o["name"]: o for o in next(o for o in game["options"] if o["name"] == "new")["options"]}
    declared = [(n, spec) for rid in RULESETS for n, spec in load_ruleset(rid).options.items()]
    assert set(new) == {"ruleset", "name", *(n for n, _ in declared)}
    listed = {n for n, spec in declared if spec.many}
    for name, spec in declared:
        assert not new[name].get("required")
        if name in listed:                                 # a list (axis_advantages:a,c) is text
            assert new[name]["type"] == 3 and "choices" not in new[name] and new[name]["autocomplete"], name
        elif spec.choices:
            offered = [c["value"] for c in new[name]["choices"]]
            assert set(spec.choices) <= set(offered), (name, offered)
        elif isinstance(spec.default, bool):
            assert new[name]["type"] == 5                  # boolean
    # 1942 says "total", Revised "world_domination" for all twelve cities, Classic takes either
    # or both of its two conditions as a list: every choice is named, typed as text.
    assert new["victory"]["description"].startswith("Victory condition: standard, total, world_domination, allies_ipcs")


async def test_a_list_option_completes_its_last_item(fake: FakeDiscord, start_bot) -> None:
    """Classic's optional rules are one list (004 §15; maps/classic-3e/README.md, "Optional
    rules"): typing it in /game new completes the item being typed from the rules not yet
    listed, so every rule can be found though the description cannot name them all."""
    await start_bot(DoubleService())
    payload = await fake.autocomplete("game new", {"ruleset": "classic", "optional_rules": "paratroops, two"},
                                      "optional_rules")
    answer = await fake.wait_for_token(payload["token"])
    assert [c["value"] for c in answer.payload["data"]["choices"]] == ["paratroops, two_hit_battleships"]
    payload = await fake.autocomplete("game new", {"optional_rules": "kamikazes,"}, "optional_rules")
    offered = [c["value"] for c in (await fake.wait_for_token(payload["token"])).payload["data"]["choices"]]
    # No rule system named: Classic's nine others and AARHE's strategic_redeployment and
    # optional_units.
    assert len(offered) == 11 and "kamikazes, kamikazes" not in offered and "kamikazes, paratroops" in offered
    assert {"kamikazes, strategic_redeployment", "kamikazes, optional_units"} <= set(offered)


async def test_game_options_reach_the_service_as_console_words(fake: FakeDiscord,
                                                                start_bot) -> None:
    svc = DoubleService()
    await start_bot(svc)
    await fake.respond("game new", {"ruleset": "aa1942-2e", "name": "sunday league",
                                    "turkish_straits": True, "victory": "total"})
    assert svc.applied[-1][1] == ('/game new ruleset:aa1942-2e name:"sunday league" '
                                  "turkish_straits:true victory:total")   # ruleset.toml order


async def test_a_long_private_answer_arrives_as_a_file(fake: FakeDiscord, start_bot) -> None:
    record = "[Event \"sunday\"]\n" + "1 soviet_union /done\n" * 300
    await start_bot(DoubleService(only_message=record))
    reply = await fake.respond("game export")
    assert reply.flags & EPHEMERAL and reply.content.startswith("[Event")
    [(field, name, data)] = reply.files
    assert (field, name, data) == ("files[0]", "aaref.txt", record.encode())


def test_invite_link_asks_for_four_permissions_only() -> None:
    from bot.discord.app import invite_url

    assert invite_url(42) == ("https://discord.com/oauth2/authorize?client_id=42"
                              "&scope=bot+applications.commands&permissions=274877942784")
    assert 274877942784 == (1 << 10) | (1 << 11) | (1 << 15) | (1 << 38)


def test_the_fake_nests_subcommand_groups_like_discord() -> None:
    """INTERACTION_CREATE for '/a b c x:1': group b, subcommand c, typed from the schema."""
    from bot.discord.lines import interaction_line

    fake = FakeDiscord()
    fake.commands = [{"name": "a", "id": "9", "type": 1, "options": [
        {"name": "b", "type": 2, "options": [
            {"name": "c", "type": 1, "options": [{"name": "x", "type": 4}]}]}]}]
    data = fake.interaction_payload("a b c", {"x": 1})["data"]
    assert data["options"] == [{"name": "b", "type": 2, "options": [
        {"name": "c", "type": 1, "options": [{"name": "x", "type": 4, "value": 1}]}]}]
    assert interaction_line(data) == "/a b c x:1"
