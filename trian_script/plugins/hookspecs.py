"""The hooks: everything a plugin can do, when it is called and what it may return.

Hooks are grouped by lifecycle, with a begin and an end at every level (game, turn, phase,
action, battle, clash, end-of-game scoring), then the contribute-style hooks (options, modifiers,
score terms, clash bonuses, content) and the one ``firstresult`` hook. All arguments are keywords.

A skill's plugin (``plugin "module:Class"`` in a skill) only hears hooks that concern its owner
while the skill is unlocked; a plugin installed through the ``trian_script`` entry point or a
``--races-dir`` folder hears every hook. Plugins read the game and change it through the game's
own methods (``game.score``, ``game.draw_minerals``, ``game.then``…), and draw randomness only from
``game.rng`` (or ``game.roll()``), so logs replay exactly.
"""
from __future__ import annotations

import pluggy

PROJECT = "trian_script"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


# -- content -------------------------------------------------------------------------------------
@hookspec
def trian_content_paths():
    """Called once when content is loaded, before any game.

    Return a list of files or folders of DSL/JSON definitions (races, skills, tokens, variants)
    that the plugin ships; they are loaded after the built-in content.
    """


# -- game -----------------------------------------------------------------------------------------
@hookspec
def trian_game_begin(game):
    """Called after setup (tiles shuffled, units handed out), before the first decision. Return nothing."""


@hookspec
def trian_game_end(game):
    """Called when the game is over, after end-of-game scoring and before the winner is named.
    Return nothing."""


# -- turn and phase -------------------------------------------------------------------------------
@hookspec
def trian_turn_begin(game, player):
    """Called when ``player``'s turn starts, before phase 1. Return nothing."""


@hookspec
def trian_turn_end(game, player):
    """Called when ``player``'s turn ends, after its events are resolved. Return nothing."""


@hookspec
def trian_phase_begin(game, player, phase):
    """Called when ``phase`` ("extraction", "expansion", "exploration") starts. Return nothing."""


@hookspec
def trian_phase_end(game, player, phase):
    """Called when ``phase`` ends (taken or skipped). Return nothing."""


# -- actions ---------------------------------------------------------------------------------------
@hookspec
def trian_action_begin(game, player, action):
    """Called before the chosen option ``action`` (its text) is applied. Return nothing."""


@hookspec
def trian_action_end(game, player, action):
    """Called after ``action`` was applied and its events queued. Return nothing."""


@hookspec
def trian_options(game, player, phase):
    """Called whenever the options of ``player`` in ``phase`` are listed ("extraction",
    "expansion" — after the tile is placed —, "exploration", "clash").

    Return a dict of new option texts to zero-argument callables that apply them, or None. Texts
    must be stable (they are the log). A callable that is the phase-3 action calls
    ``game.action_done()`` at its end.
    """


@hookspec
def trian_option_filter(game, player, phase, options):
    """Called after the options of ``player`` in ``phase`` are listed (``options``: their texts).

    Return option texts that may not be chosen now (an entangled ship's moves), or None.
    """


# -- events ------------------------------------------------------------------------------------------
@hookspec
def trian_event(game, event, data):
    """Called for every event: ``area-closed``, ``control-taken``, ``minerals-gained``,
    ``station-built``, ``battle-won``, ``tile-placed``, ``unit-placed``, ``unit-moved``, ``unit-removed``,
    ``module-unlocked``, ``turn-begin``. ``data`` is a dict (see docs/race-guide.md). A skill
    plugin hears the events of its owner, or every player's with ``scope = any``. Return nothing."""


# -- battles ----------------------------------------------------------------------------------------
@hookspec
def trian_battle_begin(game, battle):
    """Called when a ship or emissary battle starts (``battle.kind``). Return nothing."""


@hookspec
def trian_battle_end(game, battle):
    """Called when a battle is over. Return nothing."""


@hookspec
def trian_clash_begin(game, clash):
    """Called before the dice of a clash are rolled (tokens declared). Return nothing."""


@hookspec
def trian_clash_end(game, clash):
    """Called after a clash is decided (``clash.totals``, ``clash.winners``). Return nothing."""


@hookspec
def trian_clash_bonus(game, clash, player):
    """Called for each player in a clash when totals are made.

    Return a list of (amount, reason) added to ``player``'s roll, or None.
    """


@hookspec(firstresult=True)
def trian_resolve_clash(game, clash):
    """Called before a clash is rolled; the first plugin to answer replaces the dice.

    Return a dict player -> total to decide the clash yourself, or None to let the dice decide.
    """


# -- modifiers and scoring -----------------------------------------------------------------------------
@hookspec
def trian_modifiers(game, player, parameter, context):
    """Called when the engine reads ``parameter`` for ``player`` (``ship.move``, ``battle.tie``…)
    with ``context`` (e.g. ``{"unit": "rogue"}``).

    Return a list of (op, value) with op "=", "+=", "-=" or "*=", or None. Modifiers apply in a
    fixed order: every "=" first, then "+=" and "-=", then "*=".
    """


@hookspec
def trian_score_terms(game, player, reason, env):
    """Called when ``player`` scores for ``reason`` ("closed nebula", "research-station in system",
    "minerals"…) with the formula's names in ``env``.

    Return a list of (amount, explanation) added to that score, or None.
    """


@hookspec
def trian_scoring_begin(game):
    """Called at the end of the game before minerals are exchanged and plundering. Return nothing."""


@hookspec
def trian_final_scoring(game):
    """Called once at the end of the game, after ``trian_scoring_begin``, on the plugins the ruleset
    names (``plugins = [...]``): a game's end-of-game scoring rules live here. Return nothing."""


@hookspec
def trian_scoring_end(game):
    """Called after end-of-game scoring. Return nothing."""
