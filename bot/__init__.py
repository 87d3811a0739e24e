"""Imperative shells around the rules engine: storage, service, front ends and dice."""
