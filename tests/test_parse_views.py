"""What the checker reads of a parse without spaCy objects (issue 16: the check's common
path): a span's text from offsets made once, one DocView per parse, and the near-name
look-up of small tables in plain Python giving the numpy path's rows.  Behaviour only."""

from __future__ import annotations

import pytest
from spacy.tokens import Doc
from spacy.vocab import Vocab

import depcheck.compiled as compiled_module
from depcheck.compiled import NameIndex
from depcheck.parse import span_text, text_offsets
from depcheck.rules.paths import DocView, doc_view


def _doc() -> Doc:
    words = ["The", "Orla", "K2", "kettle", "costs", "$", "38.50", ",", "and", "boils", "fast",
             "!"]
    spaces = [True, True, True, True, True, False, False, True, True, True, False, False]
    heads = [3, 3, 3, 4, 4, 6, 4, 4, 4, 4, 9, 4]
    deps = ["det", "compound", "compound", "nsubj", "ROOT", "nmod", "dobj", "punct", "cc",
            "conj", "advmod", "punct"]
    return Doc(Vocab(), words=words, spaces=spaces, heads=heads, deps=deps)


def test_span_text_is_the_spans_text_for_every_range():
    doc = _doc()
    n = len(doc)
    for a in range(-2, n + 2):
        for b in range(-2, n + 2):
            assert span_text(doc, a, b) == doc[a:b].text, (a, b)
    text, starts, ends = text_offsets(doc)
    assert text == doc.text
    assert (starts[5], ends[6]) == (doc[5].idx, doc[6].idx + len("38.50"))


def test_one_doc_view_per_parse():
    doc = _doc()
    view = doc_view(doc)
    assert doc_view(doc) is view  # made once, read by every step
    assert view.head == [t.head.i for t in doc]
    assert view.children[4] == [t.i for t in doc[4].children]
    assert isinstance(DocView(doc), DocView) and DocView(doc) is not view


def test_a_doc_views_sentences_titles_and_lemmas_are_spacys(nlp):
    doc = nlp("The Orla lamp is bright. It costs $40! Does the Brisk fan hum? It does not.")
    view = DocView(doc)
    assert len(list(doc.sents)) == 4
    assert view.sent_start == [t.sent.start for t in doc]
    assert view.sent_end == [t.sent.end for t in doc]
    assert view.is_title == [t.is_title for t in doc] and view.is_title[1]  # "Orla"
    assert view.is_alpha == [t.is_alpha for t in doc] and not view.is_alpha[-1]  # "."
    assert view.lemma_text == [t.lemma_ for t in doc] and view.lemma[0] == "the"
    text, _, _ = text_offsets(doc)
    assert text == doc.text


@pytest.mark.parametrize("text", ["orla k2", "orla k3 kettle", "brevo", "zzzz", "", "k"])
def test_near_names_of_a_small_table_are_the_numpy_paths(text, monkeypatch):
    names = ["orla k2", "orla k3", "brevo one", "brevo one plus", "kettle k2", "", "orla"]
    index = NameIndex(names)
    few = index.near(text, 4).tolist()
    monkeypatch.setattr(compiled_module, "_PY_NEAR_ROWS", -1)  # force the numpy path
    assert few == index.near(text, 4).tolist()


def test_an_encoded_texts_cells_map_back_to_their_tokens(nlp):
    """Every character offset (and a negative one, from the end) maps to the token whose
    cell holds it, as a list of each character's token would say."""
    from depcheck.rules.spans import encode

    doc = nlp("The Orla K2 costs $40 | less.")
    encoded = encode(doc)
    owner = [i for i, cell in enumerate(encoded.text.split(">")[:-1]) for _ in cell + ">"]
    assert len(owner) == len(encoded.text) == len(encoded.token_at)
    assert [encoded.token_at[k] for k in range(len(owner))] == owner
    assert encoded.token_at[-1] == len(doc) - 1
    with pytest.raises(IndexError):
        encoded.token_at[len(owner)]


@pytest.mark.parametrize("crossing", [False, True])
def test_a_subtree_from_the_lists_is_spacys_in_its_order(crossing):
    """The verdict reads a token's subtree from the parse's lists, in ``Token.subtree``'s
    order (the words of an activity are joined in it), on a tree with an arc that crosses
    another too."""
    from depcheck.verdict import _subtree

    words = ["Tova", "sold", "a", "lamp", "yesterday", "that", "glows", "blue"]
    # "that glows blue" hangs on "lamp" across "yesterday" when ``crossing``
    heads = [1, 1, 3, 1, 1, 6, 3 if crossing else 1, 6]
    deps = ["nsubj", "ROOT", "det", "dobj", "npadvmod", "nsubj",
            "relcl" if crossing else "advcl", "oprd"]
    doc = Doc(Vocab(), words=words, heads=heads, deps=deps)
    children = doc_view(doc).children
    for tok in doc:
        assert _subtree(children, tok.i) == [t.i for t in tok.subtree]
    assert _subtree(children, 3) == ([2, 3, 5, 6, 7] if crossing else [2, 3])
