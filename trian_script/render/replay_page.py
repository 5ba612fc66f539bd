"""A replay as one self-contained web page: the board after every decision, the events with their
score explanations, each player's scores and supplies over time, stepped with the keyboard's arrows
or a slider. Nothing is loaded from the network.

The page stays small by drawing every tile and every mark once: the board is a single SVG holding
them all, and each step lists which of them are shown (tiles never move once laid, and a mark
drawn at one spot looks the same at every step that has it).
"""
from __future__ import annotations

import html
import json

import drawsvg as draw

from ..engine.game import Game
from .marks import legend, mark_element, placed_marks, player_colour
from .position import BACKGROUND, _moved
from .svg import board_bounds, draw_face

SCALE = 80


class _Board:
    """The page's one board drawing, and which tile and mark drawings each step shows."""

    def __init__(self, game: Game):
        self.drawing = draw.Drawing(100, 100, id_prefix="board")
        self.tiles: dict[tuple, str] = {}  # (cell, face, rotation) -> element id
        self.marks: dict[tuple, str] = {}  # (mark, x, y) -> element id
        self.kinds: set[str] = set()
        self.shapes = getattr(game, "mark_shapes", None)

    def step(self, game: Game) -> dict:
        board = game.board
        tiles = [self._tile(board, cell) for cell in board.order]
        marks = []
        for mark, x, y, r in placed_marks(board, game.board_marks(), SCALE):
            self.kinds.add(mark.kind)
            key = (mark, round(x, 1), round(y, 1))
            if key not in self.marks:
                self.marks[key] = f"m{len(self.marks)}"
                element = mark_element(mark, x, y, r, self.shapes, board.grid)
                element.args["id"] = self.marks[key]
                self.drawing.append(element)
            marks.append(self.marks[key])
        x0, y0, x1, y1 = board_bounds(board, SCALE, frontier=False)
        margin = SCALE * 0.3
        box = [round(v, 1) for v in (x0 - margin, y0 - margin, x1 - x0 + 2 * margin, y1 - y0 + 2 * margin)]
        return {"t": tiles, "m": marks, "vb": box}

    def _tile(self, board, cell) -> str:
        placed = board.cells[cell]
        key = (cell, placed.face.name, placed.rotation)
        if key not in self.tiles:
            self.tiles[key] = f"t{len(self.tiles)}"
            group = draw_face(self.drawing, placed.face, board.tileset, cell, placed.rotation, SCALE)
            group.args["id"] = self.tiles[key]
            group.append_title(f"{placed.tile.id}: {placed.face.name} turned {placed.rotation} "
                               f"at {board.grid.format_cell(cell)}")
        return self.tiles[key]


def _zones(game: Game) -> tuple[dict, dict]:
    """Each player's zones (``supply:red`` → ``{"red": {"supply": {...}}}``) and the shared ones."""
    seats = {p.name for p in game.players}
    mine: dict = {p.name: {} for p in game.players}
    shared: dict = {}
    for name, _ in game.checked_zones:
        what, _, whose = name.partition(":")
        counts = {k: v for k, v in sorted(game.zone(name).items()) if v}
        if whose in seats:
            mine[whose][what] = counts
        else:
            shared[name] = counts
    return mine, shared


def _fresh(game: Game) -> Game:
    """A new game with ``game``'s ruleset, seats, seed and races: its log replays on it."""
    return Game(game.ruleset, [p.name for p in game.players], game.seed, dict(game.races) or None)


def replay_to(game: Game, decisions: int) -> Game:
    """``game`` as it was after its first ``decisions`` decisions."""
    fresh = _fresh(game)
    for text in game.log[:decisions]:
        fresh.choose(text)
    return fresh


def replay_frames(game: Game) -> tuple[list[dict], _Board]:
    """Every step of ``game``'s log, from a new game with the same ruleset, seats, seed and races."""
    fresh = _fresh(game)
    board = _Board(fresh)
    frames = []
    for i in range(len(game.log) + 1):
        if i:
            who = fresh.decision.player if fresh.decision else ""
            shown = len(fresh.notes)
            fresh.choose(game.log[i - 1])
            step = {"who": who, "move": game.log[i - 1], "notes": fresh.notes[shown:]}
        else:
            step = {"who": "", "move": "the game is set up", "notes": list(fresh.notes)}
        mine, shared = _zones(fresh)
        step.update(board.step(fresh), s=fresh.scores(), z=mine, c=shared, turn=fresh.turn)
        frames.append(step)
    return frames, board


def _compact(frames: list[dict]) -> list[dict]:
    """Frames for the page: element ids as numbers, and the tiles and the view box left out where
    they are as in the frame before (the page carries them forward)."""
    out, before = [], {}
    for frame in frames:
        frame = dict(frame, t=[int(e[1:]) for e in frame["t"]], m=[int(e[1:]) for e in frame["m"]])
        for key in ("t", "vb"):
            if frame[key] == before.get(key):
                del frame[key]
            else:
                before[key] = frame[key]
        out.append(frame)
    return out


