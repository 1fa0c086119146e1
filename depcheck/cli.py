"""The ``depcheck`` command line (click): check, eval, batch, rules lint, demo, serve, learn.

Every library error becomes one readable line on stderr and a non-zero exit; a traceback
means a bug.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click
import orjson

from .config import Config
from .errors import DepcheckError, RuleError
from .report import Report

DEMO_DIR = Path(__file__).resolve().parent / "data"


def _fail(exc: DepcheckError) -> None:
    if isinstance(exc, RuleError):
        for problem in exc.problems:
            click.echo(problem, err=True)
    else:
        click.echo(f"error: {exc}", err=True)
    sys.exit(2)


MODES = click.Choice(["auto", "rules", "programs", "rows"])


def _checker(rules: str | None, mode: str | None = None, closed_world: bool = False,
             as_of: int | None = None):
    from .checker import Checker

    overrides: dict = {"rules_dir": Path(rules)} if rules else {}
    if mode:
        overrides["mode"] = mode
    if closed_world:
        overrides["closed_world"] = True
    if as_of:
        overrides["as_of_year"] = as_of
    return Checker(Config.from_env(**overrides))


def format_report(report: Report) -> str:
    """A readable report: verdict, then each hypothesis with its rule and evidence."""
    marks = {"supported": "✔", "refuted": "✘", "unverifiable": "?"}
    lines = [f"{marks.get(report.verdict, '?')} {report.verdict.upper()}  {report.text}",
             f"  table {report.table_id or '-'} · rules {report.rules_version} · "
             f"{report.timing_ms:.1f} ms"]
    if not report.hypotheses:
        lines.append("  (no checkable claim found)")
    for h in report.hypotheses:
        lines.append(f"  {marks.get(h.verdict, '?')} [{h.kind}] \"{h.text}\" — {h.reason}")
        lines.append(f"      {h.explanation}")
        links = [f"{k}={v.target!r} ({v.method} {v.score:.2f})"
                 for k, v in (("entity", h.entity), ("attribute", h.attribute),
                              ("value", h.value)) if v is not None]
        if links:
            lines.append(f"      links: {', '.join(links)}")
        cells = [f"r{c.row}.{c.column}={c.value!r}" for c in h.evidence.output]
        if cells:
            lines.append(f"      cells: {', '.join(cells)}")
        lines.append(f"      rule {h.rule} ({h.rule_location})")
    return "\n".join(lines)


@click.group()
@click.version_option(package_name="depcheck")
def main() -> None:
    """Check generated text against tables with dependency rules."""


@main.command()
@click.argument("text", required=False)
@click.option("--table", "table_file", type=click.Path(dir_okay=False),
              help="CSV or JSON table file.")
@click.option("--corpus", type=click.Path(),
              help="No table given: retrieve it from this tables file or directory of tables.")
@click.option("--top-k", default=5, show_default=True, help="Tables retrieved with --corpus.")
@click.option("--document", type=click.Path(dir_okay=False),
              help="Check a document (text or Markdown) instead of TEXT: every claimed number "
                   "through candidate aggregate queries.")
@click.option("--json", "as_json", is_flag=True, help="Print the report object as JSON.")
@click.option("--rules", type=click.Path(), help="Rules directory (default: rules/).")
@click.option("--closed-world", is_flag=True,
              help="The table is a complete spec sheet: a feature it does not list is false.")
def check(text: str | None, table_file: str | None, corpus: str | None, top_k: int,
          document: str | None, as_json: bool, rules: str | None, closed_world: bool) -> None:
    """Check TEXT (or --document FILE) against --table, or find the table in --corpus."""
    from .table import Table, read_text

    if (text is None) == (document is None):
        raise click.UsageError("give TEXT or --document FILE (one of them)")
    if (table_file is None) == (corpus is None):
        raise click.UsageError("give --table FILE or --corpus PATH (one of them)")
    if corpus and document:
        raise click.UsageError("--document needs --table (documents are about one table)")
    try:
        checker = _checker(rules, closed_world=closed_world)
        if corpus:
            from .corpus import Corpus

            report = Corpus.open(corpus).check(checker, text, k=top_k)
        else:
            table = Table.from_file(table_file)
            report = (checker.check_document(read_text(document), table) if document
                      else checker.check(text, table))
    except DepcheckError as exc:
        _fail(exc)
    if as_json:
        click.echo(orjson.dumps(report.to_dict(), option=orjson.OPT_INDENT_2).decode())
    else:
        click.echo(format_report(report))


@main.command("eval")
@click.argument("suite", type=click.Path(dir_okay=False))
@click.option("--tables", type=click.Path(dir_okay=False), help="Tables file for table_id cases.")
@click.option("--json", "as_json", is_flag=True, help="End with one JSON line of metrics.")
@click.option("--limit", type=int, help="Only the first N cases.")
@click.option("--out", type=click.Path(dir_okay=False), help="Write predictions as JSONL.")
@click.option("--rules", type=click.Path(), help="Rules directory (default: rules/).")
@click.option("--domains", "domains_file", type=click.Path(dir_okay=False),
              help="Column domains from this tables file (default: the suite's own tables).")
@click.option("--no-domains", is_flag=True, help="No column domains at all.")
@click.option("--closed-world", is_flag=True,
              help="The tables are complete spec sheets: a feature they do not list is false.")
@click.option("--as-of", type=int, metavar="YEAR",
              help='The year "present" means in cells such as "1994 - present" (default: now).')
@click.option("--shuffle", type=int, metavar="SEED",
              help="Check the cases in a shuffled order (predictions must not change).")
@click.option("--mode", type=MODES, help="auto (default): programs for general tables of many "
              "rows, rules otherwise; rows: the DepChecker paper's per-row baseline.")
def eval_cmd(suite: str, tables: str | None, as_json: bool, limit: int | None, out: str | None,
             rules: str | None, domains_file: str | None, no_domains: bool,
             closed_world: bool, as_of: int | None, shuffle: int | None,
             mode: str | None) -> None:
    """Run SUITE (JSON Lines, the case format) and report accuracy, precision, recall, latency.

    Column domains come from a named catalog: the suite's own tables, or --domains FILE, or
    none (--no-domains); when the suite's tables share a schema the figures without domains
    are reported too (``without_domains``).
    """
    import random

    from tqdm import tqdm

    from .evaluate_suite import distinct_tables, read_cases, run_suite, shares_a_schema
    from .link import Domains
    from .table import TableStore

    try:
        store = TableStore.from_jsonl(tables) if tables else None
        cases = list(read_cases(suite, store, limit))
        checker = _checker(rules, mode, closed_world, as_of)
        suite_tables = distinct_tables(c.table for c in cases if hasattr(c, "table"))
        if no_domains:
            catalog, source = [], "none"
        elif domains_file:
            catalog, source = list(TableStore.from_jsonl(domains_file)), domains_file
        else:
            catalog, source = suite_tables, "suite"
    except DepcheckError as exc:
        _fail(exc)
    checker.set_domains(catalog)
    if shuffle is not None:
        random.Random(shuffle).shuffle(cases)
    parse = _ParseOnce(checker.nlp)

    def check(text, table):
        start = time.perf_counter()
        return checker.check_doc(parse(text), table, started=start)

    variants = {}
    if catalog and shares_a_schema(suite_tables):
        empty = Domains()
        variants["without_domains"] = lambda text, table: checker.check_doc(
            parse(text), table, domains=empty)
    sink = open(out, "wb") if out else None  # noqa: SIM115 - closed below

    def record(case, report, predicted):
        if sink:
            sink.write(orjson.dumps({"id": case.id, "label": case.label, "error": case.error,
                                     "predicted": predicted, "report": report.to_dict()}) + b"\n")

    def bar(items):
        return tqdm(items, desc="eval", unit="case", file=sys.stderr, disable=None)

    result = run_suite(check, cases, progress=bar, on_prediction=record, variants=variants)
    if sink:
        sink.close()
    for problem in result.bad_lines:
        click.echo(f"bad case: {problem}", err=True)
    metrics = {**result.metrics(), "domains": source, "closed_world": closed_world}
    click.echo(_metrics_table(metrics))
    if as_json:
        click.echo(orjson.dumps(metrics).decode())


class _ParseOnce:
    """The last text's parse, so variants of one case share it."""

    def __init__(self, nlp) -> None:
        self.nlp, self.text, self.doc = nlp, None, None

    def __call__(self, text: str):
        if text != self.text:
            self.text, self.doc = text, self.nlp(text)
        return self.doc


