<?php
/**
 * Moves a site to a new address: `php switch-site-url.php <site folder> <new URL>`, run by
 * site-host.sh as the site's own user once it has set WP_HOME and WP_SITEURL in wp-config.php
 * itself (that file is root's). The home and siteurl options, and every link to the old address
 * in posts, post meta and options (serialized values included) become the new address. Prints
 * the old and new URL and the number of rows changed.
 */

ini_set('display_errors', 'stderr');
ob_start();

$site_dir = rtrim($argv[1] ?? '', '/');
$new_url = rtrim($argv[2] ?? '', '/');
if ($site_dir === '' || !is_file("$site_dir/wp-config.php") || !preg_match('#^https?://[a-z0-9.-]+(:\d+)?$#', $new_url)) {
	fwrite(STDERR, "switch-site-url: usage: php switch-site-url.php <site folder> <new URL>\n");
	exit(2);
}

$parts = parse_url($new_url);
$_SERVER['HTTP_HOST'] = $parts['host'] . (isset($parts['port']) ? ":{$parts['port']}" : '');
$_SERVER['SERVER_NAME'] = $parts['host'];
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['HTTPS'] = $parts['scheme'] === 'https' ? 'on' : '';
require "$site_dir/wp-load.php";
global $wpdb;
add_filter('pre_http_request', fn() => new WP_Error('offline', 'No HTTP while moving the site'));

// The home option changes last: run again after a failure, this finishes the move.
$old_url = rtrim((string) $wpdb->get_var("SELECT option_value FROM $wpdb->options WHERE option_name = 'home'"), '/');
$changed = 0;
if ($old_url !== $new_url) {
	// Plain links, and the JSON-escaped ones of block attributes (https:\/\/…).
	$pairs = [$old_url => $new_url, str_replace('/', '\/', $old_url) => str_replace('/', '\/', $new_url)];
	foreach ($wpdb->get_results("SELECT ID, post_content, post_excerpt FROM $wpdb->posts") as $post) {
		$content = strtr($post->post_content, $pairs);
		$excerpt = strtr($post->post_excerpt, $pairs);
		if ($content !== $post->post_content || $excerpt !== $post->post_excerpt) {
			$wpdb->update($wpdb->posts, ['post_content' => $content, 'post_excerpt' => $excerpt], ['ID' => $post->ID]);
			$changed++;
		}
	}
	foreach ([[$wpdb->postmeta, 'meta_id', 'meta_value'], [$wpdb->options, 'option_id', 'option_value']] as [$table, $key, $column]) {
		foreach ($wpdb->get_results("SELECT $key AS id, $column AS value FROM $table") as $row) {
			$value = replace_deep(maybe_unserialize($row->value), $pairs);
			$stored = maybe_serialize($value);
			if ($stored !== $row->value) {
				$wpdb->update($table, [$column => $stored], [$key => $row->id]);
				$changed++;
			}
		}
	}
}
update_option('home', $new_url);
update_option('siteurl', $new_url);
wp_cache_flush();

$noise = ob_get_clean();
if ($noise !== '') {
	fwrite(STDERR, $noise);
}
echo json_encode(['from' => $old_url, 'to' => $new_url, 'changed' => $changed]), "\n";

function replace_deep(mixed $value, array $pairs): mixed {
	if (is_string($value)) {
		return strtr($value, $pairs);
	}
	if (is_array($value)) {
		foreach ($value as $k => $v) {
			$value[$k] = replace_deep($v, $pairs);
		}
		return $value;
	}
	if (is_object($value) && !($value instanceof __PHP_Incomplete_Class)) {
		foreach (get_object_vars($value) as $k => $v) {
			$value->$k = replace_deep($v, $pairs);
		}
	}
	return $value;
}
