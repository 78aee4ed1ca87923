#!/bin/sh
# Starts Chromium as the unprivileged user `nobody` when the product runs as root: Chromium's
# sandbox (user namespaces + seccomp) refuses to run as root, and a page must never run as root
# even outside it (decision 0041). LAGON_CHROMIUM is the real browser, set by take-screenshot.ts.
exec setpriv --reuid=nobody --regid=nogroup --clear-groups --inh-caps=-all -- "${LAGON_CHROMIUM:-/usr/bin/chromium}" "$@"
