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

type StripeObject = Record<string, unknown> & { id: string };

const DAY = 86_400;
const nowUnix = () => Math.floor(Date.now() / 1000);

/**
 * A local HTTP server standing in for Stripe's API (the one fake we allow: a third party's
 * HTTP API, at the edge). It records every request with its decoded form parameters, and keeps
 * the subscriptions, invoices, charges and disputes a test puts in it, shaped as Stripe's API
 * version of the SDK returns them (periods on the subscription's item, an invoice's subscription
 * under `parent`, its payments' PaymentIntents).
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
  const subscriptions = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const charges = new Map<string, StripeObject>();
  const disputes = new Map<string, StripeObject>();
  const refunds = new Map<string, StripeObject>();
  let counter = 0;
  /** The card on file declines the next charge (an upgrade's prorated invoice). */
  let declineNextCharge = false;

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
        price: params.get("line_items[0][price]"),
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
    const notFound = (what: string) =>
      send(404, { error: { type: "invalid_request_error", message: `No such ${what}` } });
    if (req.method === "GET" && url.pathname === "/v1/subscriptions") {
      // Newest first, paged with starting_after like Stripe's lists.
      const all = [...subscriptions.values()].reverse();
      const after = params.get("starting_after");
      const from = after ? all.findIndex((x) => x.id === after) + 1 : 0;
      const limit = Number(params.get("limit") ?? 10);
      const page = all.slice(from, from + limit);
      return send(200, {
        object: "list",
        data: page,
        has_more: from + limit < all.length,
        url: "/v1/subscriptions",
      });
    }
    const subscription = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (subscription) {
      const sub = subscriptions.get(subscription[1] as string);
      if (!sub) return notFound("subscription");
      if (req.method === "GET") return send(200, sub);
      if (req.method === "DELETE") {
        Object.assign(sub, { status: "canceled", canceled_at: nowUnix(), ended_at: nowUnix() });
        return send(200, sub);
      }
      if (params.has("cancel_at") && params.has("cancel_at_period_end"))
        return invalid("You may only specify one of these parameters: cancel_at, cancel_at_period_end.");
      const item = (
        sub.items as { data: { id: string; price: { id: string }; current_period_end: number }[] }
      ).data[0];
      const price = params.get("items[0][price]");
      if (price && item) {
        if (params.get("items[0][id]") !== item.id) return invalid("No such subscription item");
        if (params.get("proration_behavior") === "always_invoice" && declineNextCharge) {
          declineNextCharge = false;
          return send(402, {
            error: { type: "card_error", code: "card_declined", message: "Your card was declined." },
          });
        }
        item.price = { id: price };
      }
      if (params.has("cancel_at")) {
        const at = params.get("cancel_at");
        Object.assign(sub, { cancel_at: at ? Number(at) : null, cancel_at_period_end: false });
      }
      if (params.has("cancel_at_period_end")) {
        const atEnd = params.get("cancel_at_period_end") === "true";
        Object.assign(sub, {
          cancel_at_period_end: atEnd,
          cancel_at: atEnd ? item?.current_period_end : null,
        });
      }
      return send(200, sub);
    }
    if (req.method === "GET" && url.pathname === "/v1/invoices") {
      const data = [...invoices.values()].filter(
        (i) =>
          (i.parent as { subscription_details: { subscription: string } }).subscription_details
            .subscription === params.get("subscription") &&
          (!params.get("status") || i.status === params.get("status")),
      );
      return send(200, { object: "list", data: data.reverse(), has_more: false, url: "/v1/invoices" });
    }
    const invoice = url.pathname.match(/^\/v1\/invoices\/([^/]+)$/);
    if (req.method === "GET" && invoice) {
      const found = invoices.get(invoice[1] as string);
      return found ? send(200, found) : notFound("invoice");
    }
    const charge = url.pathname.match(/^\/v1\/charges\/([^/]+)$/);
    if (req.method === "GET" && charge) {
      const found = charges.get(charge[1] as string);
      return found ? send(200, found) : notFound("charge");
    }
    if (req.method === "GET" && url.pathname === "/v1/refunds") {
      const data = [...refunds.values()].filter((r) => r.charge === params.get("charge")).reverse();
      return send(200, { object: "list", data, has_more: false, url: "/v1/refunds" });
    }
    if (req.method === "GET" && url.pathname === "/v1/invoice_payments") {
      // The invoice a PaymentIntent paid (the fake's invoices each have one payment).
      const intent = params.get("payment[payment_intent]");
      const data = [...invoices.values()]
        .filter((i) =>
          (i.payments as { data: { payment: { payment_intent: { id: string } } }[] }).data.some(
            (p) => p.payment.payment_intent.id === intent,
          ),
        )
        .map((i) => ({ id: `inpay_${i.id}`, object: "invoice_payment", invoice: i.id }));
      return send(200, { object: "list", data, has_more: false, url: "/v1/invoice_payments" });
    }
    if (req.method === "GET" && url.pathname === "/v1/checkout/sessions") {
      const intent = params.get("payment_intent");
      const data = [...sessions.values()].filter((x) => intent && x.payment_intent === intent);
      return send(200, { object: "list", data, has_more: false, url: "/v1/checkout/sessions" });
    }
    const dispute = url.pathname.match(/^\/v1\/disputes\/([^/]+)$/);
    if (req.method === "GET" && dispute) {
      const found = disputes.get(dispute[1] as string);
      return found ? send(200, found) : notFound("dispute");
    }
    if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      counter += 1;
      return send(200, {
        id: `bps_fake${counter}`,
        object: "billing_portal.session",
        customer: params.get("customer"),
        return_url: params.get("return_url"),
        url: `https://billing.stripe.com/p/session/test_fake${counter}`,
      });
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
    /**
     * What Stripe would show once the customer has paid: a subscription session has made its
     * subscription (`sub_fake` unless named), its first invoice paid.
     */
    markPaid(id: string, subscriptionId = "sub_fake") {
      const s = sessions.get(id);
      if (!s) return;
      Object.assign(s, {
        status: "complete",
        payment_status: "paid",
        customer: "cus_fake",
        subscription: s.mode === "subscription" ? subscriptionId : null,
        // A one-off payment (Koza alone) is a PaymentIntent of its own.
        payment_intent: s.mode === "payment" ? `pi_${id}` : null,
      });
      if (s.mode === "subscription") {
        this.putSubscription({ id: subscriptionId, customer: "cus_fake", price: String(s.price) });
      }
    },
    /**
     * A live subscription on `price`, its current period started `startedDaysAgo` days ago (its
     * anchor), its first invoice paid. Answers it (change it in place, as Stripe would).
     */
    putSubscription(o: {
      id: string;
      customer: string;
      price: string;
      startedDaysAgo?: number;
    }): StripeObject {
      const start = nowUnix() - (o.startedDaysAgo ?? 0) * DAY;
      const first = this.putInvoice({
        id: `in_first_${o.id}`,
        subscription: o.id,
        billing_reason: "subscription_create",
        status: "paid",
        price: o.price,
        period: [start, start + 30 * DAY],
        total: 5425,
        attempt_count: 1,
      });
      const sub: StripeObject = {
        id: o.id,
        object: "subscription",
        status: "active",
        customer: o.customer,
        billing_cycle_anchor: start,
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        cancellation_details: { reason: null },
        latest_invoice: first.id,
        items: {
          object: "list",
          data: [
            {
              id: `si_${o.id}`,
              object: "subscription_item",
              price: { id: o.price, object: "price" },
              current_period_start: start,
              current_period_end: start + 30 * DAY,
            },
          ],
        },
      };
      subscriptions.set(o.id, sub);
      return sub;
    },
    subscription(id: string): StripeObject & {
      items: { data: { price: { id: string }; current_period_start: number; current_period_end: number }[] };
    } {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`fake Stripe has no subscription ${id}`);
      return sub as never;
    },
    /**
     * An invoice of a subscription: `attempt_count` tries so far; `intent` is the status of its
     * latest payment's PaymentIntent (`requires_payment_method` after a decline,
     * `requires_action` when the bank asks for 3-D Secure, `succeeded`).
     */
    putInvoice(o: {
      id: string;
      subscription: string;
      billing_reason: "subscription_create" | "subscription_cycle" | "subscription_update";
      status: "draft" | "open" | "paid" | "void" | "uncollectible";
      price: string;
      period: [number, number];
      total: number;
      attempt_count: number;
      intent?: "requires_payment_method" | "requires_action" | "succeeded";
      next_payment_attempt?: number | null;
      /** The lines' HT amounts (tax exclusive, as our prices are); default: one line, the total less 8,5 %. */
      lines?: { amount: number; description?: string; proration?: boolean; price?: string }[];
    }): StripeObject {
      const intent = o.intent ?? (o.status === "paid" ? "succeeded" : "requires_payment_method");
      const lines = o.lines ?? [
        {
          amount: Math.round((o.total * 10_000) / 10_850),
          proration: o.billing_reason === "subscription_update",
        },
      ];
      const paidAt = nowUnix();
      const invoice: StripeObject = {
        id: o.id,
        object: "invoice",
        number: `FAKE-${o.id.slice(-4).toUpperCase()}`,
        status: o.status,
        billing_reason: o.billing_reason,
        total: o.total,
        amount_due: o.total,
        // What was collected, and when: they follow the status a test sets.
        get amount_paid() {
          return this.status === "paid" ? this.total : 0;
        },
        get status_transitions() {
          return { paid_at: this.status === "paid" ? paidAt : null, finalized_at: paidAt };
        },
        attempt_count: o.attempt_count,
        attempted: o.attempt_count > 0,
        next_payment_attempt: o.next_payment_attempt ?? null,
        hosted_invoice_url: `https://invoice.stripe.com/i/acct_fake/${o.id}`,
        period_start: o.period[0] - 30 * DAY,
        period_end: o.period[0],
        parent: { type: "subscription_details", subscription_details: { subscription: o.subscription } },
        lines: {
          object: "list",
          data: lines.map((line, i) => ({
            id: `il_${o.id}_${i}`,
            object: "line_item",
            amount: line.amount,
            description: line.description ?? null,
            discount_amounts: [],
            period: { start: o.period[0], end: o.period[1] },
            pricing: {
              type: "price_details",
              price_details: { price: line.price ?? o.price, product: "prod_fake" },
            },
            parent: {
              type: "subscription_item_details",
              subscription_item_details: { proration: line.proration ?? false },
            },
          })),
        },
        payments: {
          object: "list",
          data: [
            {
              id: `inpay_${o.id}`,
              object: "invoice_payment",
              created: nowUnix(),
              is_default: true,
              status: o.status === "paid" ? "paid" : "open",
              payment: {
                type: "payment_intent",
                payment_intent: {
                  id: `pi_${o.id}`,
                  object: "payment_intent",
                  status: intent,
                  last_payment_error:
                    intent === "requires_payment_method"
                      ? { type: "card_error", code: "card_declined", decline_code: "insufficient_funds" }
                      : intent === "requires_action"
                        ? { type: "card_error", code: "authentication_required" }
                        : null,
                },
              },
            },
          ],
        },
      };
      invoices.set(o.id, invoice);
      return invoice;
    },
    putCharge(o: {
      id: string;
      customer: string;
      amount: number;
      amount_refunded?: number;
      payment_intent?: string;
    }): StripeObject {
      const charge = {
        object: "charge",
        amount_refunded: 0,
        refunded: false,
        disputed: false,
        ...o,
      };
      charges.set(o.id, charge);
      return charge;
    },
    /** A refund of a charge (listed by `GET /v1/refunds?charge=`). */
    putRefund(o: { id: string; charge: string; amount: number; status?: string }): StripeObject {
      const refund = { object: "refund", status: "succeeded", created: nowUnix(), ...o };
      refunds.set(o.id, refund);
      return refund;
    },
    putDispute(o: {
      id: string;
      charge: string;
      amount: number;
      reason: string;
      due_by: number;
    }): StripeObject {
      const dispute = {
        id: o.id,
        object: "dispute",
        charge: o.charge,
        amount: o.amount,
        reason: o.reason,
        status: "needs_response",
        evidence_details: { due_by: o.due_by },
      };
      disputes.set(o.id, dispute);
      return dispute;
    },
    /** The next upgrade's prorated invoice is declined (402, nothing changed). */
    declineNextCharge() {
      declineNextCharge = true;
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
