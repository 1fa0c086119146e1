"""The schema of a rule file, shared by hand-written and learned rules.

Unknown keys are refused, so a typo (``patern:``) is an error with its line, not a rule
that silently does nothing.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

ROLES = ("entity", "attribute", "value", "comparison", "superlative")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


SlotWords = dict[str, str | list[str]]


class Example(Strict):
    text: str = Field(min_length=1)
    heads: list[str] | None = None          # path rules: head words the rule must find
    spans: list[str] | None = None          # span rules: mentions the pattern must grow
    resolves: dict[str, str] | None = None  # coref rules: pronoun -> entity mention
    # frame rules: the words one match must bind to each slot (a mapping), or a list of
    # such mappings, each bound by some match ("every conjunct is a claim")
    slots: SlotWords | list[SlotWords] | None = None
    absent: list[str] | None = None         # words the rule must NOT return


class FrameNode(Strict):
    """One token of a frame: the anchor (no ``from``) or a token related to an earlier one."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    slot: str | None = None                 # the slot it binds; None for a helper node
    name: str | None = None                 # its id (default: the slot); ``from`` names it
    from_: str | None = Field(default=None, alias="from")
    rel: str | None = None                  # a DependencyMatcher REL_OP: ">", "<", ">>", ...
    attrs: dict[str, Any] = {}              # token attributes, as in spaCy's Matcher
    conjuncts: bool = False                 # also bind the tokens reached by conj arcs
    # the token must have NO child with these attributes (each entry one attrs mapping):
    # "a second predicate without a subject of its own"
    without: list[dict[str, Any]] = []


class PathBinding(Strict):
    """Path shorthand in a frame: the slots its anchor and its end tokens bind."""

    anchor: str | None = None
    end: str | None = None


class Provenance(Strict):
    learner: str = "deap"
    seed: int | None = None
    generation: int | None = None
    fitness: float | None = None
    sentences_matched: int | None = None
    fitness_contribution: float | None = None
    merged_from: int | None = None


class RuleSpec(Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_.:-]*$", max_length=80)
    kind: Literal["path", "span", "coref", "frame"]
    description: str = Field(min_length=3)
    pattern: str | None = None
    # frame rules: the hypothesis kind they yield, the evaluator that checks it, their
    # nodes (or a path ``pattern`` with ``bind``), and texts they must not match at all
    yields: str | None = None
    evaluator: str | None = None
    nodes: list[FrameNode] | None = None
    bind: PathBinding | None = None
    not_matching: list[str] | None = None
    role: Literal["entity", "attribute", "value", "comparison", "superlative"] | None = None
    capture: Literal["end", "anchor"] = "end"
    applies_to: list[Literal["entity", "attribute", "value"]] | None = None
    pronouns: list[str] | None = None
    strategy: Literal["last_entity", "last_subject", "first_of_two", "last_of_two"] | None = None
    examples: list[Example] = Field(min_length=1)
    provenance: Provenance | None = None
    enabled: bool = True

    @field_validator("pronouns")
    @classmethod
    def _lower(cls, v: list[str] | None) -> list[str] | None:
        return [p.lower() for p in v] if v else v


class Comparative(Strict):
    attributes: list[str] = Field(min_length=1)
    direction: Literal["higher", "lower"]
    inverse: list[str] = []  # attributes where the direction flips ("faster": boil time lower)


class Lexicon(Strict):
    generic_nouns: list[str] = []
    negations: list[str] = []
    value_synonyms: list[list[str]] = []
    comparatives: dict[str, Comparative] = {}
    generic_comparatives: dict[str, Literal["higher", "lower"]] = {}
    levels: dict[str, list[str]] = {}
    verb_attributes: dict[str, list[str]] = {}  # "weighs 2 lbs": weigh -> weight
    non_claim_words: list[str] = []  # words that state no claim: light verbs, puffery ...
    claim_cues: list[str] = []  # words that are claims though short: all, only, both, than
    open_range_ends: list[str] = []  # "1994 - present": the period runs to the reference date
    age_cues: list[str] = []  # "19 years old": an amount of years that is an age
    # named word groups that frame rules cite as "@name" (bound cues, quantifiers, ...)
    groups: dict[str, list[str]] = {}


class RuleFile(Strict):
    version: int = 1
    rules: list[RuleSpec] = []
    lexicon: Lexicon | None = None
