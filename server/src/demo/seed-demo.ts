/**
 * npm run seed:demo — a handful of real demo orders for a newcomer: each becomes a real
 * WordPress site through the normal provisioning pipeline, and the opted-in ones appear in the
 * directory, where the home page's showcase finds them (decision 0024). It writes no
 * testimonial: those are only what real customers agreed to have quoted (decision 0047). Run it
 * while the server is stopped (the embedded database has one owner).
 */
import { like } from "drizzle-orm";
import { loadConfig } from "../config.ts";
import { createContext } from "../create-context.ts";
import { orders } from "../db/schema.ts";
import { allJobs } from "../jobs/all-jobs.ts";
import { createLogger } from "../logger.ts";
import { createPaidOrder, type NewPaidOrder } from "../orders/create-paid-order.ts";
import { findOrder, orderStatus } from "../orders/orders-table.ts";
import { siteUrlOf } from "../sites/site-of.ts";
import { getSite } from "../sites/sites-table.ts";

type Demo = Pick<
  NewPaidOrder,
  "subdomain" | "customerName" | "companyName" | "city" | "country" | "category" | "planId" | "kozaOption"
>;

const DEMOS: Demo[] = [
  {
    subdomain: "boulangerie-payet",
    customerName: "Marie Payet",
    companyName: "Boulangerie Payet",
    city: "Saint-Paul",
    country: "Réunion",
    category: "Restauration / Hôtellerie",
    planId: "starter",
    kozaOption: true,
  },
  {
    subdomain: "garage-hoarau",
    customerName: "Jean Hoarau",
    companyName: "Garage Hoarau",
    city: "Saint-Pierre",
    country: "Réunion",
    category: "Automobile / Transport",
    planId: "business",
    kozaOption: false,
  },
  {
    subdomain: "ti-case-creole",
    customerName: "Nadia Grondin",
    companyName: "Ti Case Créole",
    city: "Le Tampon",
    country: "Réunion",
    category: "Immobilier",
    planId: "starter",
    kozaOption: false,
  },
  {
    subdomain: "coiffure-madinina",
    customerName: "Sandra Joseph",
    companyName: "Coiffure Madinina",
    city: "Fort-de-France",
    country: "Martinique",
    category: "Santé / Bien-être",
    planId: "business",
    kozaOption: true,
  },
  {
    subdomain: "mayotte-clim",
    customerName: "Ahmed Soilihi",
    companyName: "Mayotte Clim Services",
    city: "Mamoudzou",
    country: "Mayotte",
    category: "Artisanat / BTP",
    planId: "business",
    kozaOption: false,
  },
  {
    subdomain: "menuiserie-karukera",
    customerName: "Paul Lacroix",
    companyName: "Menuiserie Karukera",
    city: "Pointe-à-Pitre",
    country: "Guadeloupe",
    category: "Artisanat / BTP",
    planId: "libre",
    kozaOption: false,
  },
];

const config = loadConfig();
const log = createLogger("warn");
const ctx = await createContext(config, log, { jobs: allJobs });
await ctx.wordpress.start();
await ctx.queue.work(ctx);

const existing = await ctx.db
  .select({ id: orders.id })
  .from(orders)
  .where(like(orders.checkoutSessionId, "demo_%"));
const ids: string[] = existing.map((r) => r.id);
if (ids.length === 0) {
  for (const demo of DEMOS) {
    const { orderId } = await createPaidOrder(ctx, {
      ...demo,
      checkoutSessionId: `demo_${demo.subdomain}`,
      customerEmail: `${demo.subdomain}@exemple.re`,
      directoryOptIn: true,
      monthlyPriceCents: { starter: 2000, business: 5000, libre: 1500 }[demo.planId as "starter"] ?? 0,
    });
    ids.push(orderId);
  }
}
console.log(`Création de ${ids.length} sites de démonstration…`);
for (const id of ids) {
  for (;;) {
    const row = await findOrder(ctx.db, id);
    const status = row && orderStatus(row, await getSite(ctx.db, id));
    if (row && (status === "active" || status === "error")) {
      console.log(`  ${status === "active" ? "✓" : "✗"} ${await siteUrlOf(ctx, row)}`);
      break;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
await ctx.close();
