"""The seat boxes under the Arena, worded to fit their width: whose box it is (the Legend, then the
seat's name if there is room), its Fatigue, the Push tokens its next hit would give, and its hand or
card. Two seats get the long wording; five or six boxes side by side get the same facts in fewer words,
every box alike, and a box takes another line rather than cut a word (LA-11: 2 to 6 seats).

The screen gathers the facts (`facts`); `box_text` words them; `width_of` measures markup as Kivy draws it.
"""
from __future__ import annotations

from functools import lru_cache

from kivy.metrics import sp

from ... import palette

HEAD_SP, BODY_SP = 15, 14  # the Legend's line, and the lines under it (the table's minimum is 14 px)
GAP = "  "


@lru_cache(maxsize=2048)
def _extent(text: str, size: float, width: float | None) -> tuple[float, float]:
    from kivy.core.text.markup import MarkupLabel
    label = MarkupLabel(text=text, font_size=size, text_size=(width, None))
    label.refresh()
    return label.content_size


def width_of(text: str, size_sp: float = BODY_SP) -> float:
    """The width `text` (markup) takes on one line at `size_sp`."""
    return _extent(text, sp(size_sp), None)[0]


def height_of(text: str, width: float, size_sp: float = BODY_SP) -> float:
    """The height `text` (markup, its own [size] tags kept) takes wrapped at `width`."""
    return _extent(text, sp(size_sp), max(1.0, width))[1]


def muted(text: str) -> str:
    return f"[color=#{palette.hex_of(palette.MUTED)}]{text}[/color]"


def warm(text: str) -> str:
    return f"[color=#f5b33d]{text}[/color]"


def push_words(push: tuple | list) -> list[str]:
    """The Push tokens a next hit of Force 1, 2, 3... gives, longest wording first."""
    tokens, forces = "/".join(map(str, push)), "/".join(str(f) for f in range(1, len(push) + 1))
    return [f"next hit, Force {forces}: {tokens} tokens", f"hit at Force {forces}: {tokens} tokens",
            f"Push {tokens} (Force {forces})", f"Push {tokens}"]


def pack(chunks: list[str], room: float, size: float, gap: str = GAP) -> list[str]:
    """Chunks onto lines, as many to a line as fit; a chunk is never split (one wider than the room
    stands on its own line, where Kivy wraps it)."""
    lines: list[str] = []
    for chunk in chunks:
        if lines and width_of(lines[-1] + gap + chunk, size) <= room:
            lines[-1] += gap + chunk
        else:
            lines.append(chunk)
    return lines


def box_text(f: dict, room: float, wide: bool) -> str:
    """One seat box's markup. f: name, seat, ko, form, initiative, fatigue, out, eliminated, push, card,
    hand, meter, picked (None with physical cards), edit, block, tokens (left, right)."""
    if wide:  # two seats: a box half the screen wide, the long wording
        return _wide_text(f)
    head = [f"[b]{f['name']}[/b]"]
    extras = []
    if f["form"]:  # LA-14: which side of Lucius's cards is up
        extras.append(warm(f["form"].title()))
    if f["initiative"]:
        extras.append(warm("Initiative") if width_of(head[0] + GAP + "Initiative", HEAD_SP) <= room else warm("Init."))
    head = pack(head + extras, room, HEAD_SP)
    if width_of(head[0] + GAP + f["seat"], HEAD_SP) <= room:  # whose seat, when the line has room
        head[0] += GAP + muted(f["seat"])
    state = pack([f"Fatigue {f['fatigue']}"] + ([f"KO {f['ko']}"] if f["ko"] is not None else []), room, BODY_SP)
    if f["eliminated"]:
        state.append("team out of Stocks")
    elif f["out"]:
        state.append("OUT of the Arena")
    elif f["push"]:  # the longest wording that fits beside the Fatigue, else on a line of its own
        words = push_words(f["push"])
        beside = next((w for w in words if width_of(state[-1] + GAP + w) <= room), None)
        if beside:
            state[-1] += GAP + beside
        else:
            state.append(next((w for w in words if width_of(w) <= room), words[-1]))
    if f["card"]:
        last = [f"Card: {f['card']}" if width_of(f"Card: {f['card']}") <= room else f["card"]]
    elif f["hand"] is not None:
        last = [f"Hand {f['hand']}", f"Meter {f['meter']}"]
        status = "picked" if f["picked"] else "to pick"  # the pick buttons say it too: kept when there is room
        if width_of(GAP.join([*last, status])) <= room:
            last.append(status)
    else:
        last = ["not revealed"]
    if f["edit"]:  # LA-12: Tikkit's Edit, once public
        last.append(f"Edit: {f['edit']}")
    if f["block"]:
        last.append(f"Block {f['block']}")
    left, right = f["tokens"]
    if left or right:
        last.append(f"tokens {left} left {right} right")
    body = pack(state, room, BODY_SP) + pack(last, room, BODY_SP)
    return "\n".join(head) + f"\n[size={BODY_SP}sp]" + "\n".join(body) + "[/size]"


def _wide_text(f: dict) -> str:
    head = f"[b]{f['name']}[/b]  {muted(f['seat'])}"
    if f["ko"] is not None:
        head += f"  KO {f['ko']}"
    if f["form"]:
        head += "  " + warm(f["form"].title())
    if f["initiative"]:
        head += "  " + warm("Initiative")
    second = f"Fatigue {f['fatigue']}"
    if f["eliminated"]:
        second = "team out of Stocks"
    elif f["out"]:
        second += "   OUT of the Arena"
    elif f["push"]:
        second += "   " + push_words(f["push"])[0]
    if f["card"]:
        third = f"Card: {f['card']}"
    elif f["hand"] is not None:
        third = f"Hand {f['hand']}  Meter {f['meter']}  {'picked' if f['picked'] else 'to pick'}"
    else:
        third = "card not revealed yet"
    if f["edit"]:
        third += f"   Edit: {f['edit']}"
    if f["block"]:
        third += f"   Block {f['block']}"
    left, right = f["tokens"]
    if left or right:
        third += f"   tokens {left} left {right} right"
    return f"{head}\n[size={BODY_SP}sp]{second}\n{third}[/size]"