def _chart(frames: list[dict], players: list[str], value, title: str, cursor_id: str) -> str:
    """A small line chart of ``value(frame, player)`` over the steps, with a cursor the page moves."""
    width, height, pad = 360, 120, 22
    top = max([value(f, p) for f in frames for p in players] + [1])
    n = max(len(frames) - 1, 1)
    d = draw.Drawing(width, height + pad, id_prefix=cursor_id)
    d.append(draw.Rectangle(0, 0, width, height + pad, fill="#ffffff"))
    d.append(draw.Text(f"{title} (most: {top})", 11, 4, 12, fill="#333333", font_family="sans-serif"))
    for player in players:
        points = []
        for i, frame in enumerate(frames):
            points += [round(pad / 2 + (width - pad) * i / n, 1), round(pad + (height - 4) * (1 - value(frame, player) / top), 1)]
        d.append(draw.Lines(*points, close=False, fill="none", stroke=player_colour(player), stroke_width=1.6,
                            class_=f"line {player}"))
    d.append(draw.Rectangle(pad / 2, pad, 1.5, height, fill="#555555", fill_opacity=0.7, id=cursor_id,
                            data_left=pad / 2, data_right=width - pad / 2))
    return d.as_svg()


def _total(what: str):
    return lambda frame, player: sum(frame["z"][player].get(what, {}).values())


def replay_html(game: Game, title: str = "") -> str:
    """The page for ``game`` (a game replayed from its log), as HTML text."""
    frames, board = replay_frames(game)
    players = [p.name for p in game.players]
    key, key_height = legend(players, sorted(board.kinds), board.shapes, 13, game.races)
    legend_svg = draw.Drawing(220, key_height + 8, id_prefix="legend")
    legend_svg.append(draw.Rectangle(0, 0, 220, key_height + 8, fill=BACKGROUND))
    legend_svg.append(_moved(key, 6, 0))
    families = sorted({what for frame in frames for zones in frame["z"].values() for what in zones})
    charts = [_chart(frames, players, lambda f, p: f["s"][p], "scores", "cursor0")]
    charts += [_chart(frames, players, _total(what), f"{what} (pieces held)", f"cursor{i + 1}")
               for i, what in enumerate(families)]
    data = {"players": players, "colours": {p: player_colour(p) for p in players}, "frames": _compact(frames),
            "races": dict(game.races)}
    heading = title or f"{game.ruleset.title} — {len(players)} players, seed {game.seed}"
    return _PAGE.format(
        title=html.escape(heading), board=board.drawing.as_svg(), legend=legend_svg.as_svg(),
        charts="\n".join(charts), last=len(frames) - 1,
        data=json.dumps(data, separators=(",", ":")).replace("</", "<\\/"),
        script=_SCRIPT)


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 0; background: #f4f4f6; color: #222; }}
header {{ padding: .5em 1em; background: #1b1d26; color: #eee; }}
header h1 {{ font-size: 1.1em; margin: .2em 0; }}
#controls {{ display: flex; align-items: center; gap: .6em; padding: .4em 1em; background: #e8e8ee; }}
#controls input[type=range] {{ flex: 1; }}
main {{ display: grid; grid-template-columns: minmax(0, 3fr) minmax(18em, 2fr); gap: 1em; padding: 1em; }}
#board svg {{ width: 100%; height: 68vh; background: #1b1d26; border-radius: 6px; }}
.hidden {{ display: none; }}
#side {{ display: flex; flex-direction: column; gap: .8em; min-width: 0; }}
#now {{ background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: .5em .8em; }}
#now ul {{ margin: .3em 0; padding-left: 1.2em; font-size: .9em; }}
#history {{ position: relative; height: 16em; overflow-y: auto; background: #fff; border: 1px solid #ddd; border-radius: 6px;
  font-size: .85em; margin: 0; padding: .3em .3em .3em 2.8em; }}
