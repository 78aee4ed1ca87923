/* Text out of the blog's HTML, without the sanitizer: what the blog list needs. */

let parser: HTMLTemplateElement | undefined;

/** The text of an HTML fragment: tags dropped, entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  // Parsed into a template's content, which is inert: nothing in it runs or loads. One template
  // for all: a new document per call (DOMParser) cost a blog page tens of milliseconds.
  parser ??= document.createElement("template");
  parser.innerHTML = html;
  // ASCII white space only: the no-break spaces of French typography stay.
  return (parser.content.textContent ?? "").replace(/[ \t\n\r\f]+/g, " ").trim();
}

/** The excerpt of a card: plain text cut at `max` characters on a word boundary, with "…". */
export function cardExcerpt(html: string, max = 150): string {
  const text = htmlToText(html);
  if (text.length <= max) return text;
  // One character more, so that a word ending exactly at `max` is kept whole.
  const space = text.slice(0, max + 1).lastIndexOf(" ");
  return `${(space > 0 ? text.slice(0, space) : text.slice(0, max)).replace(/[\s,;:.!?«–—-]+$/, "")}…`;
}
