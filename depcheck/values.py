"""Normalization of cell values and text mentions.

One place decides what two strings mean: numbers with units ("550w", "17.3 inches",
"2.5 lbs", "$129.99"), number words ("four", "twenty-five"), ratings ("3 out of 5"),
booleans ("yes"/"no"/"true"/"false") and free text (case, punctuation, hyphens, articles).
Column names written as identifiers (``familyFriendly``, ``noise_level_rating``) are split
into words.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import regex

from .lexicon import default as _default_lexicon

# The words below come from the packaged lexicon (rules/lexicon/numbers.yaml, units.yaml,
# cells.yaml, stopwords.yaml, scales.yaml), read once at import: these helpers are called
# without a rule set, so a rules reload does not change them.
_LEX = _default_lexicon()
NUMBER_WORDS = dict(_LEX.number_words)
_ORDINALS = _LEX.ordinal_words
_ORDINALS_OUTSIDE_NUMBERS = _LEX.ordinal_words - _LEX.ordinals_in_numbers
_HALF = list(_LEX.half_phrase)
_JOINERS = _LEX.number_joiners

# canonical unit -> spellings (lower case, without the trailing period)
UNITS = {canon: list(unit.forms) for canon, unit in _LEX.units.items()}
UNIT_OF = {spelling: canon for canon, spellings in UNITS.items() for spelling in spellings}
CURRENCY_SYMBOLS = dict(_LEX.currencies)
# spellings of a unit only inside an amount of several units ("m" of "2h 31m": minutes)
_COMPOUND_FORMS = dict(_LEX.compound_unit_forms)
CURRENCY_CHARS = "".join(CURRENCY_SYMBOLS)  # for character classes: [$£€¥₹]

TRUE_WORDS = _LEX.true_words
FALSE_WORDS = _LEX.false_words
ARTICLES = _LEX.articles
# the unit of a rating "N out of M" is "out of M": its label is the first "out of" phrase
OUT_OF_LABEL = _LEX.out_of_phrases[0]

_unit_alt = "|".join(sorted((regex.escape(u) for u in UNIT_OF if u not in CURRENCY_SYMBOLS),
                            key=len, reverse=True))
_CUR = regex.escape(CURRENCY_CHARS)
# digits grouped by commas ("19,500,000") or, twice or more, by dots ("19.500.000"), with
# an optional decimal part
_NUM = r"\d{1,3}(?:\.\d{3}){2,}|(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+"
_QUANTITY = regex.compile(
    rf"^(?P<cur>[{_CUR}])?\s*(?P<num>{_NUM})\s*-?\s*(?P<unit>{_unit_alt})?\.?$", regex.I)
# a cell that is nothing but a number, maybe after a currency sign ("$1,249.99", "4.5"):
# what _QUANTITY reads of it, found without folding the text or trying the unit words
# (in ``re``: the same matches and groups, and a first call after a parse costs less than
# the ``regex`` module's, whose code a parse has pushed out of the caches)
_BARE_AMOUNT = re.compile(rf"(?P<cur>[{re.escape(CURRENCY_CHARS)}])?(?P<num>{_NUM})")
_OUT_OF_ALT = "|".join(r"\s+".join(map(regex.escape, p.split()))
                       for p in sorted(_LEX.out_of_phrases, key=len, reverse=True))
_SCALE_UNIT_ALT = "|".join(map(regex.escape, sorted(_LEX.scale_units, key=len, reverse=True)))
_OUT_OF = regex.compile(rf"^(?P<num>{_NUM}|\w+)\s*(?:{_OUT_OF_ALT}|/)\s*(?P<den>{_NUM}|\w+)"
                        rf"(?:\s+(?:{_SCALE_UNIT_ALT}))?$", regex.I)

# The unit alternation above is hundreds of spellings, tried case-insensitively at each
# place a unit may start: a text that goes on past its figure ("256 GB SSD", "3000 mm
# waterproof rating") costs _QUANTITY and _PART 5-20 us to fail.  Both patterns end a
# match with a figure or a unit (and an optional period), so a text whose end is neither
# cannot match: told first by comparing its last characters with the spellings.  Only for
# ASCII text without a line break (case-insensitive matching is then lower case, and "$"
# is the end), and only while no spelling could match an ASCII character by case folding.
_UNIT_SPELLINGS = [u for u in UNIT_OF if u not in CURRENCY_SYMBOLS]
_UNIT_TAILS_EXACT = all(u and not any(
    ord(ch) > 127 and any(ord(c) < 128 for c in ch.lower() + ch.upper() + ch.casefold())
    for ch in u) for u in _UNIT_SPELLINGS)
# what may stand before a unit in either pattern: a figure's last digit, a space, a hyphen
# (every ASCII space: a superset of the patterns' \s)
_BEFORE_UNIT = frozenset("0123456789-" + "".join(c for c in map(chr, range(128)) if c.isspace()))


def _last_piece(s: str) -> str:
    """The end of ``s`` after its last character of ``_BEFORE_UNIT``."""
    i = len(s)
    while i and s[i - 1] not in _BEFORE_UNIT:
        i -= 1
    return s[i:]


_ASCII_UNITS = [u.lower() for u in _UNIT_SPELLINGS if u.isascii()]
# spellings with no such character (most: "kg", "inches"), and the others ("sq ft") by
# their last piece ("ft")
_PLAIN_UNITS = frozenset(u for u in _ASCII_UNITS if _BEFORE_UNIT.isdisjoint(u))
_UNITS_BY_PIECE: dict[str, list[str]] = {}
for _u in _ASCII_UNITS:
    if not _BEFORE_UNIT.isdisjoint(_u):
        _UNITS_BY_PIECE.setdefault(_last_piece(_u), []).append(_u)


def _ends_in_unit(t: str) -> bool:
    """The (ASCII) text ends with a unit spelling of ``_unit_alt`` after a digit, a space
    or a hyphen, maybe followed by one period, compared in lower case."""
    low = t.lower()
    for s in (low, low[:-1]) if low.endswith(".") else (low,):
        piece = _last_piece(s)
        if len(piece) < len(s) and piece in _PLAIN_UNITS:
            return True
        for u in _UNITS_BY_PIECE.get(piece, ()):
            if len(u) < len(s) and s.endswith(u) and s[-len(u) - 1] in _BEFORE_UNIT:
                return True
    return False


# _QUANTITY without its unit: what it matches when no unit is read (no alternation)
# (in ``re``, whose \s is every character str.isspace() holds: as wide as the pattern's
# or wider, so never False where _QUANTITY matches)
_NO_UNIT = re.compile(rf"^(?:[{re.escape(CURRENCY_CHARS)}])?\s*(?:{_NUM})\s*-?\s*\.?$")


def _may_be_quantity(s: str) -> bool:
    """False only when ``_QUANTITY`` cannot match ``s``: without a unit it is
    ``_NO_UNIT``'s match, and with one the text ends with the unit (and a period)."""
    if not _UNIT_TAILS_EXACT or not s.isascii() or "\n" in s:
        return True
    return _NO_UNIT.match(s) is not None or _ends_in_unit(s)


