"""DepCheckerGA: search rule sets of candidate paths with DEAP.

Individuals are rule sets, initialized with 1-8 random candidates (they may grow to
``max_rules``).  Fitness combines head recall and token precision (F-beta, recall weighted)
of the heads the rules find on the training parses, minus a penalty per rule.  Each
generation: tournament selection (k = 10, with replacement), crossover swapping one rule,
mutation of one rule (generalize a step, add or drop a star, drop a step, swap a label) and
insertion of a candidate (half the time one that finds a training head the set misses),
merging of the most closely aligned pair of rules (Needleman-Wunsch), and removal of rules
wholly entailed by another rule.

The best set is then completed and pruned (:func:`complete`, :func:`prune`): candidates are
added greedily while the heads they add outweigh ``lam`` times the false heads, and rules
that add no recall are dropped.  ``lam`` is chosen by cross-validation on the training
sentences alone (:func:`choose_lam`): the most precise setting whose held-out-fold recall
reaches ``recall_target``.  :func:`msa_compress` merges clusters of rules by progressive
multiple alignment.

Learned paths are compiled by :func:`depcheck.rules.paths.compile_path` and walked by
:func:`depcheck.rules.paths.walk_ids`, the matcher of the hand rules.  Every random choice
draws from one ``random.Random(seed)``; sets are sorted before choosing, so a seed
reproduces a run.  Matches are kept as bit masks over (sentence, role, token) so that a
fitness is a few integer operations.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from deap import base, creator, tools

from depcheck.rules.paths import DocView, compile_path, walk_ids

from .align import fuse_exact, join_step, merge_paths, msa_merge, path_score, split_step
from .candidates import MAX_NODES, Cand, candidate_sources, is_valid
from .spans import Sentence, gold_heads

Match = tuple[int, str, int]  # (sentence, role, token)

LAMS = (2.0, 1.5, 1.0, 0.7, 0.5, 0.35, 0.25, 0.2, 0.17, 0.14, 0.12, 0.1, 0.08, 0.05, 0.03, 0.0)


@dataclass(frozen=True)
class GAConfig:
    population: int = 40
    generations: int = 30
    min_rules: int = 1
    init_rules: int = 8         # individuals start with 1-8 random candidates
    max_rules: int = 64         # and may grow to this many
    tournament_k: int = 10
    p_crossover: float = 0.5
    p_mutation: float = 0.6
    p_merge: float = 0.2
    p_insert: float = 0.6
    p_cover: float = 0.5        # share of insertions that pick a candidate for a missed head
    rule_penalty: float = 0.002
    cost_heads: float = 4.0     # a rule whose anchor test passes on every token must find
    #                             this many more true heads than a free one (latency)
    fitness: str = "utility"    # "utility": (tp - lam * fp) / gold; "fbeta": F-beta
    beta: float = 2.0           # F-beta: recall counts beta^2 times as much as precision
    target_fitness: float = 1.0
    seed: int = 0
    # completion and pruning after the search
    complete: bool = True
    recall_target: float = 0.95
    lam: float | None = None    # None: chosen by cross-validation on the training split
    min_support: int = 2        # a completing rule finds labelled heads in this many sentences
    cv_folds: int = 3


class Scorer:
    """Matches of candidate rules on training parses, cached per pattern, as bit masks."""

    def __init__(self, docs, sentences: list[Sentence], limit: int = 64):
        self.docs = list(docs)
        self.views = [DocView(doc) for doc in self.docs]
        self.limit = limit
        self.gold: frozenset[Match] = frozenset(
            (k, role, tok) for k, (doc, sent) in enumerate(zip(self.docs, sentences, strict=True))
            for role, tok in gold_heads(doc, sent))
        self._bits: dict[Match, int] = {m: b for b, m in enumerate(sorted(self.gold))}
        self._by_bit: list[Match] = sorted(self.gold)
        self.gold_mask = (1 << len(self.gold)) - 1
        self._places: dict[tuple[str, str], tuple[tuple[int, int], ...]] = {}
        self._masks: dict[Cand, int] = {}
        self._matches: dict[Cand, frozenset[Match]] = {}
        self._gold_sentences: dict[Cand, frozenset[int]] = {}
        self._costs: dict[str, float] = {}
        self.n_tokens = sum(len(v.head) for v in self.views)
        self._index: dict[tuple[str, str], list[tuple[int, int]]] = {}
        for k, view in enumerate(self.views):
            for i in range(len(view.head)):
                keys = [("w", view.lemma[i]), ("w", view.lower[i]), ("p", view.pos[i]),
                        ("t", view.tag[i])]
                if view.head[i] != i:
                    keys.append(("d", view.dep[i]))  # walks up this arc
                keys.extend(("c", view.dep[c]) for c in view.children[i])  # walks down it
                for key in dict.fromkeys(keys):
                    self._index.setdefault(key, []).append((k, i))
        self.penalty = 0.002
        self.beta = 2.0
        self.cost_heads = 0.0
        self.lam: float | None = None

    # -- matching ----------------------------------------------------------------------------

    def _anchored(self, path) -> Iterable[tuple[int, int]]:
        """Tokens that could anchor the path: they pass its anchor test and, when the first
        step is a plain arc, have that arc to walk (an exact filter, for speed)."""
        test = path.anchor
        found: set[tuple[int, int]] | None = None
        if not test.is_any:
            found = set()
            for kind, values in (("w", test.lemmas), ("p", test.pos), ("t", test.tags)):
                for v in values:
                    found.update(self._index.get((kind, v), ()))
        first = path.steps[0] if path.steps else None
        if first is not None and not first.star and first.labels is not None:
            kind = "d" if first.up else "c"
            arcs = set()
            for label in first.labels:
                arcs.update(self._index.get((kind, label), ()))
            found = arcs if found is None else found & arcs
        if found is None:
            return ((k, i) for k, view in enumerate(self.views) for i in range(len(view.head)))
        return sorted(found)

    def places(self, cand: Cand) -> tuple[tuple[int, int], ...]:
        """(sentence, token) pairs the rule finds, whatever its role."""
        key = (cand.pattern, cand.capture)
        hit = self._places.get(key)
        if hit is None:
            path = compile_path(cand.pattern, max_nodes=MAX_NODES)
            found: dict[tuple[int, int], None] = {}
            for k, i in self._anchored(path):
                view = self.views[k]
                if not path.anchor.at(view, i):
                    continue
                ends = walk_ids(path, view, i, self.limit)
                if cand.capture == "anchor":
                    if ends:
                        found[(k, i)] = None
                else:
                    found.update(((k, e), None) for e in ends if e != i)
            hit = self._places[key] = tuple(found)
        return hit

    def cost(self, cand: Cand) -> float:
        """Share of the training tokens the matcher offers to the rule: those that pass its
        anchor test (every token for ``.``).  The checker's cost of a rule grows with it."""
        key = cand.parts[0]
        hit = self._costs.get(key)
        if hit is None:
            test = compile_path(key).anchor
            if test.is_any:
                hit = 1.0
            else:
                found: set[tuple[int, int]] = set()
                for kind, values in (("w", test.lemmas), ("p", test.pos), ("t", test.tags)):
                    for v in values:
                        found.update(self._index.get((kind, v), ()))
                hit = len(found) / max(1, self.n_tokens)
            self._costs[key] = hit
        return hit

    def _bit(self, match: Match) -> int:
        b = self._bits.get(match)
        if b is None:
            b = self._bits[match] = len(self._by_bit)
            self._by_bit.append(match)
        return b

    def mask(self, cand: Cand) -> int:
        hit = self._masks.get(cand)
        if hit is None:
            hit = 0
            for k, i in self.places(cand):
                hit |= 1 << self._bit((k, cand.role, i))
            self._masks[cand] = hit
        return hit

    def matches(self, cand: Cand) -> frozenset[Match]:
        hit = self._matches.get(cand)
        if hit is None:
            hit = self._matches[cand] = frozenset(
                (k, cand.role, i) for k, i in self.places(cand))
        return hit

    def gold_sentences(self, cand: Cand) -> frozenset[int]:
        """The sentences in which the rule finds a labelled head."""
        hit = self._gold_sentences.get(cand)
        if hit is None:
            hit = self._gold_sentences[cand] = frozenset(
                self._by_bit[b][0] for b in bits(self.mask(cand) & self.gold_mask))
        return hit

    def decode(self, mask: int) -> list[Match]:
        return [self._by_bit[b] for b in bits(mask)]

    def sentence_mask(self, sentences: set[int]) -> int:
        """Bits of every match known so far that lies in the given sentences."""
        out = 0
        for b, (k, _, _) in enumerate(self._by_bit):
            if k in sentences:
                out |= 1 << b
        return out

    # -- scores ------------------------------------------------------------------------------

    def pred_mask(self, rules) -> int:
        pred = 0
        for rule in rules:
            pred |= self.mask(rule)
        return pred

    def recall_precision(self, rules, within: int | None = None) -> tuple[float, float]:
        pred = self.pred_mask(rules)
        gold = self.gold_mask
        if within is not None:
            pred &= within
            gold &= within
        tp = (pred & gold).bit_count()
        n = pred.bit_count()
        return tp / max(1, gold.bit_count()), (tp / n if n else 0.0)

    def fitness(self, rules, penalty: float | None = None) -> float:
        """Recall and precision combined, minus a penalty per rule and the rules' cost.

        With ``lam`` set (the default search): recall minus ``lam`` false heads per labelled
        head, ``(tp - lam * fp) / gold``; a rule then pays its way when its heads are at
        least ``lam / (1 + lam)`` precise, the criterion of :func:`complete`.  Without it,
        F-beta.  Either beats a plain sum of recall and precision, which rewards one exact
        rule that finds three heads (precision 1.0) over any rule set of useful recall.
        """
        pred = self.pred_mask(rules)
        tp = (pred & self.gold_mask).bit_count()
        n_gold = max(1, len(self.gold))
        if self.lam is not None:
            score = (tp - self.lam * (pred.bit_count() - tp)) / n_gold
        else:
            recall, precision = tp / n_gold, (tp / pred.bit_count() if pred else 0.0)
            b2 = self.beta ** 2
            score = (1 + b2) * precision * recall / (b2 * precision + recall) if tp else 0.0
        pen = self.penalty if penalty is None else penalty
        slow = self.cost_heads * sum(self.cost(r) for r in rules) / n_gold
        return score - pen * len(rules) - slow


