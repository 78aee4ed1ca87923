<?php
/**
 * Plugin Name: Statistiques de visite
 * Description: Les visites de votre site des 30 derniers jours sur le tableau de bord (formule Business), comptées par la plateforme sans cookie. Le détail est dans votre espace client.
 * Version: 2
 */

// The platform pushes the figures after each reading of the site's visit log, through
// PUT /wp-json/lagon/v1/visites as the site's admin (decision 0072): { figures: {...} | null }.
// The site never calls the platform. Pages and referrers come from visitors' requests: every
// string is checked here and escaped when drawn.
const LAGON_VISITES_OPTION = 'lagon_visites';

add_action('rest_api_init', function () {
	register_rest_route('lagon/v1', '/visites', [
		'methods' => 'PUT',
		'permission_callback' => function () {
			return current_user_can('manage_options');
		},
		'callback' => 'lagon_visites_save',
	]);
});

/** The figures as the widget draws them, or null when they are not of the expected shape. */
function lagon_visites_clean($figures): ?array {
	if (!is_array($figures) || !is_string($figures['updated_at'] ?? null) || !is_array($figures['days'] ?? null)
		|| !is_array($figures['pages'] ?? null) || !is_array($figures['referrers'] ?? null)) {
		return null;
	}
	$count = function ($value): int {
		return is_int($value) && $value >= 0 ? $value : 0;
	};
	// Distinct visitors of the last 7 and 30 days (decision 0086); absent from older pushes.
	$distinct = $figures['distinct_visitors'] ?? null;
	if ($distinct !== null && !is_array($distinct)) {
		return null;
	}
	$days = [];
	foreach (array_slice($figures['days'], 0, 31) as $day) {
		if (!is_array($day) || !is_string($day['date'] ?? null) || !preg_match('/^\d{4}-\d{2}-\d{2}$/', $day['date'])) {
			return null;
		}
		$days[] = ['date' => $day['date'], 'visitors' => $count($day['visitors'] ?? 0), 'page_views' => $count($day['page_views'] ?? 0)];
	}
	$names = function (array $list): array {
		$out = [];
		foreach (array_slice($list, 0, 5) as $row) {
			if (is_array($row) && is_string($row[0] ?? null)) {
				$out[] = [mb_substr($row[0], 0, 200), is_int($row[1] ?? null) ? max(0, $row[1]) : 0];
			}
		}
		return $out;
	};
	return [
		'updated_at' => substr($figures['updated_at'], 0, 40),
		'days' => $days,
		'visitors' => $count($figures['visitors'] ?? 0),
		'page_views' => $count($figures['page_views'] ?? 0),
		'distinct_visitors' => $distinct === null ? null : [
			'last_7_days' => $count($distinct['last_7_days'] ?? 0),
			'last_30_days' => $count($distinct['last_30_days'] ?? 0),
		],
		'pages' => $names($figures['pages']),
		'referrers' => $names($figures['referrers']),
	];
}

function lagon_visites_save(WP_REST_Request $request) {
	$body = $request->get_json_params();
	$figures = is_array($body) ? ($body['figures'] ?? null) : null;
	if ($figures === null) {
		// Not (or no longer) included in the site's plan: no widget.
		delete_option(LAGON_VISITES_OPTION);
		return ['shown' => false];
	}
	$clean = lagon_visites_clean($figures);
	if ($clean === null) {
		return new WP_Error('lagon_visites', 'Statistiques invalides.', ['status' => 400]);
	}
	update_option(LAGON_VISITES_OPTION, $clean, false);
	return ['shown' => true];
}

add_action('wp_dashboard_setup', function () {
	$figures = get_option(LAGON_VISITES_OPTION);
	if (!current_user_can('manage_options') || !is_array($figures)) {
		return;
	}
	wp_add_dashboard_widget('lagon_visites', 'Statistiques de visite', function () use ($figures) {
		lagon_visites_widget($figures);
	});
});

/** 30 days of visitors as bars (inline SVG, nothing loaded), the totals, the distinct visitors, the first pages and referrers. */
function lagon_visites_widget(array $figures): void {
	$days = $figures['days'];
	$most = max(1, ...array_map(fn($day) => $day['visitors'], $days ?: [['visitors' => 0]]));
	$width = 300;
	$height = 80;
	$bar = count($days) > 0 ? $width / count($days) : $width;
	echo '<p><strong>' . esc_html(number_format_i18n($figures['visitors'])) . '</strong> visiteurs et <strong>'
		. esc_html(number_format_i18n($figures['page_views'])) . '</strong> pages vues sur les 30 derniers jours.</p>';
	echo '<svg viewBox="0 0 ' . $width . ' ' . $height . '" width="100%" role="img" aria-label="Visiteurs par jour sur 30 jours">';
	foreach ($days as $i => $day) {
		$h = round($day['visitors'] / $most * ($height - 4), 1);
		printf(
			'<rect x="%s" y="%s" width="%s" height="%s" fill="#2271b1"><title>%s : %s visiteurs</title></rect>',
			esc_attr(round($i * $bar + 1, 1)),
			esc_attr($height - $h),
			esc_attr(max(1, round($bar - 2, 1))),
			esc_attr($h),
			esc_html(wp_date('j F', strtotime($day['date'] . 'T12:00:00Z'))),
			esc_html(number_format_i18n($day['visitors']))
		);
	}
	echo '</svg>';
	// The order page's labels and line (contracts/src/visits.ts DISTINCT_VISITORS_LABELS).
	if (is_array($figures['distinct_visitors'] ?? null)) {
		echo '<h3>Visiteurs différents</h3><ul>';
		foreach (['last_7_days' => '7 derniers jours', 'last_30_days' => '30 derniers jours'] as $key => $label) {
			echo '<li>' . esc_html($label) . ' : <strong>' . esc_html(number_format_i18n($figures['distinct_visitors'][$key])) . '</strong></li>';
		}
		echo '</ul><p class="description">' . esc_html("Une personne qui revient plusieurs jours n'est comptée qu'une fois ici, alors que les chiffres par jour, par semaine et par mois la comptent chaque jour où elle vient.") . '</p>';
	}
	foreach (['pages' => 'Pages les plus vues', 'referrers' => 'Sites qui vous envoient des visiteurs'] as $key => $title) {
		if (!$figures[$key]) {
			continue;
		}
		echo '<h3>' . esc_html($title) . '</h3><ul>';
		foreach ($figures[$key] as [$name, $visitors]) {
			echo '<li>' . esc_html($name) . ' — ' . esc_html(number_format_i18n($visitors)) . '</li>';
		}
		echo '</ul>';
	}
	$at = strtotime($figures['updated_at']);
	echo '<p class="description">Sans cookie : un visiteur est compté une fois par jour.'
		. ($at ? ' Mis à jour le ' . esc_html(wp_date('j F Y à H:i', $at)) . '.' : '')
		. ' Semaines, mois et appareils : dans votre espace client.</p>';
}
