import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The files attached to a PDF, read with poppler's pdfdetach (Debian package poppler-utils). */
export async function pdfAttachment(
  pdf: Buffer,
  name: string,
): Promise<{ names: string[]; content: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "pdf-attachments-"));
  try {
    const file = path.join(dir, "doc.pdf");
    await writeFile(file, pdf);
    const { stdout } = await run("pdfdetach", ["-list", file]);
    const names = stdout
      .split("\n")
      .slice(1)
      .map((l) => l.replace(/^\s*\d+:\s*/, "").trim())
      .filter(Boolean);
    const index = names.indexOf(name);
    if (index < 0) throw new Error(`no attachment ${name} in the PDF (${names.join(", ")})`);
    const out = path.join(dir, "attachment");
    await run("pdfdetach", ["-save", String(index + 1), "-o", out, file]);
    return { names, content: await readFile(out, "utf8") };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Validates XML against an XSD with libxml2's xmllint (Debian package libxml2-utils): its errors, or "". */
export async function xsdErrors(xml: string, xsd: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "xsd-"));
  try {
    const file = path.join(dir, "doc.xml");
    await writeFile(file, xml);
    await run("xmllint", ["--noout", "--schema", xsd, file]);
    return "";
  } catch (err) {
    return String((err as { stderr?: string }).stderr ?? err);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
