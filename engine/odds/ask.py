"""A question from words: ``"3 infantry, 1 tank"`` against ``"2 infantry, 1 aaa"``.

For planning away from a game (``aaref odds``) and for proposed attacks: unit lists in the
game's notation, checked against the rule system (units that cannot fight where the battle
is, or cannot attack at all, are refused with the reason), orders of loss as unit lists.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import IllegalCommandError, NotationError
from ..ids import PowerId, SpaceId, UnitKind
from ..notation import parse_units
from ..ruleset import RuleSet
from ..state import GameState, Unit
from .question import DICE_MODES, Force, Question, force
from .sequence import check_covered


def ask(rules: RuleSet, attack: str, defend: str, sea: bool = False, bombard: str = "",
        attacker_loss: str = "", defender_loss: str = "", retreat_below: int = 0,
        dice: str = "standard", attacker_tech: str = "", defender_tech: str = "") -> Question:
    """The question the words ask.

    Raises:
        NotationError: a word that is no unit type or development.
        IllegalCommandError: a unit that cannot take part, a bad number or dice mode.
    """
    if dice not in DICE_MODES:
        raise IllegalCommandError(f"Dice are {' or '.join(DICE_MODES)}, not {dice!r}.", reason="odds.dice")
    if retreat_below < 0:
        raise IllegalCommandError("retreat below is a number of units, 0 or more.", reason="odds.retreat")
    if not attack.strip():
        raise IllegalCommandError("Name the attacking units, e.g. \"3 infantry, 1 tank\".", reason="odds.no_attack")
    tech = (_developments(rules, attacker_tech), _developments(rules, defender_tech))
    ships: list[UnitKind] = []
    if bombard.strip():
        if sea:
            raise IllegalCommandError("Ships bombard only in an attack on a territory.", reason="odds.bombard")
        for kind, n in _counts(rules, bombard):
            if not _bombards(rules, kind, tech[0]):
                raise IllegalCommandError(f"{rules.spec(kind).plural.capitalize()} cannot bombard.",
                                          reason="odds.bombard")
            ships += [kind] * n
    check_covered(rules, "sea" if sea else "land", bool(bombard))
    return Question(
        attack=side(rules, attack, sea, "attack"), defend=side(rules, defend, sea, "defend"), sea=sea,
        bombard=tuple(ships), attacker_loss=_order(rules, attacker_loss), defender_loss=_order(rules, defender_loss),
        retreat_below=retreat_below, dice=dice, aa_dice=dice, attacker_tech=tech[0], defender_tech=tech[1])


def _developments(rules: RuleSet, text: str) -> tuple[str, ...]:
    """Development ids from a list of names (``"jets, heavy bombers"``)."""
    words = [w.strip() for w in text.replace(";", ",").split(",") if w.strip()]
    return tuple(dict.fromkeys(rules.technology.find(w) for w in words))


def _bombards(rules: RuleSet, kind: UnitKind, tech: tuple[str, ...]) -> bool:
    """Whether the attacker's ``kind`` may bombard (``hooks.bombard_value``, technology included)."""
    state = GameState(rules=rules, round=1, turn=PowerId("attacker"), phase="", treasury={}, owners={}, units={},
                      tech={PowerId("attacker"): tech})
    ship = Unit(id=1, kind=kind, owner=PowerId("attacker"), space=SpaceId("battle"))
    return rules.hooks.bombard_value(state, ship) > 0


def _counts(rules: RuleSet, text: str) -> Sequence[tuple[UnitKind, int]]:
    state = GameState(rules=rules, round=1, turn=PowerId(""), phase="", treasury={}, owners={}, units={})
    return parse_units(text, state)


def side(rules: RuleSet, text: str, sea: bool, role: str) -> Force:
    """One side's units from a unit list, refusing units that cannot fight there (``role``
    ``attack`` also refuses units that cannot attack)."""
    if not text.strip():
        return ()
    where = "a sea zone" if sea else "a territory"
    pieces = []
    for kind, n in _counts(rules, text):
        spec = rules.spec(kind)
        if spec.structure or (spec.is_land if sea else spec.is_sea):
            raise IllegalCommandError(f"{spec.plural.capitalize()} do not fight in {where}; "
                                      f"{'leave out --sea' if sea else 'add --sea for a sea battle'}"
                                      f" or leave them out.", reason="odds.domain")
        if role == "attack" and spec.noncombat_move_only:
            raise IllegalCommandError(f"{spec.plural.capitalize()} cannot attack.", reason="odds.attack")
        pieces += [(kind, 0)] * n
    return force(pieces)


def _order(rules: RuleSet, text: str) -> tuple[str, ...]:
    if not text.strip():
        return ()
    words = [w for w in text.replace(";", ",").split(",") if w.strip()]
    try:
        return tuple(dict.fromkeys(str(rules.find_unit(w.strip())) for w in words))
    except NotationError as err:
        raise NotationError(f"In the order of loss: {err}", reason="odds.loss") from None
