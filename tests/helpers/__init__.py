"""Helpers shared by the test modules (tests never import other test modules)."""