def bits(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


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
    if len(parts) < 2:
        return parts
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
            return Cand(cand.role, parts, cand.capture)
    return cand


# ---- operators on rule sets ----------------------------------------------------------------

def remove_entailed(rules: list[Cand], scorer: Scorer) -> list[Cand]:
    """Drop rules whose matches lie inside another single rule's matches (same role)."""
    order = sorted(set(rules), key=lambda r: (-scorer.mask(r).bit_count(), len(r.parts), r))
    kept: list[Cand] = []
    for rule in order:
        mine = scorer.mask(rule)
        if not mine and kept:
            continue
        if any(mine & ~scorer.mask(k) == 0 for k in kept):
            continue
        kept.append(rule)
    return kept


def merge_closest(rules: list[Cand]) -> list[Cand]:
    """Add the Needleman-Wunsch merge of the most closely aligned pair (same role, capture)."""
    pairs = sorted(((-path_score(a.parts, b.parts), a, b) for i, a in enumerate(rules)
                    for b in rules[i + 1:] if (a.role, a.capture) == (b.role, b.capture)),
                   key=lambda t: (t[0], t[1], t[2]))
    for _, a, b in pairs:
        merged = merge_paths(a.parts, b.parts)
        if merged and is_valid(merged):
            return [*rules, Cand(a.role, merged, a.capture)]
    return rules


def prune(rules: list[Cand], scorer: Scorer, lam: float | None = None,
          cost_heads: float = 0.0) -> list[Cand]:
    """Remove rules that add no true head the others do not already find.

    With ``lam``, also remove a rule whose own true heads do not outweigh ``lam`` times the
    false heads only it finds plus its cost (the completion's own criterion, applied once
    more after the later rules have covered some of its heads).
    """
    kept = list(rules)
    gold = scorer.gold_mask
    for rule in sorted(rules, key=lambda r: ((scorer.mask(r) & gold).bit_count(), r)):
        others = [r for r in kept if r != rule]
        if not others:
            break
        rest = scorer.pred_mask(others)
        own = scorer.mask(rule) & ~rest
        tp = (own & gold).bit_count()
        if tp == 0 or (lam is not None and tp <= lam * (own.bit_count() - tp)
                       + cost_heads * scorer.cost(rule)):
            kept = others
    return kept


def fuse(rules: list[Cand]) -> list[Cand]:
    """Fuse rules of one role and capture that differ at one position into one rule with a
    choice there (:func:`learners.align.fuse_exact`): the same heads, fewer rules to try per
    token.  Repeats until nothing fuses; the order of first appearance is kept."""
    rules = list(dict.fromkeys(rules))
    changed = True
    while changed:
        changed = False
        for i, a in enumerate(rules):
            for j in range(i + 1, len(rules)):
                b = rules[j]
                if (a.role, a.capture) != (b.role, b.capture):
                    continue
                fused = fuse_exact(a.parts, b.parts)
                if fused and is_valid(fused):
                    rules[i] = Cand(a.role, fused, a.capture)
                    del rules[j]
                    rules = list(dict.fromkeys(rules))
                    changed = True
                    break
            if changed:
                break
    return rules


def by_precision(rules: list[Cand], scorer: Scorer) -> list[Cand]:
    """The rules, most precise first (then most true heads).  The checker keeps, for a head
    several rules find, the first rule's match, whose anchor it reads (the verb of "weighs
    2 lbs"): the most precise rule's reading is the likeliest one."""
    def key(rule: Cand):
        m = scorer.mask(rule)
        tp = (m & scorer.gold_mask).bit_count()
        return (-tp / max(1, m.bit_count()), -tp, rule)
    return sorted(rules, key=key)


def support(scorer: Scorer, cand: Cand, inside: set[int] | None = None) -> int:
    """How many sentences (of ``inside``, if given) hold a labelled head the rule finds."""
    found = scorer.gold_sentences(cand)
    return len(found if inside is None else found & inside)


def complete(rules: list[Cand], scorer: Scorer, pool: list[Cand], lam: float,
             min_support: int = 2, within: int = -1,
             inside: set[int] | None = None, cost_heads: float = 0.0) -> list[Cand]:
    """Greedy set cover: add the candidate whose new true heads most outweigh ``lam`` times
    its new false heads plus ``cost_heads`` times its cost, while any does; candidates must
    find labelled heads in ``min_support`` sentences.  ``within`` (a mask) and ``inside``
    (its sentences) restrict the counting to some sentences: a cross-validation fold."""
    gold = scorer.gold_mask & within
    usable = [(c, scorer.mask(c) & within) for c in pool]
    usable = [(c, m) for c, m in usable
              if m & gold and support(scorer, c, inside) >= min_support]
    chosen = list(rules)
    pred = scorer.pred_mask(chosen) & within
    while True:
        best, best_gain, best_size = None, 0.0, 0
        for cand, m in usable:
            new = m & ~pred
            tp = (new & gold).bit_count()
            gain = tp - lam * (new.bit_count() - tp) - cost_heads * scorer.cost(cand)
            # ties: the rule with fewer steps, then the stable candidate order
            if gain > best_gain or (gain == best_gain and best is not None
                                    and len(cand.parts) < best_size):
                best, best_gain, best_size = cand, gain, len(cand.parts)
        if best is None:
            return chosen
        chosen.append(best)
        pred |= scorer.mask(best) & within
        usable = [(c, m) for c, m in usable if m & ~pred & gold]


def choose_lam(scorer: Scorer, sources: dict[Cand, frozenset[int]], n_sentences: int,
               recall_target: float, min_support: int = 2, folds: int = 3,
               lams: tuple[float, ...] = LAMS, cost_heads: float = 0.0
               ) -> tuple[float, list[tuple[float, float, float]]]:
    """The largest ``lam`` whose completion, learned without a fold (candidates and heads of
    the other folds only), finds ``recall_target`` of the fold's heads on average.

    Returns the choice and, per ``lam`` tried, (lam, mean held-out recall, mean precision).
    """
    fold_of = [k % folds for k in range(n_sentences)]
    masks = []
    for f in range(folds):
        inside = {k for k in range(n_sentences) if fold_of[k] != f}
        pool = [c for c, ks in sources.items() if ks & inside]
        for c in pool:
            scorer.mask(c)
        masks.append((pool, inside, scorer.sentence_mask(inside),
                      scorer.sentence_mask(set(range(n_sentences)) - inside)))
    tried = []
    for lam in sorted(lams, reverse=True):
        recalls, precisions = [], []
        for pool, inside, train_mask, held_mask in masks:
            rules = complete([], scorer, pool, lam, min_support, within=train_mask,
                             inside=inside, cost_heads=cost_heads)
            rules = prune(rules, _Within(scorer, train_mask), lam, cost_heads)
            r, p = scorer.recall_precision(rules, within=held_mask)
            recalls.append(r)
            precisions.append(p)
        mean_r, mean_p = sum(recalls) / folds, sum(precisions) / folds
        tried.append((lam, round(mean_r, 4), round(mean_p, 4)))
        if mean_r >= recall_target:
            return lam, tried
    return min(lams), tried


class _Within:
    """A scorer seen through a sentence mask (prune on a cross-validation fold)."""

    def __init__(self, scorer: Scorer, within: int):
        self.scorer, self.within = scorer, within
        self.gold_mask = scorer.gold_mask & within

    def mask(self, cand: Cand) -> int:
        return self.scorer.mask(cand) & self.within

    def pred_mask(self, rules) -> int:
        return self.scorer.pred_mask(rules) & self.within

    def cost(self, cand: Cand) -> float:
        return self.scorer.cost(cand)


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
                       for b in rules[i + 1:] if (a.role, a.capture) == (b.role, b.capture))
        for _, a, b in pairs:
            cluster, best = [a, b], None
            merged = msa_merge([a.parts, b.parts])
            if merged and is_valid(merged):
                trial = [r for r in rules if r not in cluster] + [Cand(a.role, merged, a.capture)]
                if scorer.fitness(trial) >= floor:
                    best = (cluster, trial, Cand(a.role, merged, a.capture))
            if best is None:
                continue
            rest = sorted((r for r in rules if (r.role, r.capture) == (a.role, a.capture)
                           and r not in cluster),
                          key=lambda r: (-path_score(best[2].parts, r.parts), r))
            for extra in rest:  # grow the cluster: one alignment of all its members
                bigger = best[0] + [extra]
                m = msa_merge([r.parts for r in bigger])
                if not (m and is_valid(m)):
                    continue
                trial = [r for r in rules if r not in bigger] + [Cand(a.role, m, a.capture)]
                if scorer.fitness(trial) >= floor:
                    best = (bigger, trial, Cand(a.role, m, a.capture))
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
    # for covering insertions: the candidates that find each labelled training head
    finders: dict[int, list[Cand]] = {}
    for cand in cands:
        for b in bits(scorer.mask(cand) & scorer.gold_mask):
            finders.setdefault(b, []).append(cand)
    toolbox = base.Toolbox()

    def individual():
        k = rng.randint(config.min_rules, min(config.init_rules, len(cands)))
        return creator.RuleSetIndividual(rng.sample(cands, k))

    def evaluate(ind):
        return (scorer.fitness(ind, config.rule_penalty),)

    def mate(a, b):
        i, j = rng.randrange(len(a)), rng.randrange(len(b))
        a[i], b[j] = b[j], a[i]
        return a, b

    def insert(ind):
        if rng.random() < config.p_cover:
            missed = bits(scorer.gold_mask & ~scorer.pred_mask(ind))
            if missed:
                found = finders.get(rng.choice(missed))
                if found:
                    ind.append(rng.choice(found))
                    return
        ind.append(rng.choice(cands))

    def mutate(ind):
        i = rng.randrange(len(ind))
        ind[i] = mutate_rule(ind[i], rng, vocab)
        if rng.random() < config.p_insert and len(ind) < config.max_rules:
            insert(ind)
        return (ind,)

    def tidy(ind):
        rules = remove_entailed(list(ind), scorer)
        if len(rules) > config.max_rules:
            rules = sorted(rules, key=lambda r: (-(scorer.mask(r) & scorer.gold_mask).bit_count(),
                                                 r))
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
    searched: list[Cand] = field(default_factory=list)   # the GA's best set, before completion
    lam: float | None = None
    cv: list[tuple[float, float, float]] = field(default_factory=list)


