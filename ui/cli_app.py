"""`companion app`: start the app on this machine's screen and hardware."""
from __future__ import annotations

from pathlib import Path


def main(args) -> int:
    import gc
    import sys

    from companion.cli import default_journal_path
    from companion.writer import writing
    from hardware.backend import spec_problem
    problem = spec_problem(args.backend)
    if problem is not None:  # refused before anything opens (else the app ran on without hardware)
        print(f"companion app: {problem}.", file=sys.stderr)
        return 2
    # No cyclic garbage collection while the app starts: it allocates tens of thousands of objects (Kivy,
    # the widgets) and keeps nearly all of them, so the collector's ~100 passes (a tenth of the time to
    # the first frame here) find nothing. The app turns it back on once its first frame is on screen.
    gc.disable()
    from . import boot
    problem = boot.display_problem()
    if problem is not None:
        print(f"companion app: {problem}.", file=sys.stderr)
        return 2
    size = boot.parse_size(args.size)
    journal = args.journal or str(default_journal_path())
    Path(journal).parent.mkdir(parents=True, exist_ok=True)
    with writing(journal, "companion app"):  # another table on this journal: refused before the window opens
        boot.configure(size=size, fullscreen=args.fullscreen)
        from .app import CompanionApp
        quick = getattr(args, "quit_after_first_frame", False)
        app = CompanionApp(journal, backend=args.backend, record=args.record, quit_after_first_frame=quick,
                           voice_out=getattr(args, "voice_out", None))
        app.run()
    if quick and not app.frames:
        print("companion app: the window closed before a frame was drawn.", file=sys.stderr)
        return 1
    return 0
