<?php
/**
 * Installs one WordPress site in a folder that already holds a copy of the core template.
 * Run by site-host.sh with php-cli as the site's own user: `php install-site.php <site folder>`.
 * Reads its input as JSON on stdin so that passwords never show in `ps`:
 *   { url, title, adminUser, adminEmail, adminPassword,
 *     legal: { companyName, legalForm?, siret?, address?, email, phone?, host } }
 * Prints {"appPassword": "..."} on stdout; anything else WordPress prints goes to stderr.
 */

ini_set('display_errors', 'stderr');
ob_start();

$input = json_decode(stream_get_contents(STDIN), true);
require_fields($input, ['url', 'title', 'adminUser', 'adminEmail', 'adminPassword', 'legal']);
require_fields($input['legal'], ['companyName', 'email', 'host']);
$site_dir = rtrim($argv[1] ?? '', '/');
if ($site_dir === '' || !is_file("$site_dir/wp-settings.php")) {
	fwrite(STDERR, "install-site: usage: php install-site.php <site folder with the core>\n");
	exit(2);
}
$url = rtrim($input['url'], '/');
$url_parts = parse_url($url);
$locale = file_exists("$site_dir/wp-content/languages/fr_FR.mo") ? 'fr_FR' : '';

write_wp_config($site_dir, $url, $locale);
write_sqlite_dropin($site_dir);
if ($url_parts['scheme'] === 'http') {
	write_http_app_passwords_plugin($site_dir);
}

// WordPress expects a web request; describe the site's home page.
$_SERVER['HTTP_HOST'] = $url_parts['host'] . (isset($url_parts['port']) ? ":{$url_parts['port']}" : '');
$_SERVER['SERVER_NAME'] = $url_parts['host'];
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['HTTPS'] = $url_parts['scheme'] === 'https' ? 'on' : '';

define('WP_INSTALLING', true);
require "$site_dir/wp-load.php";

// The product sends the credentials itself; WordPress must not try to mail them.
function wp_new_blog_notification() {}

require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

// The installer runs in wp-admin, where the admin translations (default pages) are loaded too.
if ($locale !== '') {
	load_textdomain('default', WP_LANG_DIR . "/admin-$locale.mo", $locale);
}

// No HTTP during the install: WordPress would probe its own URL, which is not served yet.
add_filter('pre_http_request', fn() => new WP_Error('offline', 'No HTTP while installing'));

$installed = wp_install($input['title'], $input['adminUser'], $input['adminEmail'], true, '', $input['adminPassword'], $locale);
$user_id = $installed['user_id'];

global $wp_rewrite;
$wp_rewrite->set_permalink_structure('/%postname%/');
$wp_rewrite->flush_rules(false);

if (wp_get_theme('twentytwentyfive')->exists()) {
	switch_theme('twentytwentyfive');
}
activate_plugin('sqlite-database-integration/load.php');

// La Réunion's time and French dates ("24 novembre 2026", "14h05"), weeks start on Monday.
update_option('timezone_string', 'Indian/Reunion');
update_option('gmt_offset', '');
update_option('date_format', 'j F Y');
update_option('time_format', 'G\\hi');
update_option('start_of_week', 1);

wp_set_current_user($user_id);
$page_id = wp_insert_post([
	'post_type' => 'page',
	'post_status' => 'publish',
	'post_title' => 'Mentions légales',
	'post_name' => 'mentions-legales',
	'post_content' => legal_notice_content($input['legal'], $url),
], true);
if (is_wp_error($page_id)) {
	fwrite(STDERR, 'install-site: ' . $page_id->get_error_message() . "\n");
	exit(1);
}

[$app_password] = WP_Application_Passwords::create_new_application_password($user_id, ['name' => 'Koza']);

$noise = ob_get_clean();
if ($noise !== '') {
	fwrite(STDERR, $noise);
}
echo json_encode(['appPassword' => $app_password]), "\n";

function require_fields(mixed $object, array $keys): void {
	foreach ($keys as $key) {
		if (!is_array($object) || empty($object[$key])) {
			fwrite(STDERR, "install-site: missing input field $key\n");
			exit(2);
		}
	}
}

