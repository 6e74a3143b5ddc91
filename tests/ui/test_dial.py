"""The clock face stays readable at a full table: runners spread, inside the window, numbered legibly,
and the board's clock hand told apart from the game's hour."""
from __future__ import annotations

import math
from itertools import combinations

import pytest
from kivy.metrics import dp

from ui import palette


def markers(face):
    """(window x, window y, radius) of every runner's drawn token, its dark rim included."""
    r = face.token + dp(1.5)
    return [(*face.to_window(x, y), r) for x, y in face.runner_centers()]


def assert_whole_and_apart(ui, face):
    width, height = ui.window.size
    found = markers(face)
    for seat, (x, y, r) in enumerate(found, 1):
        assert r <= x <= width - r and r <= y <= height - r, f"runner {seat} at {(x, y)} leaves the {width}x{height} window"
        fx, fy = face.to_window(*face.pos)
        assert fx + r <= x + 0.01 <= fx + face.width - r + 0.02 and fy + r <= y + 0.01 <= fy + face.height - r + 0.02, \
            f"runner {seat} leaves the dial"
    for (a, (xa, ya, ra)), (b, (xb, yb, rb)) in combinations(enumerate(found, 1), 2):
        assert math.hypot(xa - xb, ya - yb) >= ra + rb - 0.01, f"runners {a} and {b} overlap"
    return found


def test_six_runners_at_start_are_all_inside_the_window_and_do_not_overlap(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(6)
    ui.frames(3)
    face = table.ids.face
    assert list(face.positions) == [0] * 6 and len(face.colors) == 6
    found = assert_whole_and_apart(ui, face)
    # they stay by Start: within two spaces' worth of angle from twelve o'clock
    cx, cy = face.to_window(*face.center)
    for x, y, _ in found:
        assert abs(math.atan2(x - cx, y - cy)) < 2 * math.pi * 3 / 60


@pytest.mark.parametrize("positions", [[4, 5, 6, 5, 58, 59], [0, 1, 2, 3, 59, 58], [30] * 6, [12, 13, 12, 14, 13, 12]])
def test_runners_on_the_same_or_neighbouring_spaces_spread_apart(ui, journal_path, positions):
    ui.start(journal_path)
    face = ui.start_game(6).ids.face
    face.positions = positions
    ui.frames(2)
    found = assert_whole_and_apart(ui, face)
    cx, cy = face.to_window(*face.center)
    for seat, (x, y, _) in enumerate(found, 1):  # each token stays by its own space (within three spaces)
        turn = (math.atan2(x - cx, y - cy) / (2 * math.pi)) % 1
        apart = abs(turn * 60 - positions[seat - 1] % 60)
        assert min(apart, 60 - apart) <= 3, (seat, turn * 60)


def test_a_tap_on_a_runner_finds_that_runner_and_does_not_turn_the_hand(ui, journal_path):
    ui.start(journal_path)
    face = ui.start_game(6).ids.face
    face.positions = [0, 1, 2, 3, 59, 58]
    ui.frames(2)
    pressed = []
    face.bind(on_runner_press=lambda _, seat: pressed.append(seat))
    sensed_before = face.sensed
    for x, y, _ in markers(face):
        ui.tap_at(x, y)
    assert pressed == [1, 2, 3, 4, 5, 6] and face.sensed == sensed_before


@pytest.mark.parametrize("name", palette.COLOR_NAMES)
def test_seat_numbers_are_legible_on_every_seat_colour(ui, journal_path, name):
    ui.start(journal_path)
    face = ui.start_game(2).ids.face
    rgba = palette.SEAT_COLORS[name]
    fill, edge = face.seat_number_colors(rgba)
    assert fill == palette.text_on(rgba)
    assert contrast(fill, edge) >= 7, "the digit's edge is the other ink"
    assert max(contrast(fill, rgba), contrast(edge, rgba)) >= 3, "fill or edge stands out from the token"
    tex = face._seat_number(3, 20, rgba)
    assert tex.height >= 14


def test_the_sensed_board_hand_and_the_games_hour_are_labelled(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(3)
    face = table.ids.face
    hour = ui.app.controller.view["hour"]
    table.hw.set_hand(hour % 12 + 3)
    ui.frames(3)
    texts = [t for t, _ in face.hand_legend()]
    assert texts == [f"Game hour: {hour}", f"Board hand: {hour % 12 + 3}"]
    colours = [c for _, c in face.hand_legend()]
    assert colours == [palette.DIAL_INK, palette.WARN]  # the colours the two hands are drawn in
    table.hw.set_hand(hour)
    ui.frames(3)
    assert face.hand_legend() == []


def luminance(rgba) -> float:
    def lin(v):
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = rgba[:3]
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a, b) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("size", [(480, 800), (1024, 600)])
def test_the_dial_is_whole_on_a_rotated_or_larger_panel(ui, journal_path, size):
    ui.start(journal_path)
    before = tuple(ui.window.size)
    try:
        ui.window.size = size
        ui.frames(3)
        table = ui.start_game(6)
        ui.frames(4)
        assert tuple(ui.window.size) == size
        face = table.ids.face
        fx, fy = face.to_window(*face.pos)
        assert fx >= 0 and fy >= 0 and fx + face.width <= size[0] + 0.5 and fy + face.height <= size[1] + 0.5
        assert min(face.size) >= min(size) * 0.45, "the dial gets the room of the short side"
        assert_whole_and_apart(ui, face)
        if size[1] > size[0]:  # portrait: the dial sits above the controls
            hint = table.ids.hint
            assert hint.to_window(*hint.pos)[1] + hint.height <= fy + 0.5
    finally:
        ui.window.size = before
        ui.frames(2)
