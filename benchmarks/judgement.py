"""How far the rule evaluators' verdicts can be trusted: precision and recall per label, the share of
clean traces flagged, and whether each finding sits on the right step, on a labelled corpus.

    .venv/bin/python benchmarks/judgement.py [--split both|all|dev|heldout|blind|…|tempered] [--n 360] [--seed 27] [--json]

The corpus (tests/judgement/) is generated deterministically: clean traces full of what a reviewer
passes (context ids, codes for names, earlier turns, computed dates, copied values, retries after
a 503, parallel lookups, polls) and faulty ones with each label on known calls. The held-out split
comes from scenarios written apart (tests/judgement/heldout.py) and is what to trust; the blind split
(tests/judgement/blind.py) was written by someone who never read the evaluators or the other splits.
The fresh split (tests/judgement/fresh.py) was written by a helper who read neither the evaluators,
their calibration nor any other split, once all three had been read by the people tuning; it must
not be read when tuning the evaluators, or it stops being unseen. The sealed split
(tests/judgement/sealed.py) was written the same way by another helper once the fresh split had been
read too, in domains none of the others use; it must not be read when tuning the evaluators either.
The unseen split (tests/judgement/unseen.py) was written by a sixth helper, once all five had been
read, who read neither the evaluators, their calibration nor any other split, in domains again new;
it must not be read when tuning the evaluators. The hidden split (tests/judgement/hidden.py) was written by a
seventh helper, once all six had been read, who read neither the evaluators, their calibration nor any
other split, in domains again new; it must not be read when tuning the evaluators. The veiled split
(tests/judgement/veiled.py) was written by an eighth helper, once all seven had been read, the same way
and in domains again new; it must not be read when tuning the evaluators. The masked split
(tests/judgement/masked.py) was written by a ninth helper, once all eight had been read, the same way
and in domains again new; it must not be read when tuning the evaluators. The shrouded split
(tests/judgement/shrouded.py) was written by a tenth helper, once all nine had been read, the same way
and in domains again new; it must not be read when tuning the evaluators. The obscured split
(tests/judgement/obscured.py) was written by an eleventh helper, once all ten had been read, the same
way and in domains again new; it must not be read when tuning the evaluators.
The cloaked split (tests/judgement/cloaked.py) was written by a twelfth helper, once all eleven had
been read, the same way and in domains again new; it must not be read when tuning the evaluators.
The shaded split (tests/judgement/shaded.py) was written by a thirteenth helper, once all twelve had
been read, the same way and in domains again new; it must not be read when tuning the evaluators.
The dimmed split (tests/judgement/dimmed.py) was written by a fourteenth helper, once all thirteen had
been read, the same way and in domains again new; it must not be read when tuning the evaluators.
The faded split (tests/judgement/faded.py) was written by a fifteenth helper, once all fourteen had
been read, the same way and in domains again new; it must not be read when tuning the evaluators.
The muted split (tests/judgement/muted.py) was written by a sixteenth helper, once all fifteen had been
read, the same way and in domains again new; it must not be read when tuning the evaluators.
The hushed split (tests/judgement/hushed.py), by a seventeenth helper the same way, must not be read when tuning.
The stilled split (tests/judgement/stilled.py), by an eighteenth helper the same way, must not be read when tuning.
The lulled split (tests/judgement/lulled.py), by a nineteenth helper the same way, must not be read when tuning.

Per label, over traces: a true positive is a trace that must get the label and does; a false
positive a trace that gets it and must not; recall and precision as usual. Only failure labels
count (the execution labels describe tools). Attribution: of the findings of rightly found labels,
the share whose call is one the label belongs on (None for the trace). Targets: precision and
recall >= 0.95 for every label, attribution >= 0.95, at most 2 % of clean traces flagged.
"""
from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from evaluators.base import EvalContext  # noqa: E402
from evaluators.registry import DEFAULT_SET, get  # noqa: E402
from evaluators.trajectory_quality import EXECUTION  # noqa: E402

TARGETS = {"precision": 0.95, "recall": 0.95, "attribution": 0.95, "clean_flagged": 0.02}
NOT_FAILURES = {label for label, _ in EXECUTION}


