"""Placeholder until the held-out scenarios are written (they are written apart from dev.py)."""
SCENARIOS: list = []
