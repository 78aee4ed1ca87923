<?php
/**
 * A consistent copy of a site's live SQLite database: `php copy-database.php <database> <copy>`,
 * run by site-host.sh as the site's own user (root opening the database could leave root-owned
 * journal files that would lock the site out of it).
 */

$db = new PDO('sqlite:' . $argv[1], null, null, [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);
$db->exec('PRAGMA busy_timeout = 30000');
$db->exec('VACUUM INTO ' . $db->quote($argv[2]));
