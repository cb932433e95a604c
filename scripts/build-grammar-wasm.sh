#!/usr/bin/env bash
# Builds the tree-sitter grammars that npm ships as C sources only (no .wasm) into
# grammars/<language>/, with the grammar's licence and queries beside the .wasm.
# The .wasm files are committed: CI and `npm install` never run this. Rerun it when a
# grammar's version changes below.
#
# Needs Emscripten (Debian: `apt-get install emscripten`) and npm.
# Usage: scripts/build-grammar-wasm.sh [kotlin|swift]...   (default: both)
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="$ROOT/.cache/grammars"

# language → npm package@version. The C symbol is tree_sitter_<language>.
declare -A PACKAGE=(
  [kotlin]="tree-sitter-kotlin@0.3.8"
  [swift]="tree-sitter-swift@0.7.1"
)

build() {
  local lang="$1" spec="${PACKAGE[$1]}"
  local src="$WORK/$lang" out="$ROOT/grammars/$lang"
  rm -rf "$src" && mkdir -p "$src" "$out"
  (cd "$WORK" && npm pack --silent "$spec" >/dev/null)
  tar xzf "$WORK/${spec%@*}-${spec#*@}.tgz" -C "$src"
  local pkg="$src/package"
  local sources=("$pkg/src/parser.c")
  [[ -f "$pkg/src/scanner.c" ]] && sources+=("$pkg/src/scanner.c")
  # The flags tree-sitter's own `build --wasm` passes: a side module the web-tree-sitter
  # runtime links at load time, exporting only the language function.
  emcc -o "$out/tree-sitter-$lang.wasm" -Os -std=c11 \
    -fno-exceptions -fvisibility=hidden \
    -s WASM=1 -s SIDE_MODULE=2 -s TOTAL_MEMORY=33554432 -s NODEJS_CATCH_EXIT=0 \
    -s "EXPORTED_FUNCTIONS=[\"_tree_sitter_$lang\"]" \
    -I "$pkg/src" "${sources[@]}"
  cp "$pkg/LICENSE" "$out/LICENSE"
  for query in highlights.scm tags.scm; do
    if [[ -f "$pkg/queries/$query" ]]; then cp "$pkg/queries/$query" "$out/$query"; fi
  done
  echo "$spec" > "$out/VERSION"
  echo "built $out/tree-sitter-$lang.wasm ($(wc -c < "$out/tree-sitter-$lang.wasm") bytes)"
}

mkdir -p "$WORK"
for lang in "${@:-kotlin swift}"; do
  for one in $lang; do build "$one"; done
done
