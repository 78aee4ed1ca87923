// Writes a brotli (.br) and a gzip (.gz) copy beside each built asset, at the highest levels:
// hashed assets never change, so they are compressed once here rather than on every request
// (the server holds them in memory and sends the one the browser accepts: server/src/plugins/built-files.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const assets = path.join(process.env.WEB_BUILD_DIR ?? "build", "client", "assets");
let files = 0;
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg)$/.test(name)) continue;
  const file = path.join(assets, name);
  if (statSync(file).size < 1024) continue;
  const data = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  files += 1;
}
console.log(`precompressed ${files} assets (brotli, gzip)`);
