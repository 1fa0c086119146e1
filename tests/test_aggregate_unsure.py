"""An aggregate claim whose likeliest candidate query gives the claimed number, while the
queries that do are not likely enough together (AggChecker's correctness under 0.5), is
no refutation: the cells that query reads bear the claim out (reason QUERY_UNSURE)."""

from __future__ import annotations

from depcheck.reasons import Reason
from depcheck.table import Table

PRINTERS = Table.from_dict({
    "id": "printers", "caption": "Desktop label printers",
    "columns": ["Model", "Price (GBP)", "Print speed (mm/s)", "Resolution (dpi)",
                "Connectivity", "Built-in cutter", "Battery (mAh)", "Weight (g)"],
    "rows": [["Tag T40", "79", "60", "203", "USB, Bluetooth", "no", "1200", "380"],
             ["Tag T110", "189", "150", "300", "USB, Wi-Fi, Ethernet", "yes", "none", "1450"],
             ["Lind LP-62", "129", "110", "300", "USB, Bluetooth, Wi-Fi", "yes", "none", "980"],
             ["Marrow 24", "39", "20", "180", "Bluetooth", "no", "1500", "210"],
             ["Orlan 100", "159", "150", "203", "USB, Ethernet", "yes", "none", "1620"],
             ["Cob Q58", "99", "90", "203", "USB, Bluetooth", "no", "2000", "450"]]})


def test_a_likeliest_query_that_gives_the_number_refutes_nothing(core_checker):
    report = core_checker.check(
        "Every printer with a built-in cutter runs on mains power with no battery, and all "
        "three connect over USB.", PRINTERS)
    assert report.verdict != "refuted", [(h.kind, h.verdict, h.explanation)
                                         for h in report.hypotheses]
    unsure = [h for h in report.hypotheses if h.kind == "aggregate"
              and h.details.get("correctness", 1.0) < 0.5]
    assert all(h.verdict == "unverifiable" and h.reason == Reason.QUERY_UNSURE
               for h in unsure if h.details.get("result") == h.details.get("claimed"))


def test_a_likeliest_query_that_misses_still_refutes(core_checker):
    report = core_checker.check("Five of the printers have a built-in cutter.", PRINTERS)
    assert report.verdict == "refuted", [(h.kind, h.verdict, h.explanation)
                                         for h in report.hypotheses]
