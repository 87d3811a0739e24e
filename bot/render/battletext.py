"""A battle log as text for a chat channel: a title line and an aligned code block.

Every die is shown, grouped by the value it needed (``@2``), with the hits of each group
and each side; every casualty says whose choice it was (in person, which standing order,
no choice). Short unit names are the map's (the rule system's, ``bot.render.unitkey``), so
the log and the map speak alike. Lines stay short because phones wrap code blocks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.render.battlelog import BattleLog, Note, Volley
from bot.render.unitkey import UnitKey
from engine.prose import possessive

FENCE = "```"
DICE_PER_LINE = 10
LABEL_WIDTH = 16

SOURCES = {
    "fire": "fires",
    "antiaircraft": "AA fire",
    "bombard": "bombards",
    "surprise": "surprise strike",
    "opening": "opening fire",
    "intercept": "air battle",
    "raid_defense": "Factory AA",
    "bombing": "bombs",
    "asw_search": "ASW search",
    "selective": "sub strike",
    "anti_air": "anti-air",
    "anti_air_search": "anti-air search",
    "anti_air_attack": "anti-air fire",
    "air": "air units fire",
    "dogfight": "dogfight",
    "atomic": "atomic bomb",
}


ATOMIC_NOTES = ("atomic", "atomic_groups", "atomic_strike", "atomic_losses")
"""An atomic attack's events, told in the engine's words (``engine.combat.atomic``)."""


def short(kind: str, key: UnitKey) -> str:
    return key.abbreviation(kind).lower()


def units_text(counts: Mapping[str, int], key: UnitKey) -> str:
    """``3 inf, 1 art`` (``nothing`` when empty)."""
    parts = [f"{n} {short(k, key)}" for k, n in key.ordered(counts) if n]
    return ", ".join(parts) or "nothing"


def group_label(counts: Mapping[str, int], key: UnitKey) -> str:
    """The units of one roll: ``inf×3, art``."""
    return ", ".join(short(k, key) + (f"×{n}" if n > 1 else "") for k, n in key.ordered(counts) if n)


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def title(log: BattleLog) -> str:
    """``⚔ West Russia — Soviet Union attacks Germany``."""
    names = log.side_names
    if log.kind == "raid":
        head = f"✈ Raid on {log.space} — {names['attacker']}"
    else:
        head = f"⚔ {log.space} — {names['attacker']} attacks {names['defender']}"
        head += " from the sea" if log.amphibious else ""
    return head if log.started else f"{head} (continued)"


def body_lines(log: BattleLog) -> list[str]:
    """The code block's lines: forces, rounds (each after a blank line), result."""
    names, key = log.side_names, log.units
    lines: list[str] = []
    if log.started:
        lines.append(f"Attacker  {names['attacker']}: {units_text(log.attackers, key)}")
        if log.seaborne:
            lines.append(f"          from the sea: {units_text(log.seaborne, key)}")
        for power, counts in log.defenders.items():
            lines.append(f"Defender  {power}: {units_text(counts, key)}")
    label_w, dice_w = _widths(log)
    for rnd in log.rounds:
        lines += ["", f"Round {rnd.number}"] if lines else [f"Round {rnd.number}"]
        for entry in rnd.entries:
            if isinstance(entry, Volley):
                lines += volley_lines(entry, names, label_w, dice_w, key)
            elif (text := note_text(entry, names, key)) is not None:
                lines.append(f"  {text}")
    lines += ["", *result_lines(log)] if lines else result_lines(log)
    return lines


def _widths(log: BattleLog) -> tuple[int, int]:
    rolls = [r for rnd in log.rounds for e in rnd.entries if isinstance(e, Volley) for r in e.rolls]
    label = max((len(_roll_label(r.value, r.units, log.units)) for r in rolls), default=0)
    dice = max((len(r.dice) for r in rolls), default=0)
    return min(label, LABEL_WIDTH), 2 * min(dice, DICE_PER_LINE) - 1


def _roll_label(value: int | None, units: Mapping[str, int], key: UnitKey) -> str:
    return f"@{value} {group_label(units, key)}" if value is not None else group_label(units, key)


