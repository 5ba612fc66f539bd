"""The tables and the page of a study (``simulate --report DIR``), from its finished games.

- ``games.csv``: one row per game and seat — seed, design, seat (colour) and its place at the table,
  place in the turn order (1 started), race, bot, final credits, win share, skill uses and modules
  unlocked (JSON), decisions. The rows are in seed and seat order and hold nothing of how or where
  the games were played, so the same study gives the same file on one core or on a cluster.
- ``skills.csv``: one row per game, seat and skill used, changing a value or bringing credits.
- ``games.parquet``, ``skills.parquet``: the same tables for pandas (``pd.read_parquet``), with
  pyarrow (the ``lab`` extra).
- ``report.html``: the summary tables and plots (matplotlib, the ``lab`` extra): win rate per race
  with its 95% interval, final credits per race, seat and first-player advantage, skill use.
"""
from __future__ import annotations

import base64
import html
import io
import json
from pathlib import Path

GAME_COLUMNS = ["seed", "design", "seat", "seat_index", "turn", "race", "bot", "players", "score", "won",
                "winner", "decisions", "skill_uses", "skill_changes", "skill_credits", "unlocked"]
SKILL_COLUMNS = ["seed", "seat", "race", "skill", "uses", "changes", "credits"]


def game_rows(results: list[dict], design: str) -> list[dict]:
    rows = []
    for r in sorted(results, key=lambda r: r["seed"]):
        table = list(r["races"])
        first = table.index(r["first"]) if r.get("first") in table else 0
        share = 1 / len(r["winners"])
        for index, colour in enumerate(table):
            rows.append({
                "seed": r["seed"], "design": design, "seat": colour, "seat_index": index + 1,
                "turn": (index - first) % len(table) + 1, "race": r["races"][colour] or "", "bot": r["bots"][colour],
                "players": len(table), "score": r["scores"][colour],
                "won": round(share, 6) if colour in r["winners"] else 0.0,
                "winner": int(colour in r["winners"]), "decisions": r["decisions"],
                "skill_uses": _json(r["used"][colour]),
                "skill_changes": _json(r.get("changed", {}).get(colour, {})),
                "skill_credits": _json(r.get("credits", {}).get(colour, {})),
                "unlocked": json.dumps({str(k): v for k, v in r["unlocked"][colour].items()}, sort_keys=True,
                                       separators=(",", ":")),
            })
    return rows


def _json(counts: dict) -> str:
    return json.dumps(counts, sort_keys=True, separators=(",", ":"))


def skill_rows(results: list[dict]) -> list[dict]:
    rows = []
    for r in sorted(results, key=lambda r: r["seed"]):
        for colour in r["races"]:
            used, changed = r["used"][colour], r.get("changed", {}).get(colour, {})
            credits = r.get("credits", {}).get(colour, {})
            for skill in sorted(set(used) | set(changed) | set(credits)):
                rows.append({"seed": r["seed"], "seat": colour, "race": r["races"][colour] or "", "skill": skill,
                             "uses": used.get(skill, 0), "changes": changed.get(skill, 0),
                             "credits": credits.get(skill, 0)})
    return rows