@dataclass
class Scores:
    """What the evaluators made of a corpus."""

    traces: int = 0
    clean: int = 0
    clean_flagged: list[str] = field(default_factory=list)
    tp: Counter = field(default_factory=Counter)
    fp: Counter = field(default_factory=Counter)
    fn: Counter = field(default_factory=Counter)
    placed: int = 0
    misplaced: list[tuple[str, str, int | None]] = field(default_factory=list)
    errors: list[tuple[str, str, str]] = field(default_factory=list)  # (case, label, fp|fn) for reading

    def label_rows(self) -> list[dict[str, Any]]:
        rows = []
        for label in sorted(set(self.tp) | set(self.fp) | set(self.fn)):
            tp, fp, fn = self.tp[label], self.fp[label], self.fn[label]
            rows.append({"label": label, "tp": tp, "fp": fp, "fn": fn,
                         "precision": tp / (tp + fp) if tp + fp else None,
                         "recall": tp / (tp + fn) if tp + fn else None})
        return rows

    @property
    def attribution(self) -> float | None:
        total = self.placed + len(self.misplaced)
        return self.placed / total if total else None

    @property
    def clean_share(self) -> float:
        return len(self.clean_flagged) / self.clean if self.clean else 0.0

    def summary(self) -> dict[str, Any]:
        rows = self.label_rows()
        return {"traces": self.traces, "clean": self.clean, "clean_flagged": len(self.clean_flagged),
                "clean_flagged_share": round(self.clean_share, 4),
                "attribution": None if self.attribution is None else round(self.attribution, 4),
                "min_precision": min((r["precision"] for r in rows if r["precision"] is not None), default=None),
                "min_recall": min((r["recall"] for r in rows if r["recall"] is not None), default=None),
                "labels": rows}

    def misses(self) -> list[str]:
        """Which targets are not met, in words (empty when all are)."""
        out = [f"{r['label']} precision {r['precision']:.2f}" for r in self.label_rows()
               if r["precision"] is not None and r["precision"] < TARGETS["precision"]]
        out += [f"{r['label']} recall {r['recall']:.2f}" for r in self.label_rows()
                if r["recall"] is not None and r["recall"] < TARGETS["recall"]]
        if self.clean_share > TARGETS["clean_flagged"]:
            out.append(f"clean traces flagged {self.clean_share:.1%}")
        if self.attribution is not None and self.attribution < TARGETS["attribution"]:
            out.append(f"attribution {self.attribution:.2f}")
        return out


def findings_of(result: Any) -> list[tuple[str, int | None]]:
    """(label, call) of a result's findings; from its labels and evidence when it has none (results
    written before findings existed)."""
    found = getattr(result, "findings", None)
    if found:
        return [(f.label, f.call) for f in found]
    return [(label, seq) for label in result.labels for seq in (result.evidence or [None])]


def judge(cases: Iterable[Any]) -> Scores:
    """Run the default evaluators on every case and score their verdicts."""
    evaluators = [get(alias)() for alias in DEFAULT_SET]
    context = EvalContext()
    scores = Scores()
    for case in cases:
        shared = context.with_view(case.trajectory)
        found: dict[str, set[int | None]] = defaultdict(set)
        for evaluator in evaluators:
            for label, call in findings_of(evaluator.evaluate(case.trajectory, shared)):
                if label not in NOT_FAILURES:
                    found[label].add(call)
        scores.traces += 1
        if case.clean:
            scores.clean += 1
            if found:
                scores.clean_flagged.append(f"{case.id}: {', '.join(sorted(found))}")
        for label in set(found) | set(case.expected):
            if label in found and label in case.expected:
                scores.tp[label] += 1
                for call in found[label]:
                    if call in case.expected[label]:
                        scores.placed += 1
                    else:
                        scores.misplaced.append((case.id, label, call))
            elif label in found:
                scores.fp[label] += 1
                scores.errors.append((case.id, label, "fp"))
            else:
                scores.fn[label] += 1
                scores.errors.append((case.id, label, "fn"))
    return scores