def volley_lines(v: Volley, names: Mapping[str, str], label_w: int, dice_w: int,
                 key: UnitKey) -> list[str]:
    """A side's header with its total, then one line per value rolled."""
    what = v.label or SOURCES.get(v.source, v.source)
    head = what if v.source == "raid_defense" else f"{names[v.side]} {what}"
    total = f"{v.hits} damage rolled" if v.source == "bombing" else plural(v.hits, "hit")
    out = [f" {head}: {total}"]
    for r in v.rolls:
        label = _roll_label(r.value, r.units, key).ljust(label_w)
        rows = [r.dice[i:i + DICE_PER_LINE] for i in range(0, len(r.dice), DICE_PER_LINE)] or [[]]
        tail = f"= {r.hits}" if r.value is None else f"→ {r.hits}"
        for i, row in enumerate(rows):
            dice = " ".join(map(str, row)).ljust(dice_w)
            lead = label if i == 0 else " " * len(label)
            end = f"  {tail}" if i == len(rows) - 1 else ""
            out.append(f"  {lead}  {dice}{end}".rstrip())
    return out


def chooser(data: Mapping[str, Any], name: str = "") -> str:
    """How a choice was made: ``(in person)``, ``(orders: cheapest first)``; ``name`` is
    the chooser when the line's subject is someone else (allies defending together)."""
    by = str(data.get("by") or "")
    order = str(data.get("order") or "").removeprefix("order of loss: ")
    whose = f"{possessive(name)} " if name else ""
    if by == "standing orders":
        return f"({whose}orders: {order})" if order else f"({whose}standing orders)"
    if by == "in person" and name:
        return f"({name} in person)"
    return f"({by})" if by else ""


def note_text(note: Note, names: Mapping[str, str], key: UnitKey) -> str | None:
    """One line for a choice or happening inside a round; None for routine presses."""
    d = note.data
    who = str(d.get("chosen_by") or names.get(str(d.get("side")), ""))
    how = chooser(d)
    if note.type == "casualties":
        side = names.get(str(d.get("side")), who)
        if who and side != who:
            how = chooser(d, who)
        return f"{casualty_text(d, side, key)} {how}".rstrip()
    if note.type == "submerge":
        units = d.get("units") or {}
        what = f"submerges {units_text(units, key)}" if units else "keeps its subs to strike"
        return f"{who} {what} {how}".rstrip()
    if note.type == "withdraw":
        units = d.get("units") or {}
        what = f"withdraws {units_text(units, key)} to {d.get('to')}" if units else "keeps its subs in the battle"
        return f"{who} {what} {how}".rstrip()
    if note.type == "detected":
        return f"{units_text(d.get('units') or {}, key)} detected"
    if note.type == "targets":
        return f"{possessive(who)} subs aim at {units_text(d.get('units') or {}, key)} {how}".rstrip()
    if note.type == "asw":
        units = d.get("units") or {}
        return f"{who} allocates {units_text(units, key) if units else 'nothing'} to ASW {how}".rstrip()
    if note.type == "break_off":
        return f"{who} breaks off {how}".rstrip()
    if note.type == "intercept":
        return f"{who} sends up {units_text(d.get('units') or {}, key)} to intercept {how}".rstrip()
    if note.type == "press":
        verb = "holds" if d.get("side") == "defender" else "presses on"
        return f"{who} {verb} {how}".rstrip() if d.get("by") == "in person" else None
    if note.type == "anti_air":  # what the guns did, in the rule system's words
        return str(d.get("text", "")).split(": ", 1)[-1] or None
    if note.type == "retreat":
        units = units_text(d.get("units") or {}, key)
        where = "(aircraft stay to land)" if d.get("to") == d.get("space") else f"to {d.get('to')}"
        return f"{who} retreats {units} {where} {how}".rstrip()
    if note.type == "bombing" and "saved_lost" in d:
        lost = f"; {d.get('victim')} loses {d.get('saved_lost')} saved IPCs" if d.get("saved_lost") else ""
        return (f"Next income −{d.get('applied')} IPCs ({d.get('rolled')} rolled, at most {d.get('cap')}){lost}")
    if note.type in ("anti_air", "capacity", "rail", "interdiction", "raid_bonus", *ATOMIC_NOTES):
        return str(d.get("text", "")) or None
    if note.type == "bombing" and "treasury" in d:
        return (f"{d.get('victim')} surrenders {d.get('applied')} IPCs ({d.get('rolled')} rolled, "
                f"cap {d.get('cap')}); treasury now {d.get('treasury')}")
    if note.type == "bombing":
        return (f"Factory takes {d.get('applied')} damage ({d.get('rolled')} rolled, "
                f"cap {d.get('cap')}); now {d.get('damage')}")
    return None


