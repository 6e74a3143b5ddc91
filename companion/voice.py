"""The table speaks: each change's public sentences and board steps, said aloud by espeak-ng.

One source: the events' own words (`companion/events.py`), filtered as the table's public log is
(`events.visible(events, None)`), so a secret is never spoken. `wording` makes the words of one change;
`Voice` is a queue and one worker thread, so speaking never blocks the caller (the UI thread, the journal):

- a change that starts a new turn (the seats to act are others), an undo, a redo of another turn or a
  correction makes everything older that is still unsaid stale: it is dropped, and what is being said is
  cut short (the table has moved on; the screen still shows it);
- a change too long to hear out (a Legends sequence played back at once tells dozens of events) is
  summarised: its first and last sentences, and the board steps with each piece's moves joined into one.

`Speaker` runs Debian's espeak-ng command line: to the default ALSA device, or each utterance to a WAV
file (`-w`). espeak-ng exits 0 even when no device opens, so its error output is what tells.
"""
from __future__ import annotations

import collections
import dataclasses
import json
import logging
import os
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any, Callable, Hashable, Iterable

from companion.events import Event, Names, Shift, Step, Undone, Corrected, told, visible

log = logging.getLogger("companion.voice")

ESPEAK = "espeak-ng"
#: what a change may take to say in full (about 20 seconds of speech); longer, it is summarised
BUDGET = 60
#: espeak-ng's niceness: the voice yields the CPUs to the screen (it makes speech many times faster than it is heard)
NICE = 10
#: event types that are a sensor's reading (the hand of time as it turns): only the newest is worth saying
READINGS = {"sensed"}
SAMPLE = "Board Companion speaks. Green rolled 5: move Green's runner from space 3 to space 8."


class VoiceError(Exception):
    """Why the table cannot speak, in one sentence (no espeak-ng, no audio device, an unwritable file)."""


# -- the words of a change -----------------------------------------------------------------------


def sentence(text: str) -> str:
    """`text` ending as a sentence ends (a board step is worded without a full stop)."""
    text = text.strip()
    return text if not text or text[-1] in ".!?" else text + "."


def parts(events: Iterable[Any], names: Names) -> list[str]:
    """What the table's public log shows of a change, in order: each event's sentence, then its board steps."""
    out: list[str] = []
    for event in visible(events, None):
        words = told(event, names)
        out += [words["text"]] + [step["text"] for step in words["board"]]
    return [p for p in out if p.strip()]


def wording(events: Iterable[Any], names: Names, budget: int | None = BUDGET) -> str:
    """The utterance of one change ("" if it tells nothing public): its parts, each a sentence; over `budget`
    words, the summary (`summary`)."""
    events = visible(events, None)
    full = " ".join(sentence(p) for p in parts(events, names))
    if budget is None or len(full.split()) <= budget:
        return full
    return summary(events, names, budget)


def summary(events: list[Any], names: Names, budget: int) -> str:
    """A long change in brief: its first and last sentences, how many more, and its board steps with each
    piece's moves joined (from its first place to its last), as many as the budget holds."""
    said = [told(e, names)["text"] for e in events]
    words = [sentence(said[0])]
    if len(said) > 2:
        words.append(f"{len(said) - 2} more things happened, then:")
    if len(said) > 1:
        words.append(sentence(said[-1]))
    steps = [sentence(s.sentence(names)) for s in joined(step for e in events if isinstance(e, Event)
                                                         for step in e.steps(names))]
    for i, step in enumerate(steps):
        if len(" ".join(words + [step]).split()) > budget:
            words.append(f"{len(steps) - i} more board steps are on the screen.")
            break
        words.append(step)
    return " ".join(words)


def joined(steps: Iterable[Step]) -> list[Step]:
    """`steps` with the moves of one piece made one, from its first place to its last, where its first move
    was: a `Shift` of the same kind, seat and the rest that starts where the last one left it (two blocks of
    one seat stay apart). A piece back where it started is not moved."""
    out: list[Step] = []
    keys: list[str | None] = []  # each step's piece kind (its fields but the places), None for another step
    for step in steps:
        key = json.dumps({k: v for k, v in step.to_dict().items() if k not in ("from", "to", "undo")},
                         sort_keys=True, default=str) if isinstance(step, Shift) else None
        at = next((i for i in range(len(out) - 1, -1, -1) if key is not None and keys[i] == key
                   and out[i].to == step.from_), None)
        if at is None:
            out.append(step)
            keys.append(key)
        else:
            out[at] = dataclasses.replace(out[at], to=step.to)
    return [s for s in out if not (isinstance(s, Shift) and s.from_ == s.to)]