def _metrics_table(m: dict) -> str:
    rows = [("cases", m["n"]), ("domains", m["domains"]), ("accuracy", m["accuracy"]),
            ("true precision", m["true_precision"]), ("false recall", m["false_recall"]),
            ("coverage", m["coverage"]), ("accuracy 3-way", m["accuracy_3way"]),
            ("precision supported", m["precision_supported"]),
            ("precision refuted", m["precision_refuted"]),
            ("recall supported", m["recall_supported"]),
            ("recall refuted", m["recall_refuted"]), ("decisive", m["decisive"]),
            ("p50 ms", m["p50_ms"]), ("p99 ms", m["p99_ms"]), ("bad lines", m["bad_lines"])]
    rows += [(f"recall {k}", v) for k, v in m["recall_by_error"].items()]
    rows += [(f"{gold} -> {pred}", n) for gold, row in m["confusion"].items()
             for pred, n in row.items()]
    if "without_domains" in m:
        rows += [(f"without domains: {k}", v) for k, v in m["without_domains"].items()]
    width = max(len(k) for k, _ in rows)
    return "\n".join(f"{k:<{width}}  {v}" for k, v in rows)


@main.group()
def rules() -> None:
    """Work with rule files."""


@rules.command("lint")
@click.argument("path", required=False, type=click.Path())
def lint(path: str | None) -> None:
    """Validate every rule file under PATH (default: rules/); list all problems."""
    from .rules.loader import load_rules

    root = Path(path) if path else Config.from_env().rules_dir
    try:
        ruleset = load_rules(root)
    except RuleError as exc:
        for problem in exc.problems:
            click.echo(problem)
        click.echo(f"{len(exc.problems)} problem(s)", err=True)
        sys.exit(1)
    click.echo(f"ok: {len(ruleset.rules)} rules in {len(ruleset.files)} file(s), "
               f"version {ruleset.version}")


