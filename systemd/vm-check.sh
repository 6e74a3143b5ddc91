#!/usr/bin/env bash
# Boot a Debian 12 virtual machine under QEMU, run `install.sh --start` in it and check the kiosk
# service from outside: READY after the first frame on a KMS/DRM screen, the watchdog and Restart=, a
# power cut, the phones' port, the keys' owner and mode, the exposure figure, `uninstall.sh --purge`.
#
#   sudo systemd/vm-check.sh [--arm64] [--keep]
#
# Needs root (mmdebstrap, mkfs), qemu-system-x86 (qemu-system-arm for --arm64), mmdebstrap,
# e2fsprogs and zstd, and ~6 GB in the cache folder. The image is built once per version of what
# builds it and kept compressed in $BC_VM_CACHE (default /var/tmp/board-companion-vm); logs and the
# screens it saw go to $BC_VM_CACHE/last-ARCH. Exit 0: every check passed; 1: one failed;
# 77: it cannot run here (it says why).
set -euo pipefail

arch=amd64
keep=0
for arg; do
    case $arg in
        --arm64) arch=arm64 ;;
        --keep) keep=1 ;;  # keep the VM's disk image (in last-ARCH) to look into it
        -h | --help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "usage: vm-check.sh [--arm64] [--keep]" >&2; exit 2 ;;
    esac
done

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
checkout=$(dirname "$here")
cache=${BC_VM_CACHE:-/var/tmp/board-companion-vm}
python=${PYTHON:-python3}
[[ -x $checkout/.venv/bin/python ]] && python=${PYTHON:-$checkout/.venv/bin/python}

cannot() { echo "vm-check: cannot run here: $*" >&2; exit 77; }
qemu=qemu-system-x86_64
[[ $arch == arm64 ]] && qemu=qemu-system-aarch64
((EUID == 0)) || cannot "needs root (mmdebstrap, mkfs.ext4 -d of a root file system)"
for tool in "$qemu" mmdebstrap mkfs.ext4 zstd; do
    command -v "$tool" >/dev/null || cannot "$tool is missing (Debian: qemu-system-x86 or qemu-system-arm, mmdebstrap, e2fsprogs, zstd)"
done
# Building another architecture's image runs its programs under qemu-user; mmdebstrap checks that with
# arch-test (seen: "E: install arch-test for foreign architecture support", 7 s into a run).
if [[ $arch == arm64 && $(uname -m) != aarch64 ]]; then
    [[ -f /usr/lib/binfmt.d/qemu-aarch64.conf ]] || cannot "qemu-user-static is missing (Debian: qemu-user-static)"
    command -v arch-test >/dev/null || cannot "arch-test is missing (Debian: arch-test)"
fi
mkdir -p "$cache"
# One run at a time: a run empties last-ARCH as it starts and removes its disks as it ends, under another
# run's feet (seen: a boot after the power cut found its disk gone).
exec 9>"$cache/.lock"
flock -n 9 || { echo "vm-check: another run holds $cache; waiting for it" >&2; flock 9; }
free_mb=$(df -Pm "$cache" | awk 'NR == 2 {print $4}')
((free_mb > 6000)) || cannot "only ${free_mb} MB free in $cache (needs 6000)"

t0=$SECONDS
took() { echo "vm-check: $1 took $((SECONDS - $2)) s" >&2; }

# The image: rebuilt only when what builds it changes (this script's build steps, the agent, the
# packages install.sh asks apt for).
key=$(cat "$here/vm/build-image.sh" "$here/vm/vm-agent" "$here/vm/vm-agent.service" \
        <(sed -n '/^apt_packages=(/,/^)/p' "$here/install.sh") <(echo "$arch") | sha256sum | cut -c1-16)
images=$cache/image-$arch-$key
if [[ ! -f $images/root.img.zst ]]; then
    started=$SECONDS
    echo "vm-check: building the $arch image (mmdebstrap)..." >&2
    bash "$here/vm/build-image.sh" "$arch" "$images.new"
    rm -rf "$images" && mv "$images.new" "$images"
    find "$cache" -maxdepth 1 -name "image-$arch-*" ! -name "image-$arch-$key" -exec rm -rf {} +  # older ones
    took "building the image" "$started"
fi

# The wheelhouse: every dependency (and the build backend) as wheels for the VM's Python 3.11.
deps=$("$python" - "$checkout/pyproject.toml" <<'EOF'
import sys, tomllib
p = tomllib.load(open(sys.argv[1], "rb"))
print("\n".join(p["project"]["dependencies"] + p["build-system"]["requires"]))
EOF
)
wheels=$cache/wheels-$arch-$(echo "$deps" | sha256sum | cut -c1-16)
if [[ ! -d $wheels ]]; then
    started=$SECONDS
    # Debian 12's Python is 3.11, whichever Python runs pip here.
    platform=(--python-version 3.11 --implementation cp)
    [[ $arch == arm64 ]] && platform+=(--platform manylinux2014_aarch64 --platform manylinux_2_17_aarch64
        --platform manylinux_2_28_aarch64 --platform linux_aarch64)
    mapfile -t dep_list <<<"$deps"
    "$python" -m pip download --quiet --only-binary=:all: "${platform[@]}" --dest "$wheels.new" "${dep_list[@]}" \
        2> >(grep -v "is ignored: it is neither a file nor a directory" >&2)
    rm -rf "$wheels" && mv "$wheels.new" "$wheels"
    took "pip download (the wheelhouse)" "$started"
fi

# This run: a fresh copy of the image, and a read-only disk with the repository and the wheels.
work=$cache/last-$arch
rm -rf "$work" && mkdir -p "$work/payload"
started=$SECONDS
zstd -q -d "$images/root.img.zst" -o "$work/root.img"
git -C "$checkout" ls-files -z --cached --others --exclude-standard |
    (cd "$checkout" && xargs -0 cp --parents -t "$work/payload" 2>/dev/null || true)
cp -r "$wheels" "$work/payload/wheels"
mkfs.ext4 -q -L payload -d "$work/payload" "$work/payload.img" \
    "$(($(du -smx "$work/payload" | cut -f1) * 2 + 64))M" >/dev/null
rm -rf "$work/payload"
took "preparing the disks" "$started"

status=0
"$python" "$here/vm/drive.py" --arch "$arch" --images "$images" --payload "$work/payload.img" \
    --work "$work" ${BC_VM_SLOW:+--slow "$BC_VM_SLOW"} || status=$?
((keep)) || rm -f "$work/root.img" "$work/payload.img"
echo "vm-check: logs and screens in $work; $((SECONDS - t0)) s in all" >&2
exit "$status"
