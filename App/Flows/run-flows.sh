#!/usr/bin/env bash
# Runs the flows in App/Flows/*.fun through `fun --script`; each must exit 0.
#
#   bash App/Flows/run-flows.sh PATH/TO/fun              every flow, in file-name order
#   bash App/Flows/run-flows.sh PATH/TO/fun tour.fun ... only the named flows
#
# e.g. bash App/Flows/run-flows.sh "$(swift build --show-bin-path)/fun"
#
# A flow is a script of `fun` commands that checks itself with `expect` / `expect-not`, so it
# passes exactly when every command succeeds. Header comments set up its run:
#
#   # args: ARGS       extra arguments for fun, split like shell words; $STATE_DIR, $CATALOG_URL
#                      and $FIXTURES expand (several `# args:` lines add up)
#   # state: NAME      flows naming the same NAME share one state directory and run in file-name
#                      order (favorites-1-add.fun, then favorites-2-check.fun); any other flow
#                      gets a fresh, empty one
#   # before: COMMAND  a shell command run before the flow, e.g. to plant a corrupt state file
#   # after: COMMAND   a shell command run after the flow; the flow fails if it fails
#
# Every flow runs with STATE_DIR (also exported as FUN_STATE_DIR, so a flow without
# `--state-dir` never touches your own state), CATALOG_URL (App/Flows/fixtures/catalog.json,
# served over http by one python3 http.server on 127.0.0.1 for the whole run) and FIXTURES
# (App/Flows/fixtures). Prints one line per flow and `N passed, N failed`; a failing flow also
# shows its stderr and the frame of each failing line. Exits 1 if any flow failed, 2 on bad
# usage. Needs python3; works without a terminal (CI, </dev/null).
set -euo pipefail

FLOWS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

usage() {
  echo "usage: bash App/Flows/run-flows.sh PATH/TO/fun [FLOW.fun ...]" >&2
  exit 2
}

(($# >= 1)) || usage
FUN="$1"
shift
if [[ ! -x $FUN || -d $FUN ]]; then
  echo "error: '$FUN' is not an executable; build it with \`swift build --product fun\`" >&2
  usage
fi
FUN="$(cd "$(dirname "$FUN")" && pwd)/$(basename "$FUN")"

FLOWS=()
if (($# == 0)); then
  shopt -s nullglob
  FLOWS=("$FLOWS_DIR"/*.fun)
  shopt -u nullglob
else
  for name in "$@"; do
    if [[ -f $name ]]; then
      FLOWS+=("$name")
    elif [[ -f $FLOWS_DIR/$name ]]; then
      FLOWS+=("$FLOWS_DIR/$name")
    else
      echo "error: no flow '$name' (looked in $FLOWS_DIR)" >&2
      exit 2
    fi
  done
fi
if ((${#FLOWS[@]} == 0)); then
  echo "no flows in $FLOWS_DIR: nothing to run"
  exit 0
fi

WORK_DIR="$(mktemp -d "${TMPDIR:-/tmp}/fun-flows.XXXXXX")"
SERVER_PID=""
cleanup() {
  if [[ -n $SERVER_PID ]]; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK_DIR"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

export FIXTURES="$FLOWS_DIR/fixtures"

# One http server for the whole run, on a port the system picks; it prints the port.
start_catalog_server() {
  local log="$WORK_DIR/http-server.log"
  : >"$log"
  python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$FIXTURES" >"$log" 2>&1 &
  SERVER_PID=$!
  local port="" attempt
  for ((attempt = 0; attempt < 100; attempt++)); do
    port="$(sed -n 's/^Serving HTTP on [^ ]* port \([0-9][0-9]*\).*/\1/p' "$log")"
    [[ -n $port ]] && break
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
      break
    fi
    sleep 0.1
  done
  if [[ -z $port ]]; then
    echo "error: the catalog server (python3 -m http.server) did not start:" >&2
    sed 's/^/    /' "$log" >&2
    exit 1
  fi
  export CATALOG_URL="http://127.0.0.1:$port/catalog.json"
}

# Prints the values of the `# NAME:` header lines of a flow, one a line.
header() {
  sed -n "s/^#[[:space:]]*$1:[[:space:]]*//p" "$2"
}

# Prints the frame a flow's stdout shows under `--- LINE: …`.
frame_of_line() {
  awk -v line="$1" '
    /^--- [0-9]+: / { inside = ($2 == line ":") }
    inside { print "    " $0 }
  ' "$2"
}

# Runs one flow; prints its result line and, if it failed, why.
run_flow() {
  local flow="$1" name state
  name="$(basename "$flow")"
  state="$(header state "$flow" | head -n 1)"
  if [[ -n $state ]]; then
    STATE_DIR="$WORK_DIR/state-$state"
    mkdir -p "$STATE_DIR"
  else
    STATE_DIR="$(mktemp -d "$WORK_DIR/state.XXXXXX")"
  fi
  export STATE_DIR FUN_STATE_DIR="$STATE_DIR"

  local output="$WORK_DIR/$name.out" errors="$WORK_DIR/$name.err" command
  : >"$errors"
  while IFS= read -r command; do
    if ! bash -c "$command" </dev/null >>"$errors" 2>&1; then
      echo "FAIL  $name: its '# before: $command' failed"
      sed 's/^/    /' "$errors"
      return 1
    fi
  done < <(header before "$flow")

  local words="" line
  while IFS= read -r line; do
    words+=" $line"
  done < <(header args "$flow")
  local arguments=()
  eval "arguments=($words)"

  local status=0
  "$FUN" --script "$flow" ${arguments[@]+"${arguments[@]}"} </dev/null >"$output" 2>>"$errors" || status=$?
  if ((status != 0)); then
    echo "FAIL  $name (exit $status)"
    sed 's/^/    /' "$errors"
    local failed_line
    while IFS= read -r failed_line; do
      echo "    the frame after line $failed_line:"
      frame_of_line "$failed_line" "$output"
    done < <(sed -n 's/^error: line \([0-9][0-9]*\):.*/\1/p' "$errors" | sort -un)
    return 1
  fi

  while IFS= read -r command; do
    if ! bash -c "$command" </dev/null >>"$errors" 2>&1; then
      echo "FAIL  $name: its '# after: $command' failed"
      sed 's/^/    /' "$errors"
      return 1
    fi
  done < <(header after "$flow")
  echo "ok    $name"
}

start_catalog_server
passed=0
failed=0
failures=()
for flow in "${FLOWS[@]}"; do
  if run_flow "$flow"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    failures+=("$(basename "$flow")")
  fi
done

echo "$passed passed, $failed failed"
if ((failed > 0)); then
  echo "failed: ${failures[*]}" >&2
  exit 1
fi
