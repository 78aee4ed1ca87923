# shellcheck shell=bash
# state: prints the product's state of the host (mailboxes.json, as the last apply wrote it).

cmd_state() {
  if [ -f "$STATE_FILE" ]; then cat -- "$STATE_FILE"; else echo '{"domains":[],"mailboxes":{},"aliases":{}}'; fi
}

cmd_state
