#!/bin/sh
# Installs tlx-verify's build and test dependencies on Debian 12 (bookworm), as root.
# Idempotent: apt-get skips packages that are already installed.
# LLVM, MLIR and lld 22 come from bookworm-security (the lowering needs 22: gfx950, sm_100a);
# the security source is added when no apt source names it. libmlir-22(-dev) conflicts with
# libmlir-19(-dev) in Debian's packaging, so apt replaces an installed MLIR 19.
set -eu
PKGS="build-essential cmake pkg-config clang-14 libclang-rt-14-dev
llvm-22-dev libmlir-22-dev mlir-22-tools lld-22 libz3-dev check libgraphviz-dev graphviz
libjansson-dev libxxhash-dev libopenblas-dev libsubunit-dev python3 python3-numpy
jq bc time libxml2-utils util-linux"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
# APT_DIR and --sources-only (add the source, install nothing) are for tests/cli/install_deps_sources.sh.
APT_DIR=${APT_DIR:-/etc/apt}
CODENAME=bookworm
[ ! -r /etc/os-release ] || CODENAME=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
if ! cat "$APT_DIR"/sources.list "$APT_DIR"/sources.list.d/*.list "$APT_DIR"/sources.list.d/*.sources 2>/dev/null |
  grep -Eq "^[^#]*[[:space:]]$CODENAME-security([[:space:]]|\$)"; then
  f="$APT_DIR/sources.list.d/debian-security.sources"
  echo "install-deps: adding the $CODENAME-security apt source ($f)"
  W=""
  [ -w "$APT_DIR/sources.list.d" ] || W="$SUDO"
  printf 'Types: deb\nURIs: http://deb.debian.org/debian-security\nSuites: %s-security\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$CODENAME" | $W tee "$f" > /dev/null
fi
[ "${1:-}" != "--sources-only" ] || exit 0
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
