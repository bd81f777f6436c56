"""Score every registered method per page type on wcxb_dev and write the ``auto`` route table.

For each method in ``extractor.api.METHODS`` (read at run time) and each option variant
listed in :data:`VARIANTS`, every page of the set is extracted and scored (shingle F1 of
the data README). Two routing rules are compared: (1) the variant that is best on the most
likely page type, (2) the variant with the best expected F1 under the classifier's page-type
probabilities (a page the classifier is unsure about goes to a variant that is good on all
of its likely types). ``auto`` is scored honestly: each page's type probabilities come from
the classifier *out of fold* (grouped 5-fold CV by domain, ``bench/results/pagetype_oof.json``
written by ``bench/train_pagetype.py``), and the per-type scores that choose its route come
from the other folds only. The shipped table takes its scores from all pages.

Writes ``extractor/models/routes.json`` and ``bench/results/routes.md`` (per page type:
every variant and ``auto``). Per-variant page scores are cached in ``--cache`` (keyed by the
method module's source) so a rerun after adding a method only scores the new one.

    /work/venv/bin/python bench/route_methods.py [--data ../shared/data/wcxb_dev] [--cache DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import pathlib
import sys
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from extractor.api import METHODS  # noqa: E402
from extractor.evaluate import evaluate, read_gold  # noqa: E402

#: The module that finds comment sections (its source keys the cache of "comments dropped" runs).
COMMENTS_SOURCE = ROOT / "extractor" / "comments.py"
#: Option variants tried per method besides its defaults (names from each method's Options;
#: variants known from ALGORITHMS.md's calibration table to help some page kinds).
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "decay": [{"clean_tree": False}],
}


def variant_name(method: str, options: dict[str, Any], comments: bool = True) -> str:
    """A readable label of a method variant, e.g. ``decay(clean_tree=False)`` or ``cedp -comments``."""
    name = method if not options else f"{method}({', '.join(f'{k}={v}' for k, v in sorted(options.items()))})"
    return name if comments else name + " -comments"


def score_variant(data: pathlib.Path, method: str, options: dict[str, Any], cache: pathlib.Path | None,
                  comments: bool = True) -> dict[str, Any]:
    """Per-page F1 of one variant on the set: ``{"f1": {id: f1}, "ms": median ms, "type": {id: type}}``.

    ``comments`` says whether readers' comment sections stay in the page (``extract(comments=)``).
    """
    module = importlib.import_module(METHODS[method].module)
    source = pathlib.Path(module.__file__).read_bytes() if module.__file__ else b""
    what: list[Any] = [data.name, method, options]
    if not comments:
        what.append("drop-comments")
        source += COMMENTS_SOURCE.read_bytes()
    key = hashlib.sha1(json.dumps(what, sort_keys=True).encode() + source).hexdigest()[:12]
    path = cache / f"{method}-{key}.json" if cache else None
    if path and path.exists():
        return {**json.loads(path.read_text(encoding="utf-8")), "comments": comments}
    t0 = time.perf_counter()
    report = evaluate(data, method=method, options=options, records=False, comments=comments)
    out = {"method": method, "options": options, "f1": {s.id: s.f1 for s in report.pages},
           "type": {s.id: s.page_type for s in report.pages}, "median_ms": report.summary()["median_ms"],
           "errors": sum(1 for s in report.pages if s.error), "comments": comments}
    print(f"  {variant_name(method, options, comments)}: F1 {report.summary()['f1']:.4f} "
          f"in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    if path:
        path.write_text(json.dumps(out), encoding="utf-8")
    return out


def oof_variant(method: str, report: pathlib.Path) -> dict[str, Any]:
    """Per-page F1 of ``method`` from an out-of-fold evaluation report (``Report.to_dict`` JSON)."""
    pages = json.loads(report.read_text(encoding="utf-8"))["pages"]
    print(f"  {method}: out-of-fold page scores from {report}", file=sys.stderr)
    return {"method": method, "options": {}, "f1": {p["id"]: p["f1"] for p in pages},
            "type": {p["id"]: p["page_type"] for p in pages}, "median_ms": None, "oof": str(report),
            "comments": bool(json.loads(report.read_text(encoding="utf-8")).get("comments", True))}


def mean(values: list[float]) -> float:
    """Mean of a list (0.0 when empty)."""
    return sum(values) / len(values) if values else 0.0


def choose_routes(runs: list[dict[str, Any]], ids: list[str], key_of: dict[str, str]) -> dict[str, int]:
    """For each key (a page type), the index of the run with the best mean F1 over the pages with that key."""
    routes: dict[str, int] = {}
    for key in sorted(set(key_of.values())):
        pages = [i for i in ids if key_of[i] == key]
        routes[key] = max(range(len(runs)), key=lambda r: (mean([runs[r]["f1"][i] for i in pages]), -r))
    return routes


def auto_scores(runs: list[dict[str, Any]], routes: dict[str, int], default: int, ids: list[str],
                predicted: dict[str, str]) -> dict[str, float]:
    """Per-page F1 of ``auto`` when each page follows the route of its predicted type."""
    return {i: runs[routes.get(predicted.get(i, ""), default)]["f1"][i] for i in ids}


def type_scores(runs: list[dict[str, Any]], ids: list[str], gold_type: dict[str, str]) -> list[dict[str, float]]:
    """Per run, its mean F1 on the pages of each gold page type (over ``ids``)."""
    types = sorted(set(gold_type[i] for i in ids))
    return [{t: mean([r["f1"][i] for i in ids if gold_type[i] == t]) for t in types} for r in runs]


def expected_choice(proba: dict[str, float], scores: list[dict[str, float]]) -> int:
    """Index of the run with the best expected F1 under page-type probabilities ``proba``."""
    return max(range(len(scores)), key=lambda r: (sum(p * scores[r].get(t, 0.0) for t, p in proba.items()), -r))


def host_groups(data: pathlib.Path, ids: list[str], folds: int = 5) -> dict[str, int]:
    """Fold number per page id, folds grouped by host (the grouping of ``bench/train_pagetype.py``)."""
    from sklearn.model_selection import GroupKFold
    from train_pagetype import domain

    url = {g["id"]: g.get("url") for g in read_gold(data)}
    hosts = [domain(url.get(i), i) for i in ids]
    fold = {}
    for k, (_, test) in enumerate(GroupKFold(folds).split(ids, groups=hosts)):
        for j in test:
            fold[ids[j]] = k
    return fold


#: The two routing rules compared; both take their per-type scores from the other folds only.
RULE_HARD = "the best variant of the most likely page type"
RULE_EXPECTED = "the best expected F1 under the page-type probabilities"


def auto_hard(runs: list[dict[str, Any]], ids: list[str], gold_type: dict[str, str], predicted: dict[str, str],
              fold: dict[str, int]) -> dict[str, float]:
    """Per-page F1 of routing by the predicted type, the route per type chosen on the other folds only."""
    out = {}
    for k in sorted(set(fold.values())):
        train = [i for i in ids if fold[i] != k]
        routes = choose_routes(runs, train, gold_type)
        overall = [mean([r["f1"][i] for i in train]) for r in runs]
        default = max(range(len(runs)), key=lambda r: (overall[r], -r))
        out.update({i: runs[routes.get(predicted.get(i, ""), default)]["f1"][i] for i in ids if fold[i] == k})
    return out


def auto_expected(runs: list[dict[str, Any]], ids: list[str], gold_type: dict[str, str],
                  proba: dict[str, dict[str, float]], fold: dict[str, int]) -> dict[str, float]:
    """Per-page F1 of expected-score routing, the type scores taken from the other folds only."""
    out = {}
    for k in sorted(set(fold.values())):
        train = [i for i in ids if fold[i] != k]
        scores = type_scores(runs, train, gold_type)
        for i in ids:
            if fold[i] == k:
                out[i] = runs[expected_choice(proba[i], scores)]["f1"][i] if i in proba else \
                    runs[0]["f1"][i]
    return out


def table(runs: list[dict[str, Any]], labels: list[str], auto: dict[str, float], ids: list[str],
          gold_type: dict[str, str], oracle: dict[str, float]) -> str:
    """Markdown table: rows page types (and all pages), columns every variant, auto, and the type oracle."""
    types = sorted(set(gold_type.values()))
    head = ["page type", "pages", *labels, "**auto**", "auto with gold types"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for t in [*types, "all"]:
        pages = ids if t == "all" else [i for i in ids if gold_type[i] == t]
        cells = [f"{mean([r['f1'][i] for i in pages]):.3f}" for r in runs]
        best = max(cells)
        cells = [f"**{c}**" if c == best else c for c in cells]
        lines.append(f"| {t} | {len(pages)} | " + " | ".join(cells)
                     + f" | **{mean([auto[i] for i in pages]):.3f}** | {mean([oracle[i] for i in pages]):.3f} |")
    return "\n".join(lines) + "\n"


def gap_table(runs: list[dict[str, Any]], labels: list[str], auto: dict[str, float], ids: list[str],
              gold_type: dict[str, str]) -> str:
    """Markdown table: per page type, ``auto`` against the best method (registered methods with their
    default options, comments kept) and against the best of every variant, with the gaps."""
    defaults = [r for r, run in enumerate(runs) if not run["options"] and run["comments"]]
    lines = ["| page type | auto | best method (default options) | gap | best variant | gap |",
             "|---|---|---|---|---|---|"]
    for t in [*sorted(set(gold_type.values())), "all"]:
        pages = ids if t == "all" else [i for i in ids if gold_type[i] == t]
        score = [mean([run["f1"][i] for i in pages]) for run in runs]
        a = mean([auto[i] for i in pages])
        m = max(defaults, key=lambda r: (score[r], -r))
        v = max(range(len(runs)), key=lambda r: (score[r], -r))
        lines.append(f"| {t} | {a:.4f} | {labels[m]} {score[m]:.4f} | {a - score[m]:+.4f} "
                     f"| {labels[v]} {score[v]:.4f} | {a - score[v]:+.4f} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Command-line entry: score the variants, choose the routes, write routes.json and routes.md."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "wcxb_dev"))
    ap.add_argument("--oof", default=str(ROOT / "bench" / "results" / "pagetype_oof.json"))
    ap.add_argument("--cache", default=None, help="folder caching per-variant page scores")
    ap.add_argument("--routes", default=str(ROOT / "extractor" / "models" / "routes.json"))
    ap.add_argument("--markdown", default=str(ROOT / "bench" / "results" / "routes.md"))
    ap.add_argument("--methods", default=None, help="comma-separated subset of methods (default: all registered)")
    ap.add_argument("--oof-scores", action="append", default=[], metavar="METHOD=REPORT.json",
                    help="use these per-page scores for METHOD instead of scoring it here: for methods trained "
                         "on this set (crf), an out-of-fold report (Report.to_dict JSON) keeps the table honest")
    args = ap.parse_args(argv)
    data = pathlib.Path(args.data)
    cache = pathlib.Path(args.cache) if args.cache else None
    if cache:
        cache.mkdir(parents=True, exist_ok=True)
    names = args.methods.split(",") if args.methods else list(METHODS)
    replaced = dict(item.split("=", 1) for item in args.oof_scores)
    runs = []
    for name in names:
        if name in replaced:
            runs.append(oof_variant(name, pathlib.Path(replaced[name])))
            continue
        for options in [{}, *VARIANTS.get(name, [])]:
            for comments in (True, False):
                runs.append(score_variant(data, name, options, cache, comments))
    labels = [variant_name(r["method"], r["options"], r["comments"]) + (" (out of fold)" if "oof" in r else "")
              for r in runs]
    if not pathlib.Path(args.oof).exists():
        print(f"scored {len(runs)} variants; no out-of-fold page types at {args.oof}: run bench/train_pagetype.py",
              file=sys.stderr)
        return 1
    oof = json.loads(pathlib.Path(args.oof).read_text(encoding="utf-8"))
    predicted = dict(zip(oof["ids"], oof["pred"], strict=False))
    gold_type = runs[0]["type"]
    if any(set(r["f1"]) != set(gold_type) for r in runs):
        raise SystemExit("the variants were scored on different pages")
    ids = sorted(gold_type)
    overall = [mean([r["f1"][i] for i in ids]) for r in runs]
    default = max(range(len(runs)), key=lambda r: (overall[r], -r))
    by_gold = choose_routes(runs, ids, gold_type)
    proba = {i: dict(zip(oof["classes"], p, strict=True)) for i, p in zip(oof["ids"], oof["proba"], strict=False)}
    fold = host_groups(data, ids)
    rules = {RULE_HARD: auto_hard(runs, ids, gold_type, predicted, fold),
             RULE_EXPECTED: auto_expected(runs, ids, gold_type, proba, fold)}
    for how, scores in rules.items():
        print(f"auto, {how}: F1 {mean(list(scores.values())):.4f}", file=sys.stderr)
    how = max(rules, key=lambda h: mean(list(rules[h].values())))
    routes, auto = by_gold, rules[how]
    oracle = auto_scores(runs, by_gold, default, ids, gold_type)
    doc = {"routes": {t: {"method": runs[r]["method"], "options": runs[r]["options"], "comments": runs[r]["comments"]}
                      for t, r in routes.items()},
           "default": {"method": runs[default]["method"], "options": runs[default]["options"],
                       "comments": runs[default]["comments"]},
           "chosen_by": how, "dataset": data.name,
           **({"variants": [{"method": r["method"], "options": r["options"], "comments": r["comments"],
                             "label": label,
                             "scores": {t: round(v, 4) for t, v in sc.items()}}
                            for r, label, sc in zip(runs, labels, type_scores(runs, ids, gold_type), strict=True)]}
              if how == RULE_EXPECTED else {}),
           "auto_f1_out_of_fold": round(mean(list(auto.values())), 4),
           "best_single": {"variant": labels[default], "f1": round(overall[default], 4)}}
    pathlib.Path(args.routes).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    md = (f"Shingle F1 on {data.name} ({len(ids)} pages), HTML only. `auto`: each page routed by the page type the "
          f"classifier predicted for it out of fold (grouped 5-fold CV by domain); rule: {how}. "
          "Last column: routing by the gold type (an upper bound).\n\n"
          + table(runs, labels, auto, ids, gold_type, oracle)
          + "\n`auto` (out of fold) against the best method and the best variant of each page type (both "
            "scored on all pages of the type):\n\n" + gap_table(runs, labels, auto, ids, gold_type))
    pathlib.Path(args.markdown).parent.mkdir(parents=True, exist_ok=True)
    pathlib.Path(args.markdown).write_text(md, encoding="utf-8")
    print(md)
    print(json.dumps(doc["routes"], indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
