#!/usr/bin/env bash
# The steps of systemd/vm-check.sh inside the VM, one per command (vm-agent runs them as root and sends
# the output to the host). A check prints "PASS name: detail" or "FAIL name: detail"; other lines are log.
#   guest.sh install | wait-active | sockets | keys | security | game | count | hang SIGNAL | uninstall
#            | offscreen | playout | touch-wait (arm64) | sh CMD
set -uo pipefail
payload=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)  # the repository and wheels/, read-only
repo=/root/board-companion  # "the clone" the installer runs from
unit=board-companion.service
state=/var/lib/board-companion
journal=$state/journal.sqlite
companion=/opt/board-companion/venv/bin/companion

# Seconds to wait for the app to (re)start (on a loaded host too): an emulated Cortex-A72 is slower again.
patience=300
[[ $(uname -m) == aarch64 ]] && patience=900

pass() { echo "PASS $1: ${*:2}"; }
fail() { echo "FAIL $1: ${*:2}"; }
prop() { systemctl show -P "$1" "$unit"; }
as_service() { runuser -u companion -- "$@"; }

# Every path of the root file system with owner and mode, and every user and group, less what the
# running system changes by itself (logs, apt's caches, the shadow tools' backup copies, Python's
# bytecode caches of the system's own modules).
fs_list() {
    {
        find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /run -o -path /tmp -o -path /var/tmp \
            -o -path /root -o -path /var/log -o -path /var/lib/systemd -o -path /var/cache/apt \
            -o -path /var/lib/apt -o -path /mnt/payload -o -name __pycache__ -o -path '/etc/*-' \) -prune \
            -o -printf '%p %u:%g %m\n'
        getent passwd | cut -d: -f1 | sed 's/^/user /'
        getent group | cut -d: -f1 | sed 's/^/group /'
    } | sort
}

# Wait until the unit runs a main process other than $1 (or any, when empty) and has said READY=1.
wait_running() {
    local old=${1:-} i pid
    for ((i = 0; i < patience; i++)); do
        pid=$(prop MainPID)
        if [[ $(prop ActiveState)/$(prop SubState) == active/running && $pid != 0 && $pid != "$old" ]]; then
            return 0
        fi
        sleep 1
    done
    return 1
}

case ${1:-} in
install)
    # The VM's touch panel, part of its "hardware" (before the list: uninstall leaves it).
    install -m 0644 "$payload/systemd/vm/90-vm-touch.rules" /etc/udev/rules.d/
    udevadm control --reload && udevadm trigger --subsystem-match=input --action=change && udevadm settle
    fs_list >/root/before.list
    rm -rf "$repo" && cp -a "$payload" "$repo" && rm -rf "$repo/wheels"
    # The VM's drop-in (what `systemctl edit board-companion` writes on a Pi): see vm-dropin.conf.
    install -D -m 0644 "$payload/systemd/vm/vm-dropin.conf" /etc/systemd/system/$unit.d/vm.conf
    if [[ $(uname -m) == aarch64 ]]; then
        printf '[Service]\nWatchdogSec=%ss\nTimeoutStartSec=%ss\n' 300 "$patience" >/etc/systemd/system/$unit.d/vm-arm64.conf
    fi
    start=$SECONDS
    # No network in the VM: pip takes the wheelhouse made on the host instead of the package index.
    # Each line with the seconds since the start: install.sh prints each step before it runs it.
    if PIP_NO_INDEX=1 PIP_FIND_LINKS=$payload/wheels "$repo/systemd/install.sh" --start 2>&1 |
        while IFS= read -r line; do printf '[%3d s] %s\n' $((SECONDS - start)) "$line"; done
        ((PIPESTATUS[0] == 0)); then
        pass install "install.sh --start took $((SECONDS - start)) s"
    else
        fail install "install.sh --start failed after $((SECONDS - start)) s"
        systemctl status "$unit" --no-pager -l | tail -30
        journalctl -u "$unit" -b --no-pager | tail -40
    fi
    ;;
