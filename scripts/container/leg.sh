#!/usr/bin/env bash
# The container leg: builds the root Dockerfile with buildah on a local Node base (node-base.sh) and runs the
# image's entrypoint (test/container/). Installs buildah, debootstrap and iproute2 from Debian's packages when
# they are missing; under CI=true a tool that is still missing fails the leg (the tests check again). Extra
# arguments go to vitest (e.g. --reporter=json --outputFile.json=reports/container.json).
set -euo pipefail
cd "$(dirname "$0")/../.."
missing=()
command -v buildah >/dev/null 2>&1 || missing+=(buildah)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
command -v ip >/dev/null 2>&1 || missing+=(iproute2)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "container leg: installing ${missing[*]} with apt"
  if ! ($sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null); then
    echo "container leg: could not install ${missing[*]}" >&2
    [ "${CI:-}" = true ] && exit 1
  fi
fi
started=$SECONDS
status=0
npx vitest run --config vitest.container.config.ts "$@" || status=$?
echo "container leg: $((SECONDS - started)) s"
exit $status
