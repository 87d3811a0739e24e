"""The console's side of deadlines: notices printed as the channel and the DMs would show them.

The console has no background loop: it runs one scheduler tick after each line, so a
reminder or an expiry that fell due since the last line is applied and printed then.
"""

from __future__ import annotations

from collections.abc import Callable


class ConsoleSender:
    """The scheduler's sender for a terminal: times are already UTC ISO in console games."""

    def __init__(self, write: Callable[[str], None]) -> None:
        self.write = write

    async def post(self, channel_id: str, text: str, pings: tuple[str, ...]) -> None:
        for line in text.splitlines():
            self.write(f"  #{channel_id}> {line}")
        if pings:
            self.write("  ping: " + ", ".join(f"@{p}" for p in pings))

    async def direct(self, user_id: str, text: str) -> None:
        self.write(f"  (direct message to @{user_id}) {text}")
