#!/usr/bin/env bash
# Remove what install.sh added. The game journal in /var/lib/board-companion and
# the companion user that owns it stay, unless --purge. The groups and Debian
# packages install.sh added always stay (other programs may use them).
#
#   sudo systemd/uninstall.sh [--purge]
#   systemd/uninstall.sh --root DIR | --dry-run
set -euo pipefail

usage() {
    cat <<'EOF'
usage: uninstall.sh [--root DIR] [--dry-run] [--purge]
  --root DIR  remove from DIR; skip users, udevadm and systemctl (printed as skipped)
  --dry-run   print every step and change nothing
  --purge     also delete the state directory (the game journal), drop-ins and the user
EOF
}

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=""
dry_run=0
purge=0

while (($#)); do
    case $1 in
        --root) root=${2:?--root needs a directory}; shift ;;
        --root=*) root=${1#--root=} ;;
        --dry-run) dry_run=1 ;;
        --purge) purge=1 ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
    shift
done
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$here/lib.sh"
setup_paths uninstall.sh

if [[ -e $unit ]]; then
    system systemctl disable --now board-companion.service
fi
run rm -f "$unit" "$rules" "$modules" "$touch_dropins/board-companion.conf"
if [[ -d $touch_dropins ]]; then run rmdir --ignore-fail-on-non-empty "$touch_dropins"; fi
run rm -rf "$root/etc/board-companion" "$opt" \
    "$root/var/cache/board-companion"
if ((purge)); then
    run rm -rf "$root/etc/systemd/system/board-companion.service.d" \
        "$root/var/lib/board-companion"
    if id "$user" >/dev/null 2>&1; then
        system userdel "$user"
    fi
    echo "Kept the groups ${groups[*]}: install.sh adds those missing, and other programs may use them. Kept the Debian packages it installed."
else
    echo "Kept $root/var/lib/board-companion (the game journal); --purge deletes it."
fi
system udevadm control --reload
system systemctl daemon-reload
