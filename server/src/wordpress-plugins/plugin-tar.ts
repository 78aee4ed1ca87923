/**
 * Packs verified plugin files as a tar of <slug>/… holding regular files and folders only
 * (ustar, with a pax header for long names), the same bytes for the same files: its sha256
 * names the copy a host keeps in its plugin cache (decision 0058).
 */
import { createHash } from "node:crypto";
import type { PluginFile } from "./verify-plugin-archive.ts";

const BLOCK = 512;

export function pluginTar(slug: string, files: PluginFile[]): Buffer {
  const parts: Buffer[] = [];
  const folders = new Set<string>([`${slug}/`]);
  for (const file of files) {
    const segments = `${slug}/${file.path}`.split("/");
    for (let i = 1; i < segments.length; i++) folders.add(`${segments.slice(0, i).join("/")}/`);
  }
  for (const folder of [...folders].sort()) parts.push(...entry(folder, "5", 0o755, Buffer.alloc(0)));
  for (const file of files) parts.push(...entry(`${slug}/${file.path}`, "0", 0o644, Buffer.from(file.data)));
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

export function sha256Hex(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

function entry(name: string, type: "0" | "5", mode: number, data: Buffer): Buffer[] {
  const out: Buffer[] = [];
  if (Buffer.byteLength(name) > 99) {
    const record = paxRecord("path", name);
    out.push(header("././@PaxHeader", "x", 0o644, record.length), pad(record));
  }
  out.push(header(name.slice(0, 99), type, mode, data.length));
  if (data.length > 0) out.push(pad(data));
  return out;
}

function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  const bodyLength = Buffer.byteLength(body);
  // The record's length counts its own digits.
  let length = bodyLength + 1;
  while (String(length).length + bodyLength !== length) length = String(length).length + bodyLength;
  return Buffer.from(`${length}${body}`);
}

function header(name: string, type: string, mode: number, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, "utf8");
  block.write(octal(mode, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(0, 12), 136);
  block.write("        ", 148);
  block.write(type, 156);
  block.write("ustar\u000000", 257, "binary");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\u0000 `, 148, "binary");
  return block;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\u0000`;
}

function pad(data: Buffer): Buffer {
  const rest = data.length % BLOCK;
  return rest === 0 ? data : Buffer.concat([data, Buffer.alloc(BLOCK - rest)]);
}
