"""Blueprints, one per concern: checking, table catalogs, rules, operations."""
