<?php
/**
 * Plugin Name: Réservation en ligne
 * Description: La réservation en ligne de la formule Business : le bloc code court [lagon_reservation] de la page « Réservation » affiche vos créneaux libres et prend les rendez-vous. Réglages dans votre espace client.
 * Version: 1
 */

// The widget is the platform's (decision 0057): this page only loads its script, which talks to
// the platform's public booking API from the visitor's browser. The site's own PHP never calls
// the platform (sites cannot reach it), and keeps no booking data.
add_shortcode('lagon_reservation', function ($atts) {
	$atts = shortcode_atts(['api' => '', 'site' => ''], $atts, 'lagon_reservation');
	$api = untrailingslashit(esc_url_raw($atts['api'], ['http', 'https']));
	$site = preg_match('/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/', $atts['site']) ? $atts['site'] : '';
	if ($api === '' || $site === '') {
		return '';
	}
	wp_enqueue_script('lagon-reservation', $api . '/booking-widget/booking.js', [], null, ['strategy' => 'defer', 'in_footer' => true]);
	return sprintf(
		'<div class="lagon-booking" id="lagon-reservation" data-api="%s" data-site="%s"><p>Chargement des créneaux…</p><noscript><p>Activez JavaScript pour réserver en ligne, ou contactez-nous.</p></noscript></div>',
		esc_attr($api),
		esc_attr($site)
	);
});