#history li {{ cursor: pointer; padding: .1em 0; }} #history li.current {{ background: #fff3b0; }}
table {{ border-collapse: collapse; background: #fff; font-size: .85em; }}
td, th {{ border: 1px solid #ddd; padding: .2em .5em; text-align: left; vertical-align: top; }}
.swatch {{ display: inline-block; width: .8em; height: .8em; border: 1px solid #333; margin-right: .3em; }}
.charts svg {{ display: block; margin-bottom: .4em; }}
</style></head>
<body>
<header><h1>{title}</h1></header>
<div id="controls">
  <button id="first" title="first step (Home)">first</button>
  <button id="prev" title="back one step (←)">◀</button>
  <input id="slider" type="range" min="0" max="{last}" value="0" aria-label="step">
  <button id="next" title="forward one step (→)">▶</button>
  <button id="end" title="last step (End)">last</button>
  <span id="where"></span>
</div>
<main>
  <section>
    <div id="board">{board}</div>
    <div id="legend">{legend}</div>
  </section>
  <section id="side">
    <div id="now"><b id="move"></b><ul id="notes"></ul></div>
    <table id="players"></table>
    <div class="charts">{charts}</div>
    <ol id="history" start="0"></ol>
  </section>
</main>
<script type="application/json" id="data">{data}</script>
<script>{script}</script>
</body></html>
"""

_SCRIPT = r"""
"use strict";
const data = JSON.parse(document.getElementById("data").textContent);
const frames = data.frames, last = frames.length - 1;
frames.forEach((f, i) => {  // tiles and view box are left out where they did not change
  if (!f.t) f.t = frames[i - 1].t;
  if (!f.vb) f.vb = frames[i - 1].vb;
});
const svg = document.querySelector("#board svg");
const drawn = Array.from(svg.querySelectorAll("[id^=t], [id^=m]")).filter(e => /^[tm]\d+$/.test(e.id));
const slider = document.getElementById("slider");
const history = document.getElementById("history");
let at = 0;

function text(tag, content) { const e = document.createElement(tag); e.textContent = content; return e; }

frames.forEach((f, i) => {
  const li = text("li", f.who ? f.who + ": " + f.move : f.move);
  li.addEventListener("click", () => show(i));
  history.appendChild(li);
});

function playersTable(f) {
  const table = document.getElementById("players");
  table.replaceChildren();
  const families = [...new Set(data.players.flatMap(p => Object.keys(f.z[p] || {})))];
  const head = document.createElement("tr");
  ["player", "score", ...families].forEach(h => head.appendChild(text("th", h)));
  table.appendChild(head);
  for (const p of data.players) {
    const row = document.createElement("tr");
    const name = text("td", p + (data.races[p] ? " (" + data.races[p] + ")" : ""));
    const swatch = document.createElement("span");
    swatch.className = "swatch"; swatch.style.background = data.colours[p];
    name.prepend(swatch);
    row.appendChild(name);
    row.appendChild(text("td", String(f.s[p])));
    for (const what of families) {
      const counts = (f.z[p] || {})[what] || {};
      row.appendChild(text("td", Object.entries(counts).map(([k, v]) => k + " " + v).join(", ") || "none"));
    }
    table.appendChild(row);
  }
  for (const [name, counts] of Object.entries(f.c)) {
    const row = document.createElement("tr");
    row.appendChild(text("td", name));
    const cell = text("td", Object.entries(counts).map(([k, v]) => k + " " + v).join(", ") || "empty");
    cell.colSpan = 1 + families.length;
    row.appendChild(cell);
    table.appendChild(row);
  }
}

function show(i) {
  at = Math.max(0, Math.min(last, i));
  const f = frames[at];
  const visible = new Set([...f.t.map(n => "t" + n), ...f.m.map(n => "m" + n)]);
  for (const e of drawn) e.classList.toggle("hidden", !visible.has(e.id));
  svg.setAttribute("viewBox", f.vb.join(" "));
  slider.value = at;
  document.getElementById("where").textContent = "step " + at + " of " + last + ", turn " + f.turn;
  document.getElementById("move").textContent = f.who ? f.who + " chose: " + f.move : f.move;
  const notes = document.getElementById("notes");
  notes.replaceChildren(...(f.notes.length ? f.notes : ["(nothing else happened)"]).map(n => text("li", n)));
  playersTable(f);
  document.querySelectorAll("[id^=cursor]").forEach(c => {
    const left = +c.dataset.left, right = +c.dataset.right;
    const x = left + (right - left) * at / Math.max(last, 1);
    c.setAttribute("x", x - 0.75);
  });
  history.querySelectorAll("li.current").forEach(li => li.classList.remove("current"));
  const li = history.children[at];
  li.classList.add("current");
  if (li.offsetTop < history.scrollTop || li.offsetTop + li.offsetHeight > history.scrollTop + history.clientHeight)
    history.scrollTop = li.offsetTop - history.clientHeight / 2;  // keep the step in view, never the page
}

document.getElementById("first").addEventListener("click", () => show(0));
document.getElementById("prev").addEventListener("click", () => show(at - 1));
document.getElementById("next").addEventListener("click", () => show(at + 1));
document.getElementById("end").addEventListener("click", () => show(last));
slider.addEventListener("input", () => show(+slider.value));
document.addEventListener("keydown", e => {
  if (e.target === slider && (e.key === "ArrowLeft" || e.key === "ArrowRight")) return;  // the slider moves itself
  const to = {ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: last}[e.key];
  if (to !== undefined) { e.preventDefault(); show(to); }
});
show(0);
"""
