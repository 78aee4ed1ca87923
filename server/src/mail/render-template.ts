const VARIABLE = /\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi;

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The variable names a template text uses, in order of first use. */
export function usedVariables(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1] as string))];
}

/** Replaces `{{name}}`; values are HTML-escaped in the body, kept as text in the subject. */
export function renderTemplate(
  template: { subject: string; content: string },
  vars: Record<string, string>,
): { subject: string; html: string } {
  const value = (name: string) => vars[name] ?? "";
  return {
    subject: template.subject.replace(VARIABLE, (_, name: string) => value(name)).replace(/[\r\n]+/g, " "),
    html: template.content.replace(VARIABLE, (_, name: string) => escapeHtml(value(name))),
  };
}
