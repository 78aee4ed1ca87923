import { tooManyRequestsFor } from "@lagon/contracts/errors";
import { type PLANS, planById } from "@lagon/contracts/plans";
import { isValidSubdomain, SUBDOMAIN_FORMAT_ERROR } from "@lagon/contracts/subdomain";
import { type FormEvent, useEffect, useId, useState } from "react";
import { DOMAIN_FORM_ID, KOZA_OPTION_ID, paths } from "../../config/paths";
import { publicConfig } from "../../config/public-config";
import { ApiError } from "../../lib/fetch-json";
import { createCheckoutSession } from "./api/checkout-api";
import "./checkout.css";
import {
  CHECKOUT_MESSAGES,
  COUNTRIES,
  DIRECTORY_CATEGORIES,
  IMMEDIATE_START_CONSENT,
  LEGAL_FORMS,
} from "@lagon/contracts/checkout";
import { isBusinessBuyer, taxRuleFor } from "@lagon/contracts/tax";
import { scrollToSection } from "../../lib/scroll-to-section";
import { selectPlan, useKozaRequests, useSelectedPlan } from "../../lib/selected-plan-store";
import {
  cancelUrl,
  EMPTY_ORDER_FORM,
  keptDraft,
  type OrderDraft,
  type OrderForm,
  saveOrderDraft,
  takeReturningDraft,
} from "./order-draft";
import { OrderSummary } from "./order-summary";
import { useCouponCheck } from "./use-coupon-check";
import { useSubdomainCheck } from "./use-subdomain-check";

