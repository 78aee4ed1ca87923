import { DEFAULT_CATEGORY, DEFAULT_COUNTRY } from "@lagon/contracts/checkout";
import { PLANS, type PlanId } from "@lagon/contracts/plans";
import { DOMAIN_FORM_ID } from "../../config/paths";

/** The order form as the visitor fills it in. */
export interface OrderForm {
  subdomain: string;
  name: string;
  email: string;
  company_name: string;
  phone: string;
  address: string;
  postal_code: string;
  city: string;
  country: string;
  siret: string;
  company_type: string;
  coupon: string;
  koza: boolean;
  directory: boolean;
  category: string;
  vat_number: string;
  immediate_start: boolean;
}

export const EMPTY_ORDER_FORM: OrderForm = {
  subdomain: "",
  name: "",
  email: "",
  company_name: "",
  phone: "",
  address: "",
  postal_code: "",
  city: "",
  country: DEFAULT_COUNTRY,
  siret: "",
  company_type: "",
  coupon: "",
  koza: false,
  directory: false,
  category: DEFAULT_CATEGORY,
  vat_number: "",
  immediate_start: false,
};

/** What this tab keeps while the visitor is at the payment page, to give it back if they return. */
export interface OrderDraft {
  planId: PlanId;
  form: OrderForm;
  /** The checkout they were sent to: still payable while it is open. */
  checkoutUrl: string;
  savedAt: number;
}

const KEY = "lagon-order-draft";
/** The query parameter the payment's cancel address carries. */
const RETURN_PARAM = "paiement";
const CANCELLED = "annule";
/** A checkout stays open 30 minutes (the server holds it 31): after that it cannot be resumed. */
const RESUMABLE_MS = 30 * 60 * 1000;
/** The form is given back for a day at most; the tab's storage goes with the tab anyway. */
const KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Kept in sessionStorage: this tab only, gone when it closes, never sent anywhere. The payment
 * page is another site (Stripe), so the page's own state does not survive the trip.
 */
export function saveOrderDraft(draft: Omit<OrderDraft, "savedAt">): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ ...draft, savedAt: Date.now() }));
  } catch {
    // Storage refused (private mode, quota): the visitor retypes, as before.
  }
}

export function clearOrderDraft(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** Where the payment's "cancel" leads: this page, marked as a return, at the order form. */
export function cancelUrl(current: string): string {
  const url = new URL(current);
  url.searchParams.set(RETURN_PARAM, CANCELLED);
  url.hash = DOMAIN_FORM_ID;
  return url.toString();
}

/**
 * The draft, when the visitor comes back from the payment page without paying: by its cancel
 * link, or with the browser's Back button. The return mark is taken off the address, so a
 * reload or a shared link does not say it again.
 */
export function takeReturningDraft(): (OrderDraft & { resumable: boolean }) | null {
  const url = new URL(window.location.href);
  const cancelled = url.searchParams.get(RETURN_PARAM) === CANCELLED;
  if (cancelled) {
    url.searchParams.delete(RETURN_PARAM);
    window.history.replaceState(window.history.state, "", url.toString());
  }
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  if (!cancelled && navigation?.type !== "back_forward") return null;
  return keptDraft();
}

/** The draft this tab keeps, if still worth giving back. */
export function keptDraft(): (OrderDraft & { resumable: boolean }) | null {
  const draft = readDraft();
  if (!draft || Date.now() - draft.savedAt > KEPT_MS) return null;
  return { ...draft, resumable: Date.now() - draft.savedAt < RESUMABLE_MS };
}

function readDraft(): OrderDraft | null {
  try {
    const draft = JSON.parse(window.sessionStorage.getItem(KEY) ?? "null") as OrderDraft | null;
    if (
      !draft ||
      !PLANS.some((p) => p.id === draft.planId) ||
      !/^https?:\/\//.test(String(draft.checkoutUrl))
    )
      return null;
    return { ...draft, form: { ...EMPTY_ORDER_FORM, ...draft.form } };
  } catch {
    return null;
  }
}
