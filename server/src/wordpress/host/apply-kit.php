<?php
/**
 * Applies a plan's kit to a site (decision 0058): `php apply-kit.php <site folder>`, run by
 * site-host.sh as the site's own user, the kit as JSON on stdin:
 *   {"activate": ["woocommerce/woocommerce.php"], "deactivate": [...], "options": {name: value},
 *    "pages": [{"option", "title", "slug", "content"}], "taxRates": [{"country", "rate", "name"}],
 *    "product": {"name", "regularPrice", "description", "status"} | null}
 * Idempotent: a page the option already points to, or one with the slug, is kept as the customer
 * left it; a tax rate of the same country is not added again; the first product is made once.
 * Deactivating keeps every datum. Prints what it did as JSON.
 */

ini_set('display_errors', 'stderr');
ob_start();

$site_dir = rtrim($argv[1] ?? '', '/');
$kit = json_decode(stream_get_contents(STDIN), true);
if ($site_dir === '' || !is_file("$site_dir/wp-config.php") || !is_array($kit)) {
	fwrite(STDERR, "apply-kit: usage: php apply-kit.php <site folder> < kit.json\n");
	exit(2);
}

$_SERVER['HTTP_HOST'] = 'localhost';
$_SERVER['REQUEST_URI'] = '/';
require "$site_dir/wp-load.php";
require_once ABSPATH . 'wp-admin/includes/plugin.php';
global $wpdb;
// Nothing leaves the site while the kit is applied (WooCommerce asks for its marketplace).
add_filter('pre_http_request', fn() => new WP_Error('offline', 'No HTTP while applying the kit'));

// As the site's first administrator: pages and the product are theirs, plugins on as from wp-admin.
$admins = get_users(['role' => 'administrator', 'number' => 1, 'orderby' => 'ID', 'fields' => 'ID']);
if ($admins) wp_set_current_user((int) $admins[0]);

$done = ['activated' => [], 'deactivated' => [], 'pages' => [], 'taxRates' => 0, 'product' => null];

$valid_plugin = fn($file) => is_string($file) && preg_match('#^[a-z0-9-]+/[a-z0-9._-]+\.php$#', $file);
foreach ($kit['activate'] ?? [] as $file) {
	if (!$valid_plugin($file)) fail("invalid plugin $file");
	if (is_plugin_active($file)) continue;
	$result = activate_plugin($file);
	if (is_wp_error($result)) fail("$file: " . $result->get_error_message());
	$done['activated'][] = $file;
}
if (class_exists('WC_Install')) WC_Install::install();

foreach ($kit['options'] ?? [] as $name => $value) {
	if (!preg_match('/^[a-z0-9_]{1,100}$/', (string) $name) || !is_string($value)) fail("invalid option $name");
	update_option($name, $value);
}

foreach ($kit['pages'] ?? [] as $page) {
	$option = (string) ($page['option'] ?? '');
	if (!preg_match('/^[a-z0-9_]{1,100}$/', $option)) fail("invalid page option $option");
	$id = (int) get_option($option);
	$existing = $id ? get_post($id) : null;
	if (!$existing || $existing->post_status === 'trash') {
		$existing = get_page_by_path((string) $page['slug'], OBJECT, 'page');
	}
	if ($existing && $existing->post_status !== 'trash') {
		$id = $existing->ID;
	} else {
		$id = wp_insert_post([
			'post_type' => 'page',
			'post_status' => 'publish',
			'post_title' => (string) $page['title'],
			'post_name' => (string) $page['slug'],
			'post_content' => (string) $page['content'],
		], true);
		if (is_wp_error($id)) fail("page {$page['slug']}: " . $id->get_error_message());
	}
	update_option($option, (string) $id);
	$done['pages'][$page['slug']] = $id;
}

if (!empty($kit['taxRates'])) {
	if (!class_exists('WC_Tax')) fail('WooCommerce is not active: no tax table');
	foreach ($kit['taxRates'] as $rate) {
		$known = $wpdb->get_var($wpdb->prepare(
			"SELECT tax_rate_id FROM {$wpdb->prefix}woocommerce_tax_rates WHERE tax_rate_country = %s AND tax_rate_class = ''",
			$rate['country'],
		));
		if ($known) continue;
		WC_Tax::_insert_tax_rate([
			'tax_rate_country' => $rate['country'],
			'tax_rate_state' => '',
			'tax_rate' => $rate['rate'],
			'tax_rate_name' => $rate['name'],
			'tax_rate_priority' => 1,
			'tax_rate_compound' => 0,
			'tax_rate_shipping' => 1,
			'tax_rate_order' => 0,
			'tax_rate_class' => '',
		]);
		$done['taxRates']++;
	}
}

if (!empty($kit['product'])) {
	if (!class_exists('WC_Product_Simple')) fail('WooCommerce is not active: no product');
	$id = (int) get_option('lagon_kit_first_product');
	if (!$id) {
		$product = new WC_Product_Simple();
		$product->set_name((string) $kit['product']['name']);
		$product->set_regular_price((string) $kit['product']['regularPrice']);
		$product->set_description((string) $kit['product']['description']);
		$product->set_status((string) $kit['product']['status']);
		$id = $product->save();
		update_option('lagon_kit_first_product', (string) $id);
	}
	$done['product'] = $id;
}

foreach ($kit['deactivate'] ?? [] as $file) {
	if (!$valid_plugin($file)) fail("invalid plugin $file");
	if (!is_plugin_active($file)) continue;
	deactivate_plugins($file);
	$done['deactivated'][] = $file;
}

ob_end_clean();
echo json_encode($done), "\n";

function fail(string $message): never {
	fwrite(STDERR, "apply-kit: $message\n");
	exit(1);
}
