#!/usr/bin/env bash
# Install Debian's Chromium for the browser tests (tests/browser), and poppler-utils (pdftoppm, pdfinfo)
# for the player aid's print check (tests/test_player_aid.py).
# Playwright's own `playwright install` downloads a browser build, which this
# network refuses; Debian's package is the one that works. Idempotent: does
# nothing when both are already there. Needs root (or sudo).
set -euo pipefail

if [[ -x /usr/bin/chromium && -x /usr/bin/pdftoppm ]]; then
    echo "chromium already installed: $(/usr/bin/chromium --version 2>/dev/null || echo '/usr/bin/chromium')"
    exit 0
fi

export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [[ "$(id -u)" -ne 0 ]]; then
    SUDO="sudo -E"
fi

$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends chromium fonts-dejavu-core poppler-utils
echo "installed: $(/usr/bin/chromium --version)"