def casualty_text(d: Mapping[str, Any], who: str, key: UnitKey) -> str:
    units, damaged, cargo = (d.get(k) or {} for k in ("units", "damaged", "cargo"))
    if d.get("source") == "defenseless":
        text = f"{units_text(units, key)} defenseless, sunk"
        return text + (f" with {units_text(cargo, key)}" if cargo else "")
    many = " & " in who
    parts = [f"{'lose' if many else 'loses'} {units_text(units, key)}"] if units else []
    if damaged:
        parts.append(f"{'have' if many else 'has'} {units_text(damaged, key)} damaged")
    if cargo:
        parts.append(f"cargo lost: {units_text(cargo, key)}")
    if not parts:
        hits = sum(int(h[0]) for h in d.get("hits") or [])
        parts = [f"cannot take {plural(hits, 'hit')}"]
    return f"{who} {', '.join(parts)}"


def result_lines(log: BattleLog) -> list[str]:
    """How it ended, what followed (capture, plunder, repairs), and what is left."""
    after = {n.type: n.data for n in log.after}
    lines = [f"Result: {outcome_text(log, after)}"] if log.end else []
    for note in log.after:
        if (text := after_text(note, log.units)) is not None:
            lines.append(f"  {text}")
    if log.end is not None:
        atk, dfn = log.end.get("attackers") or {}, log.end.get("defenders") or {}
        if log.kind != "raid":
            lines.append(f"Left: {units_text(atk, log.units)} vs {units_text(dfn, log.units)}")
    else:
        waiting = log.waiting
        lines.append(f"… continues{': ' + waiting if waiting else ''}")
    return lines


def outcome_text(log: BattleLog, after: Mapping[str, Mapping[str, Any]]) -> str:
    assert log.end is not None
    names = log.side_names
    outcome = log.end.get("outcome")
    if "liberate" in after:
        lib = after["liberate"]
        return f"{lib.get('liberator')} liberates {log.space} for {_stop(str(lib.get('power')))}"
    if "capture" in after:
        return f"{after['capture'].get('power')} takes {_stop(log.space)}"
    if outcome == "attacker" and log.kind == "land":
        return f"{names['attacker']} wins; nothing left that can take the territory."
    if outcome == "attacker":
        return f"{names['attacker']} wins."
    if outcome == "defender":
        verb = "wins in" if log.kind == "sea" else "holds"
        return f"{names['defender']} {verb} {_stop(log.space)}"
    if outcome == "retreat":
        return f"{names['attacker']} retreats; {names['defender']} holds {_stop(log.space)}"
    if outcome == "raid":
        bombing = next((n.data for r in log.rounds for n in r.entries
                        if isinstance(n, Note) and n.type == "bombing"), None)
        effects = [n for r in log.rounds for n in r.entries
                   if isinstance(n, Note) and n.type in ("capacity", "rail", "interdiction", *ATOMIC_NOTES)]
        if bombing is None and effects:
            return "the missions came through (above)."
        if bombing is None:
            return "no bomber got through."
        if "saved_lost" in bombing:
            return f"{log.space}'s next income loses {bombing.get('applied')} IPCs."
        if "treasury" in bombing:
            return f"{bombing.get('victim')} surrenders {bombing.get('applied')} IPCs."
        return f"{bombing.get('applied')} damage to the factory (now {bombing.get('damage')})."
    return {
        "none": "both sides are destroyed.",
        "stalemate": "neither side can hit the other; the battle ends.",
        "no_attack": "no attacking unit is left to fight.",
    }.get(str(outcome), f"{outcome}.")


def _stop(text: str) -> str:
    """End a sentence with a full stop, once (``Karelia S.S.R.`` already has one)."""
    return text if text.endswith(".") else text + "."


def after_text(note: Note, key: UnitKey) -> str | None:
    d = note.data
    if note.type == "plunder":
        return f"{d.get('power')} takes {possessive(str(d.get('victim')))} {d.get('ipcs')} IPCs."
    if note.type == "destroyed":
        return f"{d.get('count')} enemy AAA removed."
    if note.type == "repair":
        return f"{units_text(d.get('units') or {}, key)} repaired."
    if note.type == "landing":
        return f"{units_text(d.get('units') or {}, key)} land in {d.get('space')} from {d.get('sea_zone')}."
    if note.type == "reland":
        return f"{possessive(str(d.get('power')))} fighter lands on another carrier."
    return None


def battle_text(log: BattleLog) -> str:
    """The whole log: a bold title, then the body in one code block."""
    return "\n".join([f"**{title(log)}**", FENCE, *body_lines(log), FENCE])
