<?php
/**
 * Prints {"core": "6.8.3", "plugins": {"akismet": "5.3"}, "themes": {...}} for the site folder
 * `php versions.php <folder>`, from the headers WordPress itself reads. Plugins are the folders of
 * wp-content/plugins. Run by site-host.sh on the core template, or as a site's own user.
 */

$d = rtrim($argv[1] ?? '', '/');
$field = function (string $file, string $name): ?string {
	$text = @file_get_contents($file, false, null, 0, 8192);
	return is_string($text) && preg_match("/^[ \t\/*#@]*" . $name . ":[ \t]*(\S+)/mi", $text, $m) ? $m[1] : null;
};
$core = @file_get_contents("$d/wp-includes/version.php");
$out = [
	'core' => is_string($core) && preg_match('/wp_version\s*=\s*["\']([^"\']+)/', $core, $m) ? $m[1] : null,
	'plugins' => new stdClass(),
	'themes' => new stdClass(),
];
foreach (glob("$d/wp-content/plugins/*", GLOB_ONLYDIR) ?: [] as $plugin) {
	foreach (glob("$plugin/*.php") ?: [] as $file) {
		if ($field($file, 'Plugin Name') !== null) {
			$out['plugins']->{basename($plugin)} = $field($file, 'Version') ?? '';
			break;
		}
	}
}
foreach (glob("$d/wp-content/themes/*/style.css") ?: [] as $style) {
	$out['themes']->{basename(dirname($style))} = $field($style, 'Version') ?? '';
}
echo json_encode($out), "\n";
