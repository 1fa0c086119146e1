"""The trigger classes (rules/lexicon/programs.yaml: ``program_triggers``) each program
function answers for: the words that licensed it are part of what the program checked,
and they must stand in the clause of the values it reads (``search.clause_local``)."""

from __future__ import annotations

from .functions import FUNCTIONS

_CLASSES_OF = {
    "argmax": ("max",), "max": ("max",), "nth_argmax": ("max", "ordinal"),
    "nth_max": ("max", "ordinal"), "argmin": ("min",), "min": ("min",),
    "nth_argmin": ("min", "ordinal"), "nth_min": ("min", "ordinal"),
    "first": ("ordinal",), "second": ("ordinal",), "third": ("ordinal",),
    "fourth": ("ordinal",), "fifth": ("ordinal",), "last": ("ordinal",),
    "greater": ("greater", "comparative"), "less": ("less", "comparative"),
    "only": ("only",), "none": ("negation",), "not_eq": ("negation",),
    "not_str_eq": ("negation",), "without": ("negation",), "count": ("count",),
    "avg": ("average",), "sum": ("sum",), "diff": ("diff",), "add": ("sum",),
    "unique": ("same",), "most_freq": ("majority",), "mode": ("mode",),
    "filter_not_eq": ("negation",), "filter_str_not_eq": ("negation",),
    "all_not_eq": ("all", "negation"), "all_str_not_eq": ("all", "negation"),
    "most_not_eq": ("majority", "negation"), "most_str_not_eq": ("majority", "negation"),
}

_PART_CLASSES = {"all": ("all",), "most": ("majority",), "greater": ("greater", "comparative"),
                 "less": ("less", "comparative")}


def trigger_classes(name: str) -> tuple[str, ...]:
    """The trigger classes of a function: its own entry, else those of the parts of its
    name ("all_greater_eq": all, greater, comparative), and negation for its family."""
    if name in _CLASSES_OF:
        return _CLASSES_OF[name]
    out = [c for part in name.split("_") for c in _PART_CLASSES.get(part, ())]
    fn = FUNCTIONS.get(name)
    if fn is not None and fn.family == "negation":
        out.append("negation")
    return tuple(out)
