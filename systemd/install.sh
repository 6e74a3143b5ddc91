#!/usr/bin/env bash
# Install Board Companion as a kiosk service on Raspberry Pi OS Bookworm.
#
#   sudo systemd/install.sh [--start]          from the repository checkout
#   systemd/install.sh --root DIR [--no-venv]  into a throwaway tree (tests)
#   systemd/install.sh --dry-run               print every step, change nothing
#
# Running it again is harmless: every step checks or overwrites.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: install.sh [--root DIR] [--dry-run] [--no-venv] [--start]
  --root DIR  install under DIR; skip apt, users, udevadm and systemctl (printed as skipped)
  --dry-run   print every step and change nothing
  --no-venv   do not create the virtualenv or pip install the package
  --start     (re)start the service at the end
EOF
}

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
checkout=$(dirname "$here")
root=""
dry_run=0
with_venv=1
start=0

while (($#)); do
    case $1 in
        --root) root=${2:?--root needs a directory}; shift ;;
        --root=*) root=${1#--root=} ;;
        --dry-run) dry_run=1 ;;
        --no-venv) with_venv=0 ;;
        --start) start=1 ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
    shift
done
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$here/lib.sh"
setup_paths install.sh

venv=$opt/venv
apt_packages=(
    python3-venv  # the venv itself
    python3-pip   # pip, seen from the venv (--system-site-packages): the venv needs no copy of its own
    python3-lgpio # gpiozero's pin factory, the only one a Pi 5 has; pip's lgpio is a stub or a broken build (README.md)
    libmtdev1     # Kivy's mtdev touch provider
    libgl1-mesa-dri libegl1 libgles2 libgbm1 libdrm2 # SDL on KMS/DRM with the v3d GPU
    libgl1        # desktop GL (libGL.so.1), which offscreen Kivy loads: `companion screenshot`
    espeak-ng     # the table's voice (companion/voice.py), offline
)

echo "== packages"
# python3-lgpio is Raspberry Pi OS's, not Debian 12's: elsewhere apt would refuse the whole list. Without
# it GPIO stays unusable (the last step says so); a hand board on USB still works.
if [[ -z $root ]] && ! apt-cache show python3-lgpio >/dev/null 2>&1; then
    echo "python3-lgpio is in none of this system's package sources (Raspberry Pi OS has it): GPIO will not work."
    for i in "${!apt_packages[@]}"; do
        if [[ ${apt_packages[i]} == python3-lgpio ]]; then unset "apt_packages[i]"; fi
    done
fi
system apt-get install -y --no-install-recommends "${apt_packages[@]}"

echo "== user $user"
for group in "${groups[@]}"; do
    # The Pi image has them all; elsewhere create a harmless empty group.
    getent group "$group" >/dev/null || system groupadd --system "$group"
done
if ! id "$user" >/dev/null 2>&1; then
    # The home is the state directory, where Kivy and Mesa look for ~ things.
    system useradd --system --user-group --no-create-home \
        --home-dir /var/lib/board-companion --shell /usr/sbin/nologin "$user"
fi
system usermod --append --groups "$(IFS=,; echo "${groups[*]}")" "$user"

echo "== application"
if ((with_venv)); then
    # --system-site-packages: use Debian's python3-lgpio, and Debian's pip (already byte-compiled; a copy
    # of pip in the venv costs a Pi's or an emulator's minutes to unpack and compile).
    [[ -x $venv/bin/python ]] || run python3 -m venv --system-site-packages --without-pip "$venv"
    # Byte-compiled after pip, on every core (pip compiles one file at a time): the service cannot write
    # __pycache__ under /opt (ProtectSystem=strict), so without it every start would compile it all again.
    run "$venv/bin/python" -m pip install --quiet --no-compile --upgrade "$checkout"
    run "$venv/bin/python" -m compileall -q -j0 "$venv/lib"
else
    echo "+ (skipped: --no-venv) python3 -m venv --system-site-packages $venv; pip install $checkout"
fi

echo "== configuration"
run install -D -m 0644 "$here/board-companion.service" "$unit"
run install -D -m 0644 "$here/99-board-companion.rules" "$rules"
run install -D -m 0644 "$here/touch-timeout.conf" "$touch_dropins/board-companion.conf"
run install -D -m 0644 "$here/modules-load.conf" "$modules"
run install -D -m 0644 "$here/kivy/config.ini" "$kivy_home/config.ini"
# Kivy creates these at start-up if missing, and /etc is read-only to the service.
run install -d -m 0755 "$kivy_home/mods" "$kivy_home/icon"

echo "== activation"
system modprobe -a drm cdc_acm
system udevadm control --reload
system udevadm trigger --action=change --subsystem-match=tty --subsystem-match=input
system systemctl daemon-reload
system systemctl enable board-companion.service
if ((with_venv)); then
    # Says which pin library gpiozero can use, or what is missing (GPIO is optional: a Pico on USB works without).
    system "$venv/bin/python" -m hardware gpio || echo "GPIO not usable yet (see above); a hand board on USB still works."
fi
if ((start)); then
    system systemctl restart board-companion.service
else
    echo "Installed. Start it with: sudo systemctl start board-companion (or reboot)."
fi
