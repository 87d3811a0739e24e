"""Random legal play for property tests and benchmarks (the test suite's own randomness).

A :class:`Playout` drives a game from any position with a seeded ``random.Random``: it
picks moves among the engine's own options (``legal_commands``, ``reachable``), answers
battle choices, and ends phases, so every command it sends is one a player could send.
Refused commands are allowed (they test that a refusal changes nothing); the checks
after each command are in :func:`check_invariants`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.atomic import LOADED_BOMB
from engine import (
    Event,
    FixedDice,
    GameState,
    RulesError,
    apply,
    format_command,
    legal_commands,
    parse_command,
)
from engine.combat.choices import by_orders
from engine.combat.phase import CombatPhase
from engine.combat.strikes import targets, zones
from engine.movement import reachable
from engine.notation import format_units
from engine.state import Unit
from engine.variants import STRATEGIC_REDEPLOYMENT

LOSS_EVENTS = ("lost", "destroyed")


class RandomDice:
    """Seeded dice for random games (tests only: the engine never rolls by itself)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.rolled = 0

    def roll(self, count: int, purpose: str) -> list[int]:
        self.rolled += count
        return [self.rng.randint(1, 6) for _ in range(count)]

    sealed = roll  # a sealed draw's faces are dice like any other here


@dataclass
class Playout:
    state: GameState
    rng: random.Random
    check: Callable[[GameState, GameState, str, tuple[Event, ...]], None] | None = None
    commands: int = 0
    refused: int = 0
    history: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.dice = RandomDice(self.rng)

    def send(self, line: str) -> bool:
        before = self.state
        try:
            outcome = apply(before, parse_command(line, before), self.dice)
        except RulesError:
            self.refused += 1
            return False
        self.commands += 1
        self.history.append(line)
        if self.check is not None:
            self.check(before, outcome.state, line, outcome.events)
        self.state = outcome.state
        return True

    # -- one phase at a time -----------------------------------------------------------------
    def play_rounds(self, rounds: int, max_commands: int = 20000) -> None:
        last = self.state.round + rounds
        while not self.state.is_over and self.state.round < last and self.commands < max_commands:
            self.step()

    def step(self) -> None:
        s = self.state
        if len(s.due) > 1 and self.rng.random() < 0.5:
            self.send(f'/focus power:"{s.rules.power_name(self.rng.choice(s.due))}"')
            s = self.state
        if s.window is not None:
            self._passive()
        elif s.combat is not None and s.combat.chooser() is not None:
            self._choose()
        elif s.phase == "develop_weapons":
            self._research()
        elif s.phase == "purchase":
            self._purchase()
        elif s.phase in ("combat_move", "noncombat_move"):
            self._moves()
        elif s.phase == "conduct_combat":
            self._battles()
        elif s.phase == "mobilize":
            self._mobilize()
        elif s.phase == "collect_income":
            self._lend()
            self._declare()
            self.send("/done")
        else:
            self.send("/done")

    def _passive(self) -> None:
        """In the passive side's window (``engine.passive``), make some of the moves the engine
        offers with the window's command, now and then one it refuses, and now and then use a
        National Advantage it offers there (Imperial Guard, Commissars...), then end the part."""
        self._strikes()
        offers = legal_commands(self.state)
        word = next(w for w in offers.commands if w not in ("done", "undo", "orders", "advantage"))
        name = self.state.board.name
        for ident, site in offers.advantages:
            if self.rng.random() < 0.5:
                self.send(f'/advantage use:"{self.state.rules.advantages.item(ident).name}" at:"{name(site)}"')
        groups = list(offers.moves)
        for group in self.rng.sample(groups, min(len(groups), self.rng.randint(0, 3))):
            (kind, count), = group.units
            dest = self.rng.choice(group.destinations)
            self.send(f'/{word} units:"{format_units(self.state.rules, ((kind, self.rng.randint(1, count)),))}" '
                      f'from:"{name(group.origin)}" to:"{name(dest)}"')
        self.send("/done")

    def _strikes(self) -> None:
        """Now and then launch the attacks of a revealed National Advantage the window takes
        (Kamikaze Attacks, ``engine.combat.strikes``) at one ship of a sea zone open to them."""
        s = self.state
        own = s.advantages.get(s.actor)
        for ident in own.revealed if own is not None else ():
            item = s.rules.advantages.item(ident)
            open_ = zones(s, s.actor, item) if item.strike is not None and item.declare == s.window.phase else []
            if open_ and self.rng.random() < 0.5:
                zone = self.rng.choice(open_)
                ship = self.rng.choice(targets(s, s.actor, zone))
                self.send(f'/advantage use:"{item.name}" at:"{s.board.name(zone)}" '
                          f'targets:"{format_units(s.rules, ((ship.kind, 1),))}"')

    def _research(self) -> None:
        """Now and then buy 1 to 3 research dice for a development the power lacks (003,
        Phase 1), or just dice where the die-face table picks (004 §17); the engine refuses
        what the treasury cannot pay."""
        s = self.state
        have = s.tech.get(s.turn, ())
        lacking = [d for d in s.rules.technology.developments if d.id not in have]
        if lacking and self.rng.random() < 0.5:
            dev = self.rng.choice(lacking)
            named = "" if s.rules.technology.method == "table" else f'tech:"{dev.name}" '
            self.send(f"/research {named}dice:{self.rng.randint(1, 3)}")
        self._share()
        self.send("/done")

    def _share(self) -> None:
        """Now and then pass a progress box of a minor technology to a partner (001 › Phase 7,
        Technology Deployment), where the rules let allies share; the engine refuses a box the
        giver lacks or a second one the same turn."""
        s = self.state
        tech = s.rules.technology
        partners = [p for p in s.rules.turn_order if tech.partners(s.turn, p)]
        minor = [d for d in tech.developments if d.boxes <= tech.minor_boxes]
        if partners and minor and self.rng.random() < 0.5:
            to, dev = self.rng.choice(partners), self.rng.choice(minor)
            self.send(f'/share tech:"{dev.name}" to:"{s.rules.power_name(to)}"')

    def _research_dice(self) -> None:
        """Where research fills progress boxes, now and then buy 1 or 2 research dice in
        Purchase (001 › Purchase Developments); the engine refuses more than the power may buy."""
        if self.state.rules.technology.method == "boxes" and self.rng.random() < 0.5:
            self.send(f"/research dice:{self.rng.randint(1, 2)}")

    def _purchase(self) -> None:
        if self.rng.random() < 0.15:
            self.send(f'/orders power:"{self.state.rules.power_name(self.state.turn)}" '
                      f'retreat_below:{self.rng.randint(0, 3)} decide:{self.rng.choice(["orders", "orders", "self"])} '
                      f'submerge:{self.rng.choice(["never", "always", "when_outnumbered"])}'
                      f'{" bomb:capacity" if self.state.rules.missions.air and self.commands % 2 else ""}')
        self._research_dice()
        self._advantages()
        if self.state.rules.atomic.played and self.rng.random() < 0.5:
            self.send("/atomic build:1")  # refused without Atomic Weaponry or the IPCs
        if self.state.rules.turns.passive and self.rng.random() < 0.5:
            # the other side's windows in a team turn (001 › Phase 3, DAS; › Phase 5, Reinforcement)
            self.send(f'/orders power:"{self.state.rules.power_name(self.state.turn)}" '
                      f'passive:{self.rng.choice(["pass", "ask", "ask"])}')
        for _ in range(self.rng.randint(0, 4)):
            options = legal_commands(self.state).buyable
            if not options:
                break
            kind = self.rng.choice(options)
            self.send(f'/buy units:"{self.rng.randint(1, 3)} {kind}"')
        self.send("/done")

    def _advantages(self) -> None:
        """Where National Advantages are played (001 › Appendix: National Advantages), draw the
        items owed and now and then reveal one drawn, so battles are fought with items in
        force; the engine refuses a draw not owed or an empty pool."""
        s = self.state
        if not s.options.get("national_advantages"):
            return
        self.send("/advantage draw:1")
        own = self.state.advantages.get(s.turn)
        hidden = [i for i in own.drawn if i not in own.revealed] if own is not None else []
        if hidden and self.rng.random() < 0.5:
            self.send(f'/advantage reveal:"{s.rules.advantages.item(self.rng.choice(hidden)).name}"')

    def _declare(self) -> None:
        """Now and then declare a revealed National Advantage declared in this phase (Russian
        Winter in Collect Income; Banzai Attacks for a battle still to fight); the engine
        refuses a second declaration, or one for a battle that is not of infantry alone."""
        s = self.state
        own = s.advantages.get(s.turn)
        for ident in own.revealed if own is not None else ():
            item = s.rules.advantages.item(ident)
            if item.declare != s.phase or self.rng.random() < 0.5:
                continue
            if not item.per_battle:
                self.send(f'/advantage use:"{item.name}"')
            elif s.combat is not None and s.combat.entries:
                at = s.board.name(self.rng.choice(list(s.combat.entries)).space)
                self.send(f'/advantage use:"{item.name}" at:"{at}"')

    def _use_in_mobilize(self) -> None:
        """Now and then use a revealed National Advantage used in Mobilize New Units: free units
        at one of its sites, or a conversion of some units where the power has them (the engine
        refuses one before its round, past its most, or where the condition fails)."""
        s = self.state
        own = s.advantages.get(s.turn)
        for ident in own.revealed if own is not None else ():
            item = s.rules.advantages.item(ident)
            if item.kind not in ("free", "convert") or self.rng.random() < 0.5:
                continue
            if item.kind == "free":
                at = f' at:"{s.board.name(self.rng.choice(item.sites))}"' if item.sites else ""
                self.send(f'/advantage use:"{item.name}"{at}')
                continue
            kinds = set(item.units)
            spaces = sorted({u.space for u in s.units_of(s.turn) if u.kind in kinds and u.aboard is None})
            if spaces:
                at = s.board.name(self.rng.choice(spaces))
                self.send(f'/advantage use:"{item.name}" at:"{at}" count:{self.rng.randint(1, 3)}')

    def _moves(self) -> None:
        s = self.state
        mine = sorted({(u.space, u.kind) for u in s.units_of(s.turn)
                       if not s.rules.spec(u.kind).structure and u.aboard is None})
        self.rng.shuffle(mine)
        tries = self.rng.randint(0, 6) if s.phase == "combat_move" else self.rng.randint(2, 10)
        for space, kind in mine[:tries]:
            n = sum(1 for u in self.state.units_at(space) if u.owner == s.turn and u.kind == kind and u.aboard is None)
            if n == 0:
                continue
            group = ((kind, self.rng.randint(1, n)),)
            targets = reachable(self.state, space, group)
            if targets:
                dest = self.rng.choice(targets)
                name = self.state.board.name
                line = f'/move units:"{format_units(s.rules, group)}" from:"{name(space)}" to:"{name(dest)}"'
                if not (s.phase == "combat_move" and self._mission(line, kind)):
                    self.send(line)
        self._carry()
        if s.phase == "combat_move":
            self._rockets()
            self._drop_bombs()
        else:
            self._redeploy()
            self._dock()
            self._load_bombs()
        if not self.send("/done"):
            self._land_air_then_done()

    def _carry(self) -> None:
        """Now and then fly aircraft that carry land units with one of them each: AARHE's
        Airborne Drop in Combat Move, Air Transport in Noncombat Move (001 › Phase 3 and
        Phase 5); the engine refuses what the aircraft or the destination do not allow."""
        s = self.state
        field = "airborne_drop" if s.phase == "combat_move" else "air_transport"
        rng = random.Random(self.commands)  # not self.rng: the game's other choices stay as they were
        for u in sorted(s.units_of(s.turn), key=lambda x: x.id):
            what = getattr(s.rules.spec(u.kind), field)
            riders = [r for r in s.units_at(u.space) if r.owner == s.turn and r.aboard is None and not r.path
                      and (r.kind == what or s.rules.spec(r.kind).transport_size == what)]
            if not what or not riders or u.path or rng.random() < 0.7:
                continue
            targets = reachable(self.state, u.space, ((u.kind, 1),))
            if targets:
                name = s.board.name
                self.send(f'/move units:"1 {u.kind}, 1 {riders[0].kind}" from:"{name(u.space)}" '
                          f'to:"{name(rng.choice(targets))}"')

    def _drop_bombs(self) -> None:
        """Now and then fly each bomber carrying an atomic bomb on an atomic attack at a
        territory it can reach (001 › Phase 7, Atomic Weaponry); the engine refuses one that
        is not hostile or has an atomic attack already."""
        s = self.state
        atomic = [m for m in s.rules.missions.air if m.effect == "atomic"]
        armed = sorted((u for u in s.units_of(s.turn) if u.has(LOADED_BOMB) and not u.path), key=lambda u: u.id)
        for u in armed if atomic else ():
            targets = reachable(self.state, u.space, ((u.kind, 1),))
            if targets and self.rng.random() < 0.6:
                name = s.board.name
                self.send(f'/move units:"1 {u.kind}" from:"{name(u.space)}" to:"{name(self.rng.choice(targets))}" '
                          f"mission:{atomic[0].id}")

    def _load_bombs(self) -> None:
        """Where the rules have atomic bombs (001 › Phase 7, Atomic Weaponry), try to load one
        at each territory of the power's bombers; the engine refuses without a bomb ready, Heavy
        Bomber, a complex there or a bomber free to take it."""
        s = self.state
        if not s.rules.atomic.played:
            return
        for space in sorted({u.space for u in s.units_of(s.turn) if s.rules.spec(u.kind).strategic_bomber}):
            self.send(f'/atomic load:"{s.board.name(space)}"')

    def _mission(self, line: str, kind: str) -> bool:
        """Now and then fly an air move as one of the rule system's air missions (AARHE, 001 ›
        Phase 4, Air Missions); the engine refuses a mission the aircraft or the territory
        cannot fly, and the move is then made as it was."""
        s = self.state
        missions = s.rules.missions.air
        if not missions or not s.rules.spec(kind).is_air:
            return False
        rng = random.Random(self.commands)  # not self.rng: the game's other choices stay as they were
        if rng.random() < 0.5:
            return False
        return self.send(f"{line} mission:{rng.choice(missions).id}")

    def _rockets(self) -> None:
        """Fire some of the rockets the engine offers (Revised, with the development)."""
        name = self.state.board.name
        for origin, target in legal_commands(self.state).rockets:
            if self.rng.random() < 0.5:
                self.send(f'/rocket from:"{name(origin)}" target:"{name(target)}"')

    def _redeploy(self) -> None:
        """Where the game plays Strategic Redeployment (001 › Phase 5), now and then send some
        land units from one of the power's victory cities to another friendly one; the engine
        refuses a city out of reach, units that cannot go and points that have run out."""
        s = self.state
        if not s.rules.variant.enabled(STRATEGIC_REDEPLOYMENT) or self.rng.random() < 0.3:
            return
        cities = [t for t, sp in s.board.spaces.items() if sp.victory_city and s.board.allies(s.owners.get(t), s.turn)]
        land = sorted({(u.space, u.kind) for u in s.units_of(s.turn) if u.space in cities and u.aboard is None
                       and s.rules.spec(u.kind).is_land and not s.rules.spec(u.kind).structure})
        for space, kind in self.rng.sample(land, min(5, len(land))):
            dest = self.rng.choice(cities)
            name = s.board.name
            self.send(f'/redeploy units:"{self.rng.randint(1, 2)} {kind}" from:"{name(space)}" to:"{name(dest)}"')

    def _lend(self) -> None:
        """Where the power sends lend-lease (001 › Phase 1, Lend-Lease), now and then send
        some to a recipient, sometimes more than is left of the turn's most; the engine
        refuses too much, too little in the treasury, and a recipient no path reaches."""
        s = self.state
        table = s.rules.lend_lease
        if s.turn not in table.senders:
            return
        rng = random.Random(self.commands)  # not self.rng: the game's other choices stay as they were
        for _ in range(rng.randint(0, 2)):
            to = s.rules.power_name(rng.choice(table.recipients))
            self.send(f'/lendlease ipcs:{rng.randint(1, table.most)} to:"{to}"')

    def _dock(self) -> None:
        """Where neutrals have a track of cooperation (001 › Phase 8), now and then dock the
        power's ships at a neutral next to them; the engine refuses a neutral not leaning
        toward the power's side, or one its ships left this turn."""
        s = self.state
        if not s.cooperation or self.rng.random() < 0.5:
            return
        board = s.board
        zones = {u.space for u in s.units_of(s.turn) if board.spaces[u.space].is_sea and u.aboard is None}
        near = sorted({(n, z) for z in zones for n in board.neighbours(z) if n in s.cooperation})
        for neutral, zone in self.rng.sample(near, min(2, len(near))):
            self.send(f'/dock neutral:"{board.name(neutral)}" sea:"{board.name(zone)}"')

    def _land_air_then_done(self) -> None:
        """A refused /done in Noncombat Move names air units that can still land: land them."""
        s = self.state
        for u in list(s.units_of(s.turn)):
            spec = s.rules.spec(u.kind)
            if not spec.is_air or u.aboard is not None:
                continue
            for dest in reachable(self.state, u.space, ((u.kind, 1),)):
                if self.send(f'/move units:"1 {u.kind}" from:"{s.board.name(u.space)}" to:"{s.board.name(dest)}"'):
                    break
        if not self.send("/done"):
            self._fetch_air_with_carriers()
        if not self.send("/done"):
            # Combat Move refused (e.g. cargo loaded for an assault that is not declared): undo to the start.
            while self.send("/undo"):
                pass
            self.send("/done")

    def _fetch_air_with_carriers(self) -> None:
        """Fighters out of range can still be picked up: send a carrier to them."""
        s = self.state
        stranded = sorted({u.space for u in s.units_of(s.turn)
                           if s.rules.spec(u.kind).is_air and u.aboard is None and s.board.spaces[u.space].is_sea})
        for zone in stranded:
            carriers = [u for u in self.state.units_of(s.turn) if s.rules.spec(u.kind).carrier_capacity]
            for carrier in sorted(carriers, key=lambda u: u.id):
                if zone in reachable(self.state, carrier.space, ((carrier.kind, 1),)) and self.send(
                        f'/move units:"1 {carrier.kind}" from:"{s.board.name(carrier.space)}" '
                        f'to:"{s.board.name(zone)}"'):
                    break

    def _battles(self) -> None:
        combat = self.state.combat
        if combat is not None and combat.current is None and combat.entries:
            self._declare()
            combat = self.state.combat
        if combat is not None and combat.current is None and combat.entries:
            entry = self.rng.choice(list(combat.entries))
            if not self.send(f'/battle territory:"{self.state.board.name(entry.space)}"'):
                self.send(f'/battle territory:"{self.state.board.name(combat.entries[0].space)}"')
        elif combat is not None and combat.current is not None:
            self.send(f'/battle territory:"{self.state.board.name(combat.current.space)}"')
        else:
            self.send("/done")

    def _choose(self) -> None:
        pending = self.state.combat.current.pending  # type: ignore[union-attr]
        s = self.state
        if pending.kind == "retreat":
            if self.rng.random() < 0.7 or not self._retreat():
                self.send("/press")
            return
        if pending.kind == "naval_retreat":
            # AARHE's Retreat Decision: press on, break off (the battle's own zone) or retreat,
            # now and then only one unit.
            zones = list(legal_commands(s).retreats)
            ships = [s.units[i] for i in pending.among if i in s.units and s.rules.spec(s.units[i].kind).is_sea]
            if ships and len(zones) > 1 and self.rng.random() < 0.15:
                some = f' units:"1 {self.rng.choice(ships).kind}"'
                if self.send(f'/retreat to:"{s.board.name(self.rng.choice(zones[1:]))}"{some}'):
                    return
            if self.rng.random() < 0.6 or not self.send(f'/retreat to:"{s.board.name(self.rng.choice(zones))}"'):
                self.send("/press")
            return
        if pending.kind in ("targets", "asw") and self.rng.random() < 0.5:
            self.send("/press")
            return
        if pending.kind in ("atomic_groups", "atomic_strike"):
            self._atomic(pending.kind, [s.units[i] for i in pending.among if i in s.units], pending.hits[0][0])
            return
        if pending.kind == "submerge" and self.rng.random() < 0.5:
            subs = [s.units[i] for i in pending.among if i in s.units]
            group = {subs[0].kind: self.rng.randint(1, len(subs))}
            if self.send(f'/submerge units:"{format_units(self.state.rules, group)}"'):
                return
        if pending.kind in ("submerge", "intercept") or (pending.kind == "bomb" and self.rng.random() < 0.5):
            self.send("/press")
            return
        among = [s.units[i] for i in pending.among if i in s.units]
        due = sum(n for n, _ in pending.hits)
        for attempt in range(60):
            self.rng.shuffle(among)
            size = max(1, min(due, len(among)) - attempt // 20)
            pick: dict[str, int] = {}
            for u in among[:size]:
                pick[u.kind] = pick.get(u.kind, 0) + 1
            if self.send(f'/casualties units:"{format_units(self.state.rules, pick)}"'):
                return
        if pending.kind in ("targets", "asw") and self.send("/press"):
            return
        if pending.kind == "casualties" and self.send(f'/casualties units:"{self._by_orders()}"'):
            return  # the random picks missed the few legal ones (AARHE's hit rules): the orders' pick
        raise AssertionError(f"no casualty choice accepted for {pending}")

    def _atomic(self, kind: str, units: list[Unit], groups: int) -> None:
        """An atomic attack's choices (001 › Phase 7, Atomic Weaponry): the defender's units in
        random groups, or a random group struck; now and then the standing orders (/press)."""
        if self.rng.random() < 0.3:
            self.send("/press")
        elif kind == "atomic_strike":
            self.send(f"/atomic strike:{self.rng.randint(1, groups)}")
        else:
            self.rng.shuffle(units)
            parts = [format_units(self.state.rules, Counter(u.kind for u in units[i::groups])) for i in range(groups)]
            self.send(f'/atomic groups:"{" | ".join(parts)}"')

    def _by_orders(self) -> str:
        """The casualties the chooser's standing orders would give, as a /casualties names them."""
        s = self.state
        assert isinstance(s.combat, CombatPhase) and s.combat.current is not None
        chooser = s.combat.current.pending.chooser if s.combat.current.pending else s.turn
        ordered = s.evolve(orders={**s.orders, chooser: {**s.orders.get(chooser, {}), "decide": "orders"}})
        answer = by_orders(ordered, s.combat)
        assert answer is not None and answer[0] == "casualties"
        return format_units(s.rules, answer[1])

    def _retreat(self) -> bool:
        s = self.state
        b = s.combat.current  # type: ignore[union-attr]
        places = {u.came_from for u in s.units_at(b.space) if u.owner == b.attacker and u.came_from}
        offered = list(legal_commands(s).retreats)
        among = [s.units[i] for i in b.pending.among if i in s.units]  # type: ignore[union-attr]
        for place in [*offered, *sorted(p for p in places if p and p not in offered)]:
            # Where a part of the force may retreat (AARHE's land cycle), sometimes one unit.
            if among and self.rng.random() < 0.5 and self.send(
                    f'/retreat to:"{s.board.name(place)}" units:"1 {self.rng.choice(among).kind}"'):
                return True
            if self.send(f'/retreat to:"{s.board.name(place)}"'):
                return True
        return False

    def _mobilize(self) -> None:
        s = self.state
        self._use_in_mobilize()
        for kind, n in sorted(s.purchased.items()):
            spots = list(legal_commands(self.state).placements)
            self.rng.shuffle(spots)
            spec = s.rules.spec(kind)
            for spot in spots:
                targets = [spot]
                if spec.is_sea:
                    targets = [z for z in s.board.neighbours(spot) if s.board.spaces[z].is_sea]
                for t in targets:
                    if self.send(f'/place units:"{n} {kind}" territory:"{s.board.name(t)}"'):
                        break
                else:
                    continue
                break
        if not self.send("/done"):
            for kind, n in sorted(self.state.purchased.items()):
                for spot in legal_commands(self.state).placements:
                    for t in [spot, *self.state.board.neighbours(spot)]:
                        for _ in range(n):
                            self.send(f'/place units:"1 {kind}" territory:"{self.state.board.name(t)}"')
            self.send("/done")


def replay(start: GameState, lines: list[str], faces: list[int]) -> GameState:
    state = start
    dice = FixedDice(faces)
    for line in lines:
        state = apply(state, parse_command(line, state), dice).state
    return state


__all__ = ["LOSS_EVENTS", "Playout", "RandomDice", "format_command", "replay"]
