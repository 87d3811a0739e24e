"""Phase 3, Conduct Combat, of Axis & Allies 1942 Second Edition (000, "Phase 3: Conduct
Combat"): strategic bombing raids, amphibious assaults and general combat, as explicit
steps that stop only where a player must choose.

Entry points (called by ``engine.game``): :func:`start_combat`, :func:`battle`,
:func:`casualties`, :func:`retreat`, :func:`press`, :func:`submerge`,
:func:`end_conduct_combat`, :func:`set_orders`, :func:`combat_from_json`.

Modules: ``phase`` (the phase value), ``start`` (battles from the board), ``sequence``
(the step registry and the order the rule system gives), ``steps`` (land and sea battle
steps), ``raids``, ``amphibious`` (bombardment), ``hits`` (who may take
which hit, order of loss), ``choices`` (standing orders versus in person), ``orders``,
``odds``, ``conclude`` (step 7), ``landing`` (fighters without a base), ``handlers``;
AARHE's land cycle (001 › Phase 4): ``air`` (who holds the air, dogfight and supremacy
values, anti-air), ``land_cycle`` (the cycle's fire and its end), ``assault`` (an amphibious
assault's 1st cycle), ``land_retreat`` (both sides' retreat decisions); AARHE's sea cycle:
``naval`` (the sea battle's cycle, 001 › Naval Combat: Sequence) and ``breakoff`` (its
Retreat Decision).

Referee rulings where the rulebook leaves a gap (each cited where it is applied):

- Multinational defenders: the territory's owner (else the first defending power in turn
  order) chooses for all defenders, by its standing orders or in person; this is how the
  engine settles "if they cannot agree" (000, Multinational Forces).
- More ships sent to bombard than land units came ashore: the strongest bombard.
- A retreat zone for sea units must be free of enemy surface warships and pending battles
  now (the rulebook asks "friendly at the start of the turn").
- Submarines facing only aircraft (or the reverse), with no destroyer: nobody can hit
  anybody, so the battle ends there ("stalemate").
- Fighters left without a carrier or base move at ``/done`` of Conduct Combat: own
  territory first, then an ally's, then a carrier with room, alphabetically.
- ``/casualties`` names hits per unit kind; hits on a kind go first where they do not
  destroy (a battleship's first hit). The interceptors of a raid, when asked, are named
  with ``/casualties`` (or ``/press`` for all); ``/press`` also answers "do not submerge".

Events (``Event.type`` and data; counts are ``{unit kind: n}``, spaces and powers are
display names):

- ``battles``: ``battles`` [{space, step, kind}] still to fight, on entering the phase.
- ``battle_start``: space, combat (``land``/``sea``/``raid``), amphibious, attacker,
  attackers (counts), defenders ({power: counts}), seaborne (counts).
- ``roll``: space, round, side, source (``fire``, ``surprise``, ``antiaircraft``,
  ``bombard``, ``intercept``, ``raid_defense``, ``bombing``, AARHE's ``anti_air_search``
  and ``anti_air_attack`` of Infrastructure Defense; AARHE at sea ``asw_search``,
  ``selective``, ``anti_air``), units (counts), value
  (hits on this or less), dice (faces), hits, rule (who the hits may fall on), purpose
  (the dice purpose, e.g. ``Ukraine S.S.R. r2 attacker 3 infantry @1``).
- ``casualties``: space, round, side, units (destroyed or moved behind the strip),
  damaged, cargo (lost aboard), source, hits, chosen_by (power), by (``in person``,
  ``standing orders``, ``no choice`` or ``rules`` for defenseless transports), immediate
  (true: removed now; false: behind the casualty strip until ``removed``).
- Every choice event made by standing orders also carries ``order``: the standing order
  that decided (``order of loss: tank, then cheapest first``, ``retreat below 3 units:
  2 left``).
- ``removed``: the defender's casualties leave the strip (space, round, units, cargo); in an
  AARHE sea battle both sides'.
- ``submerge``, ``intercept``: side/units, chosen_by, by. ``press``: chosen_by, by.
- ``withdraw``: submarines leave for another zone (side, units, to, chosen_by, by; no
  units when the side keeps them in the battle).
- ``retreat``: to, units, chosen_by, by; in AARHE's battles also side (either side
  retreats; in a land cycle ``to`` may list several places; at sea ``by`` is ``rules`` for
  aircraft that must retreat, no carrier having room). ``press`` of a defender holding in
  AARHE's cycle: also side.
- ``anti_air``: AARHE's Infrastructure Defense fire: space, round, side (whose units were
  fired at), units (destroyed), retreating (forced to retreat); cargo (lost with a ship sunk).
- AARHE at sea: ``detected`` (submarines an ASW search found: side whose they are, units),
  ``targets`` (the targets of selective fire, the undetected submarines' or the jet fighters':
  side, units, chosen_by, by), ``asw``
  (units allocated to ASW attack: side, units, chosen_by, by), ``break_off`` (side,
  chosen_by, by); ``press`` also carries side.
- ``repair``: battleships return upright. ``landing``: cargo goes ashore after a won sea
  battle. ``destroyed``: lonely AAA removed.
- ``bombing``: rolled, applied, damage (total), cap.
- Air missions (``engine.combat.missions``): ``battle_start`` also carries ``missions``
  ({mission name: counts}); rolls of sources ``damage``, ``capacity damage``,
  ``interdiction``, ``rail`` and ``dogfight``; ``anti_air`` (space, round, side, units
  destroyed, retreating); ``capacity`` (space, rolled, applied, capacity, cap); ``rail``
  (space, victim, rolled, applied); ``interdiction`` and ``counter_air`` (space, units).
- An atomic attack (``engine.combat.atomic``): rolls of source ``atomic``; ``atomic``
  (space, rolled, lost, left: the territory's income lost for good and what is left),
  ``atomic_groups`` (space, by, groups: counts per group), ``atomic_strike`` (space, by,
  group, units), ``atomic_losses`` (space, lost).
- ``forced`` (``engine.combat.passage``, as the phase begins): space, units (the mover's
  ships forced to stop and fight there); its rolls have source ``passage``.
- ``strait`` (Strait Interdiction as the phase begins, ``engine.combat.straits``): strait,
  space (the guarding territory), power (its holder), victim, value, dice, units (sunk),
  cargo, purpose.
- ``battle_end``: outcome (``attacker``, ``defender``, ``none``, ``stalemate``,
  ``retreat``, ``raid``, ``break_off``), rounds, captured, attackers, defenders (counts left).
- ``rocket_ready`` (``/rocket`` in Combat Move: power, origin, space) and ``rocket`` (its
  strike when the phase begins: origin, space, power, victim, rolled, applied, cap,
  treasury; where rockets strike the next income, no treasury, and a ``bombing`` event
  follows), ``engine.combat.rockets``.
- ``capture``, ``liberate``, ``plunder`` (``engine.control``); ``reland``, ``lost``
  (fighters without a base, at ``/done``); ``orders`` (standing orders shown or set).
"""

from __future__ import annotations

from .handlers import atomic_answer, battle, casualties, end_conduct_combat, press, retreat, submerge
from .orders import set_orders, weighs_odds
from .phase import CombatPhase, combat_from_json
from .start import start_combat

__all__ = [
    "CombatPhase", "atomic_answer", "battle", "casualties", "combat_from_json", "end_conduct_combat", "press", "retreat",
    "set_orders", "start_combat", "submerge", "weighs_odds",
]
