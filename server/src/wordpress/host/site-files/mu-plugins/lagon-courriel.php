<?php
/**
 * Plugin Name: Courriel du site
 * Description: Les e-mails du site (mot de passe oublié, formulaires) partent par l'hébergement e-mail de la plateforme, en SMTP authentifié, jamais par un programme. Formulaire de contact protégé contre le spam, sans service tiers.
 * Version: 5
 */

// The product writes the settings through PUT /wp-json/lagon/v1/courriel (the admin's application
// password): { smtp: {host, port, user, password, tls: {peer_name, cafile | null}} | null,
// contact: address, unavailable: French | null }.
const LAGON_COURRIEL_OPTION = 'lagon_courriel';
// A form sent sooner than this after the page was drawn is a robot's; a page older than this is stale.
const LAGON_CONTACT_MIN_SECONDS = 2;
const LAGON_CONTACT_MAX_SECONDS = 7200;
// Messages one visitor's address may send in an hour.
const LAGON_CONTACT_PER_HOUR = 5;

function lagon_courriel_settings(): array {
	$settings = get_option(LAGON_COURRIEL_OPTION);
	return is_array($settings) ? $settings : [];
}

// PHP cannot start programs here (mail() and sendmail are disabled): every message is submitted
// to the platform's mail host with the site's own login. Without one, an SMTP mailer without a
// host fails with PHPMailer's own exception, which wp_mail() turns into `false`.
add_action('phpmailer_init', function ($phpmailer) {
	$smtp = lagon_courriel_settings()['smtp'] ?? null;
	$phpmailer->isSMTP();
	if (!is_array($smtp)) {
		$phpmailer->Host = '';
		return;
	}
	$phpmailer->Host = (string) $smtp['host'];
	$phpmailer->Port = (int) $smtp['port'];
	$phpmailer->SMTPAuth = true;
	$phpmailer->Username = (string) $smtp['user'];
	$phpmailer->Password = (string) $smtp['password'];
	// The mail host takes logins only after STARTTLS; its certificate is checked for its name,
	// against its own certificate file when it made it itself (no public CA), else the system's.
	$tls = is_array($smtp['tls'] ?? null) ? $smtp['tls'] : [];
	$phpmailer->SMTPSecure = 'tls';
	$phpmailer->SMTPAutoTLS = false;
	$ssl = ['verify_peer' => true, 'verify_peer_name' => true];
	if (is_string($tls['peer_name'] ?? null)) {
		$ssl['peer_name'] = $tls['peer_name'];
	}
	if (is_string($tls['cafile'] ?? null)) {
		$ssl['cafile'] = $tls['cafile'];
	}
	$phpmailer->SMTPOptions = ['ssl' => $ssl];
	$phpmailer->Timeout = 15;
	// The mail host lets the site send as its own domain only: the envelope is the site's login, and
	// a From of another domain (a plugin's setting) becomes the Reply-To.
	$phpmailer->Sender = $phpmailer->Username;
	$domain = substr((string) strrchr($phpmailer->Username, '@'), 1);
	$from_domain = substr((string) strrchr((string) $phpmailer->From, '@'), 1);
	if (strcasecmp($from_domain, $domain) !== 0) {
		if (is_email($phpmailer->From)) {
			$phpmailer->addReplyTo($phpmailer->From, $phpmailer->FromName);
		}
		$phpmailer->From = $phpmailer->Username;
	}
}, PHP_INT_MAX);

add_action('rest_api_init', function () {
	register_rest_route('lagon/v1', '/courriel', [
		'methods' => 'PUT',
		'permission_callback' => function () {
			return current_user_can('manage_options');
		},
		'callback' => 'lagon_courriel_save',
	]);
});

function lagon_courriel_save(WP_REST_Request $request) {
	return lagon_courriel_store($request->get_json_params());
}

/**
 * Checks and keeps the settings (the REST route's body, or install-site.php's input for a new
 * site: the same checks either way); a WP_Error with a 400 status when they are not valid.
 */
