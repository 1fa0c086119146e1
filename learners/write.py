"""Learned rules as YAML in exactly the schema of ``rules/``, with provenance.

A learned path is written as a frame (``kind: frame``) in path shorthand: its ``pattern``,
the ``role`` of the mention it finds, and ``bind``, the slots its anchor and its end tokens
fill (the anchor is the ``cue`` that licenses the mention, the end the slot of its role;
an anchor-capturing rule binds the anchor to its role's slot).  The checker runs it as a
path rule for mentions and as a frame for slots.  A linguist reviews, edits or deletes
them like hand rules; ``depcheck.rules.load_rules`` loads the file like any other.
Examples are training sentences with the heads the rule finds there and the slots one of
its matches binds, so the rule's own examples hold.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from depcheck.frames import ROLE_SLOTS
from depcheck.rules.paths import compile_path, walk
from depcheck.rules.schema import RuleFile

from .candidates import Cand
from .ga import LearnResult, Scorer

MAX_EXAMPLES = 3
# the hypothesis kind (and evaluator) of a learned mention, by role
ROLE_YIELDS = {"entity": "entity"}


def binding(rule: Cand) -> dict:
    """The ``bind`` block of a learned path: which slots its anchor and end tokens fill."""
    slot = ROLE_SLOTS[rule.role]
    return {"anchor": slot} if rule.capture == "anchor" else {"anchor": "cue", "end": slot}


def first_slots(rule: Cand, doc) -> dict | None:
    """The slots the frame binds at its first anchor in ``doc`` (as the checker walks it)."""
    path = compile_path(rule.pattern, max_nodes=len(rule.parts))
    bind = binding(rule)
    for tok in doc:
        if not path.anchor(tok):
            continue
        ends = [t.text for t in walk(path, tok) if t.i != tok.i] if path.steps else []
        if path.steps and not ends:
            continue
        slots = {bind["anchor"]: tok.text}
        if "end" in bind:
            slots[bind["end"]] = ends
        return slots
    return None


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
        example = {"text": texts[k], "heads": [doc[t].text for t in by_sentence[k]]}
        slots = first_slots(rule, doc)
        if slots:
            example["slots"] = slots
        out.append(example)
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
        kind = ROLE_YIELDS.get(rule.role, "fact")
        entry = {
            "id": f"{prefix}-{rule.role}-{n:02d}",
            "kind": "frame",
            "role": rule.role,
            "yields": kind,
            "evaluator": kind,
            "description": (f"Learned {rule.role} path: {tp} of {len(matched)} heads it finds "
                            "on the training split are labelled heads."),
            "pattern": rule.pattern,
        }
        if rule.capture != "end":
            entry["capture"] = rule.capture
        entry["bind"] = binding(rule)
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
              "# Frames in path shorthand: depcheck/rules/paths.py and rules/README.md.\n")
    path.write_text(header + yaml.safe_dump(document, sort_keys=False, allow_unicode=True,
                                            width=100), encoding="utf-8")
    return path
