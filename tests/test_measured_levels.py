"""A level stated with a verb or an adjective of its dimension:

- a bound preposition of a verb that states its own figure before it is what the figure
  spans, no bound ("rises 26.5 m *over* seven storeys": seven storeys, not more than
  seven);
- a verb of change the lexicon ties to a level of the table in the figure's dimension
  states that level ("the mill *rises* 26.5 metres": its height), while a change the
  table has no level for stays a change;
- a measure adjective beside the figure on the same verb ("is 26.5 m *high*") names the
  column, also when the header's bracket is one ``header_unit`` leaves unsaid as
  ambiguous ("Height (m)": metres or minutes), and the check reads the adjective.
"""

from __future__ import annotations

import pytest

from depcheck.link import after_the_verbs_figure
from depcheck.rules.paths import doc_view
from depcheck.table import Table

from .verdicts import expect

MILL = Table.from_dict({
    "id": "mill", "caption": "Hollvenmolen",
    "columns": ["Field", "Value"],
    "rows": [["Name", "Hollvenmolen"], ["Built", "1784"], ["Height (m)", "26.5"],
             ["Storeys", "7"], ["Sails span (m)", "24"]]})

GAUGES = Table.from_dict({
    "id": "gauges", "caption": "River gauges",
    "columns": ["Gauge", "River", "Level (m)", "Flood level (m)"],
    "rows": [["Aldby", "Ouse", "2.4", "3.1"], ["Nunmill", "Derwent", "1.2", "2.0"],
             ["Kexby", "Derwent", "1.9", "2.6"]]})


def test_a_preposition_after_the_verbs_own_figure_is_no_bound(nlp):
    doc = nlp("The mill rises 26.5 m over seven storeys.")
    extent = frozenset({"over", "across", "along"})
    assert after_the_verbs_figure(doc_view(doc), extent, 5)  # over
    doc = nlp("The mill weighs over seven tonnes.")
    assert not after_the_verbs_figure(doc_view(doc), extent, 3)
    # a bound of another preposition keeps its reading: "within four hours"
    doc = nlp("The clinic saw 85% of patients within four hours.")
    assert not after_the_verbs_figure(doc_view(doc), extent, 6)


@pytest.mark.parametrize("text, verdict", [
    ("The Hollvenmolen rises 26.5 metres over seven storeys.", "supported"),
    ("The Hollvenmolen rises 26.5 metres over eight storeys.", "refuted"),
    ("The Hollvenmolen rises 30 metres over seven storeys.", "refuted"),
    ("The Hollvenmolen is 26.5 m high.", "supported"),
    ("The Hollvenmolen is 30 m high.", "refuted"),
    ("The Hollvenmolen is 30 m tall.", "refuted"),
])
def test_levels_said_with_a_verb_or_an_adjective(core_checker, text, verdict):
    expect(core_checker, MILL, text, verdict)


def test_a_change_with_no_level_of_its_own_stays_a_change(core_checker):
    # "rose" names heights and elevations, none of them a column here: 0.5 m is no Level
    report = core_checker.check("The Ouse at Aldby rose 0.5 m overnight.", GAUGES)
    assert report.verdict != "refuted", [(h.kind, h.explanation) for h in report.hypotheses]
