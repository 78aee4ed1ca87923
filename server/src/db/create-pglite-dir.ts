/**
 * Creates an embedded database folder, then exits: run in a child process by openDatabase the
 * first time. Creating a PostgreSQL cluster (initdb) grows PGlite's WebAssembly memory to over
 * 600 MB, which a process never gives back; the server then opens the ready folder at a
 * quarter of that (npm run bench:memory).
 */
import { PGlite } from "@electric-sql/pglite";

const dir = process.argv[2];
if (!dir) throw new Error("usage: create-pglite-dir.ts <folder>");
const client = await PGlite.create(dir);
await client.close();
