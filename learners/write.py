"""Learned rules as YAML in exactly the schema of ``rules/``, with provenance.

A linguist reviews, edits or deletes them like hand rules; ``depcheck.rules.load_rules``
loads the file like any other.  Examples are training sentences with the heads the rule
finds there, so the rule's own examples hold.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from depcheck.rules.schema import RuleFile

from .candidates import Cand
from .ga import LearnResult, Scorer

MAX_EXAMPLES = 3


def _examples(rule: Cand, scorer: Scorer, texts: list[str]) -> list[dict]:
    by_sentence: dict[int, list[int]] = {}
    for k, _, tok in sorted(scorer.matches(rule)):
        by_sentence.setdefault(k, []).append(tok)
    gold = scorer.gold
    # sentences where the rule's heads are labelled heads come first
    order = sorted(by_sentence, key=lambda k: (-sum((k, rule.role, t) in gold
                                                    for t in by_sentence[k]), k))
    out = []
    for k in order[:MAX_EXAMPLES]:
        doc = scorer.docs[k]
        out.append({"text": texts[k], "heads": [doc[t].text for t in by_sentence[k]]})
    return out


def rule_file(result: LearnResult, scorer: Scorer, texts: list[str], seed: int,
              prefix: str = "learned", merged_from: dict[Cand, int] | None = None) -> dict:
    """The YAML document (a dict) for the learned rules, validated against the schema."""
    merged_from = merged_from or {}
    total = scorer.fitness(result.rules)
    rules = []
    for n, rule in enumerate(result.rules, start=1):
        others = [r for r in result.rules if r != rule]
        matched = scorer.matches(rule)
        examples = _examples(rule, scorer, texts)
        if not examples:
            continue
        tp = len(matched & scorer.gold)
        entry = {
            "id": f"{prefix}-{rule.role}-{n:02d}",
            "kind": "path",
            "role": rule.role,
            "description": (f"Learned {rule.role} path: {tp} of {len(matched)} heads it finds "
                            "on the training split are labelled heads."),
            "pattern": rule.pattern,
        }
        if rule.capture != "end":
            entry["capture"] = rule.capture
        rules.append({
            **entry,
            "examples": examples,
            "provenance": {
                "learner": "deap",
                "seed": seed,
                "generation": result.first_seen.get(rule, result.generation),
                "fitness": round(total, 4),
                "sentences_matched": len({k for k, _, _ in matched}),
                "fitness_contribution": round(total - scorer.fitness(others), 4),
                "merged_from": merged_from.get(rule),
            },
        })
    doc = {"version": 1, "rules": rules}
    RuleFile.model_validate(doc)  # fail here, not when the checker loads the file
    return doc


def write_rules(path: str | Path, document: dict) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    header = ("# Learned by DepCheckerGA (learners/ga.py); review, edit or delete them.\n"
              "# Syntax: depcheck/rules/paths.py and rules/README.md.\n")
    path.write_text(header + yaml.safe_dump(document, sort_keys=False, allow_unicode=True,
                                            width=100), encoding="utf-8")
    return path
