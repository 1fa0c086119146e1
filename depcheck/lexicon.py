"""The lexicon: every English word the checker decides with, as data.

The words live in the ``lexicon:`` sections of the rule files (``rules/lexicon/*.yaml``,
one file per meaning). Each section holds named *groups*; :data:`GROUPS` says what shape
each group has (a list of words, words with a value, units, comparatives ...) and whether
several files may add to it. Loading validates every group with pydantic models that
refuse unknown keys, reports each problem as ``file:line: group: what is wrong (how to
fix)``, and remembers the file:line of every entry so a trace can cite it::

    >>> lexicon.where("bound_cues_upper", "under")
    'rules/lexicon/bounds.yaml:12'

A :class:`Lexicon` is immutable. Sets, maps and regexes built from it are built once per
lexicon (:meth:`Lexicon.derived`), never per check.

The checker reads the lexicon of its rule set (``RuleSet.lexicon``; a rules reload swaps
it). A few helpers deep in ``values.py``, ``programs/`` and ``agg/`` are called without a
rule set: they read :func:`default`, the lexicon of the packaged ``rules/`` folder loaded
once per process. Reloading rules does not change what those helpers read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

import regex
import yaml
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Comparative(_Strict):
    """An adjective whose attribute is implicit: "cheaper" speaks of price, lower."""

    attributes: list[str] = Field(min_length=1)
    direction: Literal["higher", "lower"]
    inverse: list[str] = []  # attributes where the direction flips ("faster": boil time lower)
    # dimensions of a column's unit where it flips too ("fastest" of Trigger speed (s): a
    # speed written as the time it takes is lowest)
    inverse_dimensions: list[str] = []
    # the dimension of the column it grades when no column is named by an attribute
    # ("priciest" of Adult entry in £: money), one of the units' dimensions
    dimension: str | None = None

    def grades_inversely(self, words: set[str], dimension: str | None = None) -> bool:
        """A column of these words is one of the ``inverse`` attributes (every word of one
        of them is among its words): "fastest" of a column "finish time" is its lowest; or
        its unit measures one of the ``inverse_dimensions`` ("Trigger speed (s)")."""
        return dimension is not None and dimension in self.inverse_dimensions or any(
            set(hint.split()) <= words for hint in self.inverse)


class Unit(_Strict):
    """A unit: its spellings, what it measures, and its factor to the dimension's base unit
    (absent when values of the unit are not converted, e.g. money or stars)."""

    dimension: str = Field(min_length=1)
    forms: list[str] = Field(min_length=1)
    factor: float | None = None


Direction = Literal["higher", "lower"]

# how a group is read: its pydantic type, and how the loaded value is exposed
WORDS = "words"          # a set of words or phrases -> frozenset
SEQUENCE = "sequence"    # words whose order matters (first match wins) -> tuple
_SHAPES: dict[str, Any] = {
    WORDS: list[str],
    SEQUENCE: list[str],
    "numbers": dict[str, int | float],
    "directions": dict[str, Direction],
    "word_lists": dict[str, list[str]],
    "synonyms": list[list[str]],
    "comparatives": dict[str, Comparative],
    "units": dict[str, Unit],
    "labels": dict[str, str],
}
_ADAPTERS = {shape: TypeAdapter(t) for shape, t in _SHAPES.items()}


@dataclass(frozen=True)
class Group:
    shape: str
    mergeable: bool = False  # several files may add entries (synonym lists, nouns)


# Every group the code reads, by file. Word lists are in the YAML; only their names and
# shapes are here. rules/README.md describes each group.
GROUPS: dict[str, Group] = {
    # negation.yaml
    "negations": Group(WORDS),
    "negating_heads": Group(WORDS),
    "negation_subject_quantifiers": Group(WORDS),
    "negation_subject_determiners": Group(WORDS),
    "negation_noun_phrase": Group(WORDS),
    "negation_cancellers": Group(WORDS),
    # bounds.yaml
    "bound_cues_lower_before_number": Group(WORDS),
    "bound_cues_upper_before_number": Group(WORDS),
    "approximate_cues": Group(WORDS),
    "bound_closeness_words": Group(WORDS),
    "particle_verbs": Group("word_lists"),
    "bound_idiom_heads": Group(WORDS),
    "bound_idiom_words": Group(WORDS),
    "range_joiners": Group(WORDS),
    "aggregate_bound_cues": Group(WORDS),
    "open_range_low": Group(WORDS),
    "open_range_high": Group(WORDS),
    "open_end_low": Group(WORDS),
    "open_end_high": Group(WORDS),
    # comparison.yaml
    "comparison_cues": Group(WORDS),
    "comparand_universal_determiners": Group(WORDS),
    # degree.yaml
    "comparatives": Group("comparatives"),
    "generic_comparatives": Group("directions"),
    "measure_adjectives": Group("word_lists"),
    "graded_participle_adverbs": Group("directions"),
    "degree_comparatives": Group(WORDS),
    "degree_superlatives": Group(WORDS),
    "superlative_intensifiers": Group(SEQUENCE),
    "degree_higher": Group(WORDS),
    "degree_lower": Group(WORDS),
    "degree_adverbs": Group(WORDS),
    # quantifiers.yaml
    "group_determiners": Group(WORDS),
    "subset_determiners": Group(WORDS),
    "group_determiners_before_number": Group(WORDS),
    "group_determiners_after_number": Group(WORDS),
    "partitive_prepositions": Group(WORDS),
    "partitive_heads": Group(WORDS),
    "one_of_heads": Group(WORDS),
    # aggregates.yaml
    "aggregate_words": Group(WORDS),
    "aggregate_trigger_words": Group(WORDS),
    "aggregate_keep_stopwords": Group(WORDS),
    "percent_words": Group(WORDS),
    "aggregate_function_words": Group("word_lists"),
    "aggregate_negation_words": Group(SEQUENCE),
    # units.yaml
    "units": Group("units"),
    "currencies": Group("labels"),
    "compound_unit_forms": Group("labels"),
    "period_units": Group(WORDS),
    "period_own_columns": Group(SEQUENCE),
    "age_cues": Group(WORDS),
    "restatement_joiners": Group(WORDS),
    "period_adjectives": Group("labels"),
    "reference_levels": Group(WORDS),
    "portion_adjectives": Group(WORDS),
    # headers.yaml
    "header_trailing_units": Group(WORDS),
    "clock_duration_headers": Group(WORDS),
    "clock_duration_header_ends": Group(WORDS),
    "key_column_headers": Group(WORDS),
    "record_field_headers": Group(WORDS),
    "record_value_headers": Group(WORDS),
    "record_name_fields": Group(WORDS),
    "header_ambiguous_units": Group(WORDS),
    "header_scales": Group("numbers"),
    "header_money_scales": Group("numbers"),
    "bool_header_prefixes": Group(WORDS),
    "bool_header_suffixes": Group(WORDS),
    # scales.yaml
    "levels": Group("word_lists"),
    "out_of_phrases": Group(SEQUENCE),
    "scale_units": Group(WORDS),
    "rating_units": Group(WORDS),
    # cells.yaml
    "true_words": Group(WORDS),
    "false_words": Group(WORDS),
    "empty_cells": Group(WORDS),
    "absent_cells": Group(WORDS),
    "open_range_ends": Group(WORDS),
    "open_bracket_marks": Group(WORDS),
    "approximate_cell_marks": Group(WORDS),
    # nouns.yaml
    "generic_nouns": Group(WORDS, mergeable=True),
    "caption_synonyms": Group("word_lists"),
    "caption_references": Group("word_lists"),
    "collection_nouns": Group(WORDS),
    "row_nouns": Group(WORDS),
    "sequence_nouns": Group(WORDS),
    "place_containers": Group(WORDS),
    # synonyms.yaml
    "value_synonyms": Group("synonyms", mergeable=True),
    "verb_attributes": Group("word_lists", mergeable=True),
    # claims.yaml
    "non_claim_words": Group(WORDS),
    "claim_cues": Group(WORDS),
    "downtoners": Group(WORDS),
    "activity_objects": Group(WORDS),
    # numbers.yaml
    "number_words": Group("numbers"),
    "ordinal_words": Group(WORDS),
    "ordinals_in_numbers": Group(WORDS),
    "half_phrase": Group(SEQUENCE),
    "number_joiners": Group(WORDS),
    "rate_prepositions": Group(WORDS),
    "fraction_words": Group("numbers"),
    "fraction_plurals": Group("numbers"),
    "fraction_alone": Group(WORDS),
    "fraction_articles": Group(WORDS),
    "pronoun_numbers": Group(WORDS),
    "number_words_not_counts": Group(WORDS),
    "ordinals_not_counts": Group(WORDS),
    "months": Group("numbers"),
    "duration_units": Group(SEQUENCE),
    "ordinal_suffixes": Group(WORDS),
    "rank_numbers": Group("numbers"),
    "rank_last": Group(WORDS),
    "rank_verbs": Group(WORDS),
    "rank_nouns": Group(WORDS),
    "rank_columns": Group(SEQUENCE),
    # stopwords.yaml
    "articles": Group(WORDS),
    "indefinite_articles": Group(WORDS),
    "name_filler_words": Group(WORDS),
    "program_stopwords": Group(WORDS),
    "program_stopwords_leading": Group(WORDS),
    # grammar.yaml
    "copula_lemmas": Group(WORDS),
    "measure_verbs": Group(WORDS),
    "coordination_preconjunctions": Group(WORDS),
    "disjunctions": Group(WORDS),
    "future_auxiliaries": Group(WORDS),
    "perfect_auxiliaries": Group(WORDS),
    "plan_heads": Group(WORDS),
    "owner_prepositions": Group(WORDS),
    "measure_prepositions": Group(WORDS),
    "clause_prepositions": Group(WORDS),
    "feature_prepositions": Group(WORDS),
    "superlative_scope_preps": Group(WORDS),
    "superlative_group_preps": Group(WORDS),
    "predicative_prepositions": Group(WORDS),
    "contrast_subordinators": Group(WORDS),
    # morphology.yaml
    "stem_suffixes": Group(SEQUENCE),
    "plural_y_endings": Group("labels"),
    "plural_es_endings": Group(WORDS),
    "plural_keep_endings": Group(WORDS),
    # programs.yaml
    "program_triggers": Group("word_lists"),
    "ordinal_ranks": Group("numbers"),
    "row_ordinals": Group("labels"),
    "even_par_words": Group(WORDS),
    "summary_row_words": Group(WORDS),
    "summary_row_prefixes": Group(WORDS),
    # cue groups the frame rules cite as "@name" (bounds, comparison, quantifiers,
    # opinions, negation and dates .yaml); their order is kept as written
    "bound_cues_upper": Group(SEQUENCE),
    "bound_cues_lower": Group(SEQUENCE),
    "bound_cues_range": Group(SEQUENCE),
    "bound_cues_maximum": Group(SEQUENCE),
    "bound_cues_inclusive": Group(SEQUENCE),
    "bound_prepositions": Group(SEQUENCE),
    "extent_prepositions": Group(SEQUENCE),
    "bound_comparatives": Group(SEQUENCE),
    "bound_postfix_comparatives": Group(WORDS),
    "bound_postfix_joiners": Group(WORDS),
    "bound_negators": Group(SEQUENCE),
    "bound_superlatives": Group(SEQUENCE),
    "bound_of_adverbs": Group(SEQUENCE),
    "comparison_preps": Group(SEQUENCE),
    "comparison_cues_higher": Group(SEQUENCE),
    "comparison_cues_lower": Group(SEQUENCE),
    "versus_cues": Group(SEQUENCE),
    "comparand_figure_preps": Group(WORDS),
    "comparand_verbs": Group(WORDS),
    "comparand_verb_preps": Group(WORDS),
    "difference_prepositions": Group(WORDS),
    "gap_adverbs": Group(WORDS),
    "other_rows_possessors": Group(WORDS),
    "change_verbs": Group(WORDS),
    "change_column_words": Group(WORDS),
    "comparison_openers": Group(SEQUENCE),
    "contrast_cues": Group(SEQUENCE),
    "ratio_cues": Group(SEQUENCE),
    "ratio_factors": Group("numbers"),
    "quantifiers": Group(SEQUENCE),
    "quantifiers_universal": Group(SEQUENCE),
    "quantifiers_negative": Group(SEQUENCE),
    "quantifiers_majority": Group(SEQUENCE),
    "quantifiers_anaphoric": Group(SEQUENCE),
    "quantifier_fractions": Group("numbers"),
    "quantifiers_dual": Group(SEQUENCE),
    "quantifiers_exclusive": Group(WORDS),
    "pro_nouns": Group(SEQUENCE),
    "partitive_quantifiers": Group(SEQUENCE),
    "quantifier_restrictors": Group(SEQUENCE),
    "item_count_words": Group(SEQUENCE),
    "item_count_exact": Group("numbers"),
    "item_count_several": Group(SEQUENCE),
    "item_count_time_nouns": Group(SEQUENCE),
    "item_count_times": Group(SEQUENCE),
    "item_count_times_values": Group("numbers"),
    "shared_same_words": Group(SEQUENCE),
    "shared_different_words": Group(SEQUENCE),
    "shared_value_words": Group(SEQUENCE),
    "shared_place_parts": Group("numbers"),
    "quantifier_exceptions": Group(SEQUENCE),
    "quantifier_exception_nouns": Group(SEQUENCE),
    "quantifier_inclusions": Group(SEQUENCE),
    "ellipsis_verbs": Group(WORDS),
    "ellipsis_adverbs": Group(WORDS),
    "only_noun_preps": Group(SEQUENCE),
    "quantifier_idiom_words": Group(SEQUENCE),
    "opinion_verbs": Group(SEQUENCE),
    "opinion_preps": Group(SEQUENCE),
    "negation_cues": Group(SEQUENCE),
    "negation_adverbs": Group(SEQUENCE),
    "negation_determiners": Group(SEQUENCE),
    "negation_verbs": Group(SEQUENCE),
    "negation_subjects": Group(SEQUENCE),
    "date_cues_in": Group(SEQUENCE),
    "date_cues_before": Group(SEQUENCE),
    "date_cues_when": Group(SEQUENCE),
    "age_adjectives": Group(SEQUENCE),
    "age_article_units": Group(SEQUENCE),
    "age_nouns": Group(SEQUENCE),
    "age_verbs": Group(SEQUENCE),
    "age_year_prepositions": Group(SEQUENCE),
    "age_now_words": Group(SEQUENCE),
    "age_prepositions": Group(SEQUENCE),
    "age_younger_words": Group(SEQUENCE),
    "age_older_words": Group(SEQUENCE),
    "age_decade_words": Group("numbers"),
    "age_events": Group("word_lists"),
    "age_birth_columns": Group(WORDS),
    "age_cell_words": Group(WORDS),
    "date_cues_after": Group(SEQUENCE),
    "date_prepositions": Group(SEQUENCE),
    "date_cues_ago": Group(SEQUENCE),
    "date_cues_since": Group(SEQUENCE),
    "date_seasons": Group("word_lists"),
    "date_short_forms": Group("word_lists"),
    "date_decade_suffixes": Group(SEQUENCE),
    "date_century_nouns": Group(SEQUENCE),
    "date_part_early": Group(SEQUENCE),
    "date_part_middle": Group(SEQUENCE),
    "date_part_late": Group(SEQUENCE),
    "date_part_of_words": Group(SEQUENCE),
    "date_part_nouns_early": Group(SEQUENCE),
    "date_part_nouns_middle": Group(SEQUENCE),
    "date_part_nouns_late": Group(SEQUENCE),
    "date_part_nouns_turn": Group(SEQUENCE),
    "date_half_nouns": Group(SEQUENCE),
    "date_decade_nouns": Group(SEQUENCE),
    "date_edge_first": Group(SEQUENCE),
    "date_edge_last": Group(SEQUENCE),
    "date_origin_verbs": Group(SEQUENCE),
    "date_origin_adverbs": Group(SEQUENCE),
    "date_start_verbs": Group(SEQUENCE),
    "date_end_verbs": Group(SEQUENCE),
    "date_span_columns": Group(SEQUENCE),
    "span_prepositions": Group(SEQUENCE),
    "comparative_verbs": Group(SEQUENCE),
    "date_range_starts": Group(SEQUENCE),
    "date_range_ends": Group(SEQUENCE),
    "date_range_between": Group(SEQUENCE),
    "later_event_nouns": Group(SEQUENCE),
    "relative_time_words": Group(SEQUENCE),
    "gap_cues": Group(SEQUENCE),
    "trend_verbs_up": Group(SEQUENCE),
    "trend_verbs_down": Group(SEQUENCE),
    "trend_periods": Group(SEQUENCE),
    "trend_quantifiers": Group(SEQUENCE),
    "trend_order_headers": Group(SEQUENCE),
    "trend_range_start": Group(SEQUENCE),
    "trend_range_end": Group(SEQUENCE),
    "trend_range_between": Group(SEQUENCE),
    "tenure_state_prepositions": Group(SEQUENCE),
    "tenure_states": Group(SEQUENCE),
    "tenure_state_adjectives": Group(SEQUENCE),
    "tenure_verbs": Group(SEQUENCE),
    "tenure_prepositions": Group(SEQUENCE),
    "tenure_until_prepositions": Group(SEQUENCE),
    "tenure_start_columns": Group(SEQUENCE),
    "tenure_end_columns": Group(SEQUENCE),
    "tenure_end_nouns": Group(SEQUENCE),
    "life_death_verbs": Group(SEQUENCE),
    "balance_gain_words": Group(SEQUENCE),
    "balance_loss_words": Group(SEQUENCE),
    "balance_words": Group(SEQUENCE),
    "balance_income_columns": Group(SEQUENCE),
    "balance_cost_columns": Group(SEQUENCE),
    "life_dead_words": Group(SEQUENCE),
    "life_alive_words": Group(SEQUENCE),
    "life_particles": Group(SEQUENCE),
    "life_state_words": Group(SEQUENCE),
    "life_death_phrasal": Group(SEQUENCE),
    "date_origin_columns": Group(SEQUENCE),
    "date_completion_columns": Group(WORDS),
    "date_life_columns": Group(SEQUENCE),
    # free-form named groups a frame may cite (a rule file's own "lexicon: groups:"); a
    # group of the same name in several files holds all their words
    "groups": Group("word_lists", mergeable=True),
}


class Lexicon:
    """Validated groups of words, each entry with the file:line it came from.

    Groups read as attributes (``lexicon.negations``); word lists are frozensets, ordered
    ones tuples, the rest read-only mappings or tuples. A group no file defines is empty.
    """

    def __init__(self, groups: Mapping[str, Any] | None = None,
                 where: Mapping[tuple[str, str], str] | None = None,
                 defined: Mapping[str, str] | None = None) -> None:
        values = {name: _expose(GROUPS[name].shape, None) for name in GROUPS}
        for name, value in (groups or {}).items():
            values[name] = _expose(GROUPS[name].shape, value)
        object.__setattr__(self, "_groups", values)
        object.__setattr__(self, "_where", dict(where or {}))
        object.__setattr__(self, "_defined", dict(defined or {}))
        object.__setattr__(self, "_derived", {})
        object.__setattr__(self, "_ordered", {
            name: tuple(dict.fromkeys(value)) for name, value in (groups or {}).items()
            if GROUPS[name].shape in (WORDS, SEQUENCE)})
        for name, value in values.items():  # plain attributes: a look-up costs no more
            object.__setattr__(self, name, value)  # than a module constant's

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"no lexicon group {name!r} (the groups: depcheck/lexicon.py)")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Lexicon is immutable; edit the YAML and reload")

    def group(self, name: str) -> Any:
        return self._groups[name]

    def words(self, name: str) -> frozenset[str]:
        """A group's words (or keys) as a set."""
        value = self._groups[name]
        return value if isinstance(value, frozenset) else frozenset(value)

    def ordered(self, name: str) -> tuple[str, ...]:
        """A word group's entries in the order the YAML gives them (a frame's word list)."""
        return self._ordered.get(name, ())

    def defined(self) -> tuple[str, ...]:
        """The names of the groups some file defines."""
        return tuple(self._defined)

    def where(self, group: str, entry: str | None = None) -> str | None:
        """``file:line`` of one entry (a word, a key, a synonym), or of the group itself."""
        if entry is None:
            return self._defined.get(group)
        return self._where.get((group, entry)) or self._where.get((group, str(entry).lower()))

    def derived(self, key: str, build: Callable[[Lexicon], Any]) -> Any:
        """A structure built from this lexicon (a regex, an index), built once and kept."""
        cache = self._derived
        if key not in cache:
            cache[key] = build(self)
        return cache[key]

    def starts(self, group: str) -> regex.Pattern:
        """A regex matching a text that starts with one of the group's phrases (a whole
        word), built once per lexicon."""
        def build(lexicon: Lexicon) -> regex.Pattern:
            words = sorted(lexicon.words(group), key=len, reverse=True)
            return regex.compile(r"(?:" + "|".join(map(regex.escape, words)) + r")\b")
        return self.derived(f"starts:{group}", build)

    def to_dict(self) -> dict:
        return {name: _plain(v) for name, v in self._groups.items()}


