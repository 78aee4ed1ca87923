import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givenPaidOrder } from "../../test/factories.ts";
import { waitFor } from "../../test/smtp-sink.ts";
import { createTestApp } from "../../test/test-context.ts";
import type { Order } from "../db/schema.ts";
import { WordPressRest } from "../koza/wordpress-rest.ts";
import { findShownOrder } from "../orders/orders-table.ts";
import { getSite } from "../sites/sites-table.ts";
import { freePort } from "../wordpress/site-checks.ts";
import { recordFilledSites } from "./site-filled.ts";

/** Real sites, installed by the normal pipeline: listed once their owner changes the home page. */
describe("a site without Koza joins the directory once its home page is its own", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const order = async (id: string) => {
    const o = await findShownOrder(t.ctx.db, id);
    if (!o) throw new Error("order missing");
    return o;
  };
  const provisioned = async (subdomain: string) => {
    const id = await givenPaidOrder(t.ctx, {
      subdomain,
      companyName: `Société ${subdomain}`,
      directoryOptIn: true,
    });
    return waitFor(async () => ((await order(id)).status === "active" ? order(id) : undefined), 90_000);
  };
  const listed = async () =>
    ((await t.app.inject({ url: "/api/directory" })).json().sites as { subdomain: string }[]).map(
      (s) => s.subdomain,
    );
  const rest = async (o: Order) => {
    const site = await getSite(t.ctx.db, o.id);
    return new WordPressRest(
      t.ctx.wordpress.main,
      o.subdomain,
      site.wpUsername ?? "",
      t.ctx.secrets.open(site.wpAppPasswordEnc ?? ""),
    );
  };

  beforeAll(async () => {
    t = await createTestApp({ WP_PORT: String(await freePort()) });
    await t.ctx.wordpress.start();
    await t.ctx.queue.work(t.ctx);
  }, 60_000);
  afterAll(() => t?.close());

  it("keeps the installer's home page out of the directory, lists an edited one", async () => {
    const edited = await provisioned("accueil-modifie");
    const untouched = await provisioned("accueil-intact");
    expect(await recordFilledSites(t.ctx)).toBe(0);
    expect(await listed()).toEqual([]);

    const wp = await rest(edited);
    const { page_on_front } = await wp.json<{ page_on_front: number }>("GET", "/wp/v2/settings");
    await wp.json("POST", `/wp/v2/pages/${page_on_front}`, {
      content: "<!-- wp:paragraph --><p>Bienvenue chez nous : pains et gâteaux.</p><!-- /wp:paragraph -->",
    });

    expect(await recordFilledSites(t.ctx)).toBe(1);
    expect(await listed()).toEqual(["accueil-modifie"]);
    expect((await getSite(t.ctx.db, edited.id)).filledAt).toBeInstanceOf(Date);
    expect((await getSite(t.ctx.db, untouched.id)).filledAt).toBeNull();
  }, 240_000);

  it("lists a site whose owner chose another page as home page", async () => {
    const site = await provisioned("autre-accueil");
    const wp = await rest(site);
    const page = await wp.json<{ id: number }>("POST", "/wp/v2/pages", {
      title: "Nos pains",
      status: "publish",
    });
    await wp.json("POST", "/wp/v2/settings", { page_on_front: page.id });
    expect(await recordFilledSites(t.ctx)).toBe(1);
    expect(await listed()).toContain("autre-accueil");
  }, 240_000);
});
