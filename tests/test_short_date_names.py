"""A month or weekday written out names the row whose name holds its short form.

Tables keyed by dates write them short ("Thu 6 Jun", "Apr 2019"); a statement says
"on Thursday" or "in April".  The lexicon's ``date_short_forms`` gives each full name its
short forms, and the linker takes the full name for the one row whose name holds one of
them (``Linker._short_form_name``): the claims of the clause are then checked against
that row, and the name is no unknown entity that refutes.  When several rows hold the
short form, the name picks none.
"""

from depcheck.table import Table

from .verdicts import expect

TIDES = Table.from_dict({
    "id": "tide-times", "caption": "High water at Carrow Bay, first week of June",
    "columns": ["Day", "1st high", "1st high (m)", "2nd high", "2nd high (m)"],
    "rows": [["Tue 4 Jun", "05:58", "4.6", "18:21", "4.8"],
             ["Wed 5 Jun", "06:50", "4.8", "19:12", "5.1"],
             ["Thu 6 Jun", "07:44", "4.9", "20:04", "5.0"],
             ["Fri 7 Jun", "08:41", "4.7", "21:01", "4.9"],
             ["Sat 8 Jun", "09:40", "4.5", "22:00", "4.6"]]})

PASSENGERS = Table.from_dict({
    "id": "passengers", "caption": "Airport passengers by month",
    "columns": ["Month", "Passengers", "Change (%)"],
    "rows": [["Jan 2019", "310,200", "2.1"], ["Feb 2019", "298,400", "1.4"],
             ["Mar 2019", "350,900", "3.0"], ["Apr 2019", "371,300", "-0.8"],
             ["May 2019", "402,100", "4.2"]]})

# two rows of the same weekday: the weekday names neither
TWO_WEEKS = Table.from_dict({
    "id": "two-weeks", "caption": "Ferry sailings",
    "columns": ["Date", "Sailings"],
    "rows": [["Mon 3 Jun", "6"], ["Tue 4 Jun", "6"], ["Mon 10 Jun", "8"]]})


def _rows_named(report):
    return {h.entity.target for h in report.hypotheses if h.entity is not None}


def test_a_month_names_the_row_of_its_short_form(core_checker):
    report = expect(core_checker, PASSENGERS,
                    "In April the airport handled 371,300 passengers.", "supported")
    assert _rows_named(report) == {"Apr 2019"}


def test_a_value_of_another_row_is_refuted_for_that_row(core_checker):
    report = expect(core_checker, PASSENGERS,
                    "In April the airport handled 402,100 passengers.", "refuted")
    assert _rows_named(report) == {"Apr 2019"}


def test_a_weekday_names_the_row_of_its_short_form(core_checker):
    report = core_checker.check("On Thursday the first high water comes at 07:44.", TIDES)
    assert report.verdict != "refuted", [(h.verdict, h.explanation)
                                         for h in report.hypotheses]
    assert "Thu 6 Jun" in _rows_named(report)


def test_a_weekday_of_several_rows_names_none(core_checker):
    report = core_checker.check("On Monday there were six sailings.", TWO_WEEKS)
    assert "Mon 3 Jun" not in _rows_named(report)
    assert "Mon 10 Jun" not in _rows_named(report)
