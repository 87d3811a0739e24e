"""Auditable dice: commit-reveal seeds, player entropy, derived rolls and a hash-chained log.

The protocol is specified byte for byte in ``docs/dice.md``; ``tools/verify_dice.py`` is an
independent standard-library implementation of the verifier.
"""