# -- saying it -----------------------------------------------------------------------------------


class Speaker:
    """espeak-ng's command line: `speak` says a text on the default ALSA device, or writes it to a WAV file."""

    def __init__(self, volume: int = 100, rate: int = 165, voice: str = "en", program: str = ESPEAK):
        self.volume, self.rate, self.voice, self.program = volume, rate, voice, program
        self._process: subprocess.Popen | None = None
        self._lock = threading.Lock()

    def command(self, text: str, to: Path | None = None) -> list[str]:
        """espeak-ng's arguments: `volume` 0..100 is its amplitude 0..200 (100, its own default, at 50)."""
        out = ["-w", str(to)] if to is not None else []
        return [self.program, "-v", self.voice, "-s", str(self.rate), "-a", str(2 * max(0, min(100, self.volume))),
                *out, "--", text]

    def speak(self, text: str, to: Path | None = None, cut: Callable[[], bool] = lambda: False) -> None:
        """Say `text` (or write it to `to`), returning when done or cut short by `stop` (or `cut()` already true
        when it would start); VoiceError if it cannot."""
        if shutil.which(self.program) is None:
            raise VoiceError(f"The voice needs {self.program}, which is not installed: sudo apt install espeak-ng.")
        if to is not None and not os.access(Path(to).parent, os.W_OK):
            raise VoiceError(f"The voice cannot write {to}: its folder is missing or not writable.")
        with self._lock:  # `stop` holds it too: cut before the process starts, it never starts
            if cut():
                return
            self._process = self.spawn(self.command(text, to), text=True)
        try:
            out, err = self._process.communicate()
        finally:
            with self._lock:
                stopped, self._process = self._process.returncode < 0, None
        problem = (err or "").strip() or (out or "").strip()
        if stopped:
            return
        failed = [line for line in problem.splitlines() if line.lower().startswith("error")]  # not ALSA's warnings
        if to is None and failed:
            raise VoiceError(f"No audio device: espeak-ng could not play on the default ALSA device ({failed[-1][:120]}).")
        if to is not None and not Path(to).is_file():
            raise VoiceError(f"The voice could not write {to} ({problem[:120] or 'espeak-ng wrote nothing'}).")

    @staticmethod
    def spawn(command: list[str], **kwargs) -> subprocess.Popen:
        """espeak-ng started, its output piped, at a lower priority than the app's."""
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   **kwargs)
        try:
            os.setpriority(os.PRIO_PROCESS, process.pid, NICE)
        except OSError:  # gone already, or not allowed: it speaks at the app's priority
            pass
        return process

    def stop(self) -> None:
        """Cut short what is being said (a stale utterance)."""
        with self._lock:
            if self._process is not None and self._process.poll() is None:
                self._process.terminate()


@dataclasses.dataclass
class Utterance:
    text: str
    #: who is to act once the change is made: an utterance of another turn makes the older ones stale
    turn: Hashable = None
    #: a sensor's reading: a newer reading makes it stale
    reading: bool = False
    cut: bool = False


