<?php
/**
 * Plugin Name: Français complet
 * Description: Complète la traduction française de l’administration (barre d’outils, menus, tableau de bord, éditeur de blocs) et retire ce qui ne peut pas fonctionner sans accès à internet.
 * Version: 1
 */

// Our translations load just before Debian's French file (which they complete and correct).
add_action('load_textdomain', function ($domain, $mofile) {
	$ours = WP_LANG_DIR . '/lagon-fr_FR.mo';
	if ($domain !== 'default' || basename($mofile) !== 'fr_FR.mo' || !is_file(WP_LANG_DIR . '/lagon-fr_FR.l10n.php')) {
		return;
	}
	load_textdomain('default', $ours, 'fr_FR');
}, 10, 2);

// The block editor translates in the browser: give it the same strings.
add_action('wp_default_scripts', function (WP_Scripts $scripts) {
	$file = WP_LANG_DIR . '/lagon-fr_FR.l10n.php';
	if (determine_locale() !== 'fr_FR' || !is_file($file)) {
		return;
	}
	$data = include $file;
	$locale_data = ['' => ['domain' => 'default', 'lang' => 'fr', 'plural_forms' => $data['plural-forms']]];
	foreach ($data['messages'] as $original => $translation) {
		$original = explode("\0", $original)[0];
		$locale_data[$original] = explode("\0", $translation);
	}
	$scripts->add_inline_script('wp-i18n', 'wp.i18n.setLocaleData(' . wp_json_encode($locale_data) . ', "default");', 'after');
}, 20);

// Sites reach nothing on the internet: no news widget full of errors, no language chooser
// offering languages the site does not have.
add_action('wp_dashboard_setup', function () {
	remove_meta_box('dashboard_primary', 'dashboard', 'side');
});
add_filter('login_display_language_dropdown', '__return_false');
