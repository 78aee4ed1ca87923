import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const ORIGIN = `http://localhost:${PORT}`;
/** Drawn at random for each run by playwright.config.ts. */
export const ADMIN_TOKEN = process.env.E2E_ADMIN_TOKEN as string;
const MAILBOX = path.resolve(`.test-output/e2e-${PORT}/mailbox`);

/** Orders and pays a site through the real checkout API and the local test checkout. */
export async function orderSite(
  request: APIRequestContext,
  opts: {
    subdomain: string;
    email: string;
    koza?: boolean;
    name?: string;
    company?: string;
    /** Lists the site in the public directory; only the directory journey wants it. */
    directory?: boolean;
    plan?: "Starter" | "Business" | "Libre";
  },
): Promise<string> {
  const res = await request.post("/api/stripe/create-checkout-session", {
    data: {
      plan_id: `price_local_${(opts.plan ?? "Starter").toLowerCase()}`,
      customer_data: {
        email: opts.email,
        name: opts.name ?? "Zoé Payet",
        company_name: opts.company ?? "",
        domain: `${opts.subdomain}.localhost`,
        plan: opts.plan ?? "Starter",
        city: "Saint-Pierre",
        immediate_start: true,
        ...(opts.directory ? { directory_opt_in: true, category: "Artisanat / BTP" } : {}),
      },
      success_url: `${ORIGIN}/success`,
      cancel_url: `${ORIGIN}/`,
      koza_option: opts.koza ?? false,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const sessionId = new URL((await res.json()).checkout_url).pathname.split("/").at(-1) as string;
  const paid = await request.post(`/api/test-checkout/${sessionId}/pay`);
  expect(paid.status()).toBe(200);
  return sessionId;
}

type SiteOrder = Parameters<typeof orderSite>[1] & {
  /** Done just before this one is ordered (e.g. a leftover folder that makes its install fail). */
  beforeOrder?: () => void;
};

/**
 * Orders, in a spec's beforeAll, every site its journeys need: they are made (a few at a time)
 * while the journeys before theirs run, instead of each journey waiting for its own. A worker
 * started again after a failure orders only those not ordered yet.
 */
export async function orderSitesAhead(request: APIRequestContext, sites: SiteOrder[]): Promise<void> {
  for (const { beforeOrder, ...site } of sites) {
    const res = await request.get(
      `/api/admin/orders?token=${ADMIN_TOKEN}&q=${encodeURIComponent(site.subdomain)}`,
    );
    expect(res.status()).toBe(200);
    const ordered = (await res.json()).orders as { subdomain: string }[];
    if (ordered.some((o) => o.subdomain === site.subdomain)) continue;
    beforeOrder?.();
    await orderSite(request, site);
  }
}

/** The e-mails the e2e SMTP server received for one address, decoded. */
export function mailsTo(email: string): string[] {
  let files: string[];
  try {
    // Named `<sequence>-<recipients, comma-separated>.eml` (start-stack.ts): whole addresses
    // compared, so that koza-e2e@… is not sans-koza-e2e@….
    files = readdirSync(MAILBOX).filter((f) =>
      f
        .replace(/^\d+-/, "")
        .replace(/\.eml$/, "")
        .split(",")
        .includes(email),
    );
  } catch {
    return [];
  }
  return files.sort().map((f) => decodeQuotedPrintable(readFileSync(path.join(MAILBOX, f), "utf8")));
}

export async function waitForMail(email: string, match: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(email).find((m) => match.test(m));
        return Boolean(found);
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  return found as string;
}

export function magicLinkIn(mail: string): string {
  const link = mail.match(/https?:\/\/[^\s"<>]+\/dashboard\/[0-9a-f-]{36}\?token=[\w-]+/)?.[0];
  if (!link) throw new Error("no magic link in the e-mail");
  return link;
}

/** The token of an order-page link (a path or a full address). */
export function tokenOf(link: string): string | null {
  return new URL(link, ORIGIN).searchParams.get("token");
}

function decodeQuotedPrintable(raw: string): string {
  return Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
}