class Voice:
    """A queue of utterances and the worker thread that says them, one at a time, with `speaker`; with `out`, each
    is written to `out`/0001.wav, 0002.wav... (its text beside it in 0001.txt) instead.

    `say` returns at once. Older unsaid utterances are dropped, and the one being said cut short (on the
    device; a file is written whole), when the new one is of another turn or `replace` is set."""

    def __init__(self, speaker: Speaker | None = None, out: Path | None = None, start: bool = True):
        self.speaker = speaker or Speaker()
        self.out = Path(out) if out is not None else None
        self.on = True
        #: the last reason the voice could not speak (one sentence), None while it speaks
        self.problem: str | None = None
        self._queue: collections.deque[Utterance] = collections.deque()
        self._saying: Utterance | None = None
        self._count = 0
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False
        #: called from the worker with each utterance just said (or written): the benchmarks and tests listen
        self.said: Callable[[Utterance, Path | None], None] | None = None
        #: called from the worker with the reason, the first time the voice cannot speak (the app says it)
        self.failed: Callable[[str], None] | None = None
        if start:
            self.start()

    def start(self) -> None:
        with self._cond:
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="voice", daemon=True)
                self._thread.start()

    def say(self, text: str, turn: Hashable = None, replace: bool = False, reading: bool = False) -> None:
        if not self.on or not text:
            return
        with self._cond:
            older = [u for u in self._queue] + ([self._saying] if self._saying else [])
            if replace or any(u.turn != turn for u in older):
                self.hush()
            elif reading:
                self.hush(lambda u: u.reading)
            self._queue.append(Utterance(text, turn, reading))
            self._cond.notify()

    def hush(self, stale: Callable[[Utterance], bool] = lambda u: True) -> None:
        """Drop what is unsaid and cut short what is being said (on the device: a file is written whole), of
        what is `stale`."""
        with self._cond:
            self._queue = collections.deque(u for u in self._queue if not stale(u))
            if self._saying is not None and stale(self._saying) and self.out is None:
                self._saying.cut = True
                self.speaker.stop()

    def pending(self) -> list[str]:
        """The texts still to say, oldest first."""
        with self._cond:
            return [u.text for u in self._queue]

    def idle(self, timeout: float | None = None) -> bool:
        """Wait until everything queued is said; False if `timeout` ran out first."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._queue and self._saying is None, timeout)

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self.hush()
            self._cond.notify_all()

    def listen(self, session, budget: int | None = BUDGET) -> Callable[[list], None]:
        """A listener for `session.subscribe`: each change's words, said with the turn it leads to."""
        def heard(events: list) -> None:
            if not self.on or not events:
                return
            turn = session.turn()
            back = any(isinstance(e, (Undone, Corrected)) for e in events)
            self.say(wording(events, session.names, budget), (turn.kind, tuple(turn.seats)), replace=back,
                     reading=all(e.get("type") in READINGS for e in events))
        return heard

    def _work(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._queue or self._closed)
                if self._closed:
                    return
                self._saying = utterance = self._queue.popleft()
                if self.out is not None:
                    self._count += 1
                    to = self.out / f"{self._count:04d}.wav"
                else:
                    to = None
            try:
                if to is not None:
                    to.with_suffix(".txt").write_text(utterance.text + "\n", encoding="utf-8")
                self.speaker.speak(utterance.text, to, cut=lambda: utterance.cut)
                self.problem = None
                if self.said is not None:
                    self.said(utterance, to)
            except Exception as exc:  # whatever it is, the table goes on silently and the next utterance is tried
                reason = str(exc) if isinstance(exc, (VoiceError, OSError)) else f"The voice failed: {exc!r}."
                if reason != self.problem:  # said once, not at every change
                    log.warning("%s", reason, exc_info=not isinstance(exc, (VoiceError, OSError)))
                    if self.failed is not None:
                        self.failed(reason)
                self.problem = reason
            finally:
                with self._cond:
                    self._saying = None
                    self._cond.notify_all()


# -- remembered per table ------------------------------------------------------------------------


class Settings:
    """Each table's voice (on or off, and its volume), by game, in a small JSON file beside the journal."""

    DEFAULT = {"on": False, "volume": 70}

    def __init__(self, path: Path | None):
        self.path = Path(path) if path is not None else None

    def _all(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8")) if self.path else {}
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, table: str) -> dict[str, Any]:
        mine = self._all().get(table)
        mine = mine if isinstance(mine, dict) else {}
        on, volume = mine.get("on"), mine.get("volume")
        return {"on": on if isinstance(on, bool) else False,
                "volume": volume if type(volume) is int and 0 <= volume <= 100 else self.DEFAULT["volume"]}

    def set(self, table: str, on: bool, volume: int) -> None:
        if self.path is None:
            return
        data = self._all()
        data[table] = {"on": bool(on), "volume": int(volume)}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, sort_keys=True), encoding="utf-8")
        os.replace(tmp, self.path)


def say_sample(out: Path | None = None, speaker: Speaker | None = None) -> None:
    """`companion voice test`: the sample sentence on the speaker, or written to `out`; VoiceError if it cannot."""
    (speaker or Speaker()).speak(SAMPLE, out)
