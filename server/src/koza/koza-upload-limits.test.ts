import { once } from "node:events";
import net from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { KOZA_MAX_UPLOAD_BYTES } from "@lagon/contracts/koza";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-context.ts";
import { magicLinkToken } from "../orders/magic-link.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { getSite, updateSite } from "../sites/sites-table.ts";

const MB = 1024 * 1024;
const FILLER = Buffer.alloc(64 * 1024, 0xff);

/** A piece of a request body: text as is, or `bytes` bytes of filler never held in memory at once. */
type Segment = string | { bytes: number };

interface Answer {
  status: number;
  detail: string;
  /** Body bytes the client had handed to its socket when the answer arrived. */
  sentBeforeAnswer: number;
  total: number;
  ms: number;
  /** Whether the server closed the connection after answering (within a second). */
  closed: boolean;
}

/**
 * Sends a POST over a plain socket, as fast as the server takes it, and stops sending as soon as
 * the answer arrives: a real client on a real connection (app.inject has no socket to measure).
 */
function upload(
  port: number,
  path: string,
  body: Segment[],
  opts: { chunked?: boolean; declaredLength?: number; boundary?: string; type?: string; method?: string },
): Promise<Answer> {
  const total = body.reduce((n, s) => n + (typeof s === "string" ? Buffer.byteLength(s) : s.bytes), 0);
  const length = opts.chunked
    ? "Transfer-Encoding: chunked"
    : `Content-Length: ${opts.declaredLength ?? total}`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(port, "127.0.0.1");
    let sent = 0;
    let received = Buffer.alloc(0);
    let answer: Omit<Answer, "closed"> | undefined;
    let stopped = false;
    const finish = (closed: boolean) => {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      socket.destroy();
      if (answer) resolve({ ...answer, closed });
      else reject(new Error(`no answer (${sent} of ${total} bytes sent)`));
    };
    const timer = setTimeout(() => finish(false), 120_000);
    const closed = once(socket, "close").catch(() => undefined);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const head = received.indexOf("\r\n\r\n");
      if (answer || head < 0) return;
      const headers = received.subarray(0, head).toString();
      const bodyLength = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0);
      if (received.length < head + 4 + bodyLength) return;
      const json = JSON.parse(received.subarray(head + 4, head + 4 + bodyLength).toString());
      answer = {
        status: Number(headers.split(" ")[1]),
        detail: json.detail,
        sentBeforeAnswer: sent,
        total,
        ms: performance.now() - started,
      };
      // The server closes right after its answer; one that keeps the connection open reaches the
      // 120 s timer and fails this (a shorter wait would fail a loaded machine's slow close).
    });
    socket.on("end", () => finish(true));
    socket.on("close", () => finish(true));
    socket.on("error", () => finish(true));
    socket.on("connect", async () => {
      socket.write(
        `${opts.method ?? "POST"} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Content-Type: ${opts.type ?? `multipart/form-data; boundary=${opts.boundary}`}\r\n${length}\r\n\r\n`,
      );
      const write = (data: Buffer) =>
        new Promise<void>((done) => {
          const framed = opts.chunked
            ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")])
            : data;
          if (socket.write(framed) || stopped) done();
          else void Promise.race([once(socket, "drain"), closed]).then(() => done());
        });
      for (const segment of body) {
        let left = typeof segment === "string" ? -1 : segment.bytes;
        if (typeof segment === "string") {
          if (answer || stopped) return;
          await write(Buffer.from(segment));
          sent += Buffer.byteLength(segment);
        }
        while (left > 0) {
          if (answer || stopped) return;
          const piece = FILLER.subarray(0, Math.min(left, FILLER.length));
          await write(piece);
          sent += piece.length;
          left -= piece.length;
        }
      }
      if (opts.chunked && !answer && !stopped) socket.write("0\r\n\r\n");
    });
  });
}

/** A multipart body whose files are `bytes` of filler each. */
function form(boundary: string, fields: Record<string, string>, files: [string, number][]): Segment[] {
  const body: Segment[] = [];
  for (const [name, value] of Object.entries(fields)) {
    body.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  for (const [name, bytes] of files) {
    body.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.jpg"\r\n` +
        "Content-Type: image/jpeg\r\n\r\n",
      { bytes },
      "\r\n",
    );
  }
  body.push(`--${boundary}--\r\n`);
  return body;
}

/** Forces a full garbage collection (V8's flag, turned on at run time). */
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function memory() {
  gc();
  gc();
  const m = process.memoryUsage();
  // What the requests could have left behind: JavaScript objects and the Buffers outside the heap.
  return { rss: m.rss, heap: m.heapUsed + m.external };
}