def _may_be_compound(s: str) -> bool:
    """False only when ``_compound`` cannot read ``s``: its parts (each a figure and a
    unit, maybe with a period) are all of it but spaces, so it ends with the last one's
    unit."""
    if not _UNIT_TAILS_EXACT or not s.isascii() or "\n" in s:
        return True
    s = s.rstrip(" ")
    return _ends_in_unit(s) or _last_piece(s.lower().rstrip(".")) in _COMPOUND_FORMS


# a rating writes "/" or the first word of an "out of" phrase (ASCII phrases: in a
# case-folded text, the pattern's case-insensitive match is that word as it is)
_OUT_OF_FIRST = tuple(dict.fromkeys(p.split()[0].lower() for p in _LEX.out_of_phrases
                                    if p.split()))
_OUT_OF_ASCII = bool(_LEX.out_of_phrases) and all(p.isascii() and p.split()
                                                  for p in _LEX.out_of_phrases)


def _may_be_rating(s: str) -> bool:
    """False only when ``_OUT_OF`` cannot match the case-folded text ``s``."""
    return not _OUT_OF_ASCII or "/" in s or any(w in s for w in _OUT_OF_FIRST)


# a number with a unit this table does not know ("100 nits", "19 bar", "150 AW", "1080p")
_OTHER_UNIT = regex.compile(rf"^(?P<num>{_NUM})\s*-?\s*(?P<unit>[a-z]{{1,8}})$")
# camelCase boundaries: "familyFriendly", "HTMLParser"; a code glued to a word splits off
# whole ("has5G" -> "has 5G"), while "mp3" and "4K" stay one word
_CAMEL = regex.compile(r"(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})"
                       r"|(?<=\p{Ll})(?=\d+\p{Lu})")
