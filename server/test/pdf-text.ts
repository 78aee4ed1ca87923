import { inflateSync } from "node:zlib";

/**
 * The text drawn on each page of a PDF made by pdfkit with its standard fonts: each content
 * stream is inflated and its `[<hex> kerning <hex>] TJ`
 * runs decoded from WinAnsi, one line per run.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf("endstream", start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString("latin1");
    } catch {
      continue; // not a compressed content stream (fonts metadata, etc.)
    }
    for (const run of content.matchAll(/\[([^\]]*)\] TJ/g)) {
      const hex = [...(run[1] ?? "").matchAll(/<([0-9a-f]*)>/gi)].map((h) => h[1]).join("");
      lines.push([...Buffer.from(hex, "hex")].map(winAnsiChar).join(""));
    }
  }
  return lines.join("\n");
}

/** Bytes 0x80-0x9F of WinAnsi (Node's TextDecoder may lack windows-1252); "?" where undefined. */
const WIN_ANSI_80 = "€?‚ƒ„…†‡ˆ‰Š‹Œ?Ž??‘’“”•–—˜™š›œ?žŸ";

function winAnsiChar(byte: number): string {
  return byte >= 0x80 && byte < 0xa0 ? (WIN_ANSI_80[byte - 0x80] ?? "?") : String.fromCharCode(byte);
}