describe("uploads refused before their body is read", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let port: number;
  let order: { id: string; token: string };
  const boundary = "----lagon-upload-test";
  const path = (query: Record<string, string>) => `/api/koza/generate-site?${new URLSearchParams(query)}`;
  /** 48 MB of images: a logo and five photos of 8 MB, each within the per-file limit. */
  const sixImages: [string, number][] = ["logo", "photo_0", "photo_1", "photo_2", "photo_3", "photo_4"].map(
    (name) => [name, 8 * MB],
  );

  beforeAll(async () => {
    // Loopback is spared the rate limits here, so that 50 uploads in a row reach the route.
    t = await createTestApp({ RATE_LIMIT_ALLOW_LIST: "127.0.0.1" });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as net.AddressInfo).port;
    const id = await givenPaidOrder(t.ctx, { kozaOption: true });
    await updateSite(t.ctx.db, id, { setup: "active" });
    const row = await findShownOrder(t.ctx.db, id);
    if (!row) throw new Error("no order");
    order = { id, token: magicLinkToken(t.ctx, row) };
  });
  afterAll(() => t?.close());

  /** The three refusals of the memory test, each 48 MB. */
  const refusals = () => [
    {
      name: "no token",
      run: () =>
        upload(port, path({ order_id: order.id }), form(boundary, { order_id: order.id }, sixImages), {
          boundary,
        }),
      status: 401,
      detail: "Lien d'accès incomplet : le jeton est manquant.",
    },
    {
      name: "a wrong token",
      run: () =>
        upload(
          port,
          path({ order_id: order.id, token: "x".repeat(43) }),
          form(boundary, { order_id: order.id, token: "x".repeat(43) }, sixImages),
          { boundary },
        ),
      status: 403,
      detail: "Lien d'accès invalide. Demandez un nouveau lien depuis l'espace client.",
    },
    {
      name: "a good token and one 48 MB photo",
      run: () =>
        upload(
          port,
          path({ order_id: order.id, token: order.token }),
          form(boundary, { koza_data: "{}" }, [["photo_0", 48 * MB]]),
          { boundary },
        ),
      status: 413,
      detail: "Image trop volumineuse : 8 Mo au maximum par fichier.",
    },
  ];

  it("answers each refusal at once, without the 48 MB, and closes the connection", async () => {
    for (const refusal of refusals()) {
      const answer = await refusal.run();
      expect({ status: answer.status, detail: answer.detail }, refusal.name).toEqual({
        status: refusal.status,
        detail: refusal.detail,
      });
      // Refused before its body (the proof it answered at once, where a time would depend on the
      // machine's load): what the client sent is what the sockets' buffers took meanwhile. Refused past the 8 MB of a photo: 8 MB and those buffers.
      const read = refusal.status === 413 ? 8 * MB : 0;
      expect(answer.sentBeforeAnswer, `${refusal.name}: bytes sent`).toBeLessThan(read + 16 * MB);
      expect(answer.closed, `${refusal.name}: connection closed`).toBe(true);
      console.info(
        `${refusal.name}: ${answer.status} after ${(answer.sentBeforeAnswer / MB).toFixed(1)} of ${(answer.total / MB).toFixed(1)} MB sent, ${answer.ms.toFixed(0)} ms`,
      );
    }
  }, 120_000);

  it("refuses a request past the total cap, declared or counted as it arrives", async () => {
    const good = path({ order_id: order.id, token: order.token });
    const declared = await upload(port, good, form(boundary, {}, [["photo_0", 1 * MB]]), {
      boundary,
      declaredLength: KOZA_MAX_UPLOAD_BYTES + 1,
    });
    expect(declared).toMatchObject({
      status: 413,
      detail: "Envoi trop volumineux : un logo et 5 photos de 8 Mo au maximum chacun.",
      closed: true,
    });
    expect(declared.sentBeforeAnswer).toBeLessThan(16 * MB);
    // Sent without its size, 50 MB before the first part (which the parser skips): counted.
    const counted = await upload(port, good, [{ bytes: 50 * MB }, ...form(boundary, {}, [["logo", 1024]])], {
      boundary,
      chunked: true,
    });
    expect(counted).toMatchObject({
      status: 413,
      detail: "Envoi trop volumineux : un logo et 5 photos de 8 Mo au maximum chacun.",
      closed: true,
    });
    expect(counted.sentBeforeAnswer).toBeLessThan(KOZA_MAX_UPLOAD_BYTES + 16 * MB);
    expect((await getSite(t.ctx.db, order.id)).kozaStatus).toBe("pending");
  }, 120_000);

  it("refuses a JSON body past 64 KB, and an admin body without its token, before reading them", async () => {
    const json = { type: "application/json" };
    const contact = await upload(port, "/api/contact", ['{"name":"', { bytes: 10 * MB }, '"}'], json);
    expect(contact).toMatchObject({
      status: 413,
      detail: "Le contenu envoyé est trop volumineux.",
      closed: true,
    });
    expect(contact.sentBeforeAnswer).toBeLessThan(8 * MB);
    const admin = await upload(
      port,
      "/api/admin/email-templates/welcome",
      ['{"content":"', { bytes: 10 * MB }, '"}'],
      {
        ...json,
        method: "PUT",
      },
    );
    expect(admin).toMatchObject({ status: 401, detail: "Token admin manquant", closed: true });
    expect(admin.sentBeforeAnswer).toBeLessThan(8 * MB);
  }, 60_000);

  it("keeps the server's memory where it was after 50 refused 48 MB uploads", async () => {
    const kinds = refusals();
    // Warm-up: the code paths and the database's caches are in place before the measure.
    for (const kind of kinds) await kind.run();
    const before = memory();
    let peak = before.rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push((await (kinds[i % kinds.length] as (typeof kinds)[number]).run()).status);
    clearInterval(sampler);
    const after = memory();
    expect(statuses.filter((s) => s === 401 || s === 403 || s === 413)).toHaveLength(50);
    const figures = {
      rssBeforeMB: before.rss / MB,
      rssPeakMB: peak / MB,
      rssAfterMB: after.rss / MB,
      heapBeforeMB: before.heap / MB,
      heapAfterMB: after.heap / MB,
    };
    console.info(
      `memory over 50 refused uploads: ${Object.entries(figures)
        .map(([k, v]) => `${k}=${v.toFixed(1)}`)
        .join(" ")}`,
    );
    // Tolerances: a photo refused at its 8 MB cap holds those 8 MB until the refusal, and the
    // allocator may keep such pages; 50 uploads of 48 MB read whole would add hundreds of MB.
    expect(after.heap - before.heap).toBeLessThan(8 * MB);
    expect(after.rss - before.rss).toBeLessThan(24 * MB);
    expect(peak - before.rss).toBeLessThan(32 * MB);
  }, 300_000);
});
