#!/bin/sh
# Installs tlx-verify's build and test dependencies on Debian 12 (bookworm), as root.
# Idempotent: apt-get skips packages that are already installed.
set -eu
PKGS="build-essential cmake pkg-config clang-14 libclang-rt-14-dev
llvm-19-dev libmlir-19-dev mlir-19-tools lld-19 libz3-dev check libgraphviz-dev graphviz
libjansson-dev libxxhash-dev libopenblas-dev libsubunit-dev python3 python3-numpy
jq bc time libxml2-utils util-linux"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "install-deps: installing:$missing"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
else
  echo "install-deps: all dependencies present"
fi