@main.command()
@click.option("--json", "as_json", is_flag=True)
def demo(as_json: bool) -> None:
    """Check the bundled demo statements against the bundled demo catalog."""
    from .table import Table

    try:
        table = Table.from_file(DEMO_DIR / "demo_catalog.json")
        checker = _checker(None)
        statements = (DEMO_DIR / "demo_statements.txt").read_text(encoding="utf-8").splitlines()
        for text in (s.strip() for s in statements):
            if text and not text.startswith("#"):
                report = checker.check(text, table)
                click.echo(orjson.dumps(report.to_dict()).decode() if as_json
                           else format_report(report) + "\n")
    except DepcheckError as exc:
        _fail(exc)


@main.command()
@click.argument("input_path", metavar="INPUT", type=click.Path(exists=True))
@click.option("--out", "output_path", required=True, type=click.Path(),
              help="Output: a .jsonl file, or a .parquet directory of parts. Ids already "
                   "there are skipped (re-running resumes).")
@click.option("--tables", type=click.Path(dir_okay=False, exists=True),
              help="Tables file (JSON Lines) for table_id records and column domains.")
@click.option("--store", "store_url", metavar="URL",
              help="Catalog store for table_id records and column domains: a directory, "
                   "file://DIR or postgresql://... (default: $DEPCHECK_STORE).")