_NON_WORD = regex.compile(rf"[^\p{{L}}\p{{N}}%{_CUR}.'\"/]+")
_SPACES = regex.compile(r"\s+")
_RANGE_CURRENCY = regex.compile(rf"(?<=\d)\s*[-–]\s*[{_CUR}]")
# the standard library's engine for the patterns of explicit ASCII classes below: what they
# match is the same in both engines, and ``re`` costs less per call and per line
_RE_CUR = re.escape(CURRENCY_CHARS)
_PLAIN = re.compile(r"[A-Za-z0-9 ]*")
# ASCII letters, digits, spaces, hyphens and periods: the hyphens become spaces, and a
# period that is no decimal point (``_LONE_DOT``, here in ``re``) one too; nothing else
# below applies (no currency sign, apostrophe, quote or other mark)
_PLAIN_DOTTED = re.compile(r"[A-Za-z0-9 .\-]*")
_LONE_DOT_ASCII = re.compile(r"(?<![0-9])\.|\.(?![0-9])")
# a bare amount in ASCII digits, maybe after a currency sign: what norm_text makes of it is
# the text with its thousands commas as spaces
_ASCII_AMOUNT = re.compile(rf"[{_RE_CUR}]?(?:[0-9]{{1,3}}(?:,[0-9]{{3}})+|[0-9]+)(?:\.[0-9]+)?")
# what an amount's digits are read without: its currency sign and thousands commas
AMOUNT_MARKS = {ord(c): None for c in "," + CURRENCY_CHARS}
_LONE_DOT = regex.compile(r"(?<!\d)\.|\.(?!\d)")
_POSSESSIVE = regex.compile(r"(?<=\w)'s\b")
_QUOTES = regex.compile(r"['\"]")


@dataclass(frozen=True)
class Quantity:
    """A number with its canonical unit (``None`` for a bare number)."""

    value: float
    unit: str | None = None

    def __str__(self) -> str:
        v = int(self.value) if float(self.value).is_integer() else self.value
        return f"{v} {self.unit}" if self.unit else f"{v}"


def fold(text: str) -> str:
    """Unicode-fold and lower-case: the one spelling comparisons are made in (an HTML
    entity of a scraped cell, "R&amp;B", read as its character)."""
    if "&" in text:
        text = html.unescape(text)
    elif text.isascii():  # NFKC leaves ASCII as it is, and its case folding is lower case
        return text.lower()
    return unicodedata.normalize("NFKC", text).casefold()


def fold_all(texts: list[str]) -> list[str]:
    """``fold`` of each text: cells of plain ASCII (no "&") are lower-cased, all at once
    when every one of them is (NFKC and case folding of ASCII are lower case)."""
    blob = "\n".join(texts)
    if blob.isascii() and "&" not in blob and blob.count("\n") == len(texts) - 1:
        low = blob.lower()
        if low == blob:  # nothing to lower (amounts, codes): the texts themselves
            return list(texts)
        return low.split("\n") if texts else []
    return [t.lower() if t.isascii() and "&" not in t else fold(t) for t in texts]


@lru_cache(maxsize=65536)
def norm_text(text: str) -> str:
    """Lower case, hyphens and punctuation to spaces, leading article dropped.

    >>> norm_text("The Family-Friendly  Coffee shop.")
    'family friendly coffee shop'
    """
    if _ASCII_AMOUNT.fullmatch(text):  # "$1,249.99": only the thousands commas change
        return text.replace(",", " ")
    if _PLAIN.fullmatch(text):  # letters, digits and spaces only: nothing below applies
        words = text.lower().split()
        while words and words[0] in ARTICLES:
            words = words[1:]
        return " ".join(words)
    if _PLAIN_DOTTED.fullmatch(text):  # and hyphens and periods: "built-in", "1.8 liters"
        s = text.lower().replace("-", " ")
        if "." in s:
            s = _LONE_DOT_ASCII.sub(" ", s)
        words = s.split()
        while words and words[0] in ARTICLES:
            words = words[1:]
        return " ".join(words)
    s = fold(text).replace("’", "'")
    s = _RANGE_CURRENCY.sub("-", s)  # "£20-£25" is written "£20-25" too
    s = _NON_WORD.sub(" ", s)
    s = _LONE_DOT.sub(" ", s)
    s = _POSSESSIVE.sub("", s)
    s = _QUOTES.sub(" ", s)
    words = s.split()
    while words and words[0] in ARTICLES:
        words = words[1:]
    return " ".join(words)


