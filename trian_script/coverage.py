"""Which numbered rules the scenario files cover, and which no scenario checks yet."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .resources import content_dir

RULE_LINE = re.compile(r"^\s*(?:[-*]\s*|#+\s*)(?:\[DECISION\]\s*)?([A-Z]+-\d+(?:\.\d+)*)\b")


def rules_dir() -> Path | None:
    """The numbered rules: ``docs/rules`` of the checkout, else the project's shared ``rules``."""
    for candidate in (content_dir("docs") / "rules", Path.cwd() / "docs" / "rules", Path.cwd().parent / "shared" / "rules"):
        if candidate.is_dir():
            return candidate
    return None


def rule_ids(folder: Path, prefix: str = "NO-") -> list[str]:
    ids = []
    for path in sorted(folder.glob("*.md")):
        for line in path.read_text(encoding="utf-8").splitlines():
            match = RULE_LINE.match(line)
            if match and match.group(1).startswith(prefix) and match.group(1) not in ids:
                ids.append(match.group(1))
    return ids


@dataclass
class Coverage:
    rules: list[str]
    covered: dict[str, list[str]]  # rule id (or skill:name) -> scenarios
    skills: list[str] = field(default_factory=list)  # every skill loaded

    @property
    def missing_skills(self) -> list[str]:
        return [name for name in self.skills if f"skill:{name}" not in self.covered]

    @property
    def missing(self) -> list[str]:
        return [r for r in self.rules if not self.is_covered(r)]

    def is_covered(self, rule: str) -> bool:
        """Covered when a scenario names it, or names a rule inside it (NO-3.1 by NO-3.1.2)."""
        return any(c == rule or c.startswith(rule + ".") for c in self.covered)

    @property
    def share(self) -> float:
        return 1 - len(self.missing) / len(self.rules) if self.rules else 1.0


def coverage(defs, folder: Path, prefix: str = "NO-") -> Coverage:
    covered: dict[str, list[str]] = {}
    for name, block in defs.blocks["scenario"].items():
        for rule in block.definition.get("covers", []):
            covered.setdefault(rule, []).append(name)
    return Coverage(rule_ids(folder, prefix), covered, sorted(defs.blocks["skill"]))