wait-active)
    if wait_running ""; then
        started=$(prop ExecMainStartTimestampMonotonic) ready=$(prop ActiveEnterTimestampMonotonic)
        # Type=notify: systemd calls the unit active only once READY=1 came (sent after the first frame).
        pass active "active (running), pid $(prop MainPID), READY=1 $(((ready - started) / 1000)) ms after the process started"
    else
        fail active "not active (running): $(prop ActiveState)/$(prop SubState), result $(prop Result)"
    fi
    ls -l /dev/input /dev/dri
    journalctl -u "$unit" -b --no-pager -o cat | grep -iE 'hid|provider|touch|window' | tail -15
    renderer=$(journalctl -u "$unit" -b --no-pager -o cat | grep -o 'OpenGL renderer <.*>' | tail -1)
    echo "renderer: ${renderer:-not in the log}"
    journalctl -u "$unit" -b --no-pager -o cat | grep -iE 'error|warning|critical|traceback' | tail -15
    ;;
touch-wait)
    # This boot has no touch panel: systemd gave up on its device after touch-timeout.conf's 10 s and
    # started the app without it (Wants=, not Requires=), rather than holding the screen black 90 s.
    gave_up=$(journalctl -b --no-pager -o cat | grep -E 'companion.x2dtouch|companion-touch' | grep -i 'timed out' | tail -1)
    job=$(systemctl show -P JobRunningTimeoutUSec 'dev-input-companion\x2dtouch.device')
    started=$(($(prop ExecMainStartTimestampMonotonic) / 1000000))
    if [[ -e /dev/input/companion-touch ]]; then
        fail touch-wait "/dev/input/companion-touch is there: this boot was to have no panel"
    elif [[ $(prop ActiveState) == active && -n $gave_up && $job == 10s ]]; then
        pass touch-wait "no panel: \"$gave_up\" (job timeout $job); the app started ${started} s after the boot began"
    else
        fail touch-wait "app $(prop ActiveState), job timeout ${job:-unset}, timeout line: ${gave_up:-none}"
    fi
    journalctl -b --no-pager -o short-monotonic | grep -E 'companion.x2dtouch|companion-touch|Started board' | tail -5
    ;;
sockets)
    # The phones' server is the app's child process (python -m companion.phones.child), started after the
    # first frame: give it time to import aiohttp (over 10 s under emulation: vm-dropin.conf).
    for ((i = 0; i < patience; i++)); do ss -Hltn | grep -q ':8765 ' && break; sleep 1; done
    # Everything that listens, TCP and UDP, on the whole machine.
    listeners=$(ss -Hltunp)
    echo "$listeners"
    # The app is every process of the service's control group (the main one and its children).
    cgroup=/sys/fs/cgroup$(prop ControlGroup)
    app_pids=" $(find "$cgroup" -name cgroup.procs -exec cat {} + 2>/dev/null | tr '\n' ' ')"
    echo "the service's processes:$app_pids"
    app="" others=""
    while IFS= read -r line; do
        [[ -n $line ]] || continue
        # A socket is the app's when every process holding it is in the service's cgroup.
        mapfile -t holders < <(grep -o 'pid=[0-9]*' <<<"$line" | cut -d= -f2)
        mine=$((${#holders[@]} > 0))
        for pid in "${holders[@]}"; do [[ $app_pids == *" $pid "* ]] || mine=0; done
        if ((mine)); then app+="$line"$'\n'; else others+="$line"$'\n'; fi
    done <<<"$listeners"
    ports=$(awk '{print $1, $5}' <<<"$app" | sed '/^ *$/d' | sort -u | tr '\n' ' ')
    if [[ -z $others && $ports == *":8765"* && $(grep -c . <<<"$app") == $(grep -c ':8765 ' <<<"$app") ]]; then
        pass listeners "only the app listens, on $ports"
    else
        fail listeners "app: ${ports:-nothing}; others: ${others:-none}"
    fi
    ;;
keys)
    # README: the journal in /var/lib/board-companion; PHONES.md: phone-keys.json beside it, mode 0600.
    ls -la "$state"
    ok=1
    for path in "$state" "$journal" "$state/phone-keys.json"; do
        [[ -e $path ]] || { fail keys "$path is missing"; ok=0; continue; }
        read -r owner mode < <(stat -c '%U:%G %a' "$path")
        echo "$path $owner $mode"
        [[ $owner == companion:companion ]] || { fail keys "$path belongs to $owner"; ok=0; }
    done
    keys_mode=$(stat -c %a "$state/phone-keys.json" 2>/dev/null)
    [[ $keys_mode == 600 ]] || { fail keys "phone-keys.json has mode ${keys_mode:-none}"; ok=0; }
    ((ok)) && pass keys "$state: journal.sqlite and phone-keys.json (mode $keys_mode) owned by companion"
    ;;
security)
    line=$(systemd-analyze security "$unit" --no-pager | tail -1)
    echo "$line"
    if [[ $line =~ exposure\ level\ for\ .*:\ ([0-9.]+) ]]; then
        pass security "systemd-analyze security (online): ${BASH_REMATCH[1]}"
    else
        fail security "no exposure figure: $line"
    fi
    ;;
game)
    # The newest session, as the app journaled it: the host compares the actions between steps.
    newest=$(as_service "$companion" sessions --journal "$journal" | head -1 | cut -f1)
    if ! [[ $newest =~ ^[0-9]+$ ]]; then
        fail game "no session in $journal"
    else
        echo "GAME-BEGIN $newest"
        as_service "$companion" export "$newest" - --journal "$journal"
        echo "GAME-END"
    fi
    ;;
