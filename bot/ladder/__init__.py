"""Competitive play around the games: players, results, ratings, sealed bids, tournaments.

The pure parts (``outcome``, ``ratings``, ``bids``, ``pairing``, ``standings``) know no
database and are tested directly; ``results`` and ``desk`` are the shell that stores and
serves them.
"""