def learn(docs, sentences: list[Sentence], config: GAConfig = GAConfig(),
          on_generation: Callable[[int, float], None] | None = None) -> tuple[LearnResult, Scorer]:
    """Run the GA on parsed training sentences; the completed, pruned rule set and its scorer."""
    rng = random.Random(config.seed)
    scorer = Scorer(docs, sentences)
    scorer.penalty = config.rule_penalty
    scorer.beta = config.beta
    scorer.cost_heads = config.cost_heads
    sources = candidate_sources(scorer.docs, sentences)
    cands = list(sources)
    if not cands:
        raise ValueError("no candidate paths in the labelled data (are there links and heads?)")
    lam, cv = config.lam, []
    if lam is None and config.fitness == "utility":
        lam, cv = choose_lam(scorer, sources, len(scorer.docs), config.recall_target,
                             config.min_support, config.cv_folds, cost_heads=config.cost_heads)
    scorer.lam = lam if config.fitness == "utility" else None
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
    searched = prune(list(hof[0]), scorer)
    rules = fuse(searched)
    if config.complete:
        if lam is None:
            lam, cv = choose_lam(scorer, sources, len(scorer.docs), config.recall_target,
                                 config.min_support, config.cv_folds,
                                 cost_heads=config.cost_heads)
        pool = sorted(set(cands) | set(first_seen))
        rules = complete(searched, scorer, pool, lam, config.min_support,
                         cost_heads=config.cost_heads)
        rules = fuse(prune(rules, scorer, lam, config.cost_heads))
        for r in rules:
            first_seen.setdefault(r, gen)
    rules = by_precision(rules, scorer)
    return (LearnResult(rules=rules, fitness=scorer.fitness(rules), generation=gen,
                        first_seen=first_seen, history=history, searched=searched, lam=lam,
                        cv=cv), scorer)
