"""The home screen builds a game's setup from its schema: a seat-colours option is set by the seats'
colour swatches (no second colour control), and the started game gets exactly what was shown."""
from __future__ import annotations

from companion import games


def test_a_games_own_seat_colours_are_the_swatches_and_reach_the_game(ui, journal_path):
    game = next(cls for cls in games.REGISTRY.values() if any(o.seat_colors for o in cls.options_schema))
    option = next(o for o in game.options_schema if o.seat_colors)
    ui.start(journal_path)
    home = ui.app.home
    ui.tap(next(b for b in home.ids.games.children if b.game_id == game.id))
    while home.players < 2:
        ui.tap(home.ids.more)
    rows = list(reversed(home.ids.seats.children))
    default = option.default_for(home.players)
    assert [r.color_name for r in rows] == default
    assert [r.player_name for r in rows] == [c.capitalize() for c in default]
    assert option.label not in [r.label for r in home.ids.options.children]  # no second colour control
    ui.tap(rows[0].ids.color)
    chosen = [r.color_name for r in reversed(home.ids.seats.children)]
    assert all(c in option.choices for c in chosen) and chosen != default and len(set(chosen)) == len(chosen)
    ui.tap(home.ids.start)
    session = ui.app.controller.session
    assert session.game.options[option.name] == chosen and session.table["colors"] == chosen


def test_a_tapped_name_becomes_a_field_whose_typing_replaces_it_and_names_the_seat(ui, journal_path):
    ui.start(journal_path)
    home = ui.app.home
    second = list(reversed(home.ids.seats.children))[1]
    assert second.ids.name.text == "Blue" and not hasattr(second.ids.name, "focus")  # a button until tapped
    ui.tap(second.ids.name, frames=3)
    field = second.ids.name
    assert field.focus and field.selection_text == "Blue"
    for key in "Ada":  # typed keys replace the selected default name
        ui.window.dispatch("on_textinput", key)
    ui.frames(2)
    assert second.player_name == "Ada" and home.table()["names"] == ["Red", "Ada", "Green"]
    ui.tap(home.ids.start)
    assert ui.app.controller.names == ["Red", "Ada", "Green"]


def test_an_option_the_game_fills_in_itself_is_not_offered_and_the_game_still_gets_it(ui, journal_path):
    game = next(cls for cls in games.REGISTRY.values() if any(o.hidden for o in cls.options_schema))
    hidden = [o for o in game.options_schema if o.hidden]
    ui.start(journal_path)
    home = ui.app.home
    ui.tap(next(b for b in home.ids.games.children if b.game_id == game.id))
    labels = [r.label for r in home.ids.options.children]
    assert labels and not {o.label for o in hidden} & set(labels)
    ui.tap(home.ids.start)
    options = ui.app.controller.session.game.options
    assert all(options[o.name] != o.default_for(1) for o in hidden)  # filled in by the game as it started
