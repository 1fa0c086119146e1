"""The CLI: readable output, one JSON line last, one-line errors and non-zero exits."""

import json

from click.testing import CliRunner

from depcheck.cli import main

from .conftest import REPO

TABLE = {"id": "t", "columns": ["product", "waterproof", "weight"],
         "rows": [["Product 1", "yes", "2.5 lbs"], ["Product 2", "no", "3 lbs"]]}


def _suite(tmp_path, lines):
    path = tmp_path / "suite.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_check_json(tmp_path):
    table = tmp_path / "t.json"
    table.write_text(json.dumps(TABLE))
    out = CliRunner().invoke(main, ["check", "--table", str(table), "--json",
                                    "Product 2 is waterproof."])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["verdict"] == "refuted"


def test_check_bad_table_is_one_line(tmp_path):
    table = tmp_path / "t.csv"
    table.write_text("a,a\n1,2\n")
    out = CliRunner().invoke(main, ["check", "--table", str(table), "anything"])
    assert out.exit_code == 2
    assert "duplicate column name" in out.output and "Traceback" not in out.output


def test_eval_reports_bad_lines_and_ends_with_json(tmp_path):
    good = json.dumps({"id": "a", "text": "Product 2 is waterproof.", "table": TABLE,
                       "label": "refuted", "error": "wrong_value"})
    good2 = json.dumps({"id": "b", "text": "Product 1 weighs 2.5 lbs.", "table": TABLE,
                        "label": "supported"})
    unknown = json.dumps({"id": "c", "text": "x", "table_id": "nope", "label": "supported"})
    suite = _suite(tmp_path, [good, "{not json", good2, unknown])
    out = CliRunner().invoke(main, ["eval", str(suite), "--json"])
    assert out.exit_code == 0, out.output
    metrics = json.loads(out.output.strip().splitlines()[-1])
    for key in ("n", "accuracy", "true_precision", "false_recall", "coverage", "p50_ms", "p99_ms"):
        assert key in metrics
    assert metrics["n"] == 2 and metrics["accuracy"] == 1.0 and metrics["bad_lines"] == 2
    assert "suite.jsonl:2" in out.output


def test_eval_limit_takes_first_cases(tmp_path):
    lines = [json.dumps({"id": str(i), "text": "Product 1 weighs 2.5 lbs.", "table": TABLE,
                         "label": "supported"}) for i in range(5)]
    out = CliRunner().invoke(main, ["eval", str(_suite(tmp_path, lines)), "--json",
                                    "--limit", "3"])
    assert json.loads(out.output.strip().splitlines()[-1])["n"] == 3


def test_rules_lint_broken_file_names_file_line_rule():
    out = CliRunner().invoke(main, ["rules", "lint",
                                    str(REPO / "tests" / "rules_broken" / "bad_label.yaml")])
    assert out.exit_code == 1
    assert "bad_label.yaml:2: bad-label:" in out.output


def test_rules_lint_ok():
    out = CliRunner().invoke(main, ["rules", "lint", str(REPO / "rules")])
    assert out.exit_code == 0 and out.output.startswith("ok:")


def test_check_document(tmp_path):
    table = tmp_path / "t.json"
    table.write_text(json.dumps(TABLE))
    doc = tmp_path / "doc.md"
    doc.write_text("# Bags\n\nTwo of the two bags weigh under 4 lbs. Product 2 is waterproof.\n")
    out = CliRunner().invoke(main, ["check", "--table", str(table), "--document", str(doc),
                                    "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.output)
    assert report["verdict"] == "refuted" and "claims" in report["details"]
    both = CliRunner().invoke(main, ["check", "--table", str(table), "--document", str(doc),
                                     "text too"])
    assert both.exit_code == 2 and "one of them" in both.output
