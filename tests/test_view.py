"""Hidden information (NO-3.2.1, NO-4.5) stays out of the other players' views; the text map reads."""
from trian_script import Game, load_ruleset
from trian_script.bots import BOTS
from trian_script.games.new_order.view import text_map, view


def game_after(moves: int, seed: int = 3) -> Game:
    game = Game(load_ruleset("with-ships"), ["red", "blue"], seed)
    bot = BOTS["greedy"](seed)
    for _ in range(moves):
        game.choose(bot.choose(game))
    return game


def test_tokens_are_shown_to_their_owner_only():
    game = game_after(40)
    for me in ("red", "blue"):
        seen = {p["name"]: p["tokens"] for p in view(game, me)["players"]}
        other = "blue" if me == "red" else "red"
        assert seen[me] == game.player(me).tokens
        assert seen[other] == len(game.player(other).tokens)


def test_the_far_face_of_a_drawn_tile_is_the_drawers_only():
    game = Game(load_ruleset("beginner"), ["red", "blue"], 5)
    game.choose("end extraction")
    game.choose("draw 1")
    drawer, other = game.current.name, next(p.name for p in game.players if p.name != game.current.name)
    assert view(game, drawer)["drawn"]["faces"] == [f.name for f in game.drawn.faces]
    hidden = view(game, other)["drawn"]
    assert "faces" not in hidden and hidden["face up"] == game.drawn.faces[game.face_up[game.drawn.id]].name


def test_stacks_show_only_the_face_up():
    game = Game(load_ruleset("with-ships"), ["red", "blue"], 8)
    for stack_view, stack in zip(view(game, "red")["stacks"], game.stacks):
        top = stack[-1]
        assert stack_view == {"tiles": len(stack), "top face up": top.faces[game.face_up[top.id]].name}
        assert not top.faces[game.face_up[top.id]].hidden


def test_text_map_shows_tiles_units_and_open_cells():
    game = game_after(60)
    picture = text_map(game)
    last = game.board.order[-1]
    assert f"{game.board.cells[last].face.name}*{game.board.grid.format_cell(last)}" in picture
    assert "·" in picture
