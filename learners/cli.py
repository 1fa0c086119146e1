"""``depcheck learn``: learn path rules from span-labelled sentences and write them as YAML."""

from __future__ import annotations

from pathlib import Path

import click
from tqdm import tqdm

from depcheck.parse import load_pipeline

from .ga import GAConfig, msa_compress
from .ga import learn as run_ga
from .spans import load_spans
from .write import rule_file, write_rules


def learn_command(spans_path: str | Path, out: str | Path, seed: int = 0,
                  generations: int = 30, population: int = 40, msa: bool = False,
                  progress: bool = True, recall_target: float = 0.95) -> dict:
    """Learn on the ``train`` split of ``spans_path``, write ``out``; a summary dict."""
    sentences = [s for s in load_spans(spans_path) if s.split == "train"]
    if not sentences:
        raise click.UsageError(f"{spans_path}: no sentences with split 'train'")
    nlp = load_pipeline()
    docs = list(nlp.pipe([s.text for s in sentences]))
    config = GAConfig(seed=seed, generations=generations, population=population,
                      recall_target=recall_target)
    with tqdm(total=generations, disable=not progress, unit="gen") as bar:
        def tick(gen: int, best: float) -> None:
            bar.set_postfix(generation=gen, best_fitness=f"{best:.3f}")
            bar.update(1)
        result, scorer = run_ga(docs, sentences, config, on_generation=tick)
    merged_from = None
    if msa:
        result.rules, merged_from = msa_compress(result.rules, scorer)
    document = rule_file(result, scorer, [s.text for s in sentences], seed,
                         merged_from=merged_from)
    path = write_rules(out, document)
    recall, precision = scorer.recall_precision(result.rules)
    return {"out": str(path), "rules": len(document["rules"]), "generation": result.generation,
            "fitness": round(scorer.fitness(result.rules), 4), "lam": result.lam,
            "train_recall": round(recall, 4), "train_precision": round(precision, 4)}


@click.command("learn")
@click.argument("spans", type=click.Path(exists=True, dir_okay=False))
@click.option("--out", required=True, type=click.Path(dir_okay=False),
              help="YAML file to write, e.g. rules/learned/ecommerce.yaml")
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--generations", default=30, show_default=True, type=int)
@click.option("--population", default=40, show_default=True, type=int)
@click.option("--recall-target", default=0.95, show_default=True, type=float,
              help="head recall the rules should reach on unseen sentences (estimated by "
                   "cross-validation on the training split); lower it for more precise rules")
@click.option("--msa/--no-msa", default=False, show_default=True,
              help="merge rule clusters by progressive multiple alignment (fewer, broader "
                   "rules; less precise in bench/RESULTS.md)")
def learn(spans, out, seed, generations, population, recall_target, msa):
    """Learn dependency-path rules from the SPANS file (JSONL) with DepCheckerGA."""
    summary = learn_command(spans, out, seed=seed, generations=generations,
                            population=population, msa=msa, recall_target=recall_target)
    click.echo(" ".join(f"{k}={v}" for k, v in summary.items()))