function lagon_courriel_store($body) {
	$contact = is_array($body) ? ($body['contact'] ?? '') : '';
	$smtp = is_array($body) ? ($body['smtp'] ?? null) : null;
	$unavailable = is_array($body) && is_string($body['unavailable'] ?? null) ? $body['unavailable'] : null;
	if (!is_string($contact) || !is_email($contact)) {
		return new WP_Error('lagon_courriel', 'Adresse de contact invalide.', ['status' => 400]);
	}
	$tls = is_array($smtp) ? ($smtp['tls'] ?? null) : null;
	if ($smtp !== null && (!is_array($smtp) || !is_string($smtp['host'] ?? null) || !is_int($smtp['port'] ?? null)
		|| !is_email($smtp['user'] ?? '') || !is_string($smtp['password'] ?? null)
		|| !is_array($tls) || !is_string($tls['peer_name'] ?? null)
		|| !(is_string($tls['cafile'] ?? null) || ($tls['cafile'] ?? null) === null))) {
		return new WP_Error('lagon_courriel', 'Réglages SMTP invalides.', ['status' => 400]);
	}
	update_option(LAGON_COURRIEL_OPTION, [
		'smtp' => $smtp === null ? null : [
			'host' => $smtp['host'],
			'port' => $smtp['port'],
			'user' => $smtp['user'],
			'password' => $smtp['password'],
			'tls' => ['peer_name' => $tls['peer_name'], 'cafile' => $tls['cafile'] ?? null],
		],
		'contact' => $contact,
		'unavailable' => $unavailable,
	], true);
	return ['contact' => $contact, 'sending' => $smtp !== null];
}

// --- The contact form: [lagon_formulaire_contact], or [lagon_formulaire_contact voix="je"] on the --
// site of someone working alone (Koza writes it so, decision 0085): its words say "je", not "nous".

function lagon_contact_token(int $time): string {
	return $time . '.' . hash_hmac('sha256', "lagon-contact|$time", wp_salt('nonce'));
}

/** Seconds since the form was drawn, or null when the token is not one this site signed. */
function lagon_contact_token_age(string $token): ?int {
	$time = (int) strtok($token, '.');
	if ($time <= 0 || !hash_equals(lagon_contact_token($time), $token)) {
		return null;
	}
	return time() - $time;
}

/** What the last submission of this request gave: ['status', 'message', 'fields']. */
$GLOBALS['lagon_contact_result'] = null;

add_action('template_redirect', function () {
	if (($_SERVER['REQUEST_METHOD'] ?? '') !== 'POST' || !isset($_POST['lagon_contact'])) {
		return;
	}
	$field = function (string $name, int $max): string {
		$value = isset($_POST[$name]) && is_string($_POST[$name]) ? wp_unslash($_POST[$name]) : '';
		return mb_substr(trim($value), 0, $max);
	};
	$fields = [
		'nom' => sanitize_text_field($field('nom', 100)),
		'courriel' => sanitize_email($field('courriel', 254)),
		'message' => sanitize_textarea_field($field('message', 5000)),
	];
	$result = lagon_contact_submit($fields, $field('site_web', 200), $field('lagon_jeton', 200));
	if ($result['status'] === 200) {
		wp_safe_redirect(add_query_arg('contact', 'merci', get_permalink()) . '#lagon-contact', 303);
		exit;
	}
	status_header($result['status']);
	$GLOBALS['lagon_contact_result'] = $result + ['fields' => $fields];
});

/** Checks a submission (robots first, then the visitor's pace, then the fields) and sends it. */
function lagon_contact_submit(array $fields, string $trap, string $token): array {
	$settings = lagon_courriel_settings();
	if (empty($settings['smtp']) || empty($settings['contact'])) {
		return ['status' => 503, 'message' => lagon_contact_unavailable($settings)];
	}
	$age = lagon_contact_token_age($token);
	if ($trap !== '' || $age === null || $age > LAGON_CONTACT_MAX_SECONDS) {
		return ['status' => 400, 'message' => "Votre message n'a pas pu être envoyé : rechargez la page, puis écrivez-le de nouveau."];
	}
	if ($age < LAGON_CONTACT_MIN_SECONDS) {
		return ['status' => 400, 'message' => 'Votre message est parti trop vite : patientez quelques secondes, puis envoyez-le de nouveau.'];
	}
	if ($fields['nom'] === '') {
		return ['status' => 400, 'message' => 'Indiquez votre nom.'];
	}
	if (!is_email($fields['courriel'])) {
		return ['status' => 400, 'message' => 'Indiquez une adresse e-mail valide : la réponse vous sera envoyée à cette adresse.'];
	}
	if (mb_strlen($fields['message']) < 10) {
		return ['status' => 400, 'message' => 'Écrivez votre message (au moins 10 caractères).'];
	}
	$key = 'lagon_contact_' . substr(hash('sha256', (string) ($_SERVER['REMOTE_ADDR'] ?? '')), 0, 32);
	$sent = (int) get_transient($key);
	if ($sent >= LAGON_CONTACT_PER_HOUR) {
		return ['status' => 429, 'message' => 'Vous avez déjà envoyé plusieurs messages : réessayez dans une heure.'];
	}
	set_transient($key, $sent + 1, HOUR_IN_SECONDS);
	$site = wp_specialchars_decode(get_bloginfo('name'), ENT_QUOTES);
	$body = "Message envoyé depuis le formulaire de contact de " . home_url('/') . "\n\n"
		. "Nom : {$fields['nom']}\nE-mail : {$fields['courriel']}\n\n{$fields['message']}\n\n"
		. "Répondez directement à ce message pour écrire à {$fields['nom']}.\n";
	$reply = 'Reply-To: ' . str_replace(["\r", "\n", '"'], '', $fields['nom']) . " <{$fields['courriel']}>";
	if (!wp_mail($settings['contact'], "[$site] Message de {$fields['nom']}", $body, [$reply])) {
		return ['status' => 503, 'message' => "Votre message n'a pas pu être envoyé pour le moment : réessayez dans quelques minutes."];
	}
	return ['status' => 200, 'message' => ''];
}

