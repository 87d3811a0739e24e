"""The real engine plus a secret draw, for the service, record and Discord tests of sealed
draws until a rule system on main draws them (docs/dice.md, "Sealed draws")."""

from __future__ import annotations

from bot.service.rules import Engine, engine_rules
from engine import Command, Dice, GameState, Outcome
from engine.dice import draw_sealed, reveal_sealed

DRAW_FACES = 2


def draw_purpose(power: str, round_: int) -> str:
    return f"{power} draw r{round_}"


class SealedEngine:
    """The real engine; in addition each power draws 2 sealed dice when it ends Purchase and
    reveals them when it ends Combat Move, as a rule with secret cards would."""

    def __init__(self, purpose: str | None = None) -> None:
        self.real: Engine = engine_rules()
        self.purpose = purpose
        """If given, every draw's purpose (a rule with a bug: purposes must be unique)."""
        self.hands: dict[str, list[int]] = {}
        """Faces by purpose, as a rule keeps them in its state (replay draws them again)."""

    def __getattr__(self, name: str) -> object:
        return getattr(self.real, name)

    def apply(self, state: GameState, command: Command, dice: Dice) -> Outcome:
        out = self.real.apply(state, command, dice)
        power = state.rules.power_name(state.turn)
        purpose = self.purpose or draw_purpose(power, state.round)
        ended = out.state.phase != state.phase or out.state.turn != state.turn
        if not ended or state.phase not in ("purchase", "combat_move"):
            return out
        if state.phase == "purchase":
            faces, event = draw_sealed(dice, power, DRAW_FACES, purpose)
            self.hands[purpose] = faces
        else:
            event = reveal_sealed(power, purpose, self.hands[purpose])
        return Outcome(out.state, (*out.events, event))
