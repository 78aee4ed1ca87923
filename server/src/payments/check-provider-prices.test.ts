import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeStripeApi } from "../../test/fake-stripe-api.ts";
import { createTestContext } from "../../test/test-context.ts";
import type { Context } from "../context.ts";
import { StartupError, startupErrorLine } from "../startup/startup-error.ts";
import { checkProviderPrices, PriceMismatchError } from "./check-provider-prices.ts";

describe("start-up check of the Stripe prices (Stripe's API faked at the HTTP edge)", () => {
  let fake: Awaited<ReturnType<typeof startFakeStripeApi>>;
  let ctx: Context;

  beforeAll(async () => {
    fake = await startFakeStripeApi();
    ctx = await createTestContext({
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: "whsec_test",
      STRIPE_PRICE_STARTER: "price_starter_live",
      STRIPE_PRICE_BUSINESS: "price_business_live",
      STRIPE_PRICE_LIBRE: "price_libre_live",
      STRIPE_API_URL: fake.url,
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it("passes when every configured price bills the plan's amount HT, monthly, in euros", async () => {
    await expect(checkProviderPrices(ctx)).resolves.toBeUndefined();
    const read = fake.requests.filter((r) => r.method === "GET" && r.path.startsWith("/v1/prices/"));
    expect(read.map((r) => r.path).sort()).toEqual([
      "/v1/prices/price_business_live",
      "/v1/prices/price_libre_live",
      "/v1/prices/price_starter_live",
    ]);
  });

  it("refuses to start on a wrong amount, currency, interval or tax behaviour, naming each", async () => {
    fake.setPrice("price_business_live", { unit_amount: 4900 });
    fake.setPrice("price_libre_live", { currency: "usd", recurring: { interval: "year" } });
    fake.setPrice("price_starter_live", { tax_behavior: "inclusive" });
    const failure = await checkProviderPrices(ctx).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(PriceMismatchError);
    const line = startupErrorLine(new StartupError("prices", failure), undefined);
    expect(line).toMatch(/^Les prix Stripe ne correspondent pas aux formules/);
    expect(line).toMatch(
      /STRIPE_PRICE_BUSINESS \(price_business_live, formule Business\) : 49,00\s€ au lieu de 50,00\s€ HT/,
    );
    expect(line).toContain(
      "STRIPE_PRICE_LIBRE (price_libre_live, formule Libre) : devise USD au lieu de EUR, pas un prix mensuel récurrent",
    );
    expect(line).toContain(
      "STRIPE_PRICE_STARTER (price_starter_live, formule Starter) : TVA incluse au lieu de hors taxes",
    );
  });

  it("says in French when a price cannot be read", async () => {
    fake.setPrice("price_business_live", { unit_amount: 5000 });
    const failure = await checkProviderPrices({
      ...ctx,
      config: { ...ctx.config, STRIPE_PRICE_BUSINESS: "price_missing" },
    }).catch((err: unknown) => err);
    expect(failure).not.toBeInstanceOf(PriceMismatchError);
    expect(startupErrorLine(new StartupError("prices", failure), undefined)).toMatch(
      /^Les prix Stripe des formules ne peuvent pas être lus : .*No such price/,
    );
  });

  it("checks nothing with the local test checkout", async () => {
    const local = await createTestContext();
    try {
      await expect(checkProviderPrices(local)).resolves.toBeUndefined();
    } finally {
      await local.close();
    }
  });
});