# Splits written apart, each a module of tests/judgement with its own generate(n, seed), in the order written.
WRITTEN = ("blind", "fresh", "sealed", "unseen", "hidden", "veiled", "masked", "shrouded", "obscured", "cloaked", "shaded", "dimmed", "faded", "muted", "hushed", "stilled", "lulled", "calmed", "soothed", "eased", "quelled", "tempered", "dulled", "damped", "muffled", "quieted", "stifled", "subdued", "softened", "mellowed", "allayed", "assuaged", "placated", "appeased", "pacified", "mollified", "abated", "subsided", "waned", "ebbed", "slackened", "dwindled", "frayed", "receded", "tapered", "lessened", "relented", "thinned", "loosened", "curbed", "dipped", "tamed", "lowered", "slowed", "stemmed", "blunted", "withered", "deadened", "numbed", "sapped", "stunted", "drooped", "wilted", "drained", "sagged", "faltered", "paled", "stooped", "wizened", "hobbled", "trimmed", "hampered", "shackled", "fettered", "tethered", "hindered", "yoked", "cramped", "stymied", "bridled", "trammelled", "cowed", "muzzled", "reined", "gagged", "leashed", "throttled", "harnessed", "checked", "penned", "corralled", "fenced", "kennelled", "hemmed", "tamped", "lashed", "clasped", "tied", "lassoed", "bound", "strapped", "roped", "hitched", "swaddled", "girded", "buckled", "belted", "latched", "clinched", "cinched", "snared", "trussed", "moored", "docked", "anchored", "sheathed", "stowed", "furled", "reefed", "battened", "spliced", "whipped", "reeved", "seized", "belayed", "toggled", "cleated", "warped", "chocked", "yawed", "hoisted", "hauled", "tacked", "keeled", "jibed", "luffed", "scudded", "careened", "heeled", "beached", "sounded", "kedged", "caulked", "tarred", "ratlined", "stropped", "bowsed", "sheeted", "frapped", "bunted", "parbuckled", "sweated", "marled", "snubbed", "fothered", "spiled", "brailed", "gasketed", "gammoned", "moused", "flemished", "catted", "woolded", "nippered", "racked", "stoppered", "bighted", "keckled", "parcelled", "marlined", "thrummed", "cringled", "snaked", "wormed", "grafted", "pointed", "served", "seamed", "married", "crowned", "tabled", "roached", "parrelled", "scarfed", "tabbed", "whelped", "coachwhipped", "hogged", "rounded", "stranded", "crowfooted", "lanyarded", "sennited", "worded", "cabled", "lashbound", "moussed", "sheaved", "becketed", "frenched", "pursed", "swifted", "bitted", "lizarded", "rousted", "toggeled", "bowlined", "fidded", "palmed", "halyarded", "clewed", "downhauled", "outhauled", "gaffed", "buntlined", "jackstayed", "vanged", "trysailed", "bobstayed", "guyed", "martingaled", "whiskered", "crossjacked", "deadeyed", "sheerpoled", "ratchetted", "gantlined", "reefpointed", "bullseyed", "thimbled", "bollarded", "davited", "gudgeoned", "pintled", "kevelled", "sampsoned", "capstaned", "windlassed", "fairleaded", "gunwaled", "scuppered", "thwarted", "hawsered", "kingposted", "mizzened", "orloped", "bumpkined", "cranelined", "dolphined", "futtocked", "transomed", "keelsoned", "sternposted", "bulwarked", "catheaded", "taffrailed", "rudderposted", "sternsheeted", "hawsepiped", "crosstreed", "foredecked", "scuttled", "chainplated", "limbered", "stanchioned", "bilgekeeled", "breasthooked", "garboarded", "keelhauled", "sprited", "cathooked", "lazyjacked", "ringbolted", "spurled", "deadlighted", "jackyarded", "monkeyfisted", "wearied", "oakumed", "fendered", "robanded", "grommeted", "thwartshipped", "gammonlashed", "kentledged", "whipstaffed", "spectioneered", "futtockshrouded", "bowspritted", "catharpinned", "sheerlegged", "tumblehomed", "chesstreed", "bowlinebridled", "jibboomed", "goosenecked", "crutchpinned", "sprayhooded", "tholepinned", "strongbacked", "scuttlebutted", "binnacled", "capstanbarred", "deadwooded", "rudderstocked", "fishplated", "catfalled", "hatchcoamed", "bittheaded", "spanshackled", "gunportlidded", "lodestarred", "mainbraced", "sheetbended", "gaffjawed", "kingplanked", "sternwalked", "cleatbelayed", "spankered", "topmasted", "crowsnested", "bilgepumped", "topgallanted", "mizzentopped", "jibsheeted", "forestayed", "ensignstaffed", "flagstaffed", "yardarmed", "mastheaded", "jackstaffed", "boomvanged", "sprityarded", "trestletreed", "topsailed", "clewlined", "gaffrigged", "sternlined", "catwalked", "bowlineknotted", "hawsetimbered", "sternboarded", "bobstaycollared", "chainwaled", "ratboarded", "sheerstraked", "garboardstraked", "kelsoned", "reefbanded", "spurwatered", "scarfjointed", "stemposted", "knightheaded", "lodgingkneed", "sternkneed", "rabbetted", "deadeyelanyarded", "stemheaded", "keelrabbetted", "sternframed", "hookscarfed", "floorheaded", "apronplanked", "sternpinned", "rabbetplaned", "keelblocked", "keelsonscarfed", "deckbeamed", "sheerclamped", "bilgestringered", "hatchcarlined", "mastpartnered", "rudderpintled", "sternhooked", "garboardseamed", "keelsoncapped", "riderplated", "sternsoned", "bittsheeted", "hawsechocked", "rubrailed", "scarphbolted", "chocklinered", "fairleadbolted", "keelbanded", "sternchocked", "keelsonbolted", "stempieced", "garboardscarfed", "hoodendsprung", "keelsonkneed", "stemscarfed", "transomplanked", "deadwoodbolted", "sternbolted", "keelscarfed", "bowchocked", "transomkneed", "sternscarfed", "keelbolted", "bowkneed", "transomchocked", "sternkeeled", "bowscarfed", "keelchocked", "transombolted", "sternwelded", "bowbolted", "keelkneed", "transomscarfed", "sternplanked", "bowwelded", "keelscarphed", "transomkeeled", "garboardkneed", "stemwelded", "sheerscarfed", "transomwelded", "bowkeeled", "garboardbolted", "stemchocked", "sheerbolted", "keelwelded", "bowpieced", "sternpieced", "stemkneed", "stemplanked", "sheerkneed", "bowboarded", "keelpieced", "sternbanded", "keelplanked", "stemboarded", "bowkneeled", "sheerplanked", "stembanded", "keelboarded", "bowbanded", "bowstrapped", "transomstrapped", "sheerbanded", "stemscarphed", "keelstrapped", "sternstrapped", "garboardstrapped", "stemstrapped", "bowlashed", "keellashed", "sternlashed", "stemlashed", "bowriveted", "keelriveted", "sternriveted", "stemriveted", "bowtrenailed", "keeltrenailed", "sterntrenailed", "stemtrenailed", "bowdowelled", "keeldowelled", "sterndowelled", "stemdowelled", "bowpegged", "keelpegged", "sternpegged", "stempegged", "bowspiked", "keelspiked", "sternspiked", "stemspiked", "bowwedged", "keelwedged", "sternwedged", "stemwedged", "bowshimmed", "keelshimmed", "sternshimmed", "stemshimmed", "bowstitched", "keelstitched", "sternstitched", "stemstitched", "bowlaced", "keellaced", "sternlaced", "stemlaced", "bowrabbeted", "keelrabbeted", "sternrabbeted", "stemrabbeted", "bowtenoned", "keeltenoned", "sterntenoned", "stemtenoned", "bowmortised", "keelmortised", "sternmortised", "stemmortised", "bowclenched", "keelclenched", "sternclenched", "stemclenched", "bowcoppered", "keelcoppered", "sterncoppered", "stemcoppered", "bowrooved", "keelrooved", "sternrooved", "stemrooved", "bowplugged", "keelplugged", "sternplugged", "stemplugged", "bownogged", "keelnogged", "sternnogged", "stemnogged", "bowrebated", "keelrebated", "sternrebated", "stemrebated", "bowscribed", "keelscribed", "sternscribed", "stemscribed", "bowdovetailed", "keeldovetailed", "sterndovetailed", "stemdovetailed", "bowsplined", "keelsplined", "sternsplined", "stemsplined", "bowchamfered", "keelchamfered", "sternchamfered", "stemchamfered", "bowbevelled", "keelbevelled", "sternbevelled", "stembevelled", "bowlapped", "keellapped", "sternlapped", "stemlapped", "bowfaired", "keelfaired", "sternfaired", "stemfaired", "bowfished", "keelfished", "sternfished", "stemfished", "bowsanded", "keelsanded", "sternsanded", "stemsanded", "bowtrued", "keeltrued", "sterntrued", "stemtrued", "bowclinkered", "keelclinkered", "sternclinkered", "stemclinkered", "bowgrooved", "keelgrooved", "sterngrooved", "stemgrooved", "bowfluted", "keelfluted", "sternfluted", "stemfluted", "bowreeded", "keelreeded", "sternreeded", "stemreeded", "bowbeaded", "keelbeaded", "sternbeaded", "stembeaded", "bowcoved", "keelcoved", "sterncoved", "stemcoved", "bowmoulded", "keelmoulded", "sternmoulded", "stemmoulded", "bowmitred", "keelmitred", "sternmitred", "stemmitred", "bowdadoed", "keeldadoed", "sterndadoed", "stemdadoed")
SPLITS = ("dev", "heldout", *WRITTEN)


