"""A small fake Discord (REST + gateway) that the real discord.py client talks to offline.

It binds to 127.0.0.1 only and never contacts the internet. The bot is pointed at it through
the bot's own configuration (``DISCORD_API_BASE`` / ``DISCORD_GATEWAY_URL``), which sets the two
class attributes discord.py reads: ``discord.http.Route.BASE`` and
``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY``. Every bot->Discord call is recorded so
tests assert on what users would see (payload JSON and file bytes).

Payload shapes follow what discord.py 2.7 reads; see docs on testing the Discord front end.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import WSMsgType, web

APP_ID = 100000000000000001
BOT_ID = APP_ID
GUILD_ID = 200000000000000001
CHANNEL_ID = 300000000000000001
REFEREE_ROLE_ID = 210000000000000001
API_PREFIX = "/api/v10"
ALL_PERMISSIONS = str((1 << 41) - 1)
ADMINISTRATOR = 1 << 3
SEND_MESSAGES = 1 << 11
MEMBER_PERMISSIONS = str(((1 << 41) - 1) & ~ADMINISTRATOR)     # everything but Administrator
EPHEMERAL = 64

_ids = itertools.count(500000000000000001)

# Discord option types by the names the tests use.
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN = 1, 2, 3, 4, 5


def snowflake() -> str:
    """A fresh, increasing id."""
    return str(next(_ids))


def jr(data: Any, status: int = 200) -> web.Response:
    """JSON response; discord.py wants Content-Type exactly 'application/json'."""
    return web.Response(body=json.dumps(data).encode(), status=status,
                        content_type="application/json")


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


def user(uid: int, name: str, *, bot: bool = False) -> dict:
    return {"id": str(uid), "username": name.lower(), "discriminator": "0", "global_name": name,
            "avatar": None, "bot": bot, "public_flags": 0, "flags": 0}


BOT_USER = dict(user(BOT_ID, "aaref", bot=True), verified=True, mfa_enabled=False)
ALICE = user(400000000000000001, "Alice")
BOB = user(400000000000000002, "Bob")
CAROL = user(400000000000000003, "Carol")       # holds the referee role
DAVE = user(400000000000000004, "Dave")         # plays in no game
ERIN = user(400000000000000005, "Erin")         # owns the server: Administrator, no role
FRANK = user(400000000000000006, "Frank")       # a member without a seat where Dave has one
HUMANS = {"alice": ALICE, "bob": BOB, "carol": CAROL, "dave": DAVE, "erin": ERIN, "frank": FRANK}


def text_channel(cid: int, name: str, guild: int = GUILD_ID) -> dict:
    return {"id": str(cid), "type": 0, "guild_id": str(guild), "name": name, "position": 0,
            "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None,
            "rate_limit_per_user": 0, "last_message_id": None}


def member(u: dict, roles: list[str] | None = None) -> dict:
    return {"user": u, "roles": roles or [], "joined_at": now_iso(), "deaf": False, "mute": False,
            "flags": 0, "nick": None, "avatar": None, "premium_since": None, "pending": False}


def permissions_of(who: str) -> str:
    """A member's permissions in a channel, as interactions carry them: the server's owner
    has every permission (Administrator included), everyone else all but Administrator."""
    return ALL_PERMISSIONS if who == "erin" else MEMBER_PERMISSIONS


def _role(rid: int, name: str, permissions: str, guild: int = GUILD_ID) -> dict:
    return {"id": str(rid), "name": name, "permissions": permissions, "position": 0 if
            rid == guild else 1, "color": 0, "hoist": False, "managed": False,
            "mentionable": False, "flags": 0}


def guild_payload(gid: int, name: str, channels: list[dict]) -> dict:
    """A server as GUILD_CREATE carries it: the usual members, a Referee role (the first
    server's role id; others get their own)."""
    referee = REFEREE_ROLE_ID if gid == GUILD_ID else gid + 1
    return {
        "id": str(gid), "name": name, "owner_id": ERIN["id"],
        "unavailable": False, "member_count": 6, "large": False, "features": [],
        "emojis": [], "stickers": [],
        "roles": [_role(gid, "@everyone", "0", gid), _role(referee, "Referee", "0", gid)],
        "channels": channels, "threads": [],
        "members": [member(BOT_USER), member(ALICE), member(BOB),
                    member(CAROL, [str(referee)]), member(DAVE), member(ERIN)],
        "presences": [], "voice_states": [], "stage_instances": [],
        "guild_scheduled_events": [], "soundboard_sounds": [], "joined_at": now_iso(),
    }


def guild_id_on_shard(shard: int, shards: int) -> int:
    """A server id that Discord routes to ``shard`` of ``shards`` ((id >> 22) % shards)."""
    base = GUILD_ID >> 22
    return ((base + (shard - base) % shards) << 22) | (GUILD_ID & ((1 << 22) - 1))


@dataclass
class Recorded:
    """One bot->Discord call a test can assert on."""

    kind: str       # callback | autocomplete | followup | edit_original | channel_message | dm | ...
    path: str
    payload: dict
    files: list[tuple[str, str, bytes]] = field(default_factory=list)  # (field, filename, bytes)
    at: float = field(default_factory=time.perf_counter)                # when it arrived

    @property
    def flags(self) -> int:
        data = self.payload.get("data", self.payload) or {}
        return int(data.get("flags", 0))

    @property
    def content(self) -> str:
        data = self.payload.get("data", self.payload) or {}
        return str(data.get("content") or "")

    @property
    def allowed_mentions(self) -> dict | None:
        data = self.payload.get("data", self.payload) or {}
        return data.get("allowed_mentions")


class FakeDiscord:
    """REST routes + gateway connections (one per shard), with helpers that act as Discord
    users. With ``shards`` > 1 there is one server per shard (``guilds``, the first being
    ``guild``), and each server's events go to the connection of the shard that owns it."""

    def __init__(self, channels: int = 1, shards: int = 1) -> None:
        self.app = web.Application(client_max_size=64 * 1024 * 1024)
        self.recorded: list[Recorded] = []
        self.first_response: dict[str, Recorded] = {}      # interaction token -> its answer
        self.acknowledged: set[str] = set()
        """Interaction tokens already answered: a second callback gets Discord's 40060."""
        self._waiting: dict[str, asyncio.Future[Recorded]] = {}
        self.request_log: list[str] = []
        self._cond = asyncio.Condition()
        self._ws: web.WebSocketResponse | None = None
        self._seq = 0
        self.identifies = 0
        self.resumes = 0
        self.refuse_resume = False
        """Answer a RESUME with INVALID_SESSION, so the bot must identify afresh."""
        self.denied: set[str] = set()
        """Channel ids where the bot lacks Send Messages: posts get Discord's 403."""
        self.throttle = 0
        """How many channel posts to answer with 429 before accepting one."""
        self.retry_after = 0.05
        self.connected = asyncio.Event()
        self.shards = shards
        self.sockets: dict[int, web.WebSocketResponse] = {}
        """The open gateway connection of each shard."""
        self.channels = [text_channel(CHANNEL_ID + i, f"game-{i}") for i in range(channels)]
        self.guild = guild_payload(GUILD_ID, "Test Guild", self.channels)
        self.guilds = [self.guild]
        for shard in range(1, shards):
            gid = guild_id_on_shard(shard, shards)
            rooms = [text_channel(CHANNEL_ID + 1000 * shard + i, f"game-{i}", gid)
                     for i in range(channels)]
            self.guilds.append(guild_payload(gid, f"Test Guild {shard}", rooms))
        self.commands: list[dict] = []
        self.messages: dict[str, dict] = {}
        self.dm_channels: dict[str, str] = {}          # channel id -> recipient user id
        self._runner: web.AppRunner | None = None
        self.port = 0
        r = self.app.router
        a = API_PREFIX
        r.add_get(a + "/gateway", self.get_gateway)
        r.add_get(a + "/gateway/bot", self.get_gateway_bot)
        r.add_get(a + "/users/@me", self.get_me)
        r.add_get(a + "/oauth2/applications/@me", self.get_app)
        r.add_put(a + "/applications/{app}/commands", self.put_commands)
        r.add_put(a + "/applications/{app}/guilds/{guild}/commands", self.put_commands)
        r.add_post(a + "/interactions/{iid}/{token}/callback", self.interaction_callback)
        r.add_post(a + "/webhooks/{app}/{token}", self.followup)
        r.add_patch(a + "/webhooks/{app}/{token}/messages/{mid}", self.edit_webhook_message)
        r.add_get(a + "/webhooks/{app}/{token}/messages/{mid}", self.get_webhook_message)
        r.add_get(a + "/channels/{cid}", self.get_channel)
        r.add_post(a + "/channels/{cid}/messages", self.channel_message)
        r.add_post(a + "/channels/{cid}/threads", self.create_thread)
        r.add_post(a + "/channels/{cid}/messages/{mid}/threads", self.create_thread)
        r.add_post(a + "/users/@me/channels", self.open_dm)
        r.add_get(a + "/users/{uid}", self.get_user)
        r.add_get("/gateway", self.gateway)
        r.add_route("*", "/{tail:.*}", self.unhandled)
        self.app.middlewares.append(self._log_mw)

    @web.middleware
    async def _log_mw(self, request: web.Request, handler: Any) -> web.StreamResponse:
        self.request_log.append(f"{request.method} {request.path_qs}")
        return await handler(request)

    # ---- lifecycle -------------------------------------------------------------------------
    async def start(self) -> None:
        self._runner = web.AppRunner(self.app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        for ws in {*self.sockets.values(), *([self._ws] if self._ws is not None else [])}:
            if not ws.closed:
                await ws.close()
        if self._runner:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # ---- recording -------------------------------------------------------------------------
    async def _record(self, rec: Recorded) -> None:
        if rec.kind in ("callback", "autocomplete"):
            token = rec.path.split("/")[-2]
            self.first_response.setdefault(token, rec)
            waiter = self._waiting.pop(token, None)
            if waiter is not None and not waiter.done():
                waiter.set_result(self.first_response[token])
        async with self._cond:
            self.recorded.append(rec)
            self._cond.notify_all()

    def of(self, kind: str) -> list[Recorded]:
        return [r for r in self.recorded if r.kind == kind]

    async def wait_for(self, kind: str, count: int = 1, timeout: float = 5.0) -> list[Recorded]:
        """Wait until at least ``count`` calls of ``kind`` were recorded; return all of them."""
        async def enough() -> list[Recorded]:
            async with self._cond:
                await self._cond.wait_for(lambda: len(self.of(kind)) >= count)
                return self.of(kind)
        return await asyncio.wait_for(enough(), timeout)

    async def wait_for_token(self, token: str, timeout: float = 5.0) -> Recorded:
        """The first response (callback) to the interaction with this token."""
        if token in self.first_response:
            return self.first_response[token]
        waiter = self._waiting.setdefault(token, asyncio.get_running_loop().create_future())
        return await asyncio.wait_for(asyncio.shield(waiter), timeout)

    async def _read_body(self, request: web.Request) -> tuple[dict, list[tuple[str, str, bytes]]]:
        """JSON body, or multipart ('payload_json' + 'files[n]'), as discord.py sends them."""
        if request.content_type.startswith("multipart/"):
            payload: dict = {}
            files: list[tuple[str, str, bytes]] = []
            reader = await request.multipart()
            async for part in reader:
                data = await part.read()  # type: ignore[union-attr]
                if part.name == "payload_json":
                    payload = json.loads(data)
                else:
                    files.append((str(part.name), str(part.filename), bytes(data)))
            return payload, files
        if request.can_read_body:
            return await request.json(), []
        return {}, []

    def _message(self, channel_id: str, payload: dict, files: list, *,
                 interaction: bool = False, flags: int | None = None) -> dict:
        mid = snowflake()
        url = f"http://127.0.0.1:{self.port}/attachments/{mid}/"
        attachments = [{"id": snowflake(), "filename": fn, "size": len(b), "url": url + fn,
                        "proxy_url": url + fn,
                        "content_type": "image/png" if fn.endswith(".png") else "text/plain"}
                       for (_, fn, b) in files]
        msg = {"id": mid, "channel_id": channel_id, "guild_id": self.guild_of(channel_id),
               "type": 20 if interaction else 0, "content": payload.get("content") or "",
               "author": BOT_USER, "attachments": attachments,
               "embeds": payload.get("embeds") or [], "mentions": [], "mention_roles": [],
               "mention_everyone": False, "pinned": False, "tts": False,
               "timestamp": now_iso(), "edited_timestamp": None,
               "flags": payload.get("flags", 0) if flags is None else flags,
               "components": payload.get("components") or [],
               "application_id": str(APP_ID),
               "webhook_id": str(APP_ID) if interaction else None}
        self.messages[mid] = msg
        return msg

    # ---- REST ------------------------------------------------------------------------------
    async def unhandled(self, request: web.Request) -> web.Response:
        await self._record(Recorded("unhandled", f"{request.method} {request.path}", {}))
        return jr({"message": f"fake: no route {request.method} {request.path}", "code": 0},
                  status=404)

    async def get_me(self, request: web.Request) -> web.Response:
        self.auth_header = request.headers.get("Authorization")
        return jr(BOT_USER)

    async def get_gateway(self, request: web.Request) -> web.Response:
        return jr({"url": self.ws_url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        return jr({"url": self.ws_url, "shards": self.shards, "session_start_limit":
                   {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})

    async def get_app(self, request: web.Request) -> web.Response:
        return jr({"id": str(APP_ID), "name": "aaref", "description": "", "icon": None,
                   "bot_public": True, "bot_require_code_grant": False, "owner": ALICE,
                   "verify_key": "00" * 32, "team": None, "flags": 0, "summary": "",
                   "interactions_endpoint_url": None})

    async def put_commands(self, request: web.Request) -> web.Response:
        body = await request.json()
        out = []
        for c in body:
            c = dict(c, id=snowflake(), application_id=str(APP_ID), version=snowflake())
            if "guild" in request.match_info:
                c["guild_id"] = request.match_info["guild"]
            out.append(c)
        self.commands = out
        await self._record(Recorded("sync", request.path, {"commands": body}))
        return jr(out)

    async def interaction_callback(self, request: web.Request) -> web.Response:
        payload, files = await self._read_body(request)
        token = request.match_info["token"]
        if token in self.acknowledged:          # as Discord answers a second callback
            await self._record(Recorded("already_acknowledged", request.path, payload, files))
            return jr({"message": "Interaction has already been acknowledged.",
                       "code": 40060}, status=400)
        self.acknowledged.add(token)
        rtype = payload["type"]       # 4 message, 5 deferred, 8 autocomplete result
        kind = "autocomplete" if rtype == 8 else "callback"
        await self._record(Recorded(kind, request.path, payload, files))
        data = payload.get("data") or {}
        resp: dict[str, Any] = {"interaction": {
            "id": request.match_info["iid"], "type": 4 if rtype == 8 else 2,
            "response_message_loading": rtype == 5,
            "response_message_ephemeral": bool(data.get("flags", 0) & EPHEMERAL)}}
        if rtype in (4, 5):
            flags = data.get("flags", 0) | (128 if rtype == 5 else 0)   # 128: "thinking"
            msg = self._message(str(CHANNEL_ID), data, files, interaction=True, flags=flags)
            self.messages["@original:" + request.match_info["token"]] = msg
            resp["interaction"]["response_message_id"] = msg["id"]
            resp["resource"] = {"type": rtype, "message": msg}
        return jr(resp)

    async def followup(self, request: web.Request) -> web.Response:
        payload, files = await self._read_body(request)
        await self._record(Recorded("followup", request.path, payload, files))
        msg = self._message(str(CHANNEL_ID), payload, files, interaction=True)
        if request.query.get("wait") in ("true", "1"):
            return jr(msg)
        return web.Response(status=204)

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        payload, files = await self._read_body(request)
        kind = "edit_original" if request.match_info["mid"] == "@original" else "edit_followup"
        await self._record(Recorded(kind, request.path, payload, files))
        return jr(self._message(str(CHANNEL_ID), payload, files, interaction=True))

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        msg = self.messages.get("@original:" + request.match_info["token"])
        return jr(msg or self._message(str(CHANNEL_ID), {}, [], interaction=True))

    async def get_channel(self, request: web.Request) -> web.Response:
        cid = request.match_info["cid"]
        for g in self.guilds:
            for ch in g["channels"] + g["threads"]:
                if ch["id"] == cid:
                    return jr(ch)
        if cid in self.dm_channels:
            return jr(self._dm_payload(cid))
        return jr({"message": "Unknown Channel", "code": 10003}, status=404)

    async def channel_message(self, request: web.Request) -> web.Response:
        payload, files = await self._read_body(request)
        cid = request.match_info["cid"]
        if cid in self.denied:
            await self._record(Recorded("forbidden", request.path, payload, files))
            return jr({"message": "Missing Permissions", "code": 50013}, status=403)
        if self.throttle > 0:
            self.throttle -= 1
            await self._record(Recorded("rate_limited", request.path, payload, files))
            return self.rate_limited()
        kind = "dm" if cid in self.dm_channels else "channel_message"
        await self._record(Recorded(kind, request.path, payload, files))
        msg = self._message(cid, payload, files)
        if self._ws is not None and kind == "channel_message":
            await self.dispatch("MESSAGE_CREATE", msg)       # Discord echoes it on the gateway
        return jr(msg)

    def rate_limited(self) -> web.Response:
        """Discord's 429 for a route's bucket: body ``retry_after`` and the rate limit
        headers (discord.py retries only a 429 that came ``Via`` Discord's proxy)."""
        after = self.retry_after
        response = jr({"message": "You are being rate limited.", "retry_after": after,
                       "global": False}, status=429)
        response.headers.update({
            "Via": "1.1 google", "Retry-After": str(max(1, round(after))),
            "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{time.time() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": "fake-channel-messages", "X-RateLimit-Scope": "user"})
        return response

    async def create_thread(self, request: web.Request) -> web.Response:
        payload, _ = await self._read_body(request)
        await self._record(Recorded("thread", request.path, payload))
        thread = {"id": snowflake(), "type": payload.get("type", 11), "guild_id": str(GUILD_ID),
                  "parent_id": request.match_info["cid"], "name": payload["name"],
                  "owner_id": str(BOT_ID), "message_count": 0, "member_count": 1,
                  "rate_limit_per_user": 0, "flags": 0,
                  "thread_metadata": {"archived": False, "auto_archive_duration":
                                      payload.get("auto_archive_duration", 10080),
                                      "archive_timestamp": now_iso(), "locked": False}}
        self.guild["threads"].append(thread)
        if self._ws is not None:
            await self.dispatch("THREAD_CREATE", dict(thread, newly_created=True))
        return jr(thread, status=201)

    async def get_user(self, request: web.Request) -> web.Response:
        found = next((u for u in HUMANS.values() if u["id"] == request.match_info["uid"]), None)
        if found is None:
            return jr({"message": "Unknown User", "code": 10013}, status=404)
        return jr(found)

    def _dm_payload(self, cid: str) -> dict:
        recipient = next(u for u in HUMANS.values() if u["id"] == self.dm_channels[cid])
        return {"id": cid, "type": 1, "last_message_id": None, "recipients": [recipient]}

    async def open_dm(self, request: web.Request) -> web.Response:
        payload, _ = await self._read_body(request)
        rid = str(payload["recipient_id"])
        cid = next((c for c, u in self.dm_channels.items() if u == rid), None) or snowflake()
        self.dm_channels[cid] = rid
        await self._record(Recorded("open_dm", request.path, payload))
        return jr(self._dm_payload(cid))

    # ---- gateway ---------------------------------------------------------------------------
    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        self.ws_query = dict(request.query)
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._ws = ws
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None})
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            op = data["op"]
            if op == 1:                                    # HEARTBEAT -> ACK
                await ws.send_json({"op": 11, "d": None, "s": None, "t": None})
            elif op == 2:                                  # IDENTIFY -> READY + GUILD_CREATE
                self.identifies += 1
                self.identify_payload = data["d"]
                shard = int(data["d"].get("shard", [0, 1])[0])
                self.sockets[shard] = ws
                await self._send(ws, "READY", self.ready_payload(shard))
                for g in self.guilds:
                    if self.shard_of(g["id"]) == shard:
                        await self._send(ws, "GUILD_CREATE", g)
                self.connected.set()
            elif op == 6 and self.refuse_resume:           # RESUME -> INVALID_SESSION
                await ws.send_json({"op": 9, "d": False, "s": None, "t": None})
            elif op == 6:                                  # RESUME -> RESUMED
                self.resumes += 1
                await self.dispatch("RESUMED", {})
                self.connected.set()
        return ws

    def ready_payload(self, shard: int = 0) -> dict:
        return {"v": 10, "user": BOT_USER, "session_id": f"fake-session-{shard}",
                "resume_gateway_url": self.ws_url, "shard": [shard, self.shards],
                "guilds": [{"id": g["id"], "unavailable": True} for g in self.guilds
                           if self.shard_of(g["id"]) == shard],
                "application": {"id": str(APP_ID), "flags": 0}}

    def shard_of(self, guild_id: str) -> int:
        """The shard Discord sends a server's events to."""
        return (int(guild_id) >> 22) % self.shards

    def guild_of(self, channel_id: str) -> str:
        """The server a channel (or thread) belongs to; the first server for DMs."""
        for g in self.guilds:
            if any(ch["id"] == channel_id for ch in g["channels"] + g["threads"]):
                return str(g["id"])
        return str(GUILD_ID)

    async def dispatch(self, event: str, data: dict) -> None:
        """Send a gateway event to the shard that owns its server (the newest connection
        when there is only one shard)."""
        guild = data.get("guild_id")
        ws = self._ws if self.shards == 1 or guild is None else self.sockets.get(self.shard_of(guild))
        assert ws is not None, "bot not connected"
        await self._send(ws, event, data)

    async def _send(self, ws: web.WebSocketResponse, event: str, data: dict) -> None:
        self._seq += 1
        await ws.send_json({"op": 0, "t": event, "s": self._seq, "d": data})

    async def open_thread(self, name: str, channel: int = 0) -> dict:
        """A user starts a public thread under one of the channels (THREAD_CREATE)."""
        thread = {"id": snowflake(), "type": 11, "guild_id": str(GUILD_ID),
                  "parent_id": self.channels[channel]["id"], "name": name,
                  "owner_id": ALICE["id"], "message_count": 0, "member_count": 1,
                  "rate_limit_per_user": 0, "flags": 0,
                  "thread_metadata": {"archived": False, "auto_archive_duration": 10080,
                                      "archive_timestamp": now_iso(), "locked": False}}
        self.guild["threads"].append(thread)
        await self.dispatch("THREAD_CREATE", dict(thread, newly_created=True))
        return thread

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close the socket as Discord does on a server-side hiccup; the bot must come back."""
        assert self._ws is not None
        self.connected.clear()
        await self._ws.close(code=code)
        await asyncio.wait_for(self.connected.wait(), 10)

    # ---- users acting ----------------------------------------------------------------------
    def _schema(self, path: list[str]) -> list[dict]:
        """The synced option schema for a command path (to give each value its Discord type)."""
        node: dict = next(c for c in self.commands if c["name"] == path[0])
        for word in path[1:]:
            node = next(o for o in node.get("options", []) if o["name"] == word)
        return node.get("options", [])

    def _options(self, path: list[str], values: dict[str, Any], focused: str | None) -> list:
        schema = {o["name"]: o for o in self._schema(path)}
        opts = []
        for name, value in values.items():
            opt: dict[str, Any] = {"name": name, "type": schema[name]["type"], "value": value}
            if name == focused:
                opt["focused"] = True
            opts.append(opt)
        for word in reversed(path[1:]):
            kind = SUB_COMMAND if not opts or opts[0].get("type") not in (1, 2) else \
                SUB_COMMAND_GROUP
            opts = [{"name": word, "type": kind, "options": opts}]
        return opts

    def interaction_payload(self, command: str, values: dict[str, Any] | None = None, *,
                            who: str = "alice", kind: int = 2, iid: str | None = None,
                            token: str | None = None, focused: str | None = None,
                            channel: int | dict = 0) -> dict:
        path = command.split()
        top = next(c for c in self.commands if c["name"] == path[0])
        where = self.channels[channel] if isinstance(channel, int) else channel
        u = HUMANS[who]
        guild = self.guild_of(where["id"])
        referee = str(REFEREE_ROLE_ID) if int(guild) == GUILD_ID else str(int(guild) + 1)
        roles = [referee] if who == "carol" else []
        app = int(ALL_PERMISSIONS) & ~(SEND_MESSAGES if where["id"] in self.denied else 0)
        return {
            "id": iid or snowflake(), "application_id": str(APP_ID), "type": kind,
            "version": 1, "token": token or f"tok-{snowflake()}",
            "data": {"id": top["id"], "name": path[0], "type": 1,
                     "options": self._options(path, values or {}, focused),
                     **({"guild_id": top["guild_id"]} if "guild_id" in top else {})},
            "guild_id": guild,
            "guild": {"id": guild, "locale": "en-US", "features": []},
            "channel_id": where["id"], "channel": where,
            "member": dict(member(u, roles), permissions=permissions_of(who)),
            "app_permissions": str(app), "locale": "en-US", "guild_locale": "en-US",
            "entitlements": [], "authorizing_integration_owners": {"0": guild},
            "context": 0, "attachment_size_limit": 10 * 1024 * 1024,
        }

    async def slash(self, command: str, values: dict[str, Any] | None = None,
                    **kw: Any) -> dict:
        """Send INTERACTION_CREATE for '/game new' etc., as Discord does when a user runs it."""
        payload = self.interaction_payload(command, values, **kw)
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload

    async def redeliver(self, payload: dict) -> None:
        """Deliver an interaction again, same id and token, as Discord may after a
        reconnect."""
        await self.dispatch("INTERACTION_CREATE", payload)

    async def autocomplete(self, command: str, values: dict[str, Any], focused: str,
                           **kw: Any) -> dict:
        """Send an autocomplete interaction (type 4) while the user types option ``focused``."""
        payload = self.interaction_payload(command, values, kind=4, focused=focused, **kw)
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload

    async def choose(self, answer: Recorded, label: str, *, who: str = "alice") -> dict:
        """Pick ``label`` in the select menu of the bot's answer ``answer`` (a component
        interaction, type 3, carrying the message as Discord does)."""
        token = answer.path.split("/")[-2]
        message = self.messages["@original:" + token]
        [menu] = [c for row in message["components"] for c in row["components"]]
        [value] = [o["value"] for o in menu["options"] if o["label"] == label]
        where = self.channels[0]
        u = HUMANS[who]
        roles = [str(REFEREE_ROLE_ID)] if who == "carol" else []
        payload = {
            "id": snowflake(), "application_id": str(APP_ID), "type": 3, "version": 1,
            "token": f"tok-{snowflake()}",
            "data": {"custom_id": menu["custom_id"], "component_type": 3, "values": [value]},
            "guild_id": str(GUILD_ID), "channel_id": where["id"], "channel": where,
            "member": dict(member(u, roles), permissions=permissions_of(who)), "message": message,
            "app_permissions": ALL_PERMISSIONS, "locale": "en-US", "guild_locale": "en-US",
            "entitlements": [], "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0, "attachment_size_limit": 10 * 1024 * 1024,
        }
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload

    async def respond(self, command: str, values: dict[str, Any] | None = None,
                      **kw: Any) -> Recorded:
        """Run a command and return the bot's first response to it."""
        payload = await self.slash(command, values, **kw)
        return await self.wait_for_token(payload["token"])
