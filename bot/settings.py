"""Every setting aaref reads from the environment, read once into one typed object.

========================== ============== =====================================================
Variable                   Default        Meaning
========================== ============== =====================================================
DISCORD_TOKEN              (none)         Bot token; without it ``aaref`` opens the console.
DATABASE_URL               (data dir)     e.g. ``postgresql+asyncpg://user:pass@host/db``.
AAREF_DATA_DIR             ``aaref-data`` The SQLite database and the dice key file live here.
AAREF_SQLITE_SYNCHRONOUS   ``FULL``       ``FULL`` or ``NORMAL`` (docs in ``bot.store.db``).
AAREF_DICE_KEY             (key file)     Master key of the dice seeds (``bot.dice.keys``).
AAREF_REFEREE_ROLE         ``Referee``    Guild role whose members referee games.
AAREF_GUILD_ID             (none)         Sync slash commands to this guild only.
DISCORD_API_BASE           Discord        REST base URL of a Discord-compatible server.
DISCORD_GATEWAY_URL        Discord        Gateway websocket URL of such a server.
AAREF_ALLOW_REMOTE_DISCORD ``0``          ``1`` lets the two URLs above leave loopback.
AAREF_SHARD_COUNT          (none)         Gateway shards of the whole bot, over all processes.
AAREF_SHARD_IDS            (all)          The shards this process runs: ``0,1`` or ``0-3``.
AAREF_TICK_SECONDS         ``30``         Seconds between deadline ticks.
AAREF_CACHED_GAMES         ``1000``       Games whose state a process keeps in memory; the
                                          least recently used beyond are read again.
========================== ============== =====================================================

Several processes share one PostgreSQL database by each running some of the shards (the
same ``AAREF_SHARD_COUNT``, different ``AAREF_SHARD_IDS``): Discord sends each server's
interactions to the shard that owns it, games serialise in the database, and each due
deadline is claimed by one process.

A wrong value is refused when the settings are read, with a message naming the variable
(:class:`SettingsError`), instead of surfacing later as an error deep inside a library.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Literal

from pydantic import (
    AliasChoices,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


class SettingsError(ValueError):
    """The environment holds a value aaref cannot use; the message names the variable."""


def _var(name: str) -> AliasChoices:
    return AliasChoices(name)


class Settings(BaseSettings):
    """The environment as aaref understands it (see the module docstring for each variable)."""

    model_config = SettingsConfigDict(frozen=True, extra="ignore", env_ignore_empty=True)

    discord_token: SecretStr | None = Field(default=None, validation_alias=_var("DISCORD_TOKEN"))
    database_url: str | None = Field(default=None, validation_alias=_var("DATABASE_URL"))
    data_dir: Path = Field(default=Path("aaref-data"), validation_alias=_var("AAREF_DATA_DIR"))
    sqlite_synchronous: Literal["FULL", "NORMAL"] = Field(
        default="FULL", validation_alias=_var("AAREF_SQLITE_SYNCHRONOUS")
    )
    dice_key: SecretStr | None = Field(default=None, validation_alias=_var("AAREF_DICE_KEY"))
    referee_role: str = Field(default="Referee", validation_alias=_var("AAREF_REFEREE_ROLE"))
    guild_id: int | None = Field(default=None, validation_alias=_var("AAREF_GUILD_ID"), gt=0)
    discord_api_base: str | None = Field(default=None, validation_alias=_var("DISCORD_API_BASE"))
    discord_gateway_url: str | None = Field(default=None, validation_alias=_var("DISCORD_GATEWAY_URL"))
    allow_remote_discord: bool = Field(default=False, validation_alias=_var("AAREF_ALLOW_REMOTE_DISCORD"))
    shard_count: int | None = Field(default=None, validation_alias=_var("AAREF_SHARD_COUNT"), gt=0)
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(
        default=None, validation_alias=_var("AAREF_SHARD_IDS"))
    tick_seconds: float = Field(default=30.0, validation_alias=_var("AAREF_TICK_SECONDS"), gt=0)
    cached_games: int = Field(default=1000, validation_alias=_var("AAREF_CACHED_GAMES"), gt=0)

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: object) -> object:
        """``0,1`` or ``0-3`` (or both, ``0-2,5``) as a tuple of shard numbers."""
        if not isinstance(value, str):
            return value
        out: list[int] = []
        for part in (p.strip() for p in value.split(",") if p.strip()):
            low, dash, high = part.partition("-")
            if not low.strip().isdigit() or (dash and not high.strip().isdigit()):
                raise ValueError(f"shard numbers are written 0,1 or 0-3, not {value!r}")
            out.extend(range(int(low), int(high) + 1) if dash else [int(low)])
        return tuple(sorted(set(out)))

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("AAREF_SHARD_IDS needs AAREF_SHARD_COUNT (shards of the whole bot)")
            if not self.shard_ids or max(self.shard_ids) >= self.shard_count:
                raise ValueError(f"AAREF_SHARD_IDS must name shards 0 to {self.shard_count - 1}")
        return self

    @field_validator("sqlite_synchronous", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("discord_token", mode="before")
    @classmethod
    def _strip_token(cls, value: object) -> object:
        return (value.strip() or None) if isinstance(value, str) else value

    @field_validator("referee_role", mode="before")
    @classmethod
    def _strip_role(cls, value: object) -> object:
        return (value.strip() or "Referee") if isinstance(value, str) else value

    @property
    def token(self) -> str | None:
        """The bot token in clear, or None when aaref should open the console."""
        return self.discord_token.get_secret_value() if self.discord_token else None

    @classmethod
    def load(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read the process environment (or ``env``, for tests) once.

        Raises:
            SettingsError: a variable holds a value of the wrong kind; the message names it.
        """
        try:
            if env is None:
                return cls()
            given = {k: v for k, v in env.items() if v.strip()}
            return cls.model_validate(given)
        except ValidationError as err:
            raise SettingsError(_explain(err)) from None


def _explain(err: ValidationError) -> str:
    """``AAREF_GUILD_ID must be ...: got 'abc'`` for each wrong variable."""
    lines = []
    for problem in err.errors():
        message = str(problem["msg"]).removeprefix("Value error, ")
        if problem["loc"]:  # one variable; otherwise the message names the ones that clash
            name = ".".join(str(part) for part in problem["loc"])
            message = f"{name}: {message} (got {problem.get('input')!r})"
        lines.append(message)
    return "; ".join(lines)
