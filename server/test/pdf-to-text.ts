import { execFile } from "node:child_process";

/** The text of any PDF as poppler's pdftotext reads it (Debian package poppler-utils), page layout kept. */
export function pdfToText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile("pdftotext", ["-layout", "-enc", "UTF-8", "-", "-"], (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    );
    child.stdin?.end(pdf);
  });
}
