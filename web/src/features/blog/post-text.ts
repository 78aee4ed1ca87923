/* Text out of the blog's HTML, without the sanitizer: what the blog list needs. */

/** The text of an HTML fragment: tags dropped, entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  // A parsed document, never attached: nothing in it runs or loads.
  const doc = new DOMParser().parseFromString(html, "text/html");
  // ASCII white space only: the no-break spaces of French typography stay.
  return (doc.body.textContent ?? "").replace(/[ \t\n\r\f]+/g, " ").trim();
}

/** The excerpt of a card: plain text cut at `max` characters on a word boundary, with "…". */
export function cardExcerpt(html: string, max = 150): string {
  const text = htmlToText(html);
  if (text.length <= max) return text;
  // One character more, so that a word ending exactly at `max` is kept whole.
  const space = text.slice(0, max + 1).lastIndexOf(" ");
  return `${(space > 0 ? text.slice(0, space) : text.slice(0, max)).replace(/[\s,;:.!?«–—-]+$/, "")}…`;
}
