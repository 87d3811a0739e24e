"""The economy of a turn beyond buying and placing (001, Phase 1: Collect Income).

``income``: the Collect Income phase, an account of every IPC collected or lost with its
reason; ``ledger``: what is remembered for a later Collect Income; ``attacks``: economic
attacks and production interruption; ``paths``: IPC paths and convoy raids; ``logistics``:
fees for moving by sea and into desert; ``lendlease``: IPCs sent to allies; ``scorched``:
AARHE's scorched earth. The package imports nothing itself, so the state can hold a ledger.
"""
