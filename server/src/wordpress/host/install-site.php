<?php
/**
 * Installs one WordPress site in a folder that already holds a copy of the core template.
 * Run by site-host.sh with php-cli as the site's own user, once (decision 0111):
 *   `php install-site.php install <site folder>` draws the site's wp-config.php constants (its
 *   salts), loads WordPress with them, makes the host's database template, which the helper
 *   copied into wp-content/database, this site's (decision 0106): its URL, title, admin (login,
 *   e-mail, a password hash of its own), dates; then the template's pages, menus, header and
 *   footer get this site's content, and its settings are kept. It prints the
 *   wp-config.php it ran with, then its JSON result on the last line: the helper writes that file
 *   itself once the run is over (the site's folder and wp-config.php are root's: the site cannot
 *   swap them). `php install-site.php config <site folder>` prints a wp-config.php alone (the
 *   template's build).
 * `php install-site.php template <folder>` (the helper, as the template's own user, once per
 * host and version) installs WordPress with placeholders, its pages, menus, header and footer
 * included: the database every site starts from.
 * Nothing in it is secret or random (the salts are constants of each wp-config.php).
 * Reads its input as JSON on stdin so that passwords never show in `ps`:
 *   { url, title, adminUser, adminEmail, adminPassword,
 *     legal: { companyName, legalForm?, siret?, address?, email, phone?, host },
 *     mail?: the mail settings of the mu-plugin lagon-courriel.php (its REST route's body),
 *     bookingPage?: the content of a "Réservation" page (Business) }
 * The site is clean and French: no sample post, page or comment, a home page saying the site is
 * being prepared, a contact page and the legal notice, linked from its own header and footer;
 * with `bookingPage`, a "Réservation" page linked from the header too. Given here rather than
 * through the site's REST API once it serves (decision 0103): one PHP run instead of six
 * requests, each of which boots WordPress again.
 * `install` prints the site's wp-config.php, then {"appPassword": "..."} as its last line, on
 * stdout; anything else WordPress prints goes to stderr.
 */

ini_set('display_errors', 'stderr');
ob_start();

$input = json_decode(stream_get_contents(STDIN), true);
require_fields($input, ['url', 'title', 'adminUser', 'adminEmail', 'adminPassword', 'legal']);
require_fields($input['legal'], ['companyName', 'email', 'host']);
$mode = $argv[1] ?? '';
$site_dir = rtrim($argv[2] ?? '', '/');
if (!in_array($mode, ['config', 'install', 'template'], true) || $site_dir === '' || !is_file("$site_dir/wp-settings.php")) {
	fwrite(STDERR, "install-site: usage: php install-site.php config|install|template <site folder with the core>\n");
	exit(2);
}
$url = rtrim($input['url'], '/');
$url_parts = parse_url($url);
$locale = file_exists("$site_dir/wp-content/languages/fr_FR.mo") ? 'fr_FR' : '';

if ($mode === 'config') {
	ob_end_clean();
	echo wp_config(config_constants($url, $locale));
	exit(0);
}
if ($mode === 'install') {
	// The constants this run loads WordPress with are the ones the helper writes afterwards: one
	// PHP run and one WordPress load per install, not a second run for the salts (decision 0111).
	if (file_exists("$site_dir/wp-config.php")) {
		fwrite(STDERR, "install-site: $site_dir/wp-config.php is there already (install writes its own)\n");
		exit(2);
	}
	$config = config_constants($url, $locale);
} elseif (!is_file("$site_dir/wp-config.php")) {
	fwrite(STDERR, "install-site: no wp-config.php in $site_dir\n");
	exit(2);
}
write_sqlite_dropin($site_dir);
$database = "$site_dir/wp-content/database/.ht.sqlite";
if ($mode === 'install' && !is_file($database)) {
	fwrite(STDERR, "install-site: no database template in $database\n");
	exit(2);
}
if ($mode === 'template' && file_exists($database)) {
	fwrite(STDERR, "install-site: $database is there already\n");
	exit(2);
}
if ($url_parts['scheme'] === 'http') {
	write_http_app_passwords_plugin($site_dir);
}

// WordPress expects a web request; describe the site's home page.
$_SERVER['HTTP_HOST'] = $url_parts['host'] . (isset($url_parts['port']) ? ":{$url_parts['port']}" : '');
$_SERVER['SERVER_NAME'] = $url_parts['host'];
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['HTTPS'] = $url_parts['scheme'] === 'https' ? 'on' : '';

