#!/usr/bin/env bash
# Build the Debian 12 machine that systemd/vm-check.sh boots: mmdebstrap (Debian's packages only), the
# packages install.sh asks apt for already installed (the machine has no network), a static address
# for QEMU's user network, and vm-agent, which runs the check's steps. Writes into OUT_DIR:
#   root.img.zst  the root file system, a raw ext4 image, compressed
#   vmlinuz initrd.img  Debian's kernel and initramfs, for QEMU's -kernel/-initrd
#   build-image.sh ARCH OUT_DIR      (ARCH: amd64 or arm64; run as root)
set -euo pipefail
arch=$1 out=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

work=$(mktemp -d "${TMPDIR:-/var/tmp}/bc-vm-build.XXXXXX")
trap 'rm -rf "$work"' EXIT
root=$work/root

case $arch in
    amd64) kernel=linux-image-amd64 ;;
    arm64) kernel=linux-image-arm64 ;;
    *) echo "build-image.sh: unknown architecture $arch" >&2; exit 2 ;;
esac
stamp() { echo "vm: $1 ($SECONDS s since the build started)" >&2; }

# Another architecture's chroot runs its programs under qemu-user: the kernel must know to hand them to
# it (binfmt_misc, which this machine does not mount by itself; qemu-user-static's rule fixes the binary).
if [[ $arch == arm64 && $(uname -m) != aarch64 && ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]]; then
    rule=/usr/lib/binfmt.d/qemu-aarch64.conf
    [[ -f $rule ]] || { echo "build-image.sh: $rule is missing (Debian: qemu-user-static)" >&2; exit 1; }
    mountpoint -q /proc/sys/fs/binfmt_misc || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    cat "$rule" >/proc/sys/fs/binfmt_misc/register
fi

# systemd as PID 1, udev, Python, `ss` and `ps` for the checks; then what install.sh's apt step lists
# (the ones Debian has: python3-lgpio is Raspberry Pi OS's only). The kernel comes after, below.
packages=(systemd systemd-sysv udev dbus kmod iproute2 procps initramfs-tools python3 python3-venv)
mapfile -t wanted < <(sed -n '/^apt_packages=(/,/^)/{s/#.*//;s/apt_packages=(//;s/)//;p}' "$here/../install.sh" | tr -s ' ' '\n' | sed '/^$/d')
for p in "${wanted[@]}"; do
    [[ " ${packages[*]} " == *" $p "* ]] && continue  # listed above already (python3-venv)
    if apt-cache show "$p" >/dev/null 2>&1; then packages+=("$p"); fi
done

# mmdebstrap, not debootstrap: one apt run installs every package (debootstrap unpacks and configures
# its base a package at a time: 170-220 s of a cold run's 300). The kernel comes last, in a hook, with
# a small initramfs: only what finds the root disk (virtio, ext4). Debian's default (MODULES=most)
# copies hundreds of modules one by one, which takes most of 30 minutes under qemu-user. Kept: apt's
# package lists, as on a Pi (install.sh's `apt-get install` then finds everything installed), and the
# machine id (the cleanup would empty it, which makes every boot a first boot to systemd).
echo "vm: mmdebstrap $arch: ${packages[*]}, then $kernel" >&2
mmdebstrap --variant=minbase --architectures="$arch" --include="$(IFS=,; echo "${packages[*]}")" \
    --skip=cleanup/apt/lists,cleanup/reproducible \
    --customize-hook='echo MODULES=list >"$1/etc/initramfs-tools/conf.d/bc-vm"' \
    --customize-hook='printf "%s\n" virtio_pci virtio_mmio virtio_blk ext4 crc32c_generic >>"$1/etc/initramfs-tools/modules"' \
    --customize-hook="DEBIAN_FRONTEND=noninteractive chroot \"\$1\" apt-get install -y -qq --no-install-recommends $kernel" \
    bookworm "$root" "$mirror" >"$work/mmdebstrap.log" 2>&1 || { tail -30 "$work/mmdebstrap.log" >&2; exit 1; }
stamp "mmdebstrap done, the kernel and its initramfs installed"

echo bc-vm >"$root/etc/hostname"
printf '127.0.0.1 localhost\n127.0.1.1 bc-vm\n' >"$root/etc/hosts"
echo '/dev/vda / ext4 rw,errors=remount-ro 0 1' >"$root/etc/fstab"
# QEMU's user network: the guest is 10.0.2.15; nothing is reachable beyond the forwarded port.
cat >"$root/etc/systemd/network/10-qemu.network" <<'NET'
[Match]
Name=e*
[Network]
Address=10.0.2.15/24
NET
ln -sf /lib/systemd/system/systemd-networkd.service "$root/etc/systemd/system/multi-user.target.wants/systemd-networkd.service"
install -m 0755 "$here/vm-agent" "$root/usr/local/sbin/vm-agent"
install -m 0644 "$here/vm-agent.service" "$root/etc/systemd/system/vm-agent.service"
ln -sf /etc/systemd/system/vm-agent.service "$root/etc/systemd/system/multi-user.target.wants/vm-agent.service"
# The console (first serial port) only prints; a getty there would hang the port up.
ln -sf /dev/null "$root/etc/systemd/system/serial-getty@ttyS0.service"
ln -sf /dev/null "$root/etc/systemd/system/serial-getty@ttyAMA0.service"
mkdir -p "$root/mnt/payload"

cp "$root"/boot/vmlinuz-* "$work/vmlinuz"
cp "$root"/boot/initrd.img-* "$work/initrd.img"
size_mb=$(( $(du -smx "$root" | cut -f1) + 2048 ))  # room for the venv, the journal and logs
mkfs.ext4 -q -L bc-root -d "$root" "$work/root.img" "${size_mb}M" >/dev/null
stamp "the ext4 image made"
zstd -q -T0 -3 --rm "$work/root.img" -o "$work/root.img.zst"
stamp "compressed"
mkdir -p "$out"
mv "$work/root.img.zst" "$work/vmlinuz" "$work/initrd.img" "$out/"
