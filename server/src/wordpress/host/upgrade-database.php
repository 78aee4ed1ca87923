<?php
/**
 * WordPress's own database upgrade (wp_upgrade) of the site `php upgrade-database.php <folder>`,
 * run by site-host.sh as the site's user after an update, without the site's plugins and theme,
 * which WP_INSTALLING keeps from loading.
 */

define('WP_INSTALLING', true);
$_SERVER['HTTP_HOST'] = 'localhost';
$_SERVER['REQUEST_URI'] = '/';
require rtrim($argv[1] ?? '', '/') . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
wp_upgrade();
