#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Sources the generated bash completion and completes a few prefixes of each tool, as bash would
# (COMP_WORDS split at spaces and at '=', as COMP_WORDBREAKS does); then checks that the options it
# offers are exactly those of each tool's --help and that every variant it offers is one corpus-rate
# accepts. Exit 1 with the failures listed.
# Usage: test-completion.sh COMPLETION_SCRIPT BIN_DIR   (SUDOKU_PRESS_DATA_DIR: a templates/ folder)
completion=$1 bin_dir=$2
export PATH="$bin_dir:$PATH"
# shellcheck source=/dev/null
source "$completion" || { echo "cannot source $completion"; exit 1; }
failures=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# complete LINE: COMPREPLY for the cursor at the end of LINE (a trailing space starts a new word).
complete_line() {
  local line=$1
  line=${line//=/ = }
  read -ra COMP_WORDS <<<"$line"
  [[ $1 == *" " || $1 == *= ]] && COMP_WORDS+=("")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  COMP_LINE="${COMP_WORDS[*]}"
  _sudoku_press
  printf '%s\n' "${COMPREPLY[@]}" | sort
}

# expect LINE WORD...: the completions of LINE are exactly WORD...
expect() {
  local line=$1
  shift
  local got wanted
  got=$(complete_line "$line" | xargs)
  wanted=$(printf '%s\n' "$@" | sort | xargs)
  if [[ $got != "$wanted" ]]; then
    echo "FAIL: '$line' completes to '$got', expected '$wanted'"
    failures=$((failures + 1))
  fi
}

# expect_some LINE WORD...: the completions of LINE include WORD...
expect_some() {
  local line=$1 word got
  shift
  got=" $(complete_line "$line" | xargs) "
  for word in "$@"; do
    if [[ $got != *" $word "* ]]; then
      echo "FAIL: '$line' completes to '$got', which lacks '$word'"
      failures=$((failures + 1))
    fi
  done
}

expect "corpus-rate --ver" --version
expect "corpus-rate --no-" --no-rating --no-uniqueness
expect "/usr/bin/typeset --te" --template
expect_some "sudoku-typeset --template " a4-4up book-6x9 book-letter large-print newspaper web
expect "/usr/bin/typeset --template news" newspaper
expect "corpus-rate --variant k" killer
expect "corpus-rate --format=j" json
expect "corpus-rate --format h" html
expect "corpus-rate -f t" text
expect "/usr/bin/typeset --format pdf,s" pdf,svg
expect "calibrate me" medium=
expect "calibrate --metric t" technique
expect_some "calibrate " easy= medium= hard= evil=
[[ -x $bin_dir/sudoku-bench ]] && expect "sudoku-bench technique" technique technique-invariant
expect "generate-book --max-r" --max-restarts
# typeset is also a shell builtin (declare): typed bare it completes variable names as bash does;
# by path or as sudoku-typeset it is the tool.
sudoku_press_test_variable=1
expect "typeset sudoku_press_test_v" sudoku_press_test_variable
expect "/usr/bin/typeset --te" --template
expect "sudoku-typeset --te" --template
expect "sudoku-typeset --template news" newspaper

# Files: generate-book takes plans (JSON) and folders, typeset book folders, calibrate LEVEL=FILE.
mkdir -p "$scratch/book"
touch "$scratch/plan.json" "$scratch/notes.txt"
expect "generate-book $scratch/" "$scratch/book" "$scratch/plan.json"
expect "/usr/bin/typeset $scratch/" "$scratch/book"
expect "calibrate easy=$scratch/n" "$scratch/notes.txt"
expect "corpus-rate $scratch/n" "$scratch/notes.txt"

# The options offered are each tool's --help options, no more, no fewer (a completion built before
# an option was added or renamed fails here).
for tool in corpus-rate calibrate generate-book typeset sudoku-bench; do
  [[ -x $bin_dir/$tool ]] || continue
  # By path: a plain "typeset" would run the shell's builtin.
  from_help=$("$bin_dir/$tool" --help | grep -E '^  (-[A-Za-z] \[ )?--[a-z]' | grep -v '(positional)' |
              sed -E 's/^  (-[A-Za-z]) \[ (--[a-z0-9-]+) \].*/\1 \2/; s/^  (--[a-z0-9-]+).*/\1/' |
              tr ' ' '\n' | sort -u | xargs)
  offered=$(_sudoku_press_options "$tool" | tr ' ' '\n' | sort -u | xargs)
  if [[ $from_help != "$offered" ]]; then
    echo "FAIL: $tool offers '$offered' but --help lists '$from_help'"
    failures=$((failures + 1))
  fi
done

# Every variant offered is one corpus-rate accepts.
: >"$scratch/empty.txt"
for variant in $_sudoku_press_variants; do
  if ! "$bin_dir/corpus-rate" --variant "$variant" --no-rating "$scratch/empty.txt" >/dev/null 2>&1; then
    echo "FAIL: corpus-rate refuses --variant $variant, which the completion offers"
    failures=$((failures + 1))
  fi
done

if ((failures)); then
  echo "$failures completion check(s) failed"
  exit 1
fi
echo "bash completion: all checks passed"
