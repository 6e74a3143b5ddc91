"""`companion serve` (its own `main`, in a process of its own) that kills itself with SIGKILL once the phone's
play with the id in $DIE_AFTER is in the journal, before it is answered: the crash a resent play must survive.
Only the moment is chosen here; the table, its journal and the kill are real."""
from __future__ import annotations

import os
import signal
import sys

from companion import cli
from companion.phones.hub import Hub

_play = Hub.play


def play_then_die(hub: Hub, key, message):
    answer = _play(hub, key, message)  # the transaction is committed when it returns
    if message["id"] == os.environ.get("DIE_AFTER"):
        os.kill(os.getpid(), signal.SIGKILL)
    return answer


Hub.play = play_then_die
sys.exit(cli.main(sys.argv[1:]))
