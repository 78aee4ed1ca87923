/**
 * Every admin screen, and the customer page of each order it lists, at 1280 and 375 px, full
 * page, into SHOTS_DIR.
 *
 * Without SHOTS_REFERENCE (recording): orders real sites on the browser journeys' stack (live
 * ones, one in error, one suspended, one with a custom domain), enters a testimonial and two chat
 * conversations, then records the API's answers (api.har) and the moment (clock.json) beside the
 * pictures.
 * With SHOTS_REFERENCE=<an earlier run's folder> (replaying): the pages get that run's recorded
 * answers and clock (copied beside the new pictures, so this run can be a reference in turn): the
 * same data draws the same pixels. Each picture is compared pixel by pixel with the reference's;
 * the differing pixels are drawn red in SHOTS_DIR/diff-*.png and counted in SHOTS_DIR/compare.txt,
 * and the run fails when a picture differs. A recording's own pictures may catch a list between
 * two polls: compare replays with replays (record once, replay before the change, replay after).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { ADMIN_TOKEN, magicLinkIn, orderSite, waitForMail } from "../../e2e/support/orders.ts";
import { type APIRequestContext, expect, type Page, test } from "../../e2e/support/test.ts";

const OUT = process.env.SHOTS_DIR ? path.resolve(process.env.SHOTS_DIR) : "";
const REFERENCE = process.env.SHOTS_REFERENCE ? path.resolve(process.env.SHOTS_REFERENCE) : "";
const ROOT = path.resolve(import.meta.dirname, "../..");
const SITES = path.join(ROOT, `.test-output/e2e-${process.env.E2E_PORT ?? 3100}/sites`);
const WIDTHS = [1280, 375] as const;
const admin = (p: string) => `${p}${p.includes("?") ? "&" : "?"}token=${ADMIN_TOKEN}`;

/** Orders a site and waits until it is live; returns its order id and the customer's token. */
async function liveOrder(request: APIRequestContext, subdomain: string, name: string, plan?: "Business") {
  const email = `${subdomain}@example.re`;
  await orderSite(request, { subdomain, email, name, plan });
  const url = new URL(magicLinkIn(await waitForMail(email, /\/dashboard\//)));
  return { orderId: url.pathname.split("/").at(-1) as string, token: url.searchParams.get("token") };
}

async function seed(request: APIRequestContext) {
  // A leftover folder where the site must go makes every install attempt fail, for real.
  mkdirSync(path.join(SITES, "shots-erreur"), { recursive: true });
  writeFileSync(path.join(SITES, "shots-erreur", "reste.txt"), "x");
  await orderSite(request, {
    subdomain: "shots-erreur",
    email: "shots-erreur@example.re",
    name: "Noah Lebon",
  });
  const [withDomain, suspended] = await Promise.all([
    liveOrder(request, "shots-domaine", "Inès Grondin"),
    liveOrder(request, "shots-suspendu", "Hugo Payet"),
    liveOrder(request, "shots-business", "Léa Boyer", "Business"),
  ]);
  const asked = await request.post(`/api/order/${withDomain.orderId}/domain?token=${withDomain.token}`, {
    data: { hasOwnDomain: "no", domainName: "grondin-fleurs.re" },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const suspend = await request.post(admin("/api/admin/subscriptions/suspend"), {
    data: { order_id: suspended.orderId, reason: "Contenu non conforme aux conditions." },
  });
  expect(suspend.status(), await suspend.text()).toBeLessThan(300);
  const testimonial = await request.post(admin("/api/admin/testimonials"), {
    data: {
      name: "Marie Payet",
      business: "Boulangerie Payet",
      text: "Site en ligne en une journée, et une équipe qui répond vite.",
      rating: 5,
      consented_on: "2026-01-15",
      site_url: "https://boulangerie-payet.re",
    },
  });
  expect(testimonial.status(), await testimonial.text()).toBeLessThan(300);
  // Two conversations: the first one read by the agency (opening it changes nothing), the other one unread.
  for (const [message, email] of [
    ["Bonjour, puis-je garder mon nom de domaine ?", "visiteur@example.re"],
    ["Faites-vous aussi les boutiques en ligne ?", "boutique@example.re"],
  ] as const) {
    const chat = await request.post("/api/chat/messages", { data: { message, email, page: "/services" } });
    expect(chat.status(), await chat.text()).toBeLessThan(300);
  }
  const inbox = await (await request.get(admin("/api/admin/chat/conversations"))).json();
  const read = inbox.conversations.find((c: { email: string }) => c.email === "visiteur@example.re");
  expect((await request.get(admin(`/api/admin/chat/conversations/${read.id}`))).status()).toBe(200);
  const statusOf = async (q: string) =>
    (await (await request.get(admin(`/api/admin/orders?q=${q}`))).json()).orders[0];
  await expect
    .poll(async () => (await statusOf("shots-erreur"))?.status, { timeout: 150_000, intervals: [2000] })
    .toBe("error");
  // The suspension done, nothing moves on the list any more.
  await expect
    .poll(async () => (await statusOf("shots-suspendu"))?.subscription?.status, {
      timeout: 60_000,
      intervals: [1000],
    })
    .toBe("suspended");
}

/** Two frames painted after the fonts and every frame loaded: what the screen shows is drawn. */
async function settled(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  for (const frame of page.frames()) await frame.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

type Result = { name: string; differing: number; note?: string };

/** Counts the pixels that differ between two PNGs, in the browser; draws them red on a faded copy. */
async function compare(
  browser: Browser,
  before: Buffer,
  after: Buffer,
  diffPath: string,
): Promise<Result["differing"] | string> {
  if (before.equals(after)) return 0;
  const page = await browser.newPage();
  try {
    const answer = await page.evaluate(
      async ([a, b]) => {
        const load = async (b64: string) => {
          const img = new Image();
          img.src = `data:image/png;base64,${b64}`;
          await img.decode();
          return img;
        };
        const [ia, ib] = await Promise.all([load(a), load(b)]);
        if (ia.width !== ib.width || ia.height !== ib.height)
          return { size: `${ia.width}×${ia.height} px, now ${ib.width}×${ib.height} px` };
        const pixels = (img: HTMLImageElement) => {
          const c = new OffscreenCanvas(img.width, img.height);
          const g = c.getContext("2d") as OffscreenCanvasRenderingContext2D;
          g.drawImage(img, 0, 0);
          return g.getImageData(0, 0, img.width, img.height);
        };
        const pa = pixels(ia);
        const pb = pixels(ib);
        const diff = new ImageData(ia.width, ia.height);
        let count = 0;
        for (let i = 0; i < pa.data.length; i += 4) {
          const same =
            pa.data[i] === pb.data[i] &&
            pa.data[i + 1] === pb.data[i + 1] &&
            pa.data[i + 2] === pb.data[i + 2];
          if (!same) count++;
          const grey = 255 - (255 - (pb.data[i] ?? 0)) / 4;
          diff.data.set(same ? [grey, grey, grey, 255] : [255, 0, 0, 255], i);
        }
        if (count === 0) return { count, png: "" };
        const canvas = new OffscreenCanvas(ia.width, ia.height);
        (canvas.getContext("2d") as OffscreenCanvasRenderingContext2D).putImageData(diff, 0, 0);
        const blob = await canvas.convertToBlob({ type: "image/png" });
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = "";
        for (const byte of bytes) binary += String.fromCharCode(byte);
        return { count, png: btoa(binary) };
      },
      [before.toString("base64"), after.toString("base64")] as const,
    );
    if ("size" in answer) return answer.size as string;
    if (answer.png) writeFileSync(diffPath, Buffer.from(answer.png, "base64"));
    return answer.count;
  } finally {
    await page.close();
  }
}

test("the admin screens, at 1280 and 375 px", async ({ page, context, request, browser }) => {
  test.setTimeout(20 * 60_000);
  expect(OUT, "SHOTS_DIR: the folder to write the screenshots to").not.toBe("");
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const results: Result[] = [];

  let now: number;
  if (REFERENCE) {
    for (const file of ["api.har", "clock.json", "admin-token"])
      copyFileSync(path.join(REFERENCE, file), path.join(OUT, file));
    now = JSON.parse(readFileSync(path.join(OUT, "clock.json"), "utf8")).now;
  } else {
    await seed(request);
    now = Date.now();
    writeFileSync(path.join(OUT, "clock.json"), JSON.stringify({ now }));
    writeFileSync(path.join(OUT, "admin-token"), ADMIN_TOKEN);
  }
  await page.clock.setFixedTime(now);
  await context.routeFromHAR(path.join(OUT, "api.har"), {
    url: "**/api/**",
    update: !REFERENCE,
    updateContent: "embed",
    updateMode: "minimal",
    notFound: "abort",
  });

  const shoot = async (name: string) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await settled(page);
      const file = `${name}-${width}.png`;
      const shot = await page.screenshot({
        path: path.join(OUT, file),
        fullPage: true,
        animations: "disabled",
      });
      if (!REFERENCE) continue;
      const before = path.join(REFERENCE, file);
      const outcome = existsSync(before)
        ? await compare(browser, readFileSync(before), shot, path.join(OUT, `diff-${file}`))
        : "no reference picture";
      results.push(
        typeof outcome === "number"
          ? { name: file, differing: outcome }
          : { name: file, differing: -1, note: outcome },
      );
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Token admin manquant" })).toBeVisible();
  await shoot("token-missing");
  await page.goto("/admin?token=faux-jeton");
  await expect(page.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
  await shoot("token-refused");

  await page.goto(admin("/admin"));
  await expect(page.getByRole("article")).toHaveCount(4);
  await shoot("orders");
  await page.getByRole("button", { name: "Erreurs" }).click();
  await expect(page.getByRole("article")).toHaveCount(1);
  await shoot("orders-errors");
  await page.getByRole("button", { name: "Toutes" }).click();
  await expect(page.getByRole("article")).toHaveCount(4);

  // Every folded part of the cards opened: maintenance, mailboxes (read on opening), domain checks.
  await page.locator(".admin-order summary").evaluateAll((summaries) => {
    for (const s of summaries) (s as HTMLElement).click();
  });
  await expect(page.getByText("Chargement des adresses e-mail…")).toHaveCount(0);
  await shoot("orders-opened");
  await page.reload();
  await expect(page.getByRole("article")).toHaveCount(4);
  // Each order's customer page, where the admin's cards link to.
  const customerPages: [string, string][] = [];
  for (const [name, shot] of [
    ["Inès Grondin", "dashboard-domain"],
    ["Léa Boyer", "dashboard-business"],
    ["Hugo Payet", "dashboard-suspended"],
    ["Noah Lebon", "dashboard-error"],
  ] as const) {
    const link = page.getByRole("article", { name }).getByRole("link", { name: "Espace client" });
    customerPages.push([shot, (await link.getAttribute("href")) as string]);
  }

  // An action's outcome, pinned to the bottom of the screen.
  const withDomain = page.getByRole("article", { name: "Inès Grondin" });
  page.once("dialog", (d) => void d.accept());
  await withDomain.getByRole("button", { name: "Renvoyer le lien" }).click();
  await expect(page.getByRole("status").getByText("Magic link renvoyé avec succès !")).toBeVisible();
  await shoot("orders-notice");

  await withDomain.getByRole("button", { name: /^Logs/ }).click();
  const logs = page.getByRole("dialog", { name: /Logs de la commande/ });
  await expect(logs).toContainText("Site en ligne.");
  await shoot("logs-dialog");
  await page.keyboard.press("Escape");
  await expect(logs).toBeHidden();

  await withDomain.getByRole("button", { name: "Sauvegardes" }).click();
  const backups = page.getByRole("dialog", { name: /Sauvegardes/ });
  await expect(backups).toBeVisible();
  await shoot("backups-dialog");
  await page.keyboard.press("Escape");
  await expect(backups).toBeHidden();

  await withDomain.getByRole("button", { name: "Refuser…" }).click();
  const refuse = page.getByRole("dialog", { name: /Refuser le domaine/ });
  await expect(refuse).toBeVisible();
  await shoot("domain-refuse-dialog");
  await page.keyboard.press("Escape");
  await expect(refuse).toBeHidden();

  await page.getByRole("article", { name: "Léa Boyer" }).getByRole("button", { name: "Suspendre" }).click();
  const suspend = page.getByRole("dialog", { name: "Suspendre le site" });
  await expect(suspend).toBeVisible();
  await shoot("subscription-dialog");
  await page.keyboard.press("Escape");
  await expect(suspend).toBeHidden();

  await page.goto(admin("/admin/analytics"));
  await expect(page.getByRole("img", { name: /Revenu encaissé HT par mois/ })).toBeVisible();
  await page.getByText("Voir les montants mois par mois").click();
  await expect(page.getByRole("table", { name: "Revenu encaissé HT par mois" })).toBeVisible();
  await shoot("analytics");

  await page.goto(admin("/admin/factures"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("table").first()).toBeVisible();
  await shoot("invoices");

  await page.goto(admin("/admin/email-templates"));
  await page.getByRole("button", { name: /magic_link_admin/ }).click();
  await expect(page.getByRole("heading", { name: "magic_link_admin" })).toBeVisible();
  await expect(page.frameLocator('iframe[title="Aperçu de l\'e-mail"]').locator("body")).toBeVisible();
  await shoot("templates");

  await page.goto(admin("/admin/temoignages"));
  await expect(page.getByText("Boulangerie Payet")).toBeVisible();
  await shoot("testimonials");

  await page.goto(admin("/admin/chat"));
  await page.getByRole("button", { name: /visiteur@example\.re/ }).click();
  await expect(page.getByText("Bonjour, puis-je garder mon nom de domaine ?").last()).toBeVisible();
  await shoot("chat");

  for (const [shot, href] of customerPages) {
    await page.goto(href);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Its sections read their parts on arrival: every answer in, then nothing loading any more.
    await page.waitForLoadState("networkidle");
    await expect(page.getByText(/^Chargement/)).toHaveCount(0);
    await shoot(shot);
  }

  if (!REFERENCE) return;
  const report = results.map((r) => `${r.name}: ${r.note ?? `${r.differing} pixels differ`}`).join("\n");
  writeFileSync(path.join(OUT, "compare.txt"), `${report}\n`);
  console.log(report);
  expect(results.filter((r) => r.differing !== 0).map((r) => r.name)).toEqual([]);
});
