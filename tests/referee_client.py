"""A `companion referee` child process, spoken to one JSON line at a time (shared by protocol tests)."""
import json
import subprocess
import sys


class RefereeProcess:
    def __init__(self, *args, command=None):
        command = command or [sys.executable, "-m", "companion"]
        self.proc = subprocess.Popen([*command, "referee", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, bufsize=1)

    def send(self, request=None, **fields):
        """Send a request (a dict, a raw line, or keyword fields) and return the decoded reply."""
        line = request if isinstance(request, str) else json.dumps(request if request is not None else fields)
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline()
        assert reply, self.proc.stderr.read()
        return json.loads(reply)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)
