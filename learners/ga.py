"""DepCheckerGA: search rule sets of candidate paths with DEAP.

Individuals are rule sets of 1-8 candidates.  Fitness combines head recall and token
precision (F-beta) of the heads the rules find on the training parses, minus a penalty per
rule.  Each generation:
tournament selection (k = 10, with replacement), crossover swapping one rule, mutation of one
rule (generalize a step, add or drop a star, drop a step, swap a label), merging of the most
closely aligned pair of rules (Needleman-Wunsch), and removal of rules wholly entailed by
another rule.  The best set is pruned of rules that add no recall; :func:`msa_compress`
merges clusters of rules by progressive multiple alignment.

Learned paths are compiled by :func:`depcheck.rules.paths.compile_path` and run by
:func:`depcheck.rules.paths.walk`, the matcher of the hand rules.  Every random choice draws
from one ``random.Random(seed)``; sets are sorted before choosing, so a seed reproduces a run.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from deap import base, creator, tools

from depcheck.rules.paths import compile_path, walk

from .align import join_step, merge_paths, msa_merge, path_score, split_step
from .candidates import MAX_NODES, Cand, candidates, is_valid
from .spans import Sentence, gold_heads

Match = tuple[int, str, int]  # (sentence, role, token)


@dataclass(frozen=True)
class GAConfig:
    population: int = 40
    generations: int = 30
    min_rules: int = 1
    max_rules: int = 8
    tournament_k: int = 10
    p_crossover: float = 0.5
    p_mutation: float = 0.6
    p_merge: float = 0.2
    p_insert: float = 0.6
    rule_penalty: float = 0.002
    beta: float = 1.0
    target_fitness: float = 0.95
    seed: int = 0


class Scorer:
    """Matches of candidate rules on training parses, cached per pattern."""

    def __init__(self, docs, sentences: list[Sentence], limit: int = 64):
        self.docs = list(docs)
        self.limit = limit
        self.gold: frozenset[Match] = frozenset(
            (k, role, tok) for k, (doc, sent) in enumerate(zip(self.docs, sentences, strict=True))
            for role, tok in gold_heads(doc, sent))
        self._cache: dict[Cand, frozenset[Match]] = {}
        self.penalty = 0.005
        self.beta = 1.0

    def matches(self, cand: Cand) -> frozenset[Match]:
        hit = self._cache.get(cand)
        if hit is None:
            path = compile_path(cand.pattern, max_nodes=MAX_NODES)
            found = set()
            for k, doc in enumerate(self.docs):
                for tok in doc:
                    if path.anchor(tok):
                        found.update((k, cand.role, end.i) for end in walk(path, tok, self.limit)
                                     if end.i != tok.i)
            hit = self._cache[cand] = frozenset(found)
        return hit

    def recall_precision(self, rules) -> tuple[float, float]:
        pred: set[Match] = set()
        for rule in rules:
            pred |= self.matches(rule)
        tp = len(pred & self.gold)
        return tp / max(1, len(self.gold)), (tp / len(pred) if pred else 0.0)

    def fitness(self, rules, penalty: float | None = None) -> float:
        # recall and precision combined as F-beta: a plain sum rewards one exact rule that
        # finds three heads (precision 1.0) over any rule set of useful recall
        recall, precision = self.recall_precision(rules)
        pen = self.penalty if penalty is None else penalty
        b2 = self.beta ** 2
        f = (1 + b2) * precision * recall / (b2 * precision + recall) if recall else 0.0
        return f - pen * len(rules)


# ---- operators on single rules -------------------------------------------------------------

def _generalize(parts: list[str], rng: random.Random, vocab) -> list[str]:
    i = rng.randrange(len(parts))
    if i == 0:
        parts[0] = "."
        return parts
    up, arc, test, star = split_step(parts[i])
    parts[i] = join_step(up, arc, None, star) if test else join_step(up, ".", None, star)
    return parts


def _toggle_star(parts, rng, vocab):
    i = rng.randrange(1, len(parts))
    up, arc, test, star = split_step(parts[i])
    parts[i] = join_step(up, arc, test, not star)
    return parts


def _drop_step(parts, rng, vocab):
    if len(parts) > 2:
        del parts[rng.randrange(1, len(parts))]
    return parts


def _swap_label(parts, rng, vocab):
    i = rng.randrange(len(parts))
    if i == 0:
        parts[0] = rng.choice(vocab["anchors"])
        return parts
    up, arc, test, star = split_step(parts[i])
    parts[i] = join_step(up, rng.choice(vocab["labels"]), test, star)
    return parts


MUTATIONS: tuple[Callable, ...] = (_generalize, _toggle_star, _drop_step, _swap_label)


def mutate_rule(cand: Cand, rng: random.Random, vocab) -> Cand:
    """One mutation of one rule; an invalid result leaves the rule as it was."""
    for _ in range(3):
        op = rng.choice(MUTATIONS)
        parts = tuple(op(list(cand.parts), rng, vocab))
        if parts != cand.parts and is_valid(parts):
            return Cand(cand.role, parts)
    return cand


# ---- operators on rule sets ----------------------------------------------------------------

def remove_entailed(rules: list[Cand], scorer: Scorer) -> list[Cand]:
    """Drop rules whose matches lie inside another single rule's matches (same role)."""
    order = sorted(set(rules), key=lambda r: (-len(scorer.matches(r)), len(r.parts), r))
    kept: list[Cand] = []
    for rule in order:
        mine = scorer.matches(rule)
        if not mine and kept:
            continue
        if any(mine <= scorer.matches(k) for k in kept):
            continue
        kept.append(rule)
    return kept


