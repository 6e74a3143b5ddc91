# shellcheck shell=bash
# shellcheck disable=SC2034,SC2154  # variables flow between this file and the scripts that source it
# Shared by install.sh and uninstall.sh (sourced, not run): the installed paths and the two ways a
# step runs. The scripts set $root (a fake root, or empty for the live system) and $dry_run first.

# Resolve --root, or insist on root for the live system (a dry run may go without); then the paths.
setup_paths() {
    if [[ -n $root ]]; then
        root=$(realpath -m "$root")
    elif ((!dry_run)) && ((EUID != 0)); then
        echo "$1: run it with sudo (or use --root DIR / --dry-run)" >&2
        exit 1
    fi
    # board-companion.service names the same ones.
    user=companion
    # The service user's groups; must match board-companion.service's SupplementaryGroups=.
    groups=(video render input gpio dialout audio)
    opt=$root/opt/board-companion
    kivy_home=$root/etc/board-companion/kivy
    unit=$root/etc/systemd/system/board-companion.service
    rules=$root/etc/udev/rules.d/99-board-companion.rules
    modules=$root/etc/modules-load.d/board-companion.conf
    touch_dropins=$root/etc/systemd/system/'dev-input-companion\x2dtouch.device.d'  # systemd-escape -p
}

# Print a step, then run it unless --dry-run.
run() {
    printf '+ %s\n' "$*"
    if ((!dry_run)); then "$@"; fi
}

# A step on the live system (packages, users, udev, systemd): not under --root.
system() {
    if [[ -n $root ]]; then
        printf '+ (skipped under --root) %s\n' "$*"
    else
        run "$@"
    fi
}
