import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server standing in for Stripe's API (the one fake we allow: a third party's
 * HTTP API, at the edge). It records every request with its decoded form parameters.
 */
export async function startFakeStripeApi() {
  const requests: { method: string; path: string; params: URLSearchParams }[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
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
    if (req.method === "GET" && url.pathname === "/v1/tax_rates")
      return send(200, { object: "list", data: [], has_more: false });
    if (req.method === "POST" && url.pathname === "/v1/tax_rates") {
      return send(200, { id: "txr_fake", object: "tax_rate", percentage: 8.5, inclusive: false });
    }
    if (req.method === "GET" && url.pathname === "/v1/promotion_codes") {
      const code = params.get("code");
      const data =
        code === "STRIPE15"
          ? [
              {
                id: "promo_fake",
                object: "promotion_code",
                code,
                active: true,
                promotion: { type: "coupon", coupon: { id: "co_1", percent_off: 15 } },
              },
            ]
          : [];
      return send(200, { object: "list", data, has_more: false });
    }
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      counter += 1;
      const id = `cs_test_fake${counter}`;
      const session = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: "open",
        payment_status: "unpaid",
        metadata: { reference: params.get("metadata[reference]"), kind: params.get("metadata[kind]") },
        customer: null,
        subscription: null,
      };
      sessions.set(id, session);
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
    /** What Stripe would show once the customer has paid. */
    markPaid(id: string) {
      const s = sessions.get(id);
      if (s)
        Object.assign(s, {
          status: "complete",
          payment_status: "paid",
          customer: "cus_fake",
          subscription: "sub_fake",
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