def merge_closest(rules: list[Cand]) -> list[Cand]:
    """Add the Needleman-Wunsch merge of the most closely aligned same-role pair."""
    pairs = sorted(((-path_score(a.parts, b.parts), a, b) for i, a in enumerate(rules)
                    for b in rules[i + 1:] if a.role == b.role), key=lambda t: (t[0], t[1], t[2]))
    for _, a, b in pairs:
        merged = merge_paths(a.parts, b.parts)
        if merged and is_valid(merged):
            return [*rules, Cand(a.role, merged)]
    return rules


def prune(rules: list[Cand], scorer: Scorer) -> list[Cand]:
    """Remove rules that add no true head the others do not already find."""
    kept = list(rules)
    for rule in sorted(rules, key=lambda r: (len(scorer.matches(r) & scorer.gold), r)):
        others = [r for r in kept if r != rule]
        if not others:
            break
        covered = set().union(*(scorer.matches(r) for r in others)) & scorer.gold
        if (scorer.matches(rule) & scorer.gold) <= covered:
            kept = others
    return kept


def msa_compress(rules: list[Cand], scorer: Scorer, tolerance: float = 0.02
                 ) -> tuple[list[Cand], dict[Cand, int]]:
    """Merge same-role clusters by progressive multiple alignment while fitness holds.

    Returns the rules and, for each merged rule, how many rules it replaced.
    """
    floor = scorer.fitness(rules) - tolerance
    rules = list(rules)
    merged_from: dict[Cand, int] = {}
    changed = True
    while changed:
        changed = False
        pairs = sorted((-path_score(a.parts, b.parts), a, b) for i, a in enumerate(rules)
                       for b in rules[i + 1:] if a.role == b.role)
        for _, a, b in pairs:
            cluster, best = [a, b], None
            merged = msa_merge([a.parts, b.parts])
            if merged and is_valid(merged):
                trial = [r for r in rules if r not in cluster] + [Cand(a.role, merged)]
                if scorer.fitness(trial) >= floor:
                    best = (cluster, trial, Cand(a.role, merged))
            if best is None:
                continue
            rest = sorted((r for r in rules if r.role == a.role and r not in cluster),
                          key=lambda r: (-path_score(best[2].parts, r.parts), r))
            for extra in rest:  # grow the cluster: one alignment of all its members
                bigger = best[0] + [extra]
                m = msa_merge([r.parts for r in bigger])
                if not (m and is_valid(m)):
                    continue
                trial = [r for r in rules if r not in bigger] + [Cand(a.role, m)]
                if scorer.fitness(trial) >= floor:
                    best = (bigger, trial, Cand(a.role, m))
            members = sum(merged_from.pop(r, 1) for r in best[0])
            rules = best[1]
            merged_from[best[2]] = members
            changed = True
            break
    return rules, merged_from


# ---- the search ----------------------------------------------------------------------------

def _ensure_creator() -> None:
    # guarded: creator.create warns when a class is re-created (pytest runs warnings as errors)
    if not hasattr(creator, "RuleSetFitness"):
        creator.create("RuleSetFitness", base.Fitness, weights=(1.0,))
    if not hasattr(creator, "RuleSetIndividual"):
        creator.create("RuleSetIndividual", list, fitness=creator.RuleSetFitness)


