#!/bin/bash
# Runs a command in a chroot of scripts/blender-chroot (a newer Debian's Blender), with the host's
# folders the command reads and writes at the same paths inside, /proc and /dev; in a private
# mount namespace, so that the binds end with the command whatever happens.
#   in_chroot.sh ROOT DIR... -- COMMAND...
# Needs root (unshare, mount, chroot), as scripts/blender-chroot does.
set -euo pipefail
root=$1
shift
folders=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  folders+=("$(cd "$1" && pwd -P)")
  shift
done
[ "${1:-}" = -- ] || { echo "in_chroot.sh: usage: in_chroot.sh ROOT DIR... -- COMMAND..." >&2; exit 2; }
shift
exec unshare --mount --propagation private /bin/bash -c '
set -euo pipefail
root=$1 count=$2
shift 2
for ((i = 0; i < count; i++)); do
  mkdir -p "$root$1"
  mount --rbind "$1" "$root$1"
  shift
done
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
exec chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/tmp LANG=C.UTF-8 "$@"
' in_chroot "$root" "${#folders[@]}" "${folders[@]}" "$@"