def write_tables(folder: Path, results: list[dict], design: str) -> list[str]:
    """games.csv and skills.csv, and their Parquet twins when pyarrow is there; the files written."""
    import csv

    written = []
    tables = {"games": (GAME_COLUMNS, game_rows(results, design)), "skills": (SKILL_COLUMNS, skill_rows(results))}
    for name, (columns, rows) in tables.items():
        path = folder / f"{name}.csv"
        with path.open("w", newline="", encoding="utf-8") as out:
            writer = csv.DictWriter(out, columns, lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
        written.append(path.name)
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        return written
    for name, (columns, rows) in tables.items():
        table = pa.Table.from_pylist(rows) if rows else pa.table({c: [] for c in columns})
        pq.write_table(table, folder / f"{name}.parquet")
        written.append(f"{name}.parquet")
    return written


def write_html(folder: Path, summary, text: str) -> str | None:
    """report.html: the summary as text and the plots; None when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    from ..balance import wilson

    figures = []

    def figure(title: str, draw, height: float = 3.2) -> None:
        fig, ax = plt.subplots(figsize=(7.5, height))
        draw(ax)
        ax.set_title(title)
        fig.tight_layout()
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=96)
        plt.close(fig)
        figures.append((title, base64.b64encode(buffer.getvalue()).decode("ascii")))

    labels = list(summary.sides)

    def rates(ax, rows, expected):
        names = [name for name, _, _ in rows]
        rate = [wins / games for _, games, wins in rows]
        bounds = [wilson(wins, games) for _, games, wins in rows]
        errors = [[max(0.0, r - low) for r, (low, _) in zip(rate, bounds)],
                  [max(0.0, high - r) for r, (_, high) in zip(rate, bounds)]]
        ax.bar(names, rate, yerr=errors, capsize=4, color="#4c78a8")
        ax.axhline(expected, color="#e45756", linestyle="--", label=f"mean {expected:.1%}")
        ax.set_ylabel("win rate")
        ax.set_ylim(0, 1)
        ax.legend(loc="upper right")
        ax.tick_params(axis="x", rotation=30)

    race_rows = [(label, side.games, side.wins) for label, side in summary.sides.items()]
    figure("win rate per race (95% Wilson interval)", lambda ax: rates(ax, race_rows, summary.expected))
    if summary.scores:
        def scores(ax):
            ax.boxplot([summary.scores.get(label, [0]) for label in labels], tick_labels=labels)
            ax.set_ylabel("final credits")
            ax.tick_params(axis="x", rotation=30)
        figure("final credits per race", scores)
    if len(summary.seat_rows) > 1:
        figure("seat advantage: win rate by seat", lambda ax: rates(ax, summary.seat_rows, summary.expected))
    if len(summary.turn_rows) > 1:
        figure("first-player advantage: win rate by place in the turn order",
               lambda ax: rates(ax, summary.turn_rows, summary.expected))
    uses = [(f"{row[0]} · {row[3]}", row[6], row[8], row[9]) for row in summary.skill_rows
            if row[6] or row[8] or row[9]]
    if uses:
        def skills(ax):
            import numpy as np

            y = np.arange(len(uses))
            for k, (what, colour) in enumerate((("uses", "#72b7b2"), ("changes", "#f58518"), ("credits", "#54a24b"))):
                ax.barh(y + (k - 1) * 0.27, [row[k + 1] for row in uses], height=0.27, color=colour,
                        label=f"{what} per game")
            ax.set_yticks(y, [row[0] for row in uses])
            ax.invert_yaxis()
            ax.legend(loc="best", fontsize=7)
            ax.tick_params(axis="y", labelsize=7)
        figure("skill use per race: uses, modifier changes and credits brought", skills,
               height=max(3.0, 0.3 * len(uses) + 1))

    body = "\n".join(f'<h2>{html.escape(title)}</h2>\n<img alt="{html.escape(title)}" '
                     f'src="data:image/png;base64,{data}">' for title, data in figures)
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(summary.title)}: a study of {len(summary.seeds)} games</title>
<style>body{{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}}
pre{{font-size:.75rem;overflow-x:auto;background:#f6f6f6;padding:1rem}}img{{max-width:100%}}</style></head>
<body><h1>{html.escape(summary.title)}: {len(summary.seeds)} games</h1>
<p>Raw rows: <a href="games.csv">games.csv</a>, <a href="skills.csv">skills.csv</a> (and Parquet twins for
pandas).</p>
{body}
<h2>Summary</h2>
<pre>{html.escape(text)}</pre>
</body></html>
"""
    (folder / "report.html").write_text(page, encoding="utf-8")
    return "report.html"