@click.option("--engine", type=click.Choice(["local", "ray"]), default="local",
              show_default=True, help="Worker processes on this machine, or Ray Data.")
@click.option("--address", help="Ray cluster address (default: a local Ray).")
@click.option("--workers", type=int, default=None,
              help="Worker processes / Ray actors (default: the CPU count).")
@click.option("--rules", type=click.Path(), help="Rules directory (default: rules/).")
@click.option("--json", "as_json", is_flag=True, help="End with one JSON line of the summary.")
def batch(input_path: str, output_path: str, tables: str | None, store_url: str | None,
          engine: str, address: str | None, workers: int | None, rules: str | None,
          as_json: bool) -> None:
    """Check every record of INPUT (JSON Lines or Parquet: id, text, table_id or table) and
    write one report or error per record to --out."""
    import os

    from tqdm import tqdm

    from .batch import run_batch
    from .table import TableStore

    if tables and store_url:
        raise click.UsageError("give --tables FILE or --store URL (not both)")
    if address and engine != "ray":
        raise click.UsageError("--address needs --engine ray")
    store_url = store_url or (None if tables else os.environ.get("DEPCHECK_STORE") or None)
    overrides: dict = {"rules_dir": Path(rules)} if rules else {}
    try:
        if tables:
            catalog = list(TableStore.from_jsonl(tables))
        elif store_url:
            from .store import open_store

            store = open_store(store_url, listen=False)
            try:
                catalog = [table for table, _ in store.snapshot().values()]
            finally:
                store.close()
        else:
            catalog = []
        summary = run_batch(
            input_path, output_path, catalog, config=Config.from_env(**overrides),
            engine=engine, workers=workers or os.cpu_count() or 1, address=address,
            progress=lambda total: tqdm(total=total, desc="batch", unit="rec",
                                        file=sys.stderr, disable=None))
    except DepcheckError as exc:
        _fail(exc)
    click.echo(summary.line())
    if as_json:
        click.echo(orjson.dumps(summary.to_dict()).decode())


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8080, show_default=True, type=int)
@click.option("--workers", type=int, help="gunicorn workers (default: from the CPU count).")
@click.option("--data-dir", type=click.Path(file_okay=False),
              help="Where registered catalogs live (default: $DEPCHECK_DATA_DIR, "
                   "else ~/.local/share/depcheck/tables).")
@click.option("--store", "store_url", metavar="URL",
              help="Catalog store: postgresql://... (replicas on one database agree), a "
                   "directory or file://DIR (default: $DEPCHECK_STORE, else --data-dir).")
@click.option("--rules", type=click.Path(file_okay=False), help="Rules directory to serve.")
@click.option("--api-key-file", type=click.Path(dir_okay=False, exists=True),
              help="API keys, one a line ('KEY [rate=N]'): writes then need "
                   "'Authorization: Bearer KEY' (also $DEPCHECK_API_KEYS).")
@click.option("--auth", type=click.Choice(["writes", "all"]), default=None,
              help="With keys: which endpoints need one (default: writes).")
def serve(host: str, port: int, workers: int | None, data_dir: str | None,
          store_url: str | None, rules: str | None, api_key_file: str | None,
          auth: str | None) -> None:
    """Start the HTTP service under gunicorn (the bundled demo catalog is registered as 'demo')."""
    # imported here: the library itself never imports Flask
    from service.server import serve as run_server

    run_server(host=host, port=port, workers=workers, data_dir=data_dir, rules_dir=rules,
               api_key_file=api_key_file, auth=auth, store=store_url)


def _register_learner() -> None:
    """``depcheck learn`` lives in learners/ (DEAP); the checker and service never import it."""
    try:
        from learners.cli import learn
    except ImportError:  # an installation without the learners package
        return
    main.add_command(learn, name="learn")


_register_learner()


if __name__ == "__main__":
    main()
