"""Rule examples run as tests: each example sentence must yield what the rule promises."""

from __future__ import annotations

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


def check_examples(rule: Rule, nlp, ruleset: RuleSet) -> list[str]:
    """Problems with one rule's examples (empty when every example passes)."""
    problems = []
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
