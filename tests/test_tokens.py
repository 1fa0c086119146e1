"""The token view answers as spaCy does, for every attribute the checker reads."""

import pytest

from depcheck.tokens import TokDoc, token_view

TEXTS = [
    "The Eagle's price is £20-25.  It is cheap!",
    "  Two  spaces here.\n\nNew paragraph  ",
    "daren kagasoff was nominated for six teen choice awards between 2009 and 2012 but only "
    "won once : in the category of choice tv actor : drama .",
    "during the 1972 nhl draft , mike bloom was picked two spots better than bob macmillan",
    "Neither camera is waterproof, and the X100 costs more than $300.",
    "x",
]
ATTRS = ["i", "idx", "text", "whitespace_", "text_with_ws", "lemma_", "lower_", "norm_",
         "pos_", "tag_", "dep_", "shape_", "like_num", "is_punct", "is_space", "is_stop",
         "is_alpha", "is_digit", "is_title", "is_upper", "n_lefts", "n_rights"]


def _ids(tokens):
    return [t.i for t in tokens]


@pytest.mark.parametrize("text", TEXTS)
def test_tokens_match_spacy(nlp, text):
    doc = nlp(text)
    view = token_view(doc)
    assert len(view) == len(doc)
    for t, u in zip(doc, view, strict=True):
        assert [getattr(u, a) for a in ATTRS] == [getattr(t, a) for a in ATTRS]
        assert u.head.i == t.head.i
        assert _ids(u.children) == _ids(t.children)
        assert _ids(u.lefts) == _ids(t.lefts) and _ids(u.rights) == _ids(t.rights)
        assert _ids(u.subtree) == _ids(t.subtree)
        assert _ids(u.ancestors) == _ids(t.ancestors)
        assert (u.left_edge.i, u.right_edge.i) == (t.left_edge.i, t.right_edge.i)
        assert (u.sent.start, u.sent.end) == (t.sent.start, t.sent.end)
        assert u.morph == t.morph  # read through to spaCy
    assert [(s.start, s.end) for s in view.sents] == [(s.start, s.end) for s in doc.sents]


@pytest.mark.parametrize("text", TEXTS)
def test_spans_match_spacy(nlp, text):
    doc = nlp(text)
    view = token_view(doc)
    for a in range(len(doc)):
        for b in range(a + 1, min(len(doc), a + 6) + 1):
            s, w = doc[a:b], view[a:b]
            assert (w.text, w.text_with_ws, w.start_char, w.end_char, w.root.i) == \
                (s.text, s.text_with_ws, s.start_char, s.end_char, s.root.i)
            assert _ids(w) == _ids(s)


def test_view_is_one_object_per_token(nlp):
    view = token_view(nlp("The cheap one is red."))
    assert token_view(view) is view and isinstance(view, TokDoc)
    assert view[1] is view.toks[1]
    for t in view:  # heads and children are the same objects as the positions
        assert t.head is view[t.head.i] and all(c is view[c.i] for c in t.children)
    assert view[-1] is view.toks[-1]
    assert view[2].nbor(-1) is view[1]
    with pytest.raises(IndexError):
        view[-1].nbor()
