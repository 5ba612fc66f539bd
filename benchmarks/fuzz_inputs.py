"""Fuzz every input format for longer than the tests do, and print what happened.

    .venv/bin/python benchmarks/fuzz_inputs.py --seconds 60 --seed 1 --processes 2

Mutants of the shipped DSL, random JSON definitions, mutated logs, on several processes: each must
end in diagnostics, a refusal or success. Prints, per format and process, the inputs tried, how
they ended and the slowest; each new crash signature (exception and place) is written with the
input that caused it to --crashes, to become a regression test. Exit 1 when something crashed.
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


FORMATS = {"dsl": dsl, "json": json_definition, "log": log}


def campaign(job) -> tuple[str, Counter, dict, float, int]:
    """One process's share: fuzz ``name`` for ``seconds`` from ``seed``; (name, outcomes, crash
    signature -> reproducer text, slowest seconds, inputs)."""
    name, seconds, seed = job
    rnd, outcomes, crashes, slowest = random.Random(seed), Counter(), {}, 0.0
    with tempfile.TemporaryDirectory() as tmp:
        folder, end = Path(tmp), time.time() + seconds
        while time.time() < end:
            state = rnd.getstate()
            start = time.perf_counter()
            try:
                outcomes[FORMATS[name](rnd, folder)] += 1
            except Exception as err:  # anything else is a finding: keep its input
                frame = traceback.extract_tb(err.__traceback__)[-1]
                signature = f"{name}: {type(err).__name__} at {Path(frame.filename).name}:{frame.lineno}"
                replay_rnd = random.Random()
                replay_rnd.setstate(state)
                crashes.setdefault(signature, _input_of(name, replay_rnd))
                outcomes["crashed"] += 1
            slowest = max(slowest, time.perf_counter() - start)
    return name, outcomes, crashes, slowest, sum(outcomes.values())


def _input_of(name: str, rnd) -> str:
    """The input a generator state makes (written as the reproducer of a crash)."""
    with tempfile.TemporaryDirectory() as tmp:
        try:
            FORMATS[name](rnd, Path(tmp))
        except Exception:
            pass
        files = [p for p in Path(tmp).iterdir() if p.is_file()]
        return files[0].read_text(encoding="utf-8", errors="replace") if files else ""


def main() -> int:
    import multiprocessing

    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=30, help="per format and process")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--formats", default=",".join(FORMATS), help="which formats, e.g. dsl,json")
    parser.add_argument("--crashes", type=Path, default=Path("fuzz-crashes"),
                        help="folder for one reproducer per new crash signature")
    args = parser.parse_args()
    jobs = [(name, args.seconds, args.seed * 1000 + i) for name in args.formats.split(",")
            for i in range(args.processes)]
    total, signatures = Counter(), {}
    started = time.perf_counter()
    with multiprocessing.Pool(args.processes) as pool:
        for name, outcomes, crashes, slowest, inputs in pool.imap_unordered(campaign, jobs):
            total[name] += inputs
            signatures.update(crashes)
            print(f"{name:5} {inputs:8} inputs  " + "  ".join(f"{k} {v}" for k, v in sorted(outcomes.items()))
                  + f"  slowest {slowest:.2f}s", flush=True)
    elapsed = time.perf_counter() - started
    for signature, reproducer in signatures.items():
        args.crashes.mkdir(exist_ok=True)
        (args.crashes / (signature.replace(" ", "_").replace(":", "") + ".txt")).write_text(reproducer)
        print(f"  crash: {signature} (reproducer in {args.crashes})")
    inputs = sum(total.values())
    print(f"inputs: {inputs} ({', '.join(f'{k} {v}' for k, v in sorted(total.items()))}) in {elapsed:.0f}s "
          f"on {args.processes} processes; crash signatures: {len(signatures)}")
    return 1 if signatures else 0


if __name__ == "__main__":
    sys.exit(main())
