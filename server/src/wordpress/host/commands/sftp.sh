# shellcheck shell=bash
# sftp SUB status|password|key-add|key-remove FINGERPRINT: opens the site's SFTP access (decision
# 0059) and prints its state; password reads the new password on stdin, key-add one public key line.

SFTP_KEY_RE='^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp256|ecdsa-sha2-nistp384|ecdsa-sha2-nistp521|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com) [A-Za-z0-9+/]+={0,3}( [A-Za-z0-9@._+-]{1,100})?$'

cmd_sftp() {
  local sub=$1 action=$2 arg=${3:-} user keys line password
  existing_site "$sub"
  sftp_settings
  user=$(site_user "$sub")
  keys="$SFTP_DIR/keys/$user"
  case "$action" in
  status) ;;
  password)
    password=$(head -c 1024)
    [[ ${#password} -ge 12 && $password != *$'\n'* ]] || fail "invalid password"
    locked sftp_open "$sub" "$user"
    accounts --input "$user:$password" chpasswd
    ;;
  key-add)
    line=$(head -c 16384 | head -n 1 | tr -d '\r')
    if [[ ! $line =~ $SFTP_KEY_RE ]] || ! sftp_key_info "$line" >/dev/null; then fail "invalid public key"; fi
    locked sftp_open "$sub" "$user"
    if [ ! -f "$keys" ] || ! grep -qxF -- "$line" "$keys"; then
      { [ ! -f "$keys" ] || cat "$keys"; printf '%s\n' "$line"; } >"$keys.part"
      sftp_install_keys "$keys" "$user"
    fi
    ;;
  key-remove)
    [[ $arg =~ ^SHA256:[A-Za-z0-9+/]{43}$ ]] || fail "invalid fingerprint"
    [ -f "$keys" ] || fail "no such key"
    : >"$keys.part"
    while IFS= read -r line; do
      if [ "$(sftp_key_info "$line" | awk '{ print $2 }')" != "$arg" ]; then printf '%s\n' "$line" >>"$keys.part"; fi
    done <"$keys"
    sftp_install_keys "$keys" "$user"
    ;;
  *) fail "invalid sftp action: $action" ;;
  esac
  sftp_status "$sub" "$user"
}

cmd_sftp "${1:?usage: sftp SUB ACTION}" "${2:?usage: sftp SUB ACTION}" "${3:-}"
