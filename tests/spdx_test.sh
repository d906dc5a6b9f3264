#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# .ci/spdx on a scratch tree: the check fails on a source without the licence line and names it,
# --fix adds the line in the header (after a #! line), a second --fix changes nothing, a different
# SPDX identifier is reported and never rewritten, and files that are not sources are left alone.
set -euo pipefail
spdx=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "spdx_test: $*" >&2; exit 1; }

mkdir -p "$scratch/src" "$scratch/build"
printf '#include <cstdio>\nint main() {}\n' >"$scratch/src/a.cpp"
printf '// SPDX-License-Identifier: Apache-2.0\n// a.hpp: fine\n' >"$scratch/src/a.hpp"
printf '#!/bin/sh\necho hi\n' >"$scratch/src/run"
printf 'project(x)\n' >"$scratch/CMakeLists.txt"
printf 'notes, not a source\n' >"$scratch/src/notes.txt"
printf 'int x;\n' >"$scratch/build/generated.cpp"

if python3 "$spdx" --root "$scratch" 2>"$scratch/err"; then fail "the check passed a tree without licence lines"; fi
for f in src/a.cpp src/run CMakeLists.txt; do grep -q "^$f: " "$scratch/err" || fail "$f not named: $(cat "$scratch/err")"; done
for f in src/a.hpp src/notes.txt build/generated.cpp; do
  if grep -q "^$f: " "$scratch/err"; then fail "$f named: $(cat "$scratch/err")"; fi
done

python3 "$spdx" --root "$scratch" --fix 2>/dev/null
[ "$(head -n 1 "$scratch/src/a.cpp")" = "// SPDX-License-Identifier: Apache-2.0" ] || fail "a.cpp not fixed"
[ "$(sed -n 2p "$scratch/src/run")" = "# SPDX-License-Identifier: Apache-2.0" ] || fail "run: not after the #! line"
[ "$(head -n 1 "$scratch/src/run")" = "#!/bin/sh" ] || fail "run: #! line moved"
[ "$(cat "$scratch/src/notes.txt")" = "notes, not a source" ] || fail "notes.txt changed"
python3 "$spdx" --root "$scratch" || fail "the check failed after --fix"
sums=$(cd "$scratch" && find . -type f -exec md5sum {} + | sort)
python3 "$spdx" --root "$scratch" --fix 2>/dev/null
[ "$sums" = "$(cd "$scratch" && find . -type f -exec md5sum {} + | sort)" ] || fail "a second --fix changed files"

printf '// SPDX-License-Identifier: MIT\nint y;\n' >"$scratch/src/mit.cpp"
if python3 "$spdx" --root "$scratch" --fix 2>"$scratch/err"; then fail "--fix passed a file under another licence"; fi
grep -q "^src/mit.cpp: has another SPDX line" "$scratch/err" || fail "mit.cpp not named: $(cat "$scratch/err")"
[ "$(head -n 1 "$scratch/src/mit.cpp")" = "// SPDX-License-Identifier: MIT" ] || fail "mit.cpp rewritten"
echo "spdx_test: passed"
