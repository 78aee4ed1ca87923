/**
 * Turns the small Markdown subset of the seed articles into WordPress block markup, so the
 * articles stay editable block by block in wp-admin: `##`/`###` headings, paragraphs, `- ` and
 * `1. ` lists, `**bold**` and `[links](/path)`.
 */
export function markdownToBlocks(markdown: string): string {
  return markdown
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean)
    .map(toBlock)
    .join("\n\n");
}

function toBlock(text: string): string {
  const heading = text.match(/^(#{2,3}) (.+)$/);
  if (heading) {
    const level = (heading[1] as string).length;
    const attrs = level === 2 ? "" : ` {"level":${level}}`;
    return `<!-- wp:heading${attrs} -->\n<h${level} class="wp-block-heading">${inline(heading[2] as string)}</h${level}>\n<!-- /wp:heading -->`;
  }
  const lines = text.split("\n");
  const ordered = lines.every((l) => /^\d+\. /.test(l));
  if (ordered || lines.every((l) => l.startsWith("- "))) {
    const items = lines
      .map((l) => l.replace(/^(\d+\.|-) /, ""))
      .map((item) => `<!-- wp:list-item -->\n<li>${inline(item)}</li>\n<!-- /wp:list-item -->`)
      .join("\n");
    const tag = ordered ? "ol" : "ul";
    return `<!-- wp:list${ordered ? ' {"ordered":true}' : ""} -->\n<${tag} class="wp-block-list">${items}</${tag}>\n<!-- /wp:list -->`;
  }
  return `<!-- wp:paragraph -->\n<p>${inline(lines.join(" "))}</p>\n<!-- /wp:paragraph -->`;
}

function inline(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>');
}