@lru_cache(maxsize=8192)
def split_identifier(name: str) -> str:
    """Column identifiers to words: ``familyFriendly`` -> ``family friendly``."""
    spaced = _CAMEL.sub(" ", name.replace("_", " ").replace("-", " "))
    return _SPACES.sub(" ", spaced).strip().casefold()


def _number_word_value(words: list[str]) -> float | None:
    """Value of a run of number words ("twenty five", "two hundred", "six and a half"),
    or None."""
    if len(words) > len(_HALF) and words[-len(_HALF):] == _HALF:
        whole = _number_word_value(words[:-len(_HALF)])
        return whole + 0.5 if whole is not None else None
    total, current, seen = 0.0, 0.0, False
    for w in words:
        if w in _JOINERS and seen:
            continue
        if w not in NUMBER_WORDS or w in _ORDINALS_OUTSIDE_NUMBERS and len(words) > 1:
            return None
        v = NUMBER_WORDS[w]
        seen = True
        if v in (100, 1000, 1_000_000):
            current = (current or 1) * v
            if v > 100:
                total, current = total + current, 0.0
        else:
            current += v
    return total + current if seen else None


def parse_number(token: str) -> float | None:
    """A bare number in digits or words: "1,200", "4.7", "four", "twenty-five"."""
    s = fold(token).strip().replace("-", " ")
    if not s:
        return None
    try:
        return float(s.replace(",", ""))
    except ValueError:
        pass
    return _number_word_value(s.split())


def _digits(num: str) -> float:
    """The value of a match of ``_NUM``: "1,200" and "19.500.000" grouped, "4.7" not."""
    return float(num.replace(",", "").replace(".", "") if num.count(".") > 1
                 else num.replace(",", ""))


# the marks that say a figure is approximate ("est. 227.59 crore", "c. 420", "~3,000"),
# longest first, and the characters they begin with (a cheap test before the look)
_APPROXIMATE_MARKS = tuple(sorted((m.lower() for m in _LEX.approximate_cell_marks),
                                  key=len, reverse=True))
_APPROXIMATE_FIRST = frozenset(m[0] for m in _APPROXIMATE_MARKS if m)


def _without_approximate_mark(s: str) -> str:
    """``s`` (folded) without the approximate mark it begins with, when a figure follows:
    "est. 227.59 crore" -> "227.59 crore"; "cat" and "c" stay as they are."""
    for mark in _APPROXIMATE_MARKS:
        if s.startswith(mark):
            rest = s[len(mark):].lstrip()
            if rest and (rest[0].isdigit() or rest[0] in CURRENCY_SYMBOLS) and (
                    not mark[-1].isalpha() or len(rest) < len(s) - len(mark)):
                return rest  # (a word mark needs a space after it: not "c4")
    return s


@lru_cache(maxsize=65536)
def parse_quantity(text: str, loose: bool = True) -> Quantity | None:
    """A number with an optional unit, or None when the text is not one quantity.

    ``loose`` also accepts one unknown unit word ("100 nits", "19 bar"): right for a cell,
    too eager for running text ("4.8 battery"), where the linker asks strictly first.

    >>> parse_quantity("17.3 inches"), parse_quantity("550w")
    (Quantity(value=17.3, unit='in'), Quantity(value=550.0, unit='w'))
    """
    m = _BARE_AMOUNT.fullmatch(text)
    if m:
        return Quantity(_digits(m["num"]), CURRENCY_SYMBOLS[m["cur"]] if m["cur"] else None)
    s = fold(text).strip().rstrip(".")
    if not s:
        return None
    if s[0] in _APPROXIMATE_FIRST:
        s = _without_approximate_mark(s)
    if s[0] in _ASCII_LETTERS and _names_no_quantity(s):
        return None
    m = _QUANTITY.match(s) if _may_be_quantity(s) else None
    if m:
        value = _digits(m["num"])
        unit = CURRENCY_SYMBOLS.get(m["cur"]) if m["cur"] else None
        if m["unit"]:
            unit = UNIT_OF.get(m["unit"].lower(), unit)
        return Quantity(value, unit)
    compound = _compound(s)
    if compound is not None:
        return compound
    m = _OTHER_UNIT.match(s) if loose else None
    if m and m["unit"] not in NUMBER_WORDS:
        return Quantity(_digits(m["num"]), m["unit"])
    m = _OUT_OF.match(s) if _may_be_rating(s) else None
    if m:
        num, den = parse_number(m["num"]), parse_number(m["den"])
        if num is not None and den:
            return Quantity(num, f"{OUT_OF_LABEL} {den:g}")
    words = s.replace("-", " ").split()
    scaled = _scaled(words)
    if scaled is not None:
        return scaled
    if loose and len(words) > 2 and words[-2] in _SCALES and words[-1].isalpha() \
            and words[-1] not in NUMBER_WORDS:
        # "3.2 million volumes": a scaled amount in one unknown unit word, read as loosely
        # as "100 nits" (not 3.2, the number before the scale)
        amount = _scaled(words[:-1])
        if amount is not None and amount.unit is None:
            return Quantity(amount.value, words[-1])
    if words and words[-1] in UNIT_OF and len(words) > 1:
        v = _number_word_value(words[:-1])
        if v is not None:
            return Quantity(v, UNIT_OF[words[-1]])
    v = _number_word_value(words)
    return Quantity(v) if v is not None else None