/** The domain and customer form, shown once a plan is chosen, and the way to payment. */
export function CheckoutSection() {
  const planId = useSelectedPlan();
  const kozaRequests = useKozaRequests();
  const [form, setForm] = useState<OrderForm>(EMPTY_ORDER_FORM);
  const [busy, setBusy] = useState(false);
  // A rate limit's refusal, said in the page next to the button with when to try again.
  const [payError, setPayError] = useState<string | null>(null);
  const [returned, setReturned] = useState<(OrderDraft & { resumable: boolean }) | null>(null);
  const subdomain = useSubdomainCheck(form.subdomain);
  const coupon = useCouponCheck(form.coupon);
  const ids = useId();

  // Back from the payment page without paying: the order as it was, and a word about it.
  useEffect(() => {
    const draft = takeReturningDraft();
    if (!draft) return;
    setForm(draft.form);
    setReturned(draft);
    selectPlan(draft.planId);
    window.setTimeout(() => scrollToSection(DOMAIN_FORM_ID), 0);
  }, []);

  // Back from the payment page to this very page, kept as it was by the browser (its back-forward
  // cache): the button must not stay on "Redirection vers le paiement...".
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setBusy(false);
      setReturned(keptDraft());
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  // "Ajouter Koza à ma commande", before or after the plan was chosen.
  useEffect(() => {
    if (kozaRequests > 0) setForm((f) => ({ ...f, koza: true }));
  }, [kozaRequests]);

  if (!planId) return null;
  const plan = planById(planId);
  const host = `${form.subdomain.trim().toLowerCase()}.${publicConfig.BASE_DOMAIN}`;
  const set = <K extends keyof OrderForm>(key: K, value: OrderForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const field = (key: keyof OrderForm) => ({
    id: `${ids}-${key}`,
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
  });

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!planId) return window.alert(CHECKOUT_MESSAGES.noPlan);
    const sub = form.subdomain.trim().toLowerCase();
    if (!sub || !form.name.trim() || !form.email.trim()) return window.alert(CHECKOUT_MESSAGES.missingFields);
    if (!isValidSubdomain(sub)) return window.alert(CHECKOUT_MESSAGES.invalidDomain);
    if (!form.immediate_start) return window.alert(CHECKOUT_MESSAGES.immediateStartRequired);
    setBusy(true);
    setPayError(null);
    try {
      const code = form.coupon.trim().toUpperCase();
      const { checkout_url } = await createCheckoutSession({
        plan_id: priceIdOf(planId),
        customer_data: {
          email: form.email.trim(),
          name: form.name.trim(),
          phone: form.phone.trim(),
          company_name: form.company_name.trim(),
          address: form.address.trim(),
          city: form.city.trim(),
          postal_code: form.postal_code.trim(),
          country: form.country,
          siret: form.siret.trim(),
          vat_number: form.vat_number.trim(),
          immediate_start: true,
          company_type: form.company_type as (typeof LEGAL_FORMS)[number],
          directory_opt_in: form.directory,
          ...(form.directory ? { category: form.category as (typeof DIRECTORY_CATEGORIES)[number] } : {}),
          domain: `${sub}.${publicConfig.BASE_DOMAIN}`,
          plan: plan.name,
        },
        success_url: `${window.location.origin}${paths.success()}`,
        cancel_url: cancelUrl(window.location.href),
        koza_option: form.koza,
        ...(code ? { coupon_code: code } : {}),
      });
      saveOrderDraft({ planId, form, checkoutUrl: checkout_url });
      window.location.assign(checkout_url);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 429) {
        setPayError(tooManyRequestsFor(err.retryAfterSeconds ?? 60));
        return;
      }
      const message =
        err instanceof ApiError && err.detail
          ? err.detail
          : "Erreur lors de la création de la session de paiement";
      // The alert the spec gives a checkout session failure, word for word.
      window.alert(`Erreur lors de la redirection vers le paiement: ${message}`);
    }
  }

  return (
    <section id={DOMAIN_FORM_ID} className="section checkout" aria-labelledby={`${ids}-title`}>
      <div className="container checkout-grid">
        <form
          id={`${ids}-form`}
          className="checkout-form"
          onSubmit={pay}
          noValidate
          aria-describedby={`${ids}-lead`}
        >
          <h2 id={`${ids}-title`} className="section-title" tabIndex={-1}>
            Votre site {plan.name}
          </h2>
          <p id={`${ids}-lead`} className="section-lead">
            Choisissez l'adresse de votre site et renseignez vos coordonnées. Votre site est en ligne quelques
            minutes après le paiement.
          </p>
          {returned ? (
            <div className="checkout-notice" role="status">
              <p>
                <strong>Paiement annulé</strong> : aucun montant n'a été débité. Votre commande est conservée
                ci-dessous, modifiez-la si besoin.
              </p>
              {returned.resumable ? (
                <p>
                  <a href={returned.checkoutUrl}>Reprendre le paiement</a> tel qu'il était, ou continuez
                  ci-dessous.
                </p>
              ) : null}
            </div>
          ) : null}

          <fieldset>
            <legend>Adresse de votre site</legend>
            <label htmlFor={`${ids}-subdomain`}>Sous-domaine *</label>
            <div className="subdomain-input">
              <input
                {...field("subdomain")}
                required
                autoComplete="off"
                spellCheck={false}
                inputMode="url"
                placeholder="mon-entreprise"
                aria-describedby={`${ids}-subdomain-status`}
                aria-invalid={subdomain.kind === "invalid" || subdomain.kind === "unavailable"}
              />
              <span aria-hidden="true">.{publicConfig.BASE_DOMAIN}</span>
            </div>
            <p
              id={`${ids}-subdomain-status`}
              className={`field-status is-${subdomain.kind}`}
              aria-live="polite"
            >
              {subdomain.kind === "invalid" && SUBDOMAIN_FORMAT_ERROR}
              {subdomain.kind === "checking" && "Vérification de la disponibilité…"}
              {subdomain.kind === "available" && `✓ Votre site sera accessible à l'adresse ${host}`}
              {subdomain.kind === "unavailable" && subdomain.message}
            </p>
          </fieldset>

          <fieldset>
            <legend>Vos coordonnées</legend>
            <div className="form-grid">
              <div>
                <label htmlFor={`${ids}-name`}>Nom complet *</label>
                <input {...field("name")} required autoComplete="name" />
              </div>
              <div>
                <label htmlFor={`${ids}-email`}>Courriel *</label>
                <input {...field("email")} type="email" required autoComplete="email" />
              </div>
              <div>
                <label htmlFor={`${ids}-company_name`}>Entreprise (optionnel)</label>
                <input {...field("company_name")} autoComplete="organization" />
              </div>
              <div>
                <label htmlFor={`${ids}-phone`}>Téléphone</label>
                <input {...field("phone")} type="tel" autoComplete="tel" />
              </div>
              <div className="span-2">
                <label htmlFor={`${ids}-address`}>Adresse (optionnel)</label>
                <input {...field("address")} autoComplete="street-address" />
              </div>
              <div>
                <label htmlFor={`${ids}-postal_code`}>Code postal</label>
                <input {...field("postal_code")} autoComplete="postal-code" inputMode="numeric" />
              </div>
              <div>
                <label htmlFor={`${ids}-city`}>Ville</label>
                <input {...field("city")} autoComplete="address-level2" />
              </div>
              <div>
                <label htmlFor={`${ids}-country`}>Pays / territoire</label>
                <select {...field("country")}>
                  {COUNTRIES.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${ids}-company_type`}>Forme juridique (optionnel)</label>
                <select {...field("company_type")}>
                  {LEGAL_FORMS.map((f) => (
                    <option key={f} value={f}>
                      {f || "Aucune"}
                    </option>
                  ))}
                </select>
              </div>
              <div className="span-2">
                <label htmlFor={`${ids}-siret`}>SIRET (optionnel)</label>
                <input {...field("siret")} inputMode="numeric" aria-describedby={`${ids}-siret-help`} />
                <p id={`${ids}-siret-help`} className="field-help">
                  Il sert aux mentions légales de votre site.
                </p>
              </div>
              <div className="span-2">
                <label htmlFor={`${ids}-vat_number`}>N° de TVA intracommunautaire (optionnel)</label>
                <input {...field("vat_number")} autoComplete="off" aria-describedby={`${ids}-vat-help`} />
                <p id={`${ids}-vat-help`} className="field-help">
                  Pour les entreprises : il figure sur vos factures.
                </p>
              </div>
            </div>
          </fieldset>

          <fieldset>
            <legend>Options</legend>
            <label htmlFor={`${ids}-coupon`}>Code de réduction (optionnel)</label>
            <input
              id={`${ids}-coupon`}
              value={form.coupon}
              onChange={(e) => set("coupon", e.target.value.toUpperCase())}
              autoComplete="off"
              className={`coupon-input is-${coupon.kind}`}
              aria-describedby={`${ids}-coupon-status`}
              aria-invalid={coupon.kind === "invalid"}
            />
            <p id={`${ids}-coupon-status`} className={`field-status is-${coupon.kind}`} aria-live="polite">
              {coupon.kind === "neutral" ? "" : coupon.message}
            </p>
            <label className="checkbox">
              <input
                id={KOZA_OPTION_ID}
                type="checkbox"
                checked={form.koza}
                onChange={(e) => set("koza", e.target.checked)}
              />
              <span>
                <strong>Ajouter Koza, l'agent IA (+50 € HT, une fois)</strong> : Koza rédige et illustre les 5
                pages de votre site à partir d'un questionnaire d'une dizaine de questions, en 15 minutes
                environ.
              </span>
            </label>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={form.directory}
                onChange={(e) => set("directory", e.target.checked)}
              />
              <span>
                <strong>Apparaître dans l'annuaire</strong> des sites de nos clients (gratuit).
              </span>
            </label>
            {form.directory ? (
              <div>
                <label htmlFor={`${ids}-category`}>Catégorie dans l'annuaire</label>
                <select {...field("category")}>
                  {DIRECTORY_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
          </fieldset>

          <label className="checkbox">
            <input
              type="checkbox"
              required
              checked={form.immediate_start}
              onChange={(e) => set("immediate_start", e.target.checked)}
            />
            <span>{IMMEDIATE_START_CONSENT} *</span>
          </label>
        </form>
        {/* After the summary, so a phone shows the total before the button. */}
        <OrderSummary
          planId={planId}
          percentOff={coupon.kind === "valid" ? coupon.percentOff : 0}
          koza={form.koza}
          taxRule={taxRuleFor(form.country, isBusinessBuyer(form), publicConfig)}
        />
        <div className="checkout-pay">
          <button
            type="submit"
            form={`${ids}-form`}
            className="button button-accent button-large"
            disabled={busy}
          >
            {busy ? "Redirection vers le paiement..." : "Continuer vers le paiement"}
          </button>
          <p className="refusal-message checkout-pay-error" role="alert">
            {payError}
          </p>
        </div>
      </div>
    </section>
  );
}

function priceIdOf(planId: (typeof PLANS)[number]["id"]): string {
  return {
    starter: publicConfig.STRIPE_PRICE_STARTER,
    business: publicConfig.STRIPE_PRICE_BUSINESS,
    libre: publicConfig.STRIPE_PRICE_LIBRE,
  }[planId];
}
