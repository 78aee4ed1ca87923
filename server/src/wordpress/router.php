<?php
/**
 * Router for `php -S`: one PHP server for every site. A request for <name>.<base domain> is
 * served from <sites root>/<name>: PHP files run, other files are sent as they are, and any
 * other path goes to index.php (pretty permalinks). Configured by the environment:
 * WP_SITES_ROOT (absolute folder) and WP_BASE_DOMAIN (e.g. "localhost").
 */

$wp_router_script = wp_router_resolve(getenv('WP_SITES_ROOT'), getenv('WP_BASE_DOMAIN'));
if ($wp_router_script !== null) {
	// Top level on purpose: WordPress expects to run in the global scope.
	chdir(dirname($wp_router_script));
	require $wp_router_script;
}

/** Returns the PHP file to run, or null when the response has been sent already. */
function wp_router_resolve(string $root, string $base_domain): ?string {
	$host = strtolower(preg_replace('/:\d+$/', '', $_SERVER['HTTP_HOST'] ?? ''));
	$suffix = '.' . strtolower($base_domain);
	$name = str_ends_with($host, $suffix) ? substr($host, 0, -strlen($suffix)) : '';
	$site = "$root/$name";
	if (!preg_match('/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/', $name) || !is_dir($site)) {
		return wp_router_error(404, 'Site introuvable');
	}

	$path = rawurldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) ?? '/');
	// Never served: dot files (the SQLite database, .htaccess), the database folder, and PHP
	// dropped into uploads.
	if (
		str_contains($path, '/.') || str_contains($path, "\0")
		|| str_starts_with($path, '/wp-content/database/')
		|| preg_match('#^/wp-content/uploads/.*\.php$#i', $path)
	) {
		return wp_router_error(403, 'Accès refusé');
	}

	$file = $site . $path;
	if (is_dir($file)) {
		if (!str_ends_with($path, '/')) {
			$query = $_SERVER['QUERY_STRING'] ?? '';
			header('Location: ' . $path . '/' . ($query === '' ? '' : "?$query"), true, 301);
			return null;
		}
		$file .= 'index.php';
	}
	if (!is_file($file)) {
		$file = "$site/index.php";
	} elseif (!str_ends_with($file, '.php')) {
		wp_router_send_static($file);
		return null;
	}

	$script_name = substr($file, strlen($site));
	$_SERVER['DOCUMENT_ROOT'] = $site;
	$_SERVER['SCRIPT_FILENAME'] = $file;
	$_SERVER['SCRIPT_NAME'] = $script_name;
	$_SERVER['PHP_SELF'] = $script_name;
	return $file;
}

function wp_router_send_static(string $file): void {
	$types = [
		'css' => 'text/css', 'js' => 'text/javascript', 'json' => 'application/json',
		'svg' => 'image/svg+xml', 'png' => 'image/png', 'jpg' => 'image/jpeg', 'jpeg' => 'image/jpeg',
		'gif' => 'image/gif', 'webp' => 'image/webp', 'avif' => 'image/avif', 'ico' => 'image/x-icon',
		'woff' => 'font/woff', 'woff2' => 'font/woff2', 'ttf' => 'font/ttf', 'txt' => 'text/plain',
		'html' => 'text/html', 'xml' => 'application/xml', 'pdf' => 'application/pdf',
		'mp4' => 'video/mp4', 'webm' => 'video/webm', 'mp3' => 'audio/mpeg',
	];
	$extension = strtolower(pathinfo($file, PATHINFO_EXTENSION));
	header('Content-Type: ' . ($types[$extension] ?? 'application/octet-stream'));
	header('Content-Length: ' . filesize($file));
	header('Cache-Control: public, max-age=3600');
	readfile($file);
}

function wp_router_error(int $status, string $message): ?string {
	http_response_code($status);
	header('Content-Type: text/plain; charset=utf-8');
	echo $message, "\n";
	return null;
}