# one amount in a unit of its own: a part of "6 ft 4 in" or "1 h 30 min"
_PART_UNITS = "|".join(sorted({*(regex.escape(u) for u in UNIT_OF if u not in CURRENCY_SYMBOLS),
                               *map(regex.escape, _COMPOUND_FORMS)}, key=len, reverse=True))
_PART = regex.compile(rf"(?P<num>{_NUM})\s*(?P<unit>{_PART_UNITS})\.?(?=\s|$)", regex.I)
# the same amount in other units after it, in brackets: "6 ft 4 in (1.93 m)", or a note
# on it in words or a year: "2.4 million (as of March 2019)", "412 (3 times)", "84 (2018)";
# another bare number in brackets ("3 (2)") is a second figure, not a note
_RESTATED = regex.compile(
    r"^(?P<amount>[^()]+?)\s*\((?:(?=[^()]*\p{L})[^()]*|\s*(?:1\d|20)\d\d\s*)\)$")


def _compound_units(spelled: list[str]) -> list[str | None]:
    """The units of a compound amount's parts: each spelling's unit, or its compound-only
    unit (``compound_unit_forms``: "m" of "2h 31m" is minutes) where that one is of the
    family of the first part's unit and its own is not."""
    first = UNIT_OF.get(spelled[0]) or _COMPOUND_FORMS.get(spelled[0])
    family = UNIT_FAMILY.get(first or "")
    out: list[str | None] = []
    for w in spelled:
        unit = UNIT_OF.get(w)
        if family and UNIT_FAMILY.get(unit or "") != family \
                and UNIT_FAMILY.get(_COMPOUND_FORMS.get(w, "")) == family:
            unit = _COMPOUND_FORMS[w]
        out.append(unit)
    return out


def _compound(s: str) -> Quantity | None:
    """ "6 ft 4 in" (76 in), "1 h 30 min" (90 min), "230 lb (104 kg)" (230 lb): amounts
    of one family, each unit smaller than the one before, in the smallest; an amount
    restated or qualified in brackets ("2.4 million (as of March 2019)") is read without
    them."""
    restated = _RESTATED.match(s) if ")" in s else None
    if restated is not None:
        return parse_quantity(restated["amount"], loose=False)
    parts = list(_PART.finditer(s)) if _may_be_compound(s) else []
    if len(parts) < 2 or "".join(p[0] for p in parts).replace(" ", "") != s.replace(" ", ""):
        return None
    units = _compound_units([p["unit"].lower().rstrip(".") for p in parts])
    factors = [BASE_UNITS.get(u or "") for u in units]
    if None in factors or any(not same_family(units[0], u) for u in units) or any(
            a <= b for a, b in zip(factors, factors[1:], strict=False)):
        return None
    total = sum(_digits(p["num"]) * f for p, f in zip(parts, factors, strict=True))
    return Quantity(round(total / factors[-1], 9), units[-1])


_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")


def _names_no_quantity(s: str) -> bool:
    """A folded text that ``parse_quantity`` reads as no quantity, known without its
    patterns: it begins with a letter (no currency sign, no digit: neither amount pattern
    can match, nor can a compound amount), has no "/" and no "out of" (no rating), no "("
    (no amount restated in brackets), and its first word is no number word, fraction or
    article ("summit 100123", a product's name in a catalog)."""
    if "/" in s or "out" in s or "(" in s:
        return False
    return _first_word_names(s.replace("-", " ").split()[0])


