<?php
// Written by the product (server/src/mail-host/webmail-config.ts).
$config = [];
$config['db_dsnw'] = 'sqlite:///@WEBMAIL_ROOT@/db/roundcube.sqlite?mode=0600';
$config['imap_host'] = 'tls://127.0.0.1:@IMAP_PORT@';
$config['smtp_host'] = 'tls://127.0.0.1:@SUBMISSION_PORT@';
$config['imap_conn_options'] = ['ssl' => ['verify_peer' => true, 'verify_peer_name' => true, 'peer_name' => '@HOSTNAME@', 'cafile' => '@TLS_CA@']];
$config['smtp_conn_options'] = ['ssl' => ['verify_peer' => true, 'verify_peer_name' => true, 'peer_name' => '@HOSTNAME@', 'cafile' => '@TLS_CA@']];
$config['smtp_user'] = '%u';
$config['smtp_pass'] = '%p';
$config['imap_auth_type'] = 'PLAIN';
$config['smtp_auth_type'] = 'PLAIN';
$config['des_key'] = '@WEBMAIL_DES_KEY@';
$config['language'] = 'fr_FR';
$config['timezone'] = 'Indian/Reunion';
$config['date_format'] = 'd/m/Y';
$config['date_long'] = 'd/m/Y H:i';
$config['product_name'] = 'Webmail';
$config['skin'] = 'elastic';
// "Ce courriel est indésirable" (Debian's roundcube-plugins): moves the message to Junk over IMAP,
// where Dovecot makes rspamd learn it for this mailbox, as any other move (decision 0092).
$config['plugins'] = ['markasjunk'];
$config['junk_mbox'] = 'Junk';
$config['markasjunk_learning_driver'] = null;
$config['log_dir'] = '@WEBMAIL_ROOT@/log';
$config['temp_dir'] = '@WEBMAIL_ROOT@/temp';
$config['enable_installer'] = false;
$config['enable_spellcheck'] = false;
$config['support_url'] = '';
$config['ip_check'] = true;
$config['session_lifetime'] = 30;
$config['login_autocomplete'] = 0;
// The address is the login: no guessing of a domain, no identity to edit but one's own.
$config['username_domain_forced'] = false;
$config['identities_level'] = 3;
$config['max_message_size'] = '25M';