_CLASH = set(GROUPS) & set(dir(Lexicon))
assert not _CLASH, f"lexicon groups named like Lexicon methods: {_CLASH}"


def _expose(shape: str, value: Any) -> Any:
    if shape == WORDS:
        return frozenset(value or ())
    if shape == SEQUENCE:
        return tuple(dict.fromkeys(value or ()))
    if shape == "synonyms":
        return tuple(tuple(g) for g in value or ())
    if shape == "word_lists":
        return MappingProxyType({k: tuple(v) for k, v in (value or {}).items()})
    return MappingProxyType(dict(value or {}))


def _plain(value: Any) -> Any:
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, BaseModel):
        return value.model_dump()
    return value


# --- reading the YAML, with the line of every entry --------------------------------------

@dataclass
class Section:
    """The lexicon groups one file defines, validated, with their lines."""

    file: str
    groups: dict[str, Any]
    lines: dict[str, int]                   # group -> line of its key
    where: dict[tuple[str, str], str]       # (group, entry) -> file:line


def _lines_of(node) -> Any:
    """A YAML node as (line, plain structure of lines) for locating entries and errors."""
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        return line, {k.value: (k.start_mark.line + 1, _lines_of(v)) for k, v in node.value}
    if isinstance(node, yaml.SequenceNode):
        return line, [_lines_of(v) for v in node.value]
    return line, None


