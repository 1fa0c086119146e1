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


def test_eval_reads_three_way_labels(tmp_path):
    lines = [
        json.dumps({"id": "s", "text": "Product 1 weighs 2.5 lbs.", "table": TABLE,
                    "label": "supported"}),
        json.dumps({"id": "r", "text": "Product 2 is waterproof.", "table": TABLE,
                    "label": "refuted", "error": "wrong_value"}),
        json.dumps({"id": "u", "text": "Product 1 weighs 2.5 lbs.", "table": TABLE,
                    "label": "unverifiable"}),
    ]
    out = CliRunner().invoke(main, ["eval", str(_suite(tmp_path, lines)), "--json"])
    assert out.exit_code == 0, out.output
    m = json.loads(out.output.strip().splitlines()[-1])
    assert m["n"] == 3 and m["bad_lines"] == 0
    # the binary figures read the supported and refuted cases only
    assert m["accuracy"] == 1.0
    assert m["confusion"] == {"supported": {"supported": 1}, "refuted": {"refuted": 1},
                              "unverifiable": {"supported": 1}}
    assert m["accuracy_3way"] == round(2 / 3, 4)
    assert m["precision_supported"] == 0.5 and m["precision_refuted"] == 1.0
    assert m["recall_supported"] == 1.0 and m["recall_refuted"] == 1.0
    assert m["decisive"] == 1.0


def test_eval_predictions_do_not_depend_on_case_order(tmp_path):
    shop = {"id": "shop", "columns": ["name", "colour", "finish"],
            "rows": [["Arlo Lamp", "green", "matte"], ["Bexley Lamp", "white", "gloss"],
                     ["Corin Lamp", "black", "matte"]]}
    texts = [("The Arlo Lamp is green.", "supported"), ("The Bexley Lamp is black.", "refuted"),
             ("The Corin Lamp has a matte finish.", "supported"),
             ("The Arlo Lamp has a gloss finish.", "refuted"),
             ("The Bexley Lamp comes in white.", "supported")]
    lines = [json.dumps({"id": str(i), "text": t, "table": shop, "label": label})
             for i, (t, label) in enumerate(texts)]
    suite = _suite(tmp_path, lines)
    preds = []
    for extra in ([], ["--shuffle", "7"]):
        out_file = tmp_path / f"pred{len(preds)}.jsonl"
        out = CliRunner().invoke(main, ["eval", str(suite), "--out", str(out_file), *extra])
        assert out.exit_code == 0, out.output
        rows = [json.loads(line) for line in out_file.read_text().splitlines()]
        preds.append(rows)
    assert [r["id"] for r in preds[0]] != [r["id"] for r in preds[1]]  # really shuffled
    by_id = [{r["id"]: (r["predicted"], r["report"]["verdict"]) for r in p} for p in preds]
    assert by_id[0] == by_id[1]
    assert {i: v[1] for i, v in by_id[0].items()} == {str(i): label
                                                      for i, (_, label) in enumerate(texts)}


def test_eval_reports_figures_without_domains_for_one_schema(tmp_path):
    rows = [["Arlo Lamp", "green"], ["Bexley Lamp", "white"]]
    lines = [json.dumps({"id": str(i), "text": f"The {r[0]} is {r[1]}.",
                         "table": {"id": f"t{i}", "columns": ["name", "colour"], "rows": [r]},
                         "label": "supported"}) for i, r in enumerate(rows)]
    out = CliRunner().invoke(main, ["eval", str(_suite(tmp_path, lines)), "--json"])
    m = json.loads(out.output.strip().splitlines()[-1])
    assert m["domains"] == "suite" and m["without_domains"]["accuracy"] == 1.0
    out = CliRunner().invoke(main, ["eval", str(_suite(tmp_path, lines)), "--json",
                                    "--no-domains"])
    m = json.loads(out.output.strip().splitlines()[-1])
    assert m["domains"] == "none" and "without_domains" not in m