define('WP_INSTALLING', true);
if ($mode === 'install') {
	// What wp-load.php, then the wp-config.php printed below, do; in the global scope, as they.
	define('ABSPATH', "$site_dir/");
	error_reporting(E_CORE_ERROR | E_CORE_WARNING | E_COMPILE_ERROR | E_ERROR | E_WARNING | E_PARSE | E_USER_ERROR | E_USER_WARNING | E_RECOVERABLE_ERROR);
	foreach ($config as $name => $value) {
		define($name, $value);
	}
	$table_prefix = 'wp_';
	require_once ABSPATH . 'wp-settings.php';
} else {
	require "$site_dir/wp-load.php";
}

// The product sends the credentials itself; WordPress must not try to mail them.
function wp_new_blog_notification() {}

// No HTTP during the install: WordPress would probe its own URL, which is not served yet.
add_filter('pre_http_request', fn() => new WP_Error('offline', 'No HTTP while installing'));

if ($mode === 'template') {
	// wp_install and activate_plugin are wp-admin's, with some forty files more to compile: only
	// the template's making needs them; a site's install calls nothing of them (decision 0111).
	require_once ABSPATH . 'wp-admin/includes/upgrade.php';
	require_once ABSPATH . 'wp-admin/includes/plugin.php';
	install_template($input, $locale);
	fwrite(STDERR, ob_get_clean());
	exit(0);
}
// The template's database, never wp_install again: the SQLite integration's creates the
// tables unconditionally and fails on a database that has them.
$user_id = make_template_this_site($input);

wp_set_current_user($user_id);
$legal = $input['legal'];
// The pages, menus, header and footer are the template's (decision 0111): their content, dates
// and addresses are written again for this site, nothing of the template's stays.
$made = template_site_content();
$pages = $made['pages'];
rewrite_post($pages['home'], home_page_content($input['title']));
rewrite_post($pages['contact'], contact_page_content($legal));
rewrite_post($pages['legal'], legal_notice_content($legal, $url));
// Checked and kept by the mu-plugin, as its REST route would (a refusal fails the install).
if (isset($input['mail'])) {
	$kept = function_exists('lagon_courriel_store') ? lagon_courriel_store($input['mail'])
		: new WP_Error('lagon_courriel', 'no mu-plugin lagon-courriel.php');
	if (is_wp_error($kept)) {
		fwrite(STDERR, 'install-site: mail settings refused: ' . $kept->get_error_message() . "\n");
		exit(1);
	}
}
$menu_pages = [$pages['home'], $pages['contact']];
if (is_string($input['bookingPage'] ?? null) && $input['bookingPage'] !== '') {
	// The slug and title the product looks the page up by (booking/booking-site-page.ts).
	$menu_pages[] = insert_page('Réservation', 'reservation', $input['bookingPage']);
}
if (isset($made['header'])) {
	rewrite_post($made['menu'], navigation_content($menu_pages));
	rewrite_post($made['footerMenu'], navigation_content(array_values($pages)));
	rewrite_post($made['header'], header_part($made['menu']));
	rewrite_post($made['footer'], footer_part($made['footerMenu'], $legal));
}

[$app_password] = WP_Application_Passwords::create_new_application_password($user_id, ['name' => 'Koza']);
// Rebuilt from its rows: what the template held and this install overwrote (its placeholders,
// its admin's password hash, its transients) stays nowhere in the file's free space.
$wpdb->get_driver()->get_connection()->get_pdo()->exec('VACUUM');

$noise = ob_get_clean();
if ($noise !== '') {
	fwrite(STDERR, $noise);
}
echo wp_config($config), json_encode(['appPassword' => $app_password]), "\n";

/** Everything of an install that is the same for every site of the host (decision 0106). */
function install_template(array $input, string $locale): void {
	// The installer runs in wp-admin, where the admin translations (default pages) are loaded too.
	if ($locale !== '') {
		load_textdomain('default', WP_LANG_DIR . "/admin-$locale.mo", $locale);
	}
	$installed = wp_install($input['title'], $input['adminUser'], $input['adminEmail'], true, '', $input['adminPassword'], $locale);

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

	wp_set_current_user($installed['user_id']);
	remove_demo_content();
	// The site's pages, menus, header and footer, with the placeholders' content: every install
	// rewrites them for its site (decision 0111).
	$legal = $input['legal'];
	$pages = [
		'home' => insert_page('Accueil', 'accueil', home_page_content($input['title']), 'page-no-title'),
		'contact' => insert_page('Contact', 'contact', contact_page_content($legal)),
		'legal' => insert_page('Mentions légales', 'mentions-legales', legal_notice_content($legal, home_url())),
	];
	update_option('show_on_front', 'page');
	update_option('page_on_front', $pages['home']);
	update_option('blogdescription', '');
	if (wp_is_block_theme()) {
		$menu = insert_navigation('Menu principal', [$pages['home'], $pages['contact']]);
		$footer_menu = insert_navigation('Pied de page', array_values($pages));
		insert_template_part('header', 'En-tête', header_part($menu));
		insert_template_part('footer', 'Pied de page', footer_part($footer_menu, $legal));
	}
	// Rebuilt from its rows: nothing deleted or overwritten (the sample content, the first values
	// of siteurl and home) stays in the free space every copy would carry.
	global $wpdb;
	$wpdb->get_driver()->get_connection()->get_pdo()->exec('VACUUM');
}

