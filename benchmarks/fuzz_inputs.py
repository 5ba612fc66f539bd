"""Fuzz every input format for longer than the tests do, and print what happened.

    .venv/bin/python benchmarks/fuzz_inputs.py --seconds 60 --seed 1

Mutants of the shipped DSL, random JSON definitions, mutated logs: each must end in diagnostics,
a refusal or success. Prints, per format, the mutants tried, how they ended, the slowest one, and
the signature (exception and place) of anything else. Exit 1 when something else happened.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from test_fuzz_inputs import CONTENT, LOG, mutate  # noqa: E402  (the tests' mutations)

from trian_script.dsl.diagnostics import DiagnosticError  # noqa: E402
from trian_script.dsl.loader import load  # noqa: E402
from trian_script.engine.log import replay  # noqa: E402


def dsl(rnd, folder):
    source = rnd.choice(CONTENT)
    path = folder / source.name
    path.write_text(mutate(source.read_text(encoding="utf-8"), rnd), encoding="utf-8")
    return "diagnostics" if load([path], builtin=False).report else "clean"


def json_definition(rnd, folder):
    def value(depth=0):
        kind = rnd.randrange(6 if depth < 4 else 4)
        if kind == 4:
            return [value(depth + 1) for _ in range(rnd.randrange(3))]
        if kind == 5:
            return {rnd.choice(["name", "stacks", "faces", "kind"]): value(depth + 1) for _ in range(rnd.randrange(3))}
        return [None, rnd.randint(-10**6, 10**6), "x" * rnd.randrange(5), rnd.random()][kind]
    item = {"kind": rnd.choice(["tileset", "ruleset", "variant", "race", "skill", "token", "scenario", 3])}
    item.update({rnd.choice(["name", "extends", "stacks", "faces", "plugin", "steps"]): value() for _ in range(4)})
    path = folder / "d.json"
    path.write_text(json.dumps(item), encoding="utf-8")
    return "diagnostics" if load([path], builtin=False).report else "clean"


def log(rnd, folder):
    path = folder / "g.log"
    path.write_bytes(mutate(LOG, rnd).encode("utf-8", "surrogatepass"))
    try:
        replay(path)
    except DiagnosticError:
        return "refused"
    return "replayed"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rnd, crashes, bad = random.Random(args.seed), Counter(), 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name, fuzz in (("dsl", dsl), ("json", json_definition), ("log", log)):
            outcomes, slowest, end = Counter(), 0.0, time.time() + args.seconds / 3
            while time.time() < end:
                start = time.perf_counter()
                try:
                    outcomes[fuzz(rnd, folder)] += 1
                except Exception as err:  # anything else is a finding
                    frame = traceback.extract_tb(err.__traceback__)[-1]
                    crashes[f"{name}: {type(err).__name__} at {Path(frame.filename).name}:{frame.lineno}"] += 1
                    outcomes["crashed"] += 1
                slowest = max(slowest, time.perf_counter() - start)
            print(f"{name:5} {sum(outcomes.values()):6} mutants  " + "  ".join(f"{k} {v}" for k, v in sorted(outcomes.items()))
                  + f"  slowest {slowest:.2f}s")
    for signature, count in crashes.most_common():
        print(f"  {count:5} × {signature}")
        bad += count
    print(f"crash signatures: {len(crashes)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
