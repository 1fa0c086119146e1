"""The schema of a rule file, shared by hand-written and learned rules.

Unknown keys are refused, so a typo (``patern:``) is an error with its line, not a rule
that silently does nothing.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

ROLES = ("entity", "attribute", "value", "comparison", "superlative")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Example(Strict):
    text: str = Field(min_length=1)
    heads: list[str] | None = None          # path rules: head words the rule must find
    spans: list[str] | None = None          # span rules: mentions the pattern must grow
    resolves: dict[str, str] | None = None  # coref rules: pronoun -> entity mention
    absent: list[str] | None = None         # words the rule must NOT return


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
    kind: Literal["path", "span", "coref"]
    description: str = Field(min_length=3)
    pattern: str | None = None
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


class RuleFile(Strict):
    version: int = 1
    rules: list[RuleSpec] = []
    lexicon: Lexicon | None = None