def corpus(split: str, n: int, seed: int) -> list[Any]:
    from tests.judgement import dev, heldout
    from tests.judgement.corpus import generate

    if split in WRITTEN:
        return importlib.import_module(f"tests.judgement.{split}").generate(n, seed)
    scenarios = {"dev": dev.SCENARIOS, "heldout": heldout.SCENARIOS}[split]
    return generate(split, scenarios, n, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("both", "all", *SPLITS), default="both",
                        help="both: dev and heldout; all: every split")
    parser.add_argument("--n", type=int, default=360, help="traces per split")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--show", action="store_true", help="list the wrong verdicts")
    args = parser.parse_args()
    out = {}
    for split in {"both": ("dev", "heldout"), "all": SPLITS}.get(args.split, (args.split,)):
        scores = judge(corpus(split, args.n, args.seed))
        out[split] = scores.summary() | {"targets_missed": scores.misses()}
        if args.show:
            out[split]["wrong"] = scores.errors + [("clean", s, "") for s in scores.clean_flagged] + \
                [(c, label, f"on call {call}") for c, label, call in scores.misplaced]
    if args.json:
        print(json.dumps(out, indent=2, ensure_ascii=False, default=str))
        return
    for split, summary in out.items():
        print(f"\n{split}: {summary['traces']} traces, {summary['clean']} clean; clean flagged "
              f"{summary['clean_flagged']} ({summary['clean_flagged_share']:.1%}); attribution "
              f"{summary['attribution']}")
        print(f"  {'label':28} {'tp':>4} {'fp':>4} {'fn':>4} {'precision':>9} {'recall':>7}")
        for r in summary["labels"]:
            p = "-" if r["precision"] is None else f"{r['precision']:.2f}"
            rc = "-" if r["recall"] is None else f"{r['recall']:.2f}"
            print(f"  {r['label']:28} {r['tp']:>4} {r['fp']:>4} {r['fn']:>4} {p:>9} {rc:>7}")
        print("  targets: " + ("all met" if not summary["targets_missed"] else "missed: " + "; ".join(summary["targets_missed"])))
        for first, second, what in summary.get("wrong", []):
            print("    " + _wrong_line(first, second, what))


def _wrong_line(first: str, second: str, what: str) -> str:
    """One wrong verdict as a reader wants it: the case, then what went wrong with which label."""
    if first == "clean":  # ("clean", "<case id>: <labels>", "")
        return f"{second} (clean trace flagged)"
    return f"{first}: {second} " + {"fn": "missed", "fp": "false alarm"}.get(what, what)


if __name__ == "__main__":
    main()
