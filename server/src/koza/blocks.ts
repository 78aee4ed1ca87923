/**
 * Gutenberg block markup, written exactly as the block editor saves it, so the customer can open
 * every generated page in the editor without "unexpected content" warnings.
 */

export interface Media {
  id: number;
  url: string;
  alt: string;
}

export const esc = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** Block attributes as WordPress serializes them: JSON that cannot end the HTML comment it sits in. */
export const blockAttrs = (a: Record<string, unknown>) =>
  JSON.stringify(a)
    .replaceAll("--", "\\u002d\\u002d")
    .replaceAll("<", "\\u003c")
    .replaceAll(">", "\\u003e")
    .replaceAll("&", "\\u0026")
    .replaceAll('\\"', "\\u0022");
const attrs = (a: Record<string, unknown>) => (Object.keys(a).length ? ` ${blockAttrs(a)}` : "");
const block = (name: string, a: Record<string, unknown>, html: string) =>
  `<!-- wp:${name}${attrs(a)} -->\n${html}\n<!-- /wp:${name} -->`;
const cls = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");

type Align = "center" | undefined;

/** `name`: the business's name, kept whole on one line where it fits (`keepName`). */
export function heading(
  text: string,
  opts: { level?: number; align?: Align; color?: string; name?: string } = {},
): string {
  const level = opts.level ?? 2;
  const a = {
    ...(opts.align ? { textAlign: opts.align } : {}),
    ...(level === 2 ? {} : { level }),
    ...(opts.color ? { textColor: opts.color } : {}),
  };
  const c = cls(
    "wp-block-heading",
    opts.align && `has-text-align-${opts.align}`,
    opts.color && `has-${opts.color}-color has-text-color`,
  );
  const html = opts.name ? keepName(esc(text), opts.name) : keepWhole(esc(text));
  return block("heading", a, `<h${level} class="${c}">${html}</h${level}>`);
}

/** The class of a span the line never breaks inside (the theme's styles say so: `themeStyles`). */
export const NO_WRAP = "koza-nowrap";

/**
 * Short words that never end a title's line: they go down with the word after them ("à Saint-Paul",
 * "du caractère", "de bons petits plats").
 */
const SHORT_WORD =
  "(?:[àÀ]|[aA]ux?|[cC]hez|[dD]es?|[dD]u|[eE]n|[eE]t|[lL]a|[lL]es?|[uU]ne?|[pP]ar|[pP]our|[sS]ur|[nN]os|[vV]os|[nN]otre|[vV]otre|[mM]on|[mM]a|[mM]es|[sS]on|[sS]a|[sS]es|[cC]e|[cC]ette|[cC]es)";
/** A word, with its hyphens and apostrophes ("Saint-Denis", "l'e-mail", "écrivez-moi"). */
const WORD = "[\\p{L}\\p{N}'’]+(?:-[\\p{L}\\p{N}'’]+)*";
/** A title's last sentence short enough to stay on one line, even on a phone ("Avec du caractère."). */
const LAST_SENTENCE = /(?<=[.!?…] )[^.!?…<]{1,20}[.!?…]?$/u;

/** `change` on the text of `html` only, never inside a tag (a link's address stays as it is). */
const outsideTags = (html: string, change: (text: string) => string) =>
  html
    .split(/(<[^>]*>)/)
    .map((part, i, parts) => (i % 2 || parts[i - 1] === `<span class="${NO_WRAP}">` ? part : change(part)))
    .join("");

const span = (words: string) => `<span class="${NO_WRAP}">${words}</span>`;
const wholeWords = (text: string) =>
  text.replace(new RegExp(`(?<![\\p{L}\\p{N}&#])(?:${SHORT_WORD} )*${WORD}`, "gu"), (words) =>
    /[ -]/.test(words) ? span(words) : words,
  );

/**
 * Words kept together on one line: a hyphenated word (a title breaks before "Saint-Denis", never
 * after "Saint-"), a short word with the word that follows it, as French typography wants
 * ("Boulangerie Payet / à Saint-Paul", never "Boulangerie Payet à / Saint-Paul"; "Avec / du
 * caractère."), and a title's short last sentence ("Garage Hoarau. / Avec du caractère."). A span,
 * not a non-breaking hyphen or space, so the words stay as typed (search, copy, editor).
 */
export const keepWhole = (html: string) =>
  outsideTags(html, (text) => {
    const last = LAST_SENTENCE.exec(text);
    return last ? wholeWords(text.slice(0, last.index)) + span(last[0]) : wholeWords(text);
  });

/** A hyphenated word longer than this may break at its hyphens (it would not fit a phone's line). */
const HYPHENATED_MAX = 28;