count)
    # The newest session and how many entries are in effect: quick (no Kivy, no game engine), to poll.
    runuser -u companion -- python3 -c '
import sqlite3, sys
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
row = db.execute("SELECT id, head FROM sessions ORDER BY id DESC LIMIT 1").fetchone()
print("COUNT", *(row or (0, 0)))' "$journal" 2>&1 || echo "COUNT 0 0"
    ;;
hang)
    # SIGSTOP: the UI stops pinging and the watchdog restarts it; SIGKILL: Restart=on-failure does.
    signal=$2 old=$(prop MainPID) restarts=$(prop NRestarts) start=$SECONDS
    since=$(date '+%Y-%m-%d %H:%M:%S')
    kill "-$signal" "$old"
    if wait_running "$old"; then
        why=$(journalctl -u "$unit" --since "$since" --no-pager -o cat | grep -E 'Watchdog timeout|Main process exited' | head -1)
        pass "restart-after-$signal" "pid $old -> $(prop MainPID) in $((SECONDS - start)) s, restarts $restarts -> $(prop NRestarts): $why"
    else
        fail "restart-after-$signal" "not running again: $(prop ActiveState)/$(prop SubState), result $(prop Result)"
        journalctl -u "$unit" --since "$since" --no-pager | tail -30
    fi
    ;;
offscreen)
    # Kivy imports and draws one frame offscreen (SDL's offscreen driver), as the service user.
    start=$SECONDS
    out=$(mktemp -d)/home.png && chown -R companion "$(dirname "$out")"
    if as_service env HOME="$(dirname "$out")" "$companion" screenshot home "$out" --verbose && [[ -s $out ]]; then
        pass offscreen "companion screenshot home: $(stat -c %s "$out") bytes of PNG in $((SECONDS - start)) s"
    else
        fail offscreen "companion screenshot home drew nothing ($((SECONDS - start)) s)"
    fi
    ;;
playout)
    # The referee plays a game of each game to its end (PASS/FAIL game-ID lines).
    as_service python3 "$payload/systemd/vm/playout.py" "$companion"
    ;;
sh)
    # For looking around (vm-check.sh --keep, then drive.py --shell): run one command line.
    shift
    bash -c "$*"
    ;;
uninstall)
    said=$("$repo/systemd/uninstall.sh" --purge 2>&1)
    echo "$said"
    fs_list >/root/after.list
    # What --purge leaves that was not there before install.sh ran (or changed owner or mode), less
    # the groups it says it keeps.
    kept=$(sed -n 's/^Kept the groups \([a-z ]*\):.*/\1/p' <<<"$said" | tr ' ' '|')
    left=$(comm -13 /root/before.list /root/after.list | grep -v -E "^group (${kept:-none})\$")
    gone=$(comm -23 /root/before.list /root/after.list)
    echo "left behind: ${left:-nothing}"
    echo "removed that was there before: ${gone:-nothing}"
    id companion 2>/dev/null && fail uninstall "the user companion is still there"
    if [[ -z $left && -z $gone ]]; then
        pass uninstall "uninstall.sh --purge left the file system as before install.sh"
    else
        fail uninstall "differences: $(echo $left $gone)"
    fi
    ;;
*)
    echo "guest.sh: unknown step ${1:-}" >&2
    exit 2
    ;;
esac
