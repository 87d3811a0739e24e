"""Imperative shells around the rules engine: storage, service, front ends and dice."""

import os

# The exact odds (engine.odds) multiply small matrices: BLAS threads gain nothing there,
# and on a busy machine they contend (a 150x150 solve goes from 0.3 ms to 10 ms). Set
# before anything loads numpy; an explicit setting in the environment wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