function lagon_contact_unavailable(array $settings): string {
	$reason = is_string($settings['unavailable'] ?? null) ? ' ' . $settings['unavailable'] : '';
	return "Le formulaire de contact n'est pas disponible pour le moment." . $reason;
}

add_shortcode('lagon_formulaire_contact', function ($atts) {
	$alone = is_array($atts) && ($atts['voix'] ?? '') === 'je';
	$settings = lagon_courriel_settings();
	$result = $GLOBALS['lagon_contact_result'];
	$fields = $result['fields'] ?? ['nom' => '', 'courriel' => '', 'message' => ''];
	$out = '<div id="lagon-contact" class="lagon-contact">';
	if (empty($settings['smtp']) || empty($settings['contact'])) {
		return $out . '<p role="status">' . esc_html(lagon_contact_unavailable($settings)) . '</p></div>';
	}
	if (($_GET['contact'] ?? '') === 'merci') {
		$out .= '<p role="status" class="lagon-contact-merci">Merci, votre message a bien été envoyé. '
			. ($alone ? 'Je vous répondrai rapidement.' : 'Nous vous répondrons rapidement.') . '</p>';
	} elseif ($result) {
		$out .= '<p role="alert" class="lagon-contact-erreur">' . esc_html($result['message']) . '</p>';
	}
	$out .= '<form method="post" action="#lagon-contact">'
		. '<p><label for="lagon-nom">Votre nom</label><br><input id="lagon-nom" name="nom" required maxlength="100" autocomplete="name" value="' . esc_attr($fields['nom']) . '"></p>'
		. '<p><label for="lagon-courriel">Votre e-mail</label><br><input id="lagon-courriel" name="courriel" type="email" required maxlength="254" autocomplete="email" value="' . esc_attr($fields['courriel']) . '"></p>'
		. '<p><label for="lagon-message">Votre message</label><br><textarea id="lagon-message" name="message" required minlength="10" maxlength="5000" rows="6">' . esc_textarea($fields['message']) . '</textarea></p>'
		// A field people do not see: robots that fill every field give themselves away.
		. '<p class="lagon-contact-piege" aria-hidden="true"><label for="lagon-site-web">Ne remplissez pas ce champ</label><input id="lagon-site-web" name="site_web" tabindex="-1" autocomplete="off"></p>'
		. '<input type="hidden" name="lagon_contact" value="1"><input type="hidden" name="lagon_jeton" value="' . esc_attr(lagon_contact_token(time())) . '">'
		// The theme's button: the classes of a Buttons block's link, so it takes the theme's colours
		// and shape (rounded in Twenty Twenty-Five) like every other button of the site.
		. '<p><button type="submit" class="wp-block-button__link wp-element-button">Envoyer</button></p>'
		. '<p class="lagon-contact-note"><small>Vos coordonnées servent uniquement à vous répondre.</small></p>'
		. '</form><style>.lagon-contact-piege{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}'
		// Padding inside the width: a full-width field never overflows its column on a phone.
		. '.lagon-contact input,.lagon-contact textarea{box-sizing:border-box;width:100%;max-width:36rem;padding:.5rem;font:inherit}'
		// The Buttons block's own shape, for a page without one (its styles load only where it is):
		// without specificity, so the theme's or the owner's button styles still win.
		. ':where(.lagon-contact .wp-block-button__link){border:0;border-radius:9999px;cursor:pointer}</style></div>';
	return $out;
});
