#!/usr/bin/env bash
# Install Debian's Chromium headless shell for the browser tests (tests/browser), its full Chromium for
# the benchmarks (a visitor's browser) and for printing the worksheet and the player aid, poppler-utils
# (pdftoppm, pdftotext, pdfinfo) for the player aid's print checks (tests/test_player_aid.py), and the fonts the pages in the
# rulebooks' languages are printed in: Noto Sans CJK JP (fonts-noto-cjk) for Japanese and Noto Sans
# Arabic UI (fonts-noto-ui-core) for Persian; DejaVu Sans writes English and Russian. (Not fonts-noto-core:
# its Latin Noto Sans would become fontconfig's sans-serif in DejaVu Sans's place, in every page drawn.)
# Playwright's own `playwright install` downloads a browser build, which this
# network refuses; Debian's package is the one that works. Idempotent: does
# nothing when all are already there. Needs root (or sudo).
set -euo pipefail

has_font() { command -v fc-list >/dev/null && [[ -n "$(fc-list ":family=$1" family)" ]]; }

if [[ -x /usr/bin/chromium && -x /usr/bin/chromium-headless-shell && -x /usr/bin/pdftoppm && -x /usr/bin/pdftotext ]] \
    && has_font "Noto Sans CJK JP" && has_font "Noto Sans Arabic UI"; then
    echo "chromium already installed: $(/usr/bin/chromium --version 2>/dev/null || echo '/usr/bin/chromium')" \
        "and its headless shell"
    exit 0
fi

export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [[ "$(id -u)" -ne 0 ]]; then
    SUDO="sudo -E"
fi

$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends chromium chromium-headless-shell fonts-dejavu-core poppler-utils \
    fonts-noto-cjk fonts-noto-ui-core
echo "installed: $(/usr/bin/chromium --version) and $(/usr/bin/chromium-headless-shell --version)"
