"""Tests of the auditable dice."""
