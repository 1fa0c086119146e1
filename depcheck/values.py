"""Normalization of cell values and text mentions.

One place decides what two strings mean: numbers with units ("550w", "17.3 inches",
"2.5 lbs", "$129.99"), number words ("four", "twenty-five"), ratings ("3 out of 5"),
booleans ("yes"/"no"/"true"/"false") and free text (case, punctuation, hyphens, articles).
Column names written as identifiers (``familyFriendly``, ``noise_level_rating``) are split
into words.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import regex

NUMBER_WORDS = {
    "zero": 0, "none": 0, "one": 1, "single": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
    "thousand": 1000, "million": 1_000_000, "dozen": 12, "twice": 2, "thrice": 3,
    "double": 2, "triple": 3, "half": 0.5, "quarter": 0.25, "third": 1 / 3,
    "first": 1, "second": 2, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10,
}
_ORDINALS = {"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
             "ninth", "tenth"}

# canonical unit -> spellings (lower case, without the trailing period)
UNITS = {
    "w": ["w", "watt", "watts", "wattage"],
    "kw": ["kw", "kilowatt", "kilowatts"],
    "kwh": ["kwh"],
    "v": ["v", "volt", "volts"],
    "mah": ["mah"],
    "wh": ["wh"],
    "in": ["in", "inch", "inches", '"', "''", "”", "″"],
    "ft": ["ft", "foot", "feet", "'"],
    "cm": ["cm", "centimeter", "centimeters", "centimetre", "centimetres"],
    "mm": ["mm", "millimeter", "millimeters", "millimetre", "millimetres"],
    "m": ["m", "meter", "meters", "metre", "metres"],
    "km": ["km", "kilometer", "kilometers", "kilometre", "kilometres"],
    "mi": ["mi", "mile", "miles"],
    "lb": ["lb", "lbs", "pound", "pounds"],
    "oz": ["oz", "ounce", "ounces"],
    "kg": ["kg", "kgs", "kilogram", "kilograms", "kilo", "kilos"],
    "g": ["g", "gram", "grams"],
    "l": ["l", "liter", "liters", "litre", "litres"],
    "ml": ["ml", "milliliter", "milliliters", "millilitre", "millilitres"],
    "qt": ["qt", "quart", "quarts"],
    "gal": ["gal", "gallon", "gallons"],
    "h": ["h", "hr", "hrs", "hour", "hours"],
    "min": ["min", "mins", "minute", "minutes"],
    "s": ["sec", "secs", "second", "seconds"],
    "day": ["day", "days"],
    "week": ["week", "weeks"],
    "month": ["month", "months", "mo"],
    "year": ["year", "years", "yr", "yrs"],
    "decade": ["decade", "decades"],
    "gb": ["gb", "gigabyte", "gigabytes"],
    "tb": ["tb", "terabyte", "terabytes"],
    "mb": ["mb", "megabyte", "megabytes"],
    "sqft": ["sq ft", "sqft", "square feet", "square foot", "sq. ft", "ft²", "ft2"],
    "m2": ["m²", "m2", "sqm", "sq m", "square metres", "square meters", "square metre",
           "square meter"],
    "ghz": ["ghz"],
    "mhz": ["mhz"],
    "hz": ["hz", "hertz"],
    "mp": ["mp", "megapixel", "megapixels"],
    "db": ["db", "decibel", "decibels"],
    "rpm": ["rpm"],
    "mph": ["mph"],
    "cups": ["cup", "cups"],
    "speeds": ["speed", "speeds"],
    "%": ["%", "percent", "per cent", "pct"],
    "star": ["star", "stars"],
    "usd": ["$", "usd", "dollar", "dollars", "bucks"],
    "gbp": ["£", "gbp", "pound sterling", "pounds sterling"],
    "eur": ["€", "eur", "euro", "euros"],
    "jpy": ["¥", "jpy", "yen"],
    "inr": ["₹", "inr", "rupee", "rupees"],
    "kmh": ["km/h", "kmh", "kph", "kilometres per hour", "kilometers per hour"],
    "mpg": ["mpg"],
    "l_cap": ["litre capacity", "liter capacity"],
}
UNIT_OF = {spelling: canon for canon, spellings in UNITS.items() for spelling in spellings}
CURRENCY_SYMBOLS = {"$": "usd", "£": "gbp", "€": "eur", "¥": "jpy", "₹": "inr"}
CURRENCY_CHARS = "".join(CURRENCY_SYMBOLS)  # for character classes: [$£€¥₹]

TRUE_WORDS = {"yes", "true", "y", "t", "1"}
FALSE_WORDS = {"no", "false", "n", "f", "0"}
ARTICLES = {"a", "an", "the"}

_unit_alt = "|".join(sorted((regex.escape(u) for u in UNIT_OF if u not in CURRENCY_SYMBOLS),
                            key=len, reverse=True))
_CUR = regex.escape(CURRENCY_CHARS)
_NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+"
_QUANTITY = regex.compile(
    rf"^(?P<cur>[{_CUR}])?\s*(?P<num>{_NUM})\s*-?\s*(?P<unit>{_unit_alt})?\.?$", regex.I)
_OUT_OF = regex.compile(rf"^(?P<num>{_NUM}|\w+)\s*(?:out\s+of|/)\s*(?P<den>{_NUM}|\w+)"
                        r"(?:\s+stars?)?$", regex.I)
# a number with a unit this table does not know ("100 nits", "19 bar", "150 AW", "1080p")
_OTHER_UNIT = regex.compile(rf"^(?P<num>{_NUM})\s*-?\s*(?P<unit>[a-z]{{1,8}})$")
# camelCase boundaries: "familyFriendly", "HTMLParser"; a code glued to a word splits off
# whole ("has5G" -> "has 5G"), while "mp3" and "4K" stay one word
_CAMEL = regex.compile(r"(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})"
                       r"|(?<=\p{Ll})(?=\d+\p{Lu})")
_NON_WORD = regex.compile(rf"[^\p{{L}}\p{{N}}%{_CUR}.'\"/]+")
_SPACES = regex.compile(r"\s+")
_RANGE_CURRENCY = regex.compile(rf"(?<=\d)\s*[-–]\s*[{_CUR}]")


@dataclass(frozen=True)
class Quantity:
    """A number with its canonical unit (``None`` for a bare number)."""

    value: float
    unit: str | None = None

    def __str__(self) -> str:
        v = int(self.value) if float(self.value).is_integer() else self.value
        return f"{v} {self.unit}" if self.unit else f"{v}"


def fold(text: str) -> str:
    """Unicode-fold and lower-case: the one spelling comparisons are made in."""
    return unicodedata.normalize("NFKC", text).casefold()


@lru_cache(maxsize=65536)
def norm_text(text: str) -> str:
    """Lower case, hyphens and punctuation to spaces, leading article dropped.

    >>> norm_text("The Family-Friendly  Coffee shop.")
    'family friendly coffee shop'
    """
    s = fold(text).replace("’", "'")
    s = _RANGE_CURRENCY.sub("-", s)  # "£20-£25" is written "£20-25" too
    s = _NON_WORD.sub(" ", s)
    s = regex.sub(r"(?<!\d)\.|\.(?!\d)", " ", s)
    s = regex.sub(r"(?<=\w)'s\b", "", s)
    s = regex.sub(r"['\"]", " ", s)
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
    if len(words) > 3 and words[-3:] == ["and", "a", "half"]:
        whole = _number_word_value(words[:-3])
        return whole + 0.5 if whole is not None else None
    total, current, seen = 0.0, 0.0, False
    for w in words:
        if w == "and" and seen:
            continue
        if w not in NUMBER_WORDS or w in _ORDINALS - {"second"} and len(words) > 1:
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


@lru_cache(maxsize=65536)
def parse_quantity(text: str, loose: bool = True) -> Quantity | None:
    """A number with an optional unit, or None when the text is not one quantity.

    ``loose`` also accepts one unknown unit word ("100 nits", "19 bar"): right for a cell,
    too eager for running text ("4.8 battery"), where the linker asks strictly first.

    >>> parse_quantity("17.3 inches"), parse_quantity("550w")
    (Quantity(value=17.3, unit='in'), Quantity(value=550.0, unit='w'))
    """
    s = fold(text).strip().rstrip(".")
    if not s:
        return None
    m = _QUANTITY.match(s)
    if m:
        value = float(m["num"].replace(",", ""))
        unit = CURRENCY_SYMBOLS.get(m["cur"]) if m["cur"] else None
        if m["unit"]:
            unit = UNIT_OF.get(m["unit"].lower(), unit)
        return Quantity(value, unit)
    m = _OTHER_UNIT.match(s) if loose else None
    if m and m["unit"] not in NUMBER_WORDS:
        return Quantity(float(m["num"].replace(",", "")), m["unit"])
    m = _OUT_OF.match(s)
    if m:
        num, den = parse_number(m["num"]), parse_number(m["den"])
        if num is not None and den:
            return Quantity(num, f"out of {den:g}")
    words = s.replace("-", " ").split()
    if words and words[-1] in UNIT_OF and len(words) > 1:
        v = _number_word_value(words[:-1])
        if v is not None:
            return Quantity(v, UNIT_OF[words[-1]])
    v = _number_word_value(words)
    return Quantity(v) if v is not None else None


# factors to one base unit per family, so "25 seconds" and "2 minutes" compare
BASE_UNITS = {
    "s": 1, "min": 60, "h": 3600, "day": 86400, "week": 604800, "month": 2_629_800,
    "year": 31_557_600, "decade": 315_576_000,
    "g": 1, "kg": 1000, "oz": 28.3495, "lb": 453.592,
    "mm": 1, "cm": 10, "m": 1000, "km": 1_000_000, "in": 25.4, "ft": 304.8, "mi": 1_609_344,
    "ml": 1, "l": 1000, "qt": 946.353, "gal": 3785.41,
    "w": 1, "kw": 1000, "mb": 1, "gb": 1000, "tb": 1_000_000, "mhz": 1, "ghz": 1000,
}
UNIT_FAMILY = {u: fam for fam, units in {
    "time": ("s", "min", "h", "day", "week", "month", "year", "decade"),
    "mass": ("g", "kg", "oz", "lb"), "length": ("mm", "cm", "m", "km", "in", "ft", "mi"),
    "volume": ("ml", "l", "qt", "gal"), "power": ("w", "kw"), "data": ("mb", "gb", "tb"),
    "frequency": ("mhz", "ghz")}.items() for u in units}


def to_base(q: Quantity) -> float | None:
    """The quantity in its family's base unit (seconds, grams, mm ...), None if unknown."""
    factor = BASE_UNITS.get(q.unit or "")
    return q.value * factor if factor is not None else None


def same_family(a: str | None, b: str | None) -> bool:
    return bool(a and b and UNIT_FAMILY.get(a) and UNIT_FAMILY.get(a) == UNIT_FAMILY.get(b))


def parse_bool(text: str) -> bool | None:
    s = norm_text(text)
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