/**
 * The copied template becomes this site's: what wp_install sets from its arguments and the
 * request (URL, title, e-mail, the admin's login, names and URL), the dates it took, a password
 * hash of this site's own; no transient of the template's stays. Returns the admin's id.
 */
function make_template_this_site(array $input): int {
	global $wpdb;
	$admins = get_users(['role' => 'administrator', 'fields' => 'ID']);
	if (count($admins) !== 1) {
		fwrite(STDERR, "install-site: the database template has not one administrator\n");
		exit(1);
	}
	$user_id = (int) $admins[0];
	$url = wp_guess_url();
	$login = sanitize_user(trim($input['adminUser']), true);
	$nicename = sanitize_title(mb_substr($login, 0, 50));
	if ($login === '' || $nicename === '') {
		fwrite(STDERR, "install-site: invalid admin login\n");
		exit(1);
	}
	foreach ($wpdb->get_col("SELECT option_name FROM $wpdb->options WHERE option_name LIKE '%transient%'") as $name) {
		if (str_starts_with($name, '_transient_') || str_starts_with($name, '_site_transient_')) {
			$wpdb->delete($wpdb->options, ['option_name' => $name]);
		}
	}
	wp_cache_flush();
	// Written as is: wp-config.php's WP_SITEURL and WP_HOME make get_option() answer the new
	// value already, so update_option() would see nothing to change.
	foreach (['siteurl', 'home'] as $name) {
		$wpdb->update($wpdb->options, ['option_value' => $url], ['option_name' => $name]);
	}
	update_option('blogname', $input['title']);
	update_option('admin_email', $input['adminEmail']);
	update_option('admin_email_lifespan', time() + 6 * MONTH_IN_SECONDS);
	$wpdb->update($wpdb->users, [
		'user_login' => $login,
		'user_nicename' => $nicename,
		'user_email' => $input['adminEmail'],
		'user_url' => $url,
		'user_registered' => gmdate('Y-m-d H:i:s'),
		'display_name' => $login,
		'user_activation_key' => '',
	], ['ID' => $user_id]);
	update_user_meta($user_id, 'nickname', $login);
	wp_set_password($input['adminPassword'], $user_id);
	clean_user_cache($user_id);
	return $user_id;
}

function require_fields(mixed $object, array $keys): void {
	foreach ($keys as $key) {
		if (!is_array($object) || empty($object[$key])) {
			fwrite(STDERR, "install-site: missing input field $key\n");
			exit(2);
		}
	}
}

/** The constants of a site's wp-config.php, its salts drawn here. */
function config_constants(string $url, string $locale): array {
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
	return $constants;
}

