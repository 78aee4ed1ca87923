import sharp from "sharp";
import { ANSWERS, kozaSubmission } from "../src/koza/test-support.ts";

/** How much of each a day of use holds (the figures by default). */
export interface DayOfUse {
  orders: number;
  koza: number;
  restores: number;
  polls: number;
}

export const FULL_DAY: DayOfUse = { orders: 200, koza: 50, restores: 20, polls: 10_000 };

interface LiveOrder {
  id: string;
  token: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An order of the Starter plan for `name`.localhost, paid on the local checkout: its session id. */
export async function payOrder(origin: string, name: string, kozaOption: boolean): Promise<string> {
  const local = origin.replace("127.0.0.1", "localhost");
  const res = await fetch(`${origin}/api/stripe/create-checkout-session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      plan_id: "price_local_starter",
      customer_data: {
        email: `${name}@example.re`,
        name: "Zoé Payet",
        immediate_start: true,
        domain: `${name}.localhost`,
        plan: "Starter",
        city: "Saint-Pierre",
      },
      success_url: `${local}/success`,
      cancel_url: `${local}/`,
      koza_option: kozaOption,
    }),
  });
  if (!res.ok) throw new Error(`checkout ${name}: ${res.status} ${await res.text()}`);
  const { checkout_url } = (await res.json()) as { checkout_url: string };
  const session = new URL(checkout_url).pathname.split("/").at(-1) as string;
  const paid = await fetch(`${origin}/api/test-checkout/${session}/pay`, { method: "POST" });
  if (!paid.ok) throw new Error(`payment ${name}: ${paid.status}`);
  return session;
}

/** Runs `work` on each item, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
      }
    }),
  );
}

/**
 * A day of two people using the product against a running server, through its HTTP API as the
 * pages and the admin use it: `orders` orders paid and provisioned (the first `koza` of them with
 * Koza), a questionnaire with a logo and five photos submitted on each Koza order (Koza makes one
 * site per order), `restores` backups made then restored, `polls` polls of the order page.
 * The server must allow 127.0.0.1 past its rate limits (RATE_LIMIT_ALLOW_LIST).
 */
export async function dayOfUse(
  origin: string,
  adminToken: string,
  day: DayOfUse,
  log: (line: string) => void,
): Promise<void> {
  const api = async <T>(method: string, url: string, body?: unknown, expected = [200, 202]): Promise<T> => {
    const res = await fetch(`${origin}${url}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!expected.includes(res.status))
      throw new Error(`${method} ${url.split("?")[0]}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const admin = (url: string) => `/api/admin${url}${url.includes("?") ? "&" : "?"}token=${adminToken}`;

  let started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 1000);
  const withKoza = Math.min(day.koza, day.orders);
  const live: LiveOrder[] = [];
  await inParallel(
    Array.from({ length: day.orders }, (_, i) => i),
    4,
    async (i) => {
      const session = await payOrder(origin, `journee-${i}`, i < withKoza);
      for (;;) {
        const status = await api<{
          status: string;
          order_id: string | null;
          magic_link_token: string | null;
        }>("GET", `/api/order-status/${session}`);
        if (status.status === "error") throw new Error(`order ${i} ended in error`);
        if (status.status === "completed" && status.order_id && status.magic_link_token) {
          live[i] = { id: status.order_id, token: status.magic_link_token };
          break;
        }
        await sleep(2000);
      }
    },
  );
  log(`day of use: ${day.orders} orders live in ${seconds()} s`);

  started = performance.now();
  const photo = (hue: number) =>
    sharp({
      create: { width: 1600, height: 1067, channels: 3, background: { r: hue, g: 120, b: 255 - hue } },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
  const logo = await sharp({ create: { width: 400, height: 400, channels: 4, background: "#c2410c" } })
    .png()
    .toBuffer();
  const files: [string, Buffer, string][] = [["logo", logo, "logo.png"]];
  for (let i = 0; i < 5; i++) files.push([`photo_${i}`, await photo(i * 50), `photo-${i}.jpg`]);
  const orderOf = (id: string, token: string) =>
    api<{ koza_status: string | null }>("GET", `/api/order/${id}?token=${encodeURIComponent(token)}`);
  // Two people at most at once, each on a site of their own.
  await inParallel(
    Array.from({ length: withKoza }, (_, run) => run),
    2,
    async (run) => {
      const order = live[run] as LiveOrder;
      const { url, payload, headers } = await kozaSubmission(
        {
          order_id: order.id,
          token: order.token,
          koza_data: JSON.stringify({ ...ANSWERS, businessName: `Boulangerie Payet ${run}` }),
        },
        files,
      );
      const res = await fetch(`${origin}${url}`, { method: "POST", headers, body: payload });
      if (res.status !== 200) throw new Error(`Koza run ${run}: ${res.status} ${await res.text()}`);
      for (;;) {
        const { koza_status } = await orderOf(order.id, order.token);
        if (koza_status === "error") throw new Error(`Koza run ${run} failed`);
        if (koza_status === "completed") break;
        await sleep(1000);
      }
    },
  );
  log(`day of use: ${withKoza} Koza runs with uploads in ${seconds()} s`);

  started = performance.now();
  const job = async (url: string) => {
    for (;;) {
      const { state, detail } = await api<{ state: string; detail?: string }>("GET", admin(url));
      if (state === "failed") throw new Error(`${url}: ${detail}`);
      if (state === "completed") return;
      await sleep(1000);
    }
  };
  const restored = live.slice(0, Math.min(day.restores, live.length));
  for (const order of restored) {
    const { job_id } = await api<{ job_id: string }>("POST", admin("/backup-now"), { order_id: order.id });
    await job(`/backup-now/${job_id}`);
  }
  for (let i = 0; i < day.restores && restored.length > 0; i++) {
    const order = restored[i % restored.length] as LiveOrder;
    const { backups } = await api<{ backups: { id: string }[] }>("GET", admin(`/orders/${order.id}/backups`));
    const { job_id } = await api<{ job_id: string }>("POST", admin("/backups/restore"), {
      order_id: order.id,
      backup_id: backups[0]?.id,
    });
    await job(`/backups/restore/${job_id}`);
  }
  log(`day of use: ${restored.length} backups and ${day.restores} restores in ${seconds()} s`);

  started = performance.now();
  await inParallel(
    Array.from({ length: day.polls }, (_, i) => i),
    10,
    async (i) => {
      const order = live[i % live.length] as LiveOrder;
      await orderOf(order.id, order.token);
    },
  );
  log(`day of use: ${day.polls} order polls in ${seconds()} s`);
}