def _error_line(tree, loc: tuple) -> int:
    line, sub = tree
    for part in loc:
        if isinstance(sub, dict) and part in sub:
            line, (_, sub) = sub[part][0], sub[part]
        elif isinstance(sub, list) and isinstance(part, int) and part < len(sub):
            line, sub = sub[part]
        else:
            break
    return line


_UNION_TAGS = {"int", "float", "str"}


def _fix(err: dict) -> str:
    kind = err["type"]
    if kind in ("int_parsing", "float_parsing", "int_type", "float_type"):
        return "not a number (write a number: 2, 0.5)"
    if kind == "extra_forbidden":
        return f"unknown key {err['loc'][-1]!r} (check the spelling; see rules/README.md)"
    if kind == "missing":
        return f"missing required key {err['loc'][-1]!r}"
    if kind == "literal_error":
        return f"{err['msg']} (a direction is 'higher' or 'lower')"
    return f"{err['msg']} (see the group's shape in rules/README.md)"


def read_section(file: str, text: str) -> tuple[Section | None, list[str]]:
    """Validate the ``lexicon:`` section of one rule file's text."""
    # libyaml's parser when PyYAML has it (same nodes and marks, much faster)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        root = yaml.compose(text, Loader=loader)
    except yaml.YAMLError as exc:  # one line naming the file and line, as the rules' loader
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        return None, [f"{file}:{mark.line + 1 if mark else 1}: -: YAML syntax error: {problem}"]
    if not isinstance(root, yaml.MappingNode):
        return None, []
    node = next((v for k, v in root.value if k.value == "lexicon"), None)
    if node is None:
        return None, []
    data = yaml.load(text, Loader=loader)["lexicon"]  # noqa: S506 - a safe loader
    line = node.start_mark.line + 1
    if data is None:
        return Section(file, {}, {}, {}), []
    if not isinstance(data, dict):
        return None, [f"{file}:{line}: lexicon: a lexicon is a mapping of group names to "
                      "their words (see rules/README.md)"]
    _, tree = _lines_of(node)
    section, problems = Section(file, {}, {}, {}), []
    for name, raw in data.items():
        key_line, sub = tree[name]
        group = GROUPS.get(name)
        if group is None:
            problems.append(f"{file}:{key_line}: {name}: unknown lexicon group (check the "
                            "spelling; the groups are listed in rules/README.md)")
            continue
        try:
            value = _ADAPTERS[group.shape].validate_python(raw)
        except ValidationError as exc:
            seen = set()
            for err in exc.errors():
                loc = tuple(p for p in err["loc"] if p not in _UNION_TAGS)
                at = _error_line((key_line, sub[1]), loc)
                where = ".".join(str(p) for p in (name, *loc))
                if (at, where) not in seen:  # a union reports once per member
                    seen.add((at, where))
                    problems.append(f"{file}:{at}: {name}: {where}: {_fix(err)}")
            continue
        section.groups[name] = value
        section.lines[name] = key_line
        _record_entries(section, name, group.shape, value, sub[1], key_line)
    return section, problems