function write_wp_config(string $site_dir, string $url, string $locale): void {
	$lines = ["<?php", "// Written by install-site.php. The database is SQLite, through wp-content/db.php."];
	$constants = [
		'DB_NAME' => 'wordpress', 'DB_USER' => '', 'DB_PASSWORD' => '', 'DB_HOST' => '',
		'DB_CHARSET' => 'utf8mb4', 'DB_COLLATE' => '',
	];
	foreach (['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT'] as $salt) {
		$constants[$salt] = bin2hex(random_bytes(32));
	}
	$constants += [
		'WP_HOME' => $url,
		'WP_SITEURL' => $url,
		// Nothing may wait on the internet; updates come with a new core template.
		'WP_HTTP_BLOCK_EXTERNAL' => true,
		'AUTOMATIC_UPDATER_DISABLED' => true,
		// WordPress cannot reach its own URL to spawn cron; run wp-cron.php from the host instead.
		'DISABLE_WP_CRON' => true,
		// Core files belong to root and the rest to the site's user: WordPress would otherwise
		// ask for FTP credentials to install a plugin.
		'FS_METHOD' => 'direct',
		'WP_DEBUG' => false,
	];
	if ($locale !== '') {
		$constants['WPLANG'] = $locale;
	}
	foreach ($constants as $name => $value) {
		$lines[] = sprintf('define(%s, %s);', var_export($name, true), var_export($value, true));
	}
	$lines[] = "\$table_prefix = 'wp_';";
	$lines[] = "if (!defined('ABSPATH')) {\n\tdefine('ABSPATH', __DIR__ . '/');\n}";
	$lines[] = "require_once ABSPATH . 'wp-settings.php';";
	file_put_contents("$site_dir/wp-config.php", implode("\n", $lines) . "\n");
}

function write_sqlite_dropin(string $site_dir): void {
	$plugin = 'sqlite-database-integration';
	$dropin = strtr(file_get_contents("$site_dir/wp-content/plugins/$plugin/db.copy"), [
		// Relative to the drop-in, so the site folder can be moved.
		"'{SQLITE_IMPLEMENTATION_FOLDER_PATH}'" => "__DIR__ . '/plugins/$plugin'",
		'{SQLITE_PLUGIN}' => "$plugin/load.php",
	]);
	file_put_contents("$site_dir/wp-content/db.php", $dropin);
}

function write_http_app_passwords_plugin(string $site_dir): void {
	@mkdir("$site_dir/wp-content/mu-plugins", 0755, true);
	file_put_contents("$site_dir/wp-content/mu-plugins/application-passwords-http.php", <<<'PHP'
<?php
/**
 * Plugin Name: Mots de passe d’application sans HTTPS
 * Description: Autorise les mots de passe d’application sur ce site servi en HTTP (hébergement local).
 */
add_filter('wp_is_application_passwords_available', '__return_true');

PHP);
}

function legal_notice_content(array $legal, string $url): string {
	$company = esc_html($legal['companyName']);
	$publisher = ["Le site " . esc_html($url) . " est édité par <strong>$company</strong>"
		. (empty($legal['legalForm']) ? '' : ', ' . esc_html($legal['legalForm'])) . '.'];
	if (!empty($legal['siret'])) {
		$publisher[] = 'SIRET : ' . esc_html($legal['siret']);
	}
	if (!empty($legal['address'])) {
		$publisher[] = 'Adresse : ' . esc_html($legal['address']);
	}
	$email = esc_html($legal['email']);
	$publisher[] = "E-mail : <a href=\"mailto:$email\">$email</a>";
	if (!empty($legal['phone'])) {
		$publisher[] = 'Téléphone : ' . esc_html($legal['phone']);
	}
	$sections = [
		'Éditeur du site' => implode('<br>', $publisher),
		'Hébergement' => esc_html($legal['host']),
		'Propriété intellectuelle' => "L’ensemble des contenus de ce site (textes, images, logos) appartient à $company, sauf mention contraire. Toute reproduction sans autorisation écrite est interdite.",
		'Données personnelles' => "Les données que vous nous transmettez servent uniquement à répondre à vos demandes. Conformément au RGPD, vous pouvez y accéder, les rectifier ou en demander la suppression en écrivant à <a href=\"mailto:$email\">$email</a>.",
	];
	$blocks = '';
	foreach ($sections as $heading => $text) {
		$blocks .= "<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">$heading</h2>\n<!-- /wp:heading -->\n\n"
			. "<!-- wp:paragraph -->\n<p>$text</p>\n<!-- /wp:paragraph -->\n\n";
	}
	return $blocks;
}
