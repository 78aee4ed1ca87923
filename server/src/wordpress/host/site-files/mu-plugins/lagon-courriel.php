<?php
/**
 * Plugin Name: Courriel sans programme
 * Description: PHP ne peut lancer aucun programme sur cet hébergement (mail() et sendmail sont désactivés) : sans relais SMTP, wp_mail() échoue proprement.
 */

// Without an SMTP relay set up by a plugin, PHPMailer would call mail(), which does not exist
// here: a fatal error. An SMTP mailer without a host fails with PHPMailer's own exception, which
// wp_mail() turns into `false` (WordPress then shows its own, translated, error).
add_action('phpmailer_init', function ($phpmailer) {
	if ($phpmailer->Mailer !== 'smtp') {
		$phpmailer->isSMTP();
		$phpmailer->Host = '';
	}
}, PHP_INT_MAX);