def _record_entries(section: Section, name: str, shape: str, value: Any, sub, line: int) -> None:
    where = section.where
    if shape in (WORDS, SEQUENCE):
        for word, (at, _) in zip(value, sub or (), strict=False):
            where.setdefault((name, word), f"{section.file}:{at}")
    elif shape == "synonyms":
        for group, (_, items) in zip(value, sub or (), strict=False):
            for word, (at, _) in zip(group, items or (), strict=False):
                where.setdefault((name, word), f"{section.file}:{at}")
    else:
        for key in value:
            at = sub[key][0] if isinstance(sub, dict) and key in sub else line
            where.setdefault((name, str(key)), f"{section.file}:{at}")


def merge(sections: list[Section]) -> tuple[Lexicon, list[str]]:
    """One lexicon from every file's section; a group defined in two files is an error
    unless the group is mergeable."""
    groups: dict[str, Any] = {}
    defined: dict[str, str] = {}
    where: dict[tuple[str, str], str] = {}
    problems: list[str] = []
    for sec in sections:
        for name, value in sec.groups.items():
            here = f"{sec.file}:{sec.lines[name]}"
            if name in groups and not GROUPS[name].mergeable:
                problems.append(f"{here}: {name}: lexicon group defined twice (first at "
                                f"{defined[name]}); keep one and move its words there")
                continue
            if name not in groups:
                groups[name], defined[name] = value, here
            elif isinstance(value, list):
                groups[name] = groups[name] + value
            elif GROUPS[name].shape == "word_lists":  # the same key in two files: all words
                merged = {k: list(v) for k, v in groups[name].items()}
                for key, words in value.items():
                    merged.setdefault(key, []).extend(
                        w for w in words if w not in merged.get(key, ()))
                groups[name] = merged
            else:
                groups[name] = {**groups[name], **value}
        for key, at in sec.where.items():
            where.setdefault(key, at)
    return Lexicon(groups, where, defined), problems


def load_lexicon(root: str | Path) -> Lexicon:
    """The lexicon of every rule file under ``root`` (its ``lexicon:`` sections only)."""
    from .errors import RuleError
    from .rules.loader import _display, rule_files

    sections, problems = [], []
    for path in rule_files(Path(root)):
        sec, errs = read_section(_display(path), path.read_text(encoding="utf-8"))
        problems.extend(errs)
        if sec is not None:
            sections.append(sec)
    lexicon, errs = merge(sections)
    problems.extend(errs)
    if problems:
        raise RuleError(problems)
    return lexicon


@lru_cache(maxsize=1)
def default() -> Lexicon:
    """The lexicon of the packaged ``rules/`` folder, loaded once per process.

    For helpers called without a rule set; a rules reload does not change it."""
    from .config import RULES_DIR

    return load_lexicon(RULES_DIR)
