import DOMPurify from "dompurify";

/** Tags a title may keep (WordPress titles are HTML). */
const TITLE_TAGS = ["em", "strong", "i", "b", "br", "sup", "sub", "code"];

/** The post's HTML, safe to render: scripts, event handlers, frames and forms removed. */
export function safePostHtml(html: string): string {
  return DOMPurify.sanitize(html, { FORBID_TAGS: ["style", "form", "input", "button", "iframe"] });
}

/** A post title, safe to render, with its inline emphasis only. */
export function safeTitleHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: TITLE_TAGS, ALLOWED_ATTR: [] });
}
