"""Fuzz every input format for longer than the tests do, and print what happened.

    .venv/bin/python benchmarks/fuzz_inputs.py --seconds 60 --seed 1 --processes 2

Mutants of the shipped DSL, random JSON definitions, mutated logs, on several processes: each must
end in diagnostics, a refusal or success. Prints, per format and process, the inputs tried, how
they ended and the slowest. Each new crash signature (exception and place) is shrunk to a minimal
reproducer (lines, then characters, removed while the same signature still fires) and written to
--crashes as ``FORMAT-SIGNATURE.EXT``; copied into ``tests/fuzz_regressions/`` it becomes a
regression test (tests/test_fuzz_inputs.py replays every file there). Exit 1 when something crashed.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from test_fuzz_inputs import CONTENT, LOG, mutate, outcome  # noqa: E402  (the tests' mutations and verdicts)


def dsl_input(rnd) -> tuple[str, str]:
    source = rnd.choice(CONTENT)
    return source.name, mutate(source.read_text(encoding="utf-8"), rnd)


def json_input(rnd) -> tuple[str, str]:
    def value(depth=0):
        kind = rnd.randrange(6 if depth < 4 else 4)
        if kind == 4:
            return [value(depth + 1) for _ in range(rnd.randrange(3))]
        if kind == 5:
            return {rnd.choice(["name", "stacks", "faces", "kind"]): value(depth + 1) for _ in range(rnd.randrange(3))}
        return [None, rnd.randint(-10**6, 10**6), "x" * rnd.randrange(5), rnd.random()][kind]
    item = {"kind": rnd.choice(["tileset", "ruleset", "variant", "race", "skill", "token", "scenario", 3])}
    item.update({rnd.choice(["name", "extends", "stacks", "faces", "plugin", "steps"]): value() for _ in range(4)})
    return "d.json", json.dumps(item)


def log_input(rnd) -> tuple[str, str]:
    return "g.log", mutate(LOG, rnd)


FORMATS = {"dsl": dsl_input, "json": json_input, "log": log_input}


def signature_of(folder: Path, name: str, text: str) -> tuple[str, str]:
    """(how the input ended, '' or the crash signature: exception type and innermost place)."""
    path = folder / name
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    try:
        return outcome(path), ""
    except Exception as err:  # anything else is a finding
        frame = traceback.extract_tb(err.__traceback__)[-1]
        return "crashed", f"{type(err).__name__} at {Path(frame.filename).name}:{frame.lineno}"


def shrink(folder: Path, name: str, text: str, signature: str, seconds: float = 30) -> str:
    """The smallest input found that still crashes with ``signature``: chunks of lines, then of
    characters, are removed while the crash stays the same (delta debugging, bounded in time)."""
    end = time.time() + seconds
    for split in (lambda t: t.splitlines(keepends=True), list):
        parts, size = split(text), None
        size = max(len(parts) // 2, 1)
        while size >= 1 and time.time() < end:
            at, smaller = 0, False
            while at < len(parts) and time.time() < end:
                trial = parts[:at] + parts[at + size:]
                if signature_of(folder, name, "".join(trial))[1] == signature:
                    parts, smaller = trial, True
                else:
                    at += size
            if not smaller:
                size //= 2
        text = "".join(parts)
    return text


def campaign(job) -> tuple[str, Counter, dict, float, int]:
    """One process's share: fuzz ``fmt`` for ``seconds`` from ``seed``; (format, outcomes, crash
    signature -> (file name, minimal reproducer), slowest seconds, inputs)."""
    fmt, seconds, seed = job
    rnd, outcomes, crashes, slowest = random.Random(seed), Counter(), {}, 0.0
    with tempfile.TemporaryDirectory() as tmp:
        folder, end = Path(tmp), time.time() + seconds
        while time.time() < end:
            name, text = FORMATS[fmt](rnd)
            start = time.perf_counter()
            ended, signature = signature_of(folder, name, text)
            slowest = max(slowest, time.perf_counter() - start)
            outcomes[ended] += 1
            if signature and f"{fmt}: {signature}" not in crashes:
                crashes[f"{fmt}: {signature}"] = (name, shrink(folder, name, text, signature))
    return fmt, outcomes, crashes, slowest, sum(outcomes.values())


def main() -> int:
    import multiprocessing

    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=30, help="per format and process")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--formats", default=",".join(FORMATS), help="which formats, e.g. dsl,json")
    parser.add_argument("--crashes", type=Path, default=Path("fuzz-crashes"),
                        help="folder for one minimal reproducer per new crash signature")
    args = parser.parse_args()
    jobs = [(fmt, args.seconds, args.seed * 1000 + i) for fmt in args.formats.split(",")
            for i in range(args.processes)]
    total, signatures, cpu = Counter(), {}, 0.0
    started = time.perf_counter()
    with multiprocessing.Pool(args.processes) as pool:
        for fmt, outcomes, crashes, slowest, inputs in pool.imap_unordered(campaign, jobs):
            total[fmt] += inputs
            signatures.update(crashes)
            print(f"{fmt:5} {inputs:8} inputs  " + "  ".join(f"{k} {v}" for k, v in sorted(outcomes.items()))
                  + f"  slowest {slowest:.2f}s  {1000 * args.seconds / max(inputs, 1):.2f} ms/input", flush=True)
    elapsed = time.perf_counter() - started
    for signature, (name, reproducer) in signatures.items():
        args.crashes.mkdir(exist_ok=True)
        stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", signature)
        target = args.crashes / f"{stem}{Path(name).suffix}"
        target.write_bytes(reproducer.encode("utf-8", "surrogatepass"))
        print(f"  crash: {signature} ({len(reproducer)} characters: {target})")
    inputs = sum(total.values())
    print(f"inputs: {inputs} ({', '.join(f'{k} {v}' for k, v in sorted(total.items()))}) in {elapsed:.0f}s "
          f"on {args.processes} processes; crash signatures: {len(signatures)}")
    return 1 if signatures else 0


if __name__ == "__main__":
    sys.exit(main())