function wp_config(array $constants): string {
	$lines = ["<?php", "// Written by install-site.php. The database is SQLite, through wp-content/db.php."];
	foreach ($constants as $name => $value) {
		$lines[] = sprintf('define(%s, %s);', var_export($name, true), var_export($value, true));
	}
	$lines[] = "\$table_prefix = 'wp_';";
	$lines[] = "if (!defined('ABSPATH')) {\n\tdefine('ABSPATH', __DIR__ . '/');\n}";
	$lines[] = "require_once ABSPATH . 'wp-settings.php';";
	return implode("\n", $lines) . "\n";
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

/** WordPress's sample post, page, comment and privacy policy draft: nothing of it stays. */
function remove_demo_content(): void {
	foreach (get_posts(['post_type' => ['post', 'page'], 'post_status' => 'any', 'numberposts' => -1]) as $post) {
		wp_delete_post($post->ID, true);
	}
	foreach (get_comments(['status' => 'all']) as $comment) {
		wp_delete_comment($comment, true);
	}
	update_option('wp_page_for_privacy_policy', 0);
}

function insert_page(string $title, string $slug, string $content, string $template = ''): int {
	$id = insert_or_fail([
		'post_type' => 'page',
		'post_status' => 'publish',
		'post_title' => $title,
		'post_name' => $slug,
		'post_content' => $content,
	]);
	// Set as is: wp_insert_post() checks templates against a theme list not built in php-cli.
	if ($template !== '') {
		update_post_meta($id, '_wp_page_template', $template);
	}
	return $id;
}

function insert_or_fail(array $post): int {
	$id = wp_insert_post($post, true);
	if (is_wp_error($id)) {
		fwrite(STDERR, 'install-site: ' . $id->get_error_message() . "\n");
		exit(1);
	}
	return $id;
}

function block(string $name, array $attrs = [], string $html = ''): string {
	return serialize_block(['blockName' => $name, 'attrs' => $attrs, 'innerBlocks' => [], 'innerHTML' => $html, 'innerContent' => $html === '' ? [] : [$html]]);
}

function paragraph(string $html): string {
	return block('core/paragraph', [], "<p>$html</p>") . "\n\n";
}

/**
 * The home page of a site nobody has filled yet. The product keeps such a site out of the public
 * directory until this page changes (its class names it: lagon-en-preparation).
 */
function home_page_content(string $title): string {
	$name = esc_html($title);
	return '<!-- wp:group {"className":"lagon-en-preparation","layout":{"type":"constrained"}} -->' . "\n"
		. '<div class="wp-block-group lagon-en-preparation">'
		. block('core/heading', ['level' => 1], "<h1 class=\"wp-block-heading\">$name</h1>") . "\n\n"
		. paragraph("Notre site est en cours de préparation : il sera bientôt en ligne avec toutes nos informations.")
		. paragraph('En attendant, retrouvez nos coordonnées sur la page <a href="' . esc_url(home_url('/contact/')) . '">Contact</a>.')
		. "</div>\n<!-- /wp:group -->";
}

function contact_page_content(array $legal): string {
	$lines = ['<strong>' . esc_html($legal['companyName']) . '</strong>'];
	if (!empty($legal['address'])) {
		$lines[] = 'Adresse : ' . esc_html($legal['address']);
	}
	if (!empty($legal['phone'])) {
		$tel = preg_replace('/[^\d+]/', '', $legal['phone']);
		$lines[] = 'Téléphone : <a href="tel:' . esc_attr($tel) . '">' . esc_html($legal['phone']) . '</a>';
	}
	$email = esc_html($legal['email']);
	$lines[] = "E-mail : <a href=\"mailto:$email\">$email</a>";
	return paragraph('Pour toute question ou demande de devis, contactez-nous :') . paragraph(implode('<br>', $lines))
		// The contact form of the product's mu-plugin (lagon-courriel.php).
		. "<!-- wp:shortcode -->\n[lagon_formulaire_contact]\n<!-- /wp:shortcode -->";
}

/** A menu of pages, by id: a page whose slug changes keeps its link. */
function insert_navigation(string $title, array $page_ids): int {
	return insert_or_fail(['post_type' => 'wp_navigation', 'post_status' => 'publish', 'post_title' => $title, 'post_content' => navigation_content($page_ids)]);
}

function navigation_content(array $page_ids): string {
	$links = '';
	foreach ($page_ids as $id) {
		$links .= block('core/navigation-link', [
			'label' => get_the_title($id), 'type' => 'page', 'id' => $id, 'url' => get_permalink($id), 'kind' => 'post-type',
		]) . "\n";
	}
	return $links;
}

/**
 * The template's pages, menus, header and footer (install_template), by id: each must be there
 * once, published, as the template made it.
 */
function template_site_content(): array {
	global $wpdb;
	$rows = $wpdb->get_results("SELECT ID, post_type, post_name, post_title FROM $wpdb->posts WHERE post_status = 'publish' AND post_type IN ('page', 'wp_navigation', 'wp_template_part')", ARRAY_A);
	$wanted = [
		'home' => ['page', 'accueil'], 'contact' => ['page', 'contact'], 'legal' => ['page', 'mentions-legales'],
		'menu' => ['wp_navigation', 'Menu principal'], 'footerMenu' => ['wp_navigation', 'Pied de page'],
		'header' => ['wp_template_part', 'header'], 'footer' => ['wp_template_part', 'footer'],
	];
	$found = [];
	foreach ($wanted as $key => [$type, $name]) {
		$ids = [];
		foreach ($rows as $row) {
			if ($row['post_type'] === $type && ($type === 'wp_navigation' ? $row['post_title'] : $row['post_name']) === $name) {
				$ids[] = (int) $row['ID'];
			}
		}
		$optional = $type !== 'page' && !wp_is_block_theme();
		if (count($ids) !== 1 && !($optional && $ids === [])) {
			fwrite(STDERR, "install-site: the database template has not one $type $name\n");
			exit(1);
		}
		if ($ids !== []) {
			$found[$key] = $ids[0];
		}
	}
	return ['pages' => ['home' => $found['home'], 'contact' => $found['contact'], 'legal' => $found['legal']]]
		+ array_diff_key($found, ['home' => 0, 'contact' => 0, 'legal' => 0]);
}

/**
 * A post of the template made this site's: its content, its dates (now, as an insert's) and its
 * guid (as wp_insert_post sets it, from this site's address). One query, no insert's hooks.
 */
function rewrite_post(int $id, string $content): void {
	global $wpdb;
	$now = current_time('mysql');
	$now_gmt = current_time('mysql', true);
	clean_post_cache($id);
	$wpdb->update($wpdb->posts, [
		'post_content' => $content,
		'post_date' => $now, 'post_date_gmt' => $now_gmt,
		'post_modified' => $now, 'post_modified_gmt' => $now_gmt,
		'guid' => get_permalink($id),
	], ['ID' => $id]);
	clean_post_cache($id);
}

/** Replaces the theme's header or footer (whose sample links go nowhere) for this site. */
function insert_template_part(string $slug, string $title, string $content): void {
	$id = insert_or_fail([
		'post_type' => 'wp_template_part',
		'post_status' => 'publish',
		'post_name' => $slug,
		'post_title' => $title,
		'post_content' => $content,
	]);
	wp_set_object_terms($id, get_stylesheet(), 'wp_theme');
	wp_set_object_terms($id, $slug, 'wp_template_part_area');
}

function header_part(int $menu): string {
	$nav = block('core/navigation', ['ref' => $menu, 'overlayBackgroundColor' => 'base', 'overlayTextColor' => 'contrast', 'layout' => ['type' => 'flex', 'justifyContent' => 'right', 'flexWrap' => 'wrap']]);
	return '<!-- wp:group {"align":"full","layout":{"type":"constrained"}} -->
<div class="wp-block-group alignfull"><!-- wp:group {"align":"wide","style":{"spacing":{"padding":{"top":"var:preset|spacing|30","bottom":"var:preset|spacing|30"}}},"layout":{"type":"flex","flexWrap":"nowrap","justifyContent":"space-between"}} -->
<div class="wp-block-group alignwide" style="padding-top:var(--wp--preset--spacing--30);padding-bottom:var(--wp--preset--spacing--30)"><!-- wp:site-title {"level":0} /-->

' . $nav . '</div>
<!-- /wp:group --></div>
<!-- /wp:group -->';
}

function footer_part(int $menu, array $legal): string {
	$nav = block('core/navigation', ['ref' => $menu, 'overlayMenu' => 'never', 'layout' => ['type' => 'flex', 'orientation' => 'vertical']]);
	$email = esc_html($legal['email']);
	$details = "<a href=\"mailto:$email\">$email</a>";
	if (!empty($legal['phone'])) {
		$details .= '<br><a href="tel:' . esc_attr(preg_replace('/[^\d+]/', '', $legal['phone'])) . '">' . esc_html($legal['phone']) . '</a>';
	}
	$year = wp_date('Y');
	return '<!-- wp:group {"align":"full","style":{"spacing":{"padding":{"top":"var:preset|spacing|60","bottom":"var:preset|spacing|50"}}},"layout":{"type":"constrained"}} -->
<div class="wp-block-group alignfull" style="padding-top:var(--wp--preset--spacing--60);padding-bottom:var(--wp--preset--spacing--50)"><!-- wp:columns {"align":"wide"} -->
<div class="wp-block-columns alignwide"><!-- wp:column -->
<div class="wp-block-column"><!-- wp:site-title {"level":2} /-->

' . paragraph($details) . '</div>
<!-- /wp:column -->

<!-- wp:column -->
<div class="wp-block-column">' . $nav . '</div>
<!-- /wp:column --></div>
<!-- /wp:columns -->

<!-- wp:group {"align":"wide","layout":{"type":"default"}} -->
<div class="wp-block-group alignwide">' . paragraph('© ' . $year . ' ' . esc_html($legal['companyName'])) . '</div>
<!-- /wp:group --></div>
<!-- /wp:group -->';
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
