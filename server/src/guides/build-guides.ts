/**
 * Builds the French PDF guides from their Markdown source in docs/guides into web/public/docs,
 * where the web build picks them up (served at /docs/guide-*.pdf). Run by `npm run build`.
 */
import { createWriteStream, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type PublicConfig, readPublicConfig } from "@lagon/contracts/public-config";
import { renderGuide } from "./render-guide.ts";

const root = path.resolve(import.meta.dirname, "../../..");

/** Fills `{{company_name}}`, `{{contact_email}}` and `{{contact_phone}}` from the build's settings. */
function fillPlaceholders(markdown: string, config: PublicConfig, file: string): string {
  const values: Record<string, string> = {
    company_name: config.COMPANY_NAME,
    contact_email: config.CONTACT_EMAIL,
    contact_phone: config.CONTACT_PHONE,
  };
  return markdown.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`guide ${file}: unknown placeholder {{${name}}}`);
    return value;
  });
}

/** Renders every `*.md` of `sourceDir` to a PDF of the same name in `targetDir`; returns their paths. */
export async function buildGuides(opts: {
  sourceDir: string;
  targetDir: string;
  config: PublicConfig;
}): Promise<string[]> {
  mkdirSync(opts.targetDir, { recursive: true });
  const footer = `${opts.config.COMPANY_NAME} · ${opts.config.CONTACT_EMAIL} · ${opts.config.CONTACT_PHONE}`;
  const written: string[] = [];
  for (const file of readdirSync(opts.sourceDir).filter((f) => f.endsWith(".md"))) {
    const markdown = fillPlaceholders(
      readFileSync(path.join(opts.sourceDir, file), "utf8"),
      opts.config,
      file,
    );
    const out = path.join(opts.targetDir, file.replace(/\.md$/, ".pdf"));
    await renderGuide(markdown, footer, createWriteStream(out));
    written.push(out);
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const written = await buildGuides({
    sourceDir: path.join(root, "docs/guides"),
    targetDir: path.join(root, "web/public/docs"),
    config: readPublicConfig(process.env),
  });
  for (const out of written) console.log(`guide: ${path.relative(root, out)}`);
}
