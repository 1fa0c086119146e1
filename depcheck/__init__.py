"""depcheck: rule-based, low-latency checking of generated text against tables."""

__version__ = "0.1.0"