def _first_word_names(first: str) -> bool:
    """The first word of a text starting with a letter lets it be no quantity: no number
    word, fraction or article, and no float spelled in letters."""
    if first in NUMBER_WORDS or first in _FRACTIONS or first in _FRACTION_ARTICLES:
        return False
    try:
        float(first.replace(",", ""))
    except ValueError:
        return True
    return False


# number words that scale the number before them ("2.5 million", "half a million", "a
# hundred")
_SCALES = {w: v for w, v in NUMBER_WORDS.items() if v >= 100}
_FRACTIONS = dict(_LEX.fraction_words)
_FRACTION_ARTICLES = _LEX.fraction_articles


def _scaled(words: list[str]) -> Quantity | None:
    """A number times a scale word, with an optional currency sign or unit: "2.5 million
    dollars", "$3 billion", "half a million", "a million"."""
    unit = None
    if len(words) > 1 and words[-1] in UNIT_OF:
        unit, words = UNIT_OF[words[-1]], words[:-1]
    if len(words) < 2 or words[-1] not in _SCALES:
        return None
    head, scale = words[:-1], _SCALES[words[-1]]
    if head[0][:1] in CURRENCY_SYMBOLS:
        unit, head = CURRENCY_SYMBOLS[head[0][:1]], [head[0][1:], *head[1:]] if head[0][1:] \
            else head[1:]
    if len(head) == 2 and head[0] in _FRACTIONS and head[1] in _FRACTION_ARTICLES:
        value = _FRACTIONS[head[0]]  # "half a million"
    elif len(head) == 1 and head[0] in _FRACTION_ARTICLES:
        value = 1.0  # "a million"
    elif len(head) == 1:
        try:
            value = float(head[0].replace(",", ""))
        except ValueError:
            value = _number_word_value(head)
    else:
        value = _number_word_value(head)
    return Quantity(value * scale, unit) if value is not None else None


# factors to one base unit per dimension, so "25 seconds" and "2 minutes" compare
BASE_UNITS = {canon: unit.factor for canon, unit in _LEX.units.items() if unit.factor is not None}
UNIT_FAMILY = {canon: unit.dimension for canon, unit in _LEX.units.items()
               if unit.factor is not None}


# every unit's dimension (money and ratings too, which have no common base unit)
UNIT_DIMENSION = {canon: unit.dimension for canon, unit in _LEX.units.items()}


def to_base(q: Quantity) -> float | None:
    """The quantity in its family's base unit (seconds, grams, mm ...), None if unknown."""
    factor = BASE_UNITS.get(q.unit or "")
    return q.value * factor if factor is not None else None


def same_family(a: str | None, b: str | None) -> bool:
    return bool(a and b and UNIT_FAMILY.get(a) and UNIT_FAMILY.get(a) == UNIT_FAMILY.get(b))


def parse_bool(text: str) -> bool | None:
    return bool_of_normalized(norm_text(text))


def bool_of_normalized(s: str) -> bool | None:
    """``parse_bool`` of a text already normalized by ``norm_text``."""
    if s in TRUE_WORDS:
        return True
    if s in FALSE_WORDS:
        return False
    return None


def quantities_equal(a: Quantity, b: Quantity, rel_tol: float = 1e-6) -> bool:
    """Equal value and compatible unit (a bare number matches any unit)."""
    if a.unit and b.unit and a.unit != b.unit:
        return False
    return abs(a.value - b.value) <= rel_tol * max(1.0, abs(a.value), abs(b.value))


def rounds_to(found: float, claimed: float) -> bool:
    """True when ``found`` rounded to the claimed number's precision gives ``claimed``.

    "about 4.5" covers 4.46; "3" covers 3.4 only when the claim is written without decimals.
    """
    text = f"{claimed:.6f}".rstrip("0").rstrip(".")
    decimals = len(text.split(".")[1]) if "." in text else 0
    return round(found, decimals) == round(claimed, decimals)


# -- many cells at once (a column's distinct cells, at compile) ------------------------------

