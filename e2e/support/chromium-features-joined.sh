#!/usr/bin/env bash
# Starts the journeys' Chromium ($PRESSROOM_CHROMIUM) with one --disable-features and one --enable-features.
# Chromium keeps only the last of each switch given, and Playwright passes its own list before the journeys'
# (browser.ts), so here both lists are joined into one and neither is lost.
set -euo pipefail
disabled=()
enabled=()
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) disabled+=("${arg#--disable-features=}") ;;
    --enable-features=*) enabled+=("${arg#--enable-features=}") ;;
    *) args+=("$arg") ;;
  esac
done
joined() {
  local IFS=,
  printf '%s' "$*"
}
if [ "${#disabled[@]}" -gt 0 ]; then args+=("--disable-features=$(joined "${disabled[@]}")"); fi
if [ "${#enabled[@]}" -gt 0 ]; then args+=("--enable-features=$(joined "${enabled[@]}")"); fi
exec "${PRESSROOM_CHROMIUM:?the Chromium to start}" "${args[@]}"
