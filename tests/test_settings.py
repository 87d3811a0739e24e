"""Settings come from the environment once, typed; a wrong value names its variable."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError
from bot.store.db import database_url


def test_defaults_with_an_empty_environment() -> None:
    settings = Settings.load({})
    assert settings.token is None
    assert settings.data_dir == Path("aaref-data")
    assert settings.sqlite_synchronous == "FULL"
    assert (settings.referee_role, settings.guild_id, settings.allow_remote_discord) == (
        "Referee", None, False)


def test_values_are_read_and_typed() -> None:
    settings = Settings.load({
        "DISCORD_TOKEN": " tok ", "AAREF_DATA_DIR": "/srv/aaref", "AAREF_SQLITE_SYNCHRONOUS": "normal",
        "AAREF_GUILD_ID": "123", "AAREF_ALLOW_REMOTE_DISCORD": "1", "AAREF_DICE_KEY": "k" * 20,
        "AAREF_CACHED_GAMES": "50", "UNRELATED": "ignored",
    })
    assert settings.token == "tok"
    assert settings.data_dir == Path("/srv/aaref")
    assert settings.sqlite_synchronous == "NORMAL"
    assert settings.guild_id == 123 and settings.allow_remote_discord
    assert settings.cached_games == 50
    assert "k" * 20 not in repr(settings)  # secrets stay out of logs


def test_empty_values_mean_unset() -> None:
    assert Settings.load({"AAREF_GUILD_ID": "", "DISCORD_TOKEN": "  "}).token is None


@pytest.mark.parametrize("env, variable", [
    ({"AAREF_GUILD_ID": "abc"}, "AAREF_GUILD_ID"),
    ({"AAREF_GUILD_ID": "-4"}, "AAREF_GUILD_ID"),
    ({"AAREF_SQLITE_SYNCHRONOUS": "OFF"}, "AAREF_SQLITE_SYNCHRONOUS"),
    ({"AAREF_ALLOW_REMOTE_DISCORD": "perhaps"}, "AAREF_ALLOW_REMOTE_DISCORD"),
    ({"AAREF_CACHED_GAMES": "0"}, "AAREF_CACHED_GAMES"),
])
def test_a_wrong_value_names_its_variable(env: dict[str, str], variable: str) -> None:
    with pytest.raises(SettingsError, match=variable):
        Settings.load(env)


def test_the_process_environment_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://u@db/aaref")
    monkeypatch.setenv("AAREF_DATA_DIR", "elsewhere")
    settings = Settings.load()
    assert database_url(settings=settings) == "postgresql+asyncpg://u@db/aaref"
    monkeypatch.delenv("DATABASE_URL")
    assert database_url(settings=Settings.load()) == f"sqlite+aiosqlite:///{Path('elsewhere') / 'aaref.sqlite3'}"


def test_the_command_line_names_a_wrong_variable(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``aaref`` stops with the variable's name, not a traceback from deep inside."""
    from bot.cli import main

    monkeypatch.setenv("AAREF_SQLITE_SYNCHRONOUS", "sometimes")
    assert main(["console", "--db", str(tmp_path / "x.sqlite3")]) == 2
    assert "AAREF_SQLITE_SYNCHRONOUS" in capsys.readouterr().err


def test_shards_are_read_as_ranges_and_checked_against_the_count() -> None:
    """Several processes split the gateway shards: ``0-1,3`` of 4, each within the count."""
    assert Settings.load({"AAREF_SHARD_COUNT": "4", "AAREF_SHARD_IDS": "0-1,3"}).shard_ids == (0, 1, 3)
    for env, fragment in (({"AAREF_SHARD_IDS": "0"}, "needs AAREF_SHARD_COUNT"),
                          ({"AAREF_SHARD_COUNT": "2", "AAREF_SHARD_IDS": "2"}, "shards 0 to 1"),
                          ({"AAREF_SHARD_COUNT": "2", "AAREF_SHARD_IDS": "one"}, "AAREF_SHARD_IDS")):
        with pytest.raises(SettingsError, match=fragment):
            Settings.load(env)
