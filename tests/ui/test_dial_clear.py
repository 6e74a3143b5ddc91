"""The dial's captions stay clear of what they could hide: the "Game hour / Board hand" legend never
runs over an hour numeral or the red pivot, whichever hours the two hands show, and no runner near
space 0 covers START."""
from __future__ import annotations

import math

import pytest
from test_dial import markers

from kivy.metrics import dp
from kivy.metrics import sp


def overlaps(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def numeral_boxes(face):
    R = face.radius
    boxes = {}
    for h in range(1, 13):
        tex = face._text(str(h), max(sp(14), R * 0.13), (0, 0, 0, 1), True)
        x, y = face.point(h / 12, R * 0.58)
        boxes[h] = (x - tex.width / 2, y - tex.height / 2, tex.width, tex.height)
    return boxes


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (480, 800)])
def test_the_hand_legend_clears_every_numeral_and_the_pivot_for_every_pair_of_hours(ui, journal_path, size):
    before = tuple(ui.window.size)
    try:
        ui.window.size = size
        ui.start(journal_path)
        face = ui.start_game(3).ids.face
        ui.frames(3)
        R, (cx, cy) = face.radius, face.center
        hub = R * 0.06
        pivot = (cx - hub, cy - hub, 2 * hub, 2 * hub)
        for hour in range(1, 13):
            for sensed in range(1, 13):
                if sensed == hour:
                    continue
                face.hour, face.sensed = hour, sensed
                box = face.legend_box()
                assert not overlaps(box, pivot), (hour, sensed, box)
                hit = [h for h, b in numeral_boxes(face).items() if overlaps(box, b)]
                assert not hit, f"the legend for hour {hour}, board hand {sensed} covers {hit}"
                x, y, w, h = box
                assert all(math.hypot(px - cx, py - cy) < R for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)))
    finally:
        ui.window.size = before
        ui.frames(3)


@pytest.mark.parametrize("positions", [[0] * 6, [0, 1, 59, 0, 2, 58], [1, 1, 1, 59, 59, 59]])
def test_no_runner_near_start_covers_start(ui, journal_path, positions):
    ui.start(journal_path)
    face = ui.start_game(6).ids.face
    face.positions = positions
    ui.frames(2)
    tex, (x, y) = face.start_label()
    wx, wy = face.to_window(x - tex.width / 2, y - tex.height / 2)
    label = (wx, wy, tex.width, tex.height)  # the texture's box, its blank padding included
    for seat, (tx, ty, r) in enumerate(markers(face), 1):
        assert not overlaps(label, (tx - r, ty - r, 2 * r, 2 * r)), f"runner {seat} covers START"
    R, (cx, cy) = face.radius, face.center
    assert math.hypot(x - cx, y + tex.height / 2 - cy) <= R + dp(3)  # inside the dial's rim