# one match per line of cells joined by "\n": a bare ASCII amount ("$1,249.99", what
# ``norm_text`` reads as _ASCII_AMOUNT, its sign and digits apart), a text of ASCII letters,
# digits and spaces (_PLAIN: its first character only, a string Python does not allocate),
# or any other line (an empty line matches no group)
_LINE_KIND = re.compile(
    rf"^(?:(?P<cur>[{_RE_CUR}])?(?P<num>(?:[0-9]{{1,3}}(?:,[0-9]{{3}})+|[0-9]+)(?:\.[0-9]+)?)$"
    r"|(?P<plain>[A-Za-z0-9 ])[A-Za-z0-9 ]*$|[^\n]*$)", re.M)
_SPACE_RUN = re.compile(r" {2,}")
_LINE_EDGE_SPACE = re.compile(r"^ | $", re.M)
_LEADING_ARTICLES = re.compile(
    r"^(?:(?:" + "|".join(map(re.escape, sorted(ARTICLES, key=len, reverse=True)))
    + r")(?: |$))+", re.M)


def _plain_norms(lines: list[str]) -> list[str]:
    """``norm_text`` of texts of ASCII letters, digits and spaces, all at once: lower case,
    single spaces, leading articles dropped (what it does to such a text word by word)."""
    if not lines:
        return []
    blob = "\n".join(lines).lower()
    if "  " in blob or " \n" in blob or "\n " in blob or blob[:1] == " " or blob[-1:] == " ":
        blob = _LINE_EDGE_SPACE.sub("", _SPACE_RUN.sub(" ", blob))
    return _LEADING_ARTICLES.sub("", blob).split("\n")


def all_ascii_amounts(texts: list[str], blob: str | None = None) -> bool:
    """Every text a bare ASCII amount ("$1,249.99", "42"): a price column.  Counted by
    one substitution over the texts joined (a match is a whole line, so every line
    matched when there are as many matches as texts); no list of matches is made, and
    the pattern matched line by line keeps no backtracking stack the size of the column."""
    if not texts or not _ASCII_AMOUNT.fullmatch(texts[0]):
        return False
    if blob is None:
        blob = "\n".join(texts)
    if blob.count("\n") != len(texts) - 1:
        return all(map(_ASCII_AMOUNT.fullmatch, texts))
    return _AMOUNT_LINE.subn("", blob)[1] == len(texts)


# a line that is a bare ASCII amount (of texts joined by line breaks)
_AMOUNT_LINE = re.compile(rf"^{_ASCII_AMOUNT.pattern}$", re.M)


_BULK_CELLS = 64
# the first word of each line of plain texts (after its leading spaces; "" for a blank line)
_FIRST_WORD = re.compile(r"^ *([^ \n]*)", re.M)


def _plain_quantities(cells: list[str], rows: list[int]) -> list[int]:
    """Which of these plain cells (ASCII letters, digits and spaces) may hold a quantity:
    not a blank one, nor a name (it starts with a letter, has no "out" and its first word
    is no number word: ``_names_no_quantity``), each first word judged once."""
    low = "\n".join(map(cells.__getitem__, rows)).lower()
    firsts = _FIRST_WORD.findall(low)
    if len(firsts) != len(rows):  # not one line per cell: each cell on its own
        firsts = [t.split(None, 1)[0] if t.strip() else "" for t in low.split("\n")]
    names = {f: not f or f[0] in _ASCII_LETTERS and _first_word_names(f) for f in set(firsts)}
    named = np.fromiter(map(names.__getitem__, firsts), dtype=bool, count=len(rows))
    if "out" in low:  # a text with "out" ("4 out of 5") is read whole
        lines = low.split("\n")
        named &= ~np.fromiter(map(_holds_out, lines), dtype=bool, count=len(rows)) | (
            np.fromiter(map(len, firsts), dtype=np.int64, count=len(rows)) == 0)
    rows_at = np.asarray(rows, dtype=np.int64)
    return rows_at[~named].tolist()


def _holds_out(text: str) -> bool:
    return "out" in text


def _currencies(amounts: list[str], blob: str) -> list[str | None]:
    """The currency of each bare amount (its sign can only lead it): counted in the
    amounts joined when none or every one has the same sign."""
    signs = {c: n for c in CURRENCY_SYMBOLS if (n := blob.count(c))}
    if not signs:
        return [None] * len(amounts)
    if len(signs) == 1 and next(iter(signs.values())) == len(amounts):
        return [CURRENCY_SYMBOLS[next(iter(signs))]] * len(amounts)
    return [CURRENCY_SYMBOLS.get(v[:1]) for v in amounts]


