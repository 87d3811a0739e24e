"""Sample states for previews, the benchmark and the README pictures.

`opening_state` builds the engine's state JSON for a board's starting
position straight from `maps/<board>/setup.toml`; `midgame_example` is a
hand-made Germany turn in round 2 with the matching change list.
"""

from __future__ import annotations

from typing import Any

from maps import load_board_data


def opening_state(board_id: str) -> dict[str, Any]:
    """State JSON (display names) of the starting position, first power to move."""
    data = load_board_data(board_id)
    board, setup = data["board"], data["setup"]
    names = {p["id"]: p["name"] for p in board["power"]}
    spaces: dict[str, dict[str, Any]] = {}
    space_names = {}
    for territory in board["territory"]:
        space_names[territory["id"]] = territory["name"]
        original = territory.get("original")
        spaces[territory["name"]] = {"owner": names[original] if original else None, "units": {}}
    for zone in board["sea_zone"]:
        space_names[zone["id"]] = zone["name"]
        spaces[zone["name"]] = {"owner": None, "units": {}}
    for place in setup["place"]:
        entry = spaces[space_names[place["space"]]]
        units = entry["units"].setdefault(names[place["power"]], {})
        for unit, count in place["units"].items():
            units[unit] = units.get(unit, 0) + count
        if "industrial_complex" in place["units"]:
            entry["ic_damage"] = 0
    return {
        "ruleset": board_id,
        "round": 1,
        "turn": names[setup["turn_order"][0]],
        "phase": "purchase",
        "treasury": {names[p]: v for p, v in setup["treasury"].items()},
        "spaces": spaces,
        "winner": None,
    }


def _shift(state: dict[str, Any], power: str, origin: str, destination: str,
           units: dict[str, int]) -> None:
    source = state["spaces"][origin]["units"].setdefault(power, {})
    target = state["spaces"][destination]["units"].setdefault(power, {})
    for unit, count in units.items():
        source[unit] = source.get(unit, 0) - count
        if source[unit] <= 0:
            del source[unit]
        target[unit] = target.get(unit, 0) + count
    if not source:
        del state["spaces"][origin]["units"][power]


def midgame_example() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Round 1 on the 1942 board after Germany's combat: state and the turn's changes."""
    state = opening_state("aa1942-2e")
    state.update(round=1, turn="Germany", phase="noncombat_move")
    state["treasury"] = {"Soviet Union": 0, "Germany": 1, "United Kingdom": 31,
                         "Japan": 30, "United States": 42}
    moves = [
        ("Germany", "Finland", "Karelia S.S.R.", {"infantry": 3}),
        ("Germany", "Belorussia", "Karelia S.S.R.", {"infantry": 2}),
        ("Germany", "Baltic States", "Karelia S.S.R.", {"tank": 1}),
        ("Germany", "Germany", "Karelia S.S.R.", {"fighter": 1}),
        ("Germany", "Ukraine S.S.R.", "Caucasus", {"infantry": 3, "artillery": 1, "tank": 1}),
        ("Germany", "Libya", "Egypt", {"infantry": 1, "tank": 1}),
        ("Germany", "Sea Zone 5", "Sea Zone 7", {"submarine": 2}),
        ("Germany", "Germany", "Russia", {"bomber": 1}),
    ]
    changes: list[dict[str, Any]] = []
    for power, origin, destination, units in moves:
        _shift(state, power, origin, destination, units)
        changes.append({"kind": "move", "power": power, "from": origin, "to": destination,
                        "units": units})
    spaces = state["spaces"]
    spaces["Karelia S.S.R."].update(
        owner="Germany",
        units={"Germany": {"infantry": 3, "tank": 1, "fighter": 1, "industrial_complex": 1}},
    )
    del spaces["Caucasus"]["units"]["Germany"]
    spaces["Caucasus"]["units"]["Soviet Union"]["infantry"] = 1
    spaces["Egypt"].update(owner="Germany", units={"Germany": {"tank": 1}})
    spaces["Sea Zone 7"]["units"]["Germany"] = {"submarine": 1}
    state["damaged"] = {"Sea Zone 7": {"United Kingdom": {"battleship": 1}}}
    spaces["Russia"]["units"]["Germany"] = {"bomber": 1}
    spaces["Russia"]["ic_damage"] = 3
    changes += [
        {"kind": "battle", "space": "Karelia S.S.R.", "result": "attacker won"},
        {"kind": "capture", "space": "Karelia S.S.R.", "power": "Germany"},
        {"kind": "battle", "space": "Caucasus", "result": "defender won"},
        {"kind": "battle", "space": "Egypt", "result": "attacker won"},
        {"kind": "capture", "space": "Egypt", "power": "Germany"},
        {"kind": "battle", "space": "Sea Zone 7", "result": "attacker retreated"},
        {"kind": "battle", "space": "Russia", "result": "bombing raid: IC -3"},
    ]
    return state, changes
