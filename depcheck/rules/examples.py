"""Rule examples run as tests: each example sentence must yield what the rule promises."""

from __future__ import annotations

from ..frames import find_frames
from .loader import Rule, RuleSet
from .paths import walk
from .spans import encode


def _path_heads(rule: Rule, doc) -> set[str]:
    found = set()
    for tok in doc:
        if not rule.path.anchor(tok):
            continue
        ends = walk(rule.path, tok)
        if rule.spec.capture == "anchor":
            if ends:
                found.add(tok.text)
        else:
            found.update(t.text for t in ends if t.i != tok.i)
    return found


def _span_texts(rule: Rule, doc) -> set[str]:
    encoded = encode(doc)
    out = set()
    for m in rule.span.regex.finditer(encoded.text, overlapped=True):
        start, end = encoded.token_at[m.start()], encoded.token_at[m.end() - 1] + 1
        out.add(doc[start:end].text)
    return out


def _coref_links(rule: Rule, doc, ruleset: RuleSet) -> dict[str, str]:
    from ..extract import extract

    ex = extract(doc, ruleset)
    return {doc[p].text if p + 1 >= len(doc) or f"{doc[p].lower_} {doc[p + 1].lower_}"
            not in (rule.spec.pronouns or ()) else f"{doc[p].text} {doc[p + 1].text}":
            doc[a].text for p, (a, r) in ex.coref.items() if r.id == rule.id}


def alone(rule: Rule, ruleset: RuleSet) -> RuleSet:
    """A rule set holding only ``rule``, so no other frame's match can subsume its own."""
    return RuleSet(rules=(rule,), lexicon=ruleset.lexicon, version=ruleset.version,
                   by_kind={"frame": (rule,)})


def _frame_problems(rule: Rule, ex, doc, solo: RuleSet, where: str) -> list[str]:
    matches = [m.words(doc) for m in find_frames(doc, solo)]
    wanted = ex.slots if isinstance(ex.slots, list) else [ex.slots] if ex.slots else []
    problems = []
    for want in wanted:
        need = {slot: sorted([w] if isinstance(w, str) else w) for slot, w in want.items()}
        if not any(all(sorted(m.get(slot, [])) == words for slot, words in need.items())
                   for m in matches):
            problems.append(f"{where}: no match binds {need} (matches: {matches})")
    bound = {w for m in matches for words in m.values() for w in words}
    extra = [w for w in ex.absent or () if w in bound]
    if extra:
        problems.append(f"{where}: binds {extra}, which the example marks absent")
    if ex.heads is not None and rule.path is not None:
        got = _path_heads(rule, doc)
        missing = [h for h in ex.heads if h not in got]
        if missing:
            problems.append(f"{where}: did not find {missing} (found {sorted(got)})")
    return problems


def check_examples(rule: Rule, nlp, ruleset: RuleSet) -> list[str]:
    """Problems with one rule's examples (empty when every example passes)."""
    problems = []
    if rule.kind == "frame":
        solo = alone(rule, ruleset)
        for i, ex in enumerate(rule.spec.examples, start=1):
            problems += _frame_problems(rule, ex, nlp(ex.text), solo,
                                        f"{rule.location}: {rule.id}: example {i}")
        for i, text in enumerate(rule.spec.not_matching or (), start=1):
            doc = nlp(text)
            found = [m.words(doc) for m in find_frames(doc, solo)]
            if found:
                problems.append(f"{rule.location}: {rule.id}: not_matching {i} {text!r} is "
                                f"matched: {found}")
        return problems
    for i, ex in enumerate(rule.spec.examples, start=1):
        doc = nlp(ex.text)
        where = f"{rule.location}: {rule.id}: example {i}"
        if rule.kind == "path":
            got = _path_heads(rule, doc)
            missing = [h for h in ex.heads or () if h not in got]
            extra = [h for h in ex.absent or () if h in got]
        elif rule.kind == "span":
            got = _span_texts(rule, doc)
            missing = [s for s in ex.spans or () if s not in got]
            extra = [s for s in ex.absent or () if s in got]
        else:
            got = _coref_links(rule, doc, ruleset)
            missing = [f"{k}->{v}" for k, v in (ex.resolves or {}).items() if got.get(k) != v]
            extra = []
        if missing:
            problems.append(f"{where}: did not find {missing} (found {sorted(got)})")
        if extra:
            problems.append(f"{where}: found {extra}, which the example marks absent")
    return problems


def check_all(ruleset: RuleSet, nlp) -> list[str]:
    return [p for rule in ruleset.rules for p in check_examples(rule, nlp, ruleset)]
