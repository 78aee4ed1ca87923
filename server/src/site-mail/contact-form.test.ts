import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SITE_HOST_SCRIPT } from "../wordpress/site-install.ts";

const MU_PLUGIN = path.join(path.dirname(SITE_HOST_SCRIPT), "site-files/mu-plugins/lagon-courriel.php");

/**
 * The contact form as the mu-plugin draws it, with PHP's own CLI and the few WordPress functions
 * the shortcode calls (the whole journey, on a real site, is site-mail.test.ts).
 */
function drawForm(shortcodeAtts: Record<string, string> | "", query = ""): string {
  const script = `
    $GLOBALS['lagon_shortcodes'] = [];
    function add_action(...$a) {}
    function add_shortcode($tag, $fn) { $GLOBALS['lagon_shortcodes'][$tag] = $fn; }
    function get_option($name) {
      return ['smtp' => ['host' => 'localhost'], 'contact' => 'accueil@exemple.re', 'unavailable' => null];
    }
    function wp_salt($scheme) { return 'sel'; }
    function esc_html($s) { return htmlspecialchars($s, ENT_QUOTES); }
    function esc_attr($s) { return htmlspecialchars($s, ENT_QUOTES); }
    function esc_textarea($s) { return htmlspecialchars($s, ENT_QUOTES); }
    parse_str($argv[2], $_GET);
    require $argv[1];
    echo $GLOBALS['lagon_shortcodes']['lagon_formulaire_contact'](json_decode($argv[3], true) ?? '');
  `;
  return execFileSync("php", ["-r", script, "--", MU_PLUGIN, query, JSON.stringify(shortcodeAtts)], {
    encoding: "utf8",
  });
}

describe("the site's contact form (mu-plugin lagon-courriel.php)", () => {
  it("keeps its fields inside their column on a phone: padding within the width", () => {
    const css = drawForm("").match(/<style>(.*)<\/style>/)?.[1] ?? "";
    const fields = css.match(/\.lagon-contact input,\.lagon-contact textarea\{([^}]*)\}/)?.[1] ?? "";
    expect(fields).toContain("width:100%");
    expect(fields).toContain("box-sizing:border-box");
  });

  it("draws « Envoyer » as the theme's button: rounded like every other button of the site", () => {
    const form = drawForm("");
    expect(form).toContain(
      '<button type="submit" class="wp-block-button__link wp-element-button">Envoyer</button>',
    );
    const css = form.match(/<style>(.*)<\/style>/)?.[1] ?? "";
    // Where the Buttons block's styles are not loaded, its shape still reaches the form's button.
    expect(css).toMatch(/:where\(\.lagon-contact \.wp-block-button__link\)\{[^}]*border-radius:9999px/);
  });

  it("says « je » on the site of someone working alone, « nous » otherwise", () => {
    expect(drawForm({ voix: "je" }, "contact=merci")).toContain(
      "Merci, votre message a bien été envoyé. Je vous répondrai rapidement.",
    );
    const team = drawForm("", "contact=merci");
    expect(team).toContain("Nous vous répondrons rapidement.");
    expect(drawForm({ voix: "je" })).not.toMatch(/\bnous\b/i);
  });
});