/**
 * Body text: a hyphenated word on one line ("e-mail", "écrivez-moi", "Saint-Denis"), in the same
 * span as titles; the rest of the text wraps as usual. Not inside an address ("contact@garage-
 * hoarau.re", a link's text or its target).
 */
export const keepHyphens = (html: string) =>
  outsideTags(html, (text) =>
    text.replace(
      /(?<![\p{L}\p{N}&#@./:'’-])[\p{L}\p{N}'’]+(?:-[\p{L}\p{N}'’]+)+(?![\p{L}\p{N}@-]|\.[\p{L}\p{N}])/gu,
      (word) => (word.length > HYPHENATED_MAX ? word : `<span class="${NO_WRAP}">${word}</span>`),
    ),
  );

/**
 * The class of a span that keeps a business's name on one line on a wide screen only (the theme's
 * styles): "Bienvenue / chez Mayotte Clim", never "chez Mayotte / Clim"; on a phone it wraps.
 */
export const NAME = "koza-name";
/** A longer name may wrap even on a wide screen. */
const NAME_MAX = 24;

/**
 * `keepWhole`, and the business's name (with the short words before it: "chez", "à la", "au")
 * in one `NAME` span, when it is short. Found as written, or without its article ("au Fournil").
 */
export function keepName(html: string, name: string): string {
  const plain = name.trim().replace(/\s+/g, " ");
  if (!plain || plain.length > NAME_MAX) return keepWhole(html);
  const whole = esc(plain);
  const bare = whole.replace(/^(?:l['’]|(?:le|la|les) )(?=\S)/i, "");
  const names = [...new Set([whole, bare])].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const found = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${SHORT_WORD} ){0,2}(?:[lL]['’])?(?:${names.join("|")})(?![\\p{L}\\p{N}])`,
    "u",
  ).exec(html);
  if (!found) return keepWhole(html);
  const end = found.index + found[0].length;
  return `${keepWhole(html.slice(0, found.index))}<span class="${NAME}">${keepWhole(found[0])}</span>${keepWhole(html.slice(end))}`;
}

/**
 * A paragraph; `html` lets a caller pass already-escaped inline markup (links). Its hyphenated
 * words stay whole (`keepHyphens`); a banner's line (`title`) is kept like a title (`keepWhole`).
 */
export function paragraph(
  text: string,
  opts: { align?: Align; html?: boolean; size?: "large" | "small"; className?: string; title?: boolean } = {},
): string {
  const a = {
    ...(opts.align ? { align: opts.align } : {}),
    ...(opts.className ? { className: opts.className } : {}),
    ...(opts.size ? { fontSize: opts.size } : {}),
  };
  const c = cls(
    opts.align && `has-text-align-${opts.align}`,
    opts.size && `has-${opts.size}-font-size`,
    opts.className,
  );
  const html = opts.html ? text : esc(text);
  return block(
    "paragraph",
    a,
    `<p${c ? ` class="${c}"` : ""}>${(opts.title ? keepWhole : keepHyphens)(html)}</p>`,
  );
}

export const link = (label: string, href: string) => `<a href="${esc(href)}">${esc(label)}</a>`;

/** A photo; `wide` as wide as a gallery, for a photo shown on its own among them. */
export function image(m: Media, wide = false): string {
  return block(
    "image",
    { id: m.id, sizeSlug: "large", linkDestination: "none", ...(wide ? { align: "wide" } : {}) },
    `<figure class="${cls("wp-block-image", wide && "alignwide", "size-large")}"><img src="${esc(m.url)}" alt="${esc(m.alt)}" class="wp-image-${m.id}"/></figure>`,
  );
}

export function gallery(items: Media[], columns: number): string {
  const images = items.map((m) => image(m)).join("\n\n");
  return block(
    "gallery",
    { columns, linkTo: "none", align: "wide" },
    `<figure class="wp-block-gallery alignwide has-nested-images columns-${columns} is-cropped">${images}</figure>`,
  );
}

/** A list whose items may hold inline markup already escaped. */
export function list(itemsHtml: string[]): string {
  const items = itemsHtml.map((i) => block("list-item", {}, `<li>${keepHyphens(i)}</li>`)).join("\n\n");
  return block("list", {}, `<ul class="wp-block-list">${items}</ul>`);
}

interface Button {
  label: string;
  href: string;
  outline?: boolean;
  /** Palette slugs, for a button on a coloured band. */
  background?: string;
  text?: string;
}

export function buttons(items: Button[], align?: Align): string {
  const inner = items
    .map((b) => {
      const a = {
        ...(b.background ? { backgroundColor: b.background } : {}),
        ...(b.text ? { textColor: b.text } : {}),
        ...(b.outline ? { className: "is-style-outline" } : {}),
      };
      const linkClass = cls(
        "wp-block-button__link",
        b.text && `has-${b.text}-color has-text-color`,
        b.background && `has-${b.background}-background-color has-background`,
        "wp-element-button",
      );
      return block(
        "button",
        a,
        `<div class="${cls("wp-block-button", b.outline && "is-style-outline")}"><a class="${linkClass}" href="${esc(b.href)}">${esc(b.label)}</a></div>`,
      );
    })
    .join("\n\n");
  return block(
    "buttons",
    align ? { layout: { type: "flex", justifyContent: align } } : {},
    `<div class="wp-block-buttons">${inner}</div>`,
  );
}

export function columns(cols: string[][], wide = false): string {
  const inner = cols.map((c) => block("column", {}, `<div class="wp-block-column">${c.join("\n\n")}</div>`));
  return block(
    "columns",
    wide ? { align: "wide" } : {},
    `<div class="${cls("wp-block-columns", wide && "alignwide")}">${inner.join("\n\n")}</div>`,
  );
}

const PADDING = { top: "var:preset|spacing|60", bottom: "var:preset|spacing|60" };

/** A full-width band; `background`/`text` are palette slugs of the generated theme. */
export function section(inner: string[], opts: { background?: string; text?: string } = {}): string {
  const a = {
    align: "full",
    style: { spacing: { padding: PADDING } },
    ...(opts.background ? { backgroundColor: opts.background } : {}),
    ...(opts.text ? { textColor: opts.text } : {}),
    layout: { type: "constrained" },
  };
  const c = cls(
    "wp-block-group alignfull",
    opts.text && `has-${opts.text}-color has-text-color`,
    opts.background && `has-${opts.background}-background-color has-background`,
    opts.text && "has-link-color",
  );
  return block(
    "group",
    a,
    `<div class="${c}" style="padding-top:var(--wp--preset--spacing--60);padding-bottom:var(--wp--preset--spacing--60)">${inner.join("\n\n")}</div>`,
  );
}

/** The home page's banner: a photo behind a tinted overlay (or the overlay alone). */
export function cover(inner: string[], opts: { media?: Media; overlay: string; dark: boolean }): string {
  const a = {
    ...(opts.media ? { url: opts.media.url, id: opts.media.id, alt: opts.media.alt } : {}),
    dimRatio: opts.media ? 60 : 100,
    overlayColor: opts.overlay,
    isUserOverlayColor: true,
    minHeight: 520,
    minHeightUnit: "px",
    ...(opts.dark ? {} : { isDark: false }),
    ...(opts.media ? { sizeSlug: "large" } : {}),
    align: "full",
    layout: { type: "constrained" },
  };
  const img = opts.media
    ? `<img class="wp-block-cover__image-background wp-image-${opts.media.id} size-large" alt="${esc(opts.media.alt)}" src="${esc(opts.media.url)}" data-object-fit="cover"/>`
    : "";
  const span = `<span aria-hidden="true" class="wp-block-cover__background has-${opts.overlay}-background-color has-background-dim-${opts.media ? 60 : 100} has-background-dim"></span>`;
  return block(
    "cover",
    a,
    `<div class="${cls("wp-block-cover alignfull", !opts.dark && "is-light")}" style="min-height:520px">${img}${span}<div class="wp-block-cover__inner-container">${inner.join("\n\n")}</div></div>`,
  );
}

/** A photo beside text, as the Media & Text block saves it. */
export function mediaText(media: Media, inner: string[], right = false): string {
  const a = {
    align: "wide",
    mediaId: media.id,
    mediaLink: media.url,
    mediaType: "image",
    ...(right ? { mediaPosition: "right" } : {}),
  };
  const fig = `<figure class="wp-block-media-text__media"><img src="${esc(media.url)}" alt="${esc(media.alt)}" class="wp-image-${media.id} size-full"/></figure>`;
  const content = `<div class="wp-block-media-text__content">${inner.join("\n\n")}</div>`;
  return block(
    "media-text",
    a,
    `<div class="${cls("wp-block-media-text", "alignwide", right && "has-media-on-the-right", "is-stacked-on-mobile")}">${right ? content + fig : fig + content}</div>`,
  );
}

/**
 * The site's contact form (the product's mu-plugin lagon-courriel.php draws and sends it); on the
 * site of someone working alone, its words say "je" (`voix="je"`).
 */
export function contactForm(alone = false): string {
  return `<!-- wp:shortcode -->\n[lagon_formulaire_contact${alone ? ' voix="je"' : ""}]\n<!-- /wp:shortcode -->`;
}