def tournament(rng: random.Random, population: list, n: int, k: int) -> list:
    """n winners of k-way tournaments drawn with replacement."""
    return [max((population[rng.randrange(len(population))] for _ in range(k)),
                key=lambda ind: ind.fitness.values[0]) for _ in range(n)]


def build_toolbox(cands: list[Cand], scorer: Scorer, config: GAConfig,
                  rng: random.Random) -> base.Toolbox:
    """The one place the operators are wired."""
    _ensure_creator()
    vocab = {"labels": sorted({split_step(p)[1] for c in cands for p in c.parts[1:]} - {"."}),
             "anchors": sorted({c.parts[0] for c in cands})}
    toolbox = base.Toolbox()

    def individual():
        k = rng.randint(config.min_rules, min(config.max_rules, len(cands)))
        return creator.RuleSetIndividual(rng.sample(cands, k))

    def evaluate(ind):
        return (scorer.fitness(ind, config.rule_penalty),)

    def mate(a, b):
        i, j = rng.randrange(len(a)), rng.randrange(len(b))
        a[i], b[j] = b[j], a[i]
        return a, b

    def mutate(ind):
        i = rng.randrange(len(ind))
        ind[i] = mutate_rule(ind[i], rng, vocab)
        if rng.random() < config.p_insert and len(ind) < config.max_rules:
            ind.append(rng.choice(cands))
        return (ind,)

    def tidy(ind):
        rules = remove_entailed(list(ind), scorer)
        if len(rules) > config.max_rules:
            rules = sorted(rules, key=lambda r: (-len(scorer.matches(r) & scorer.gold), r))
            rules = rules[:config.max_rules]
        ind[:] = rules
        return ind

    toolbox.register("individual", individual)
    toolbox.register("population", tools.initRepeat, list, toolbox.individual)
    toolbox.register("evaluate", evaluate)
    toolbox.register("select", lambda pop, n: tournament(rng, pop, n, config.tournament_k))
    toolbox.register("mate", mate)
    toolbox.register("mutate", mutate)
    toolbox.register("merge", lambda ind: ind.__setitem__(slice(None), merge_closest(list(ind))))
    toolbox.register("tidy", tidy)
    return toolbox


@dataclass
class LearnResult:
    rules: list[Cand]
    fitness: float
    generation: int
    first_seen: dict[Cand, int] = field(default_factory=dict)
    history: list[tuple[int, float]] = field(default_factory=list)


def learn(docs, sentences: list[Sentence], config: GAConfig = GAConfig(),
          on_generation: Callable[[int, float], None] | None = None) -> tuple[LearnResult, Scorer]:
    """Run the GA on parsed training sentences; the pruned best rule set and its scorer."""
    rng = random.Random(config.seed)
    np_rng = np.random.default_rng(config.seed)  # noqa: F841 - owned for operators that need numpy
    scorer = Scorer(docs, sentences)
    scorer.penalty = config.rule_penalty
    scorer.beta = config.beta
    cands = candidates(scorer.docs, sentences)
    if not cands:
        raise ValueError("no candidate paths in the labelled data (are there links and heads?)")
    toolbox = build_toolbox(cands, scorer, config, rng)
    hof = tools.HallOfFame(1, similar=lambda a, b: list(a) == list(b))
    pop = toolbox.population(n=config.population)
    for ind in pop:
        toolbox.tidy(ind)
        ind.fitness.values = toolbox.evaluate(ind)
    hof.update(pop)
    first_seen = {r: 0 for ind in pop for r in ind}
    history, gen = [], 0
    for gen in range(1, config.generations + 1):
        offspring = [toolbox.clone(ind) for ind in toolbox.select(pop, len(pop))]
        for a, b in zip(offspring[::2], offspring[1::2], strict=False):
            if rng.random() < config.p_crossover:
                toolbox.mate(a, b)
        for ind in offspring:
            if rng.random() < config.p_mutation:
                toolbox.mutate(ind)
            if rng.random() < config.p_merge:
                toolbox.merge(ind)
            toolbox.tidy(ind)
            ind.fitness.values = toolbox.evaluate(ind)
            for r in ind:
                first_seen.setdefault(r, gen)
        offspring[0] = toolbox.clone(hof[0])  # elitism: the best set so far survives
        pop = offspring
        hof.update(pop)
        best = hof[0].fitness.values[0]
        history.append((gen, best))
        if on_generation:
            on_generation(gen, best)
        if best >= config.target_fitness:
            break
    rules = prune(list(hof[0]), scorer)
    return (LearnResult(rules=rules, fitness=scorer.fitness(rules), generation=gen,
                        first_seen=first_seen, history=history), scorer)
