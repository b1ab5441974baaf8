"""Tests of the table engine."""
