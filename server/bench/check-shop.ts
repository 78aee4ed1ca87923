/**
 * npm run check:shop — on a host with internet (as root, like npm start): a throwaway stack on a
 * temporary data folder provisions a fresh Business site, whose kit fetches WooCommerce from
 * WP_PLUGIN_SOURCE (the WordPress.org directory by default), then buys its first product through
 * WooCommerce's Store API as a visitor from La Réunion would (cash on delivery), and prints the
 * order WooCommerce recorded: total, VAT 8,5 %, status. Exits 1 with the French reason otherwise
 * (docs/operations/plugins.md).
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../src/config.ts";
import { createContext } from "../src/create-context.ts";
import type { Order, Site } from "../src/db/schema.ts";
import { allJobs } from "../src/jobs/all-jobs.ts";
import { createLogger } from "../src/logger.ts";
import { findShownOrder } from "../src/orders/orders-table.ts";
import { getSite } from "../src/sites/sites-table.ts";
import { basicAuth, freePort } from "../src/wordpress/site-checks.ts";
import { givenPaidOrder } from "../test/factories.ts";

const config = loadConfig({
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "lagon-shop-")),
  WP_PORT: String(await freePort()),
  LOG_LEVEL: "silent",
  SERVE_WEB: "false",
  MAIL_HOST: "off",
});
const ctx = await createContext(config, createLogger("silent"), { jobs: allJobs });
let failed = false;
try {
  await ctx.wordpress.start();
  await ctx.queue.work(ctx);
  const id = await givenPaidOrder(ctx, { planId: "business" });
  let order: Order | undefined;
  let site: Site | undefined;
  for (const deadline = Date.now() + 600_000; Date.now() < deadline; ) {
    const shown = await findShownOrder(ctx.db, id);
    order = shown;
    site = await getSite(ctx.db, id);
    if (shown?.status === "error") throw new Error("la création du site a échoué (voir les journaux)");
    if (shown?.status === "active" && site.kit) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!order || !site || site.kit?.status !== "applied")
    throw new Error(`boutique non installée : ${site?.kit?.detail ?? "délai dépassé"}`);
  console.log(`Site ${ctx.wordpress.siteUrl(order.subdomain, site)} : ${site.kit.detail}`);

  const subdomain = order.subdomain;
  const host = ctx.wordpress.hostFor(site);
  const auth = basicAuth(site.wpUsername as string, ctx.secrets.open(site.wpAppPasswordEnc as string));
  const call = async (
    urlPath: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const res = await host.fetch(subdomain, urlPath, {
      method: init.method ?? "GET",
      headers: { "content-type": "application/json", ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (res.status >= 300)
      throw new Error(`${urlPath} : ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return { res, body };
  };
  // The agency's check pays cash on delivery; the customer chooses the real means afterwards.
  await call("/wp-json/wc/v3/payment_gateways/cod", {
    method: "PUT",
    body: { enabled: true },
    headers: auth,
  });
  const products = (await call("/wp-json/wc/store/v1/products")).body as unknown as {
    id: number;
    name: string;
  }[];
  const product = products.find((p) => p.name === "Mon premier produit");
  if (!product) throw new Error("le premier produit n'est pas en vente");
  const cart = await call("/wp-json/wc/store/v1/cart");
  const token = { "Cart-Token": cart.res.headers.get("cart-token") ?? "" };
  await call("/wp-json/wc/store/v1/cart/add-item", {
    method: "POST",
    body: { id: product.id, quantity: 1 },
    headers: token,
  });
  const address = {
    first_name: "Zoé",
    last_name: "Payet",
    address_1: "3 rue des Flamboyants",
    city: "Saint-Paul",
    postcode: "97460",
    country: "RE",
    email: "zoe@example.re",
    phone: "0692000000",
  };
  const checkout = await call("/wp-json/wc/store/v1/checkout", {
    method: "POST",
    body: { billing_address: address, shipping_address: address, payment_method: "cod" },
    headers: token,
  });
  const orderId = (checkout.body as { order_id: number }).order_id;
  const bought = (await call(`/wp-json/wc/v3/orders/${orderId}`, { headers: auth })).body as {
    status: string;
    total: string;
    total_tax: string;
    currency: string;
  };
  console.log(
    `Commande WooCommerce n° ${orderId} : ${bought.status}, ${bought.total} ${bought.currency} dont TVA ${bought.total_tax}`,
  );
  if (bought.currency !== "EUR" || Number(bought.total_tax) <= 0)
    throw new Error("la commande n'a ni euros ni TVA");
} catch (error) {
  failed = true;
  console.error(`Échec de la vérification de la boutique : ${(error as Error).message}`);
} finally {
  await ctx.close();
}
process.exit(failed ? 1 : 0);