def read_cells(cells: list[str], cached: bool = True, blob: str | None = None
               ) -> tuple[list[str], list[tuple[float, str | None] | None]]:
    """``norm_text`` and ``parse_quantity`` (as ``(value, unit)``, or None) of each cell:
    the same readings, with the two shapes that fill a catalog's large columns read in bulk
    over the cells joined, bare ASCII amounts ("$1,249.99") and names of ASCII letters,
    digits and spaces ("Summit 100123"); other cells one by one (through the parsers'
    caches when ``cached``); ``blob``: the cells joined by line breaks, when the caller
    has it."""
    normalize = norm_text if cached else norm_text.__wrapped__
    quantity = parse_quantity if cached else parse_quantity.__wrapped__
    n = len(cells)
    if n < _BULK_CELLS:  # a few cells: one by one costs less than the bulk passes
        quants = [quantity(v) for v in cells]
        return [normalize(v) for v in cells], [None if q is None else (q.value, q.unit)
                                                for q in quants]
    if blob is None:
        blob = "\n".join(cells)
    if all_ascii_amounts(cells, blob):  # a price column: every cell a bare amount
        # each cell's own replace: a cell without a comma is its own norm (one string kept)
        return [v.replace(",", " ") for v in cells], list(zip(
            map(float, blob.translate(AMOUNT_MARKS).split("\n")),
            _currencies(cells, blob), strict=True))
    kinds = _LINE_KIND.findall(blob) if blob.count("\n") == n - 1 else None
    if kinds is None or len(kinds) != n:  # a cell with a line break: one by one
        kinds = [("", "", "")] * n
    _, nums, plains = zip(*kinds, strict=True)
    lengths = np.fromiter(map(len, cells), dtype=np.int64, count=n)
    is_num = np.fromiter(map(bool, nums), dtype=bool, count=n)
    # a text of ASCII letters, digits and spaces, or an empty cell
    is_plain = np.fromiter(map(bool, plains), dtype=bool, count=n) | (lengths == 0)
    plain_rows = np.flatnonzero(is_plain).tolist()
    if len(plain_rows) == n:  # a names column: every cell plain
        norms: list = _plain_norms(cells)
        quants: list = [None] * n
    else:
        norms = [None] * n
        quants = [None] * n
        for i in np.flatnonzero(~is_plain).tolist():
            if is_num[i]:
                cur, num, _ = kinds[i]
                norms[i] = cells[i].replace(",", " ")
                quants[i] = (float(num.replace(",", "")), CURRENCY_SYMBOLS[cur] if cur else None)
            else:
                v = cells[i]
                norms[i] = normalize(v)
                q = quantity(v)
                quants[i] = None if q is None else (q.value, q.unit)
        if plain_rows:
            for i, norm in zip(plain_rows, _plain_norms([cells[i] for i in plain_rows]),
                               strict=True):
                norms[i] = norm
    if plain_rows:
        for i in _plain_quantities(cells, plain_rows):
            q = quantity(cells[i])
            quants[i] = None if q is None else (q.value, q.unit)
    return norms, quants


_Y_PLURALS = tuple(_LEX.plural_y_endings.items())  # "cities" -> "city"
_ES_PLURALS = tuple(sorted(_LEX.plural_es_endings))  # "boxes" -> "box"
_NOT_PLURALS = tuple(sorted(_LEX.plural_keep_endings))  # "glass", "bus", "analysis"


def singular(word: str) -> str:
    """A plural folded to its singular ("medals" -> "medal", "cities" -> "city"), else the word.

    Only the regular plural endings of the lexicon, applied alike to cells and claims, so
    that "gold medals" meets a column "gold medal"; digits, "-ss", "-us" and "-is" words are
    left alone.
    """
    if len(word) > 4:
        for ending, single in _Y_PLURALS:
            if word.endswith(ending):
                return word[:-len(ending)] + single
    if len(word) > 4 and (word.endswith(_ES_PLURALS)):
        return word[:-2]
    if (len(word) > 3 and word.endswith("s") and not word.endswith(_NOT_PLURALS)
            and not word[-2].isdigit()):
        return word[:-1]
    return word


@lru_cache(maxsize=8192)  # a column's words are asked about again and again
def singular_words(text: str) -> frozenset[str]:
    """The words of a text, each folded by :func:`singular` ("notable eruptions" ->
    notable, eruption)."""
    return frozenset(singular(w) for w in text.split())
