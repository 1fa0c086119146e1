import pytest

from depcheck.values import (
    Quantity,
    norm_text,
    parse_bool,
    parse_number,
    parse_quantity,
    rounds_to,
    split_identifier,
)


@pytest.mark.parametrize("text,expected", [
    ("550w", Quantity(550, "w")),
    ("17.3 inches", Quantity(17.3, "in")),
    ("17.3-inch", Quantity(17.3, "in")),
    ("2.5 lbs", Quantity(2.5, "lb")),
    ("$129.99", Quantity(129.99, "usd")),
    ("4.7", Quantity(4.7)),
    ("1,200 mAh", Quantity(1200, "mah")),
    ("four", Quantity(4)),
    ("twenty-five", Quantity(25)),
    ("3 out of 5", Quantity(3, "out of 5")),
    ("five hours", Quantity(5, "h")),
    # a scale word multiplies the number before it
    ("2.5 million dollars", Quantity(2_500_000, "usd")),
    ("half a million", Quantity(500_000)),
    ("a million dollars", Quantity(1_000_000, "usd")),
    ("300 thousand", Quantity(300_000)),
])
def test_parse_quantity(text, expected):
    assert parse_quantity(text) == expected


@pytest.mark.parametrize("text", ["grey", "coffee shop", "", "easy to set up"])
def test_not_a_quantity(text):
    assert parse_quantity(text) is None


@pytest.mark.parametrize("text,expected", [("yes", True), ("True", True), ("no", False),
                                           ("false", False), ("maybe", None)])
def test_parse_bool(text, expected):
    assert parse_bool(text) is expected


@pytest.mark.parametrize("name,words", [("familyFriendly", "family friendly"),
                                        ("priceRange", "price range"),
                                        ("noise_level_rating", "noise level rating"),
                                        ("batteryLife", "battery life"),
                                        ("screen size", "screen size")])
def test_split_identifier(name, words):
    assert split_identifier(name) == words


def test_norm_text_folds_case_hyphens_and_articles():
    assert norm_text("The Family-Friendly  Coffee shop.") == "family friendly coffee shop"
    assert norm_text("product 1's") == "product 1"


def test_number_words_and_rounding():
    assert parse_number("twenty five") == 25
    assert rounds_to(4.46, 4.5) and not rounds_to(4.46, 4.4)
