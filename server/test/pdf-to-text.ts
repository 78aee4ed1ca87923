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

/** How many pages a PDF has, as poppler's pdfinfo counts them. */
export function pdfPageCount(pdf: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = execFile("pdfinfo", ["-"], (err, stdout) => {
      const pages = /^Pages:\s+(\d+)$/m.exec(stdout);
      if (err || !pages) reject(err ?? new Error("pdfinfo printed no page count"));
      else resolve(Number(pages[1]));
    });
    child.stdin?.end(pdf);
  });
}
