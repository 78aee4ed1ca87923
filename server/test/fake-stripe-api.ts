import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** Promotion codes the fake knows, as Stripe returns them with `expand: ["data.promotion.coupon"]`. */
function promotionCodes(code: string | null) {
  const now = Math.floor(Date.now() / 1000);
  const promo = (id: string, fields: Record<string, unknown>, coupon: Record<string, unknown>) => ({
    id,
    object: "promotion_code",
    code,
    active: true,
    customer: null,
    expires_at: null,
    max_redemptions: null,
    times_redeemed: 0,
    ...fields,
    promotion: {
      type: "coupon",
      coupon: {
        id: `co_${id}`,
        object: "coupon",
        percent_off: 15,
        amount_off: null,
        redeem_by: null,
        max_redemptions: null,
        times_redeemed: 0,
        valid: true,
        ...coupon,
      },
    },
  });
  switch (code) {
    case "STRIPE15":
      return [promo("promo_fake", {}, {})];
    case "PASSE30":
      return [promo("promo_expired", { expires_at: now - 3600, active: false }, { percent_off: 30 })];
    case "EPUISE5":
      return [promo("promo_used_up", { max_redemptions: 3, times_redeemed: 3 }, { percent_off: 5 })];
    case "FIXE10":
      return [promo("promo_amount", {}, { percent_off: null, amount_off: 1000 })];
    default:
      return [];
  }
}

/**
 * A local HTTP server standing in for Stripe's API (the one fake we allow: a third party's
 * HTTP API, at the edge). It records every request with its decoded form parameters.
 */
export async function startFakeStripeApi() {
  const requests: { method: string; path: string; params: URLSearchParams }[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  /** The recurring prices Stripe bills, as the checkout tests configure them (amounts HT). */
  const prices = new Map<string, Record<string, unknown>>(
    [
      ["price_starter_live", 2000],
      ["price_business_live", 5000],
      ["price_libre_refused", 1500],
      ["price_libre_live", 1500],
    ].map(([id, amount]) => [
      id as string,
      {
        id,
        object: "price",
        active: true,
        currency: "eur",
        unit_amount: amount,
        recurring: { interval: "month", interval_count: 1 },
        tax_behavior: "exclusive",
      },
    ]),
  );
  let counter = 0;

  const server = createServer(async (req, res) => {
    const body = await read(req);
    const url = new URL(req.url ?? "/", "http://x");
    const params = new URLSearchParams(req.method === "GET" ? url.search : body);
    requests.push({ method: req.method ?? "", path: url.pathname, params });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(json));
    };
    const invalid = (message: string) => send(400, { error: { type: "invalid_request_error", message } });
    if (req.method === "GET" && url.pathname === "/v1/tax_rates")
      return send(200, { object: "list", data: [], has_more: false });
    if (req.method === "POST" && url.pathname === "/v1/tax_rates") {
      return send(200, { id: "txr_fake", object: "tax_rate", percentage: 8.5, inclusive: false });
    }
    if (req.method === "GET" && url.pathname === "/v1/promotion_codes") {
      return send(200, { object: "list", data: promotionCodes(params.get("code")), has_more: false });
    }
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      if (params.get("line_items[0][price]")?.includes("refused")) return invalid("No such price");
      counter += 1;
      const id = `cs_test_fake${counter}`;
      const session = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.com/c/pay/${id}`,
        mode: params.get("mode"),
        status: "open",
        payment_status: "unpaid",
        metadata: { reference: params.get("metadata[reference]"), kind: params.get("metadata[kind]") },
        customer: null,
        subscription: null,
      };
      sessions.set(id, session);
      return send(200, session);
    }
    const price = url.pathname.match(/^\/v1\/prices\/([^/]+)$/);
    if (req.method === "GET" && price) {
      const found = prices.get(price[1] as string);
      return found
        ? send(200, found)
        : send(404, { error: { type: "invalid_request_error", message: `No such price: '${price[1]}'` } });
    }
    const expire = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (req.method === "POST" && expire) {
      const session = sessions.get(expire[1] as string);
      if (!session)
        return send(404, { error: { type: "invalid_request_error", message: "No such session" } });
      if (session.status !== "open")
        return invalid("Only Checkout Sessions with a status of open can be expired.");
      session.status = "expired";
      return send(200, session);
    }
    const retrieve = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (req.method === "GET" && retrieve) {
      const session = sessions.get(retrieve[1] as string);
      return session
        ? send(200, session)
        : send(404, { error: { type: "invalid_request_error", message: "No such session" } });
    }
    send(404, {
      error: { type: "invalid_request_error", message: `unhandled ${req.method} ${url.pathname}` },
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The parameters of the last call to `method path`. */
    lastParams(method: string, path: string): Record<string, string> {
      const call = requests.findLast((r) => r.method === method && r.path === path);
      return Object.fromEntries(call?.params ?? []);
    },
    /** Changes a price as someone editing it in Stripe's dashboard would. */
    setPrice(id: string, fields: Record<string, unknown>) {
      prices.set(id, { ...(prices.get(id) ?? { id, object: "price", active: true }), ...fields });
    },
    /** What Stripe would show once the customer has paid. */
    markPaid(id: string) {
      const s = sessions.get(id);
      if (s)
        Object.assign(s, {
          status: "complete",
          payment_status: "paid",
          customer: "cus_fake",
          subscription: s.mode === "subscription" ? "sub_fake" : null,
        });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    req.on("data", (c) => {
      data += c;
    });
    req.on("end", () => resolve(data));
  });
}
