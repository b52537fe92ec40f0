"""Tests of the rules engine, ``wizardcards.core`` (a package so its helpers import without name clashes)."""
