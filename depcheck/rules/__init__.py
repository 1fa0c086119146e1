"""Rules as data: loading, validation and compilation of the YAML rule files."""

from .loader import Rule, RuleSet, load_rules

__all__ = ["Rule", "RuleSet", "load_rules"]
