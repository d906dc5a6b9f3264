#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Writes the bash completion of sudoku-press's tools from each tool's --help, so the options it
# offers are the tools' own: every long and short option of the option tables (positional
# pseudo-options left out), the options that take a value (their table entry shows "arg" or
# "VALUE"), sudoku-bench's suite names, the shipped template names typeset's --help lists (a fallback:
# at completion time the installed templates folder is listed), and the level names of the press
# levels file.
# Usage: generate.sh OUTPUT TEMPLATE LEVELS.json TOOL...
set -euo pipefail
output=$1 template=$2 levels_file=$3
shift 3

options_case="" values_case=""
suites="" templates=""
for tool_path in "$@"; do
  tool=${tool_path##*/}
  help=$("$tool_path" --help)
  # Option table lines: "  -f [ --format ] arg (=csv) ...", "  --resume ...", "  --runs VALUE ...".
  table=$(grep -E '^  (-[A-Za-z] \[ )?--[a-z]' <<<"$help" | grep -v '(positional)' || true)
  opts=$(grep -oE '^  (-[A-Za-z] \[ )?--[a-z][a-z0-9-]*' <<<"$table" | tr -d '[' | xargs)
  valued=$(grep -E '^  (-[A-Za-z] \[ )?--[a-z][a-z0-9-]*( \])? (arg|VALUE)' <<<"$table" |
           grep -oE '^  (-[A-Za-z] \[ )?--[a-z][a-z0-9-]*' | tr -d '[' | xargs || true)
  [[ -n $opts ]] || { echo "generate.sh: no options found in $tool --help" >&2; exit 1; }
  options_case+="    $tool) echo \"$opts\" ;;"$'\n'
  values_case+="    $tool) echo \"$valued\" ;;"$'\n'
  if [[ $tool == sudoku-bench ]]; then
    suites=$(sed -n '/Suites:$/,/^$/p' <<<"$help" | grep -oE '^  [a-z0-9-]+:' | tr -d ' :' | xargs)
  fi
  if [[ $tool == typeset ]]; then
    templates=$(grep -oE 'NAME is a shipped template \([^)]*\)' <<<"$help" | sed 's/.*(//; s/)//; s/,//g')
  fi
done
levels=$(grep -oE '"name": *"[^"]+"' "$levels_file" | sed 's/.*: *"//; s/"$//' | xargs)
[[ -n $levels ]] || { echo "generate.sh: no level names in $levels_file" >&2; exit 1; }

tmp=$output.tmp
mkdir -p "$(dirname "$output")"
while IFS= read -r line; do
  case $line in
    *@OPTIONS_CASE@*) printf '%s' "$options_case" ;;
    *@VALUE_OPTIONS_CASE@*) printf '%s' "$values_case" ;;
    *) line=${line//@LEVELS@/$levels}
       line=${line//@SUITES@/$suites}
       line=${line//@TEMPLATES@/$templates}
       printf '%s\n' "$line" ;;
  esac
done <"$template" >"$tmp"
bash -n "$tmp"
mv "$tmp" "$output"
