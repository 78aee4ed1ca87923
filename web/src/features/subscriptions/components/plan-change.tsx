import { formatDate } from "@lagon/contracts/french-date";
import {
  MAILBOX_ALLOWANCE,
  mailPlanChangeRefusal,
  mailPlanChangeWeighsUse,
} from "@lagon/contracts/mailboxes";
import type { MailboxList } from "@lagon/contracts/mailboxes-schemas";
import { PLAN_DATA_KEPT } from "@lagon/contracts/plan-kits";
import type { PlanId } from "@lagon/contracts/plans";
import { formatEuros } from "@lagon/contracts/pricing";
import type { SubscriptionActionResult, SubscriptionView } from "@lagon/contracts/subscriptions-schemas";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { failureText } from "../../../lib/fetch-json";
import { getMailboxes } from "../../mailboxes/api/get-mailboxes";
import { postSubscriptionAction } from "../api/post-subscription-action";
import "./plan-change.css";

type Choice = SubscriptionView["plan_choices"][number];

/** What choosing this plan does, in one sentence: at once and what it costs today, or at the period end. */
function effectOf(choice: Choice, sub: SubscriptionView): string {
  if (choice.change === "keep") return "Annule le changement programmé : votre formule actuelle continue.";
  if (choice.change === "upgrade") {
    return `Immédiat : ${formatEuros(choice.charge_now_cents)} TTC prélevés aujourd'hui (la différence au prorata jusqu'au ${formatDate(sub.current_period_end)}), puis ${formatEuros(choice.amount_ttc_cents)} TTC par mois.`;
  }
  return `À la fin de la période en cours, le ${formatDate(sub.current_period_end)} : rien à payer aujourd'hui, puis ${formatEuros(choice.amount_ttc_cents)} TTC par mois.`;
}

const submitLabel = (choice: Choice) =>
  choice.change === "keep"
    ? `Garder la formule ${choice.plan_name}`
    : choice.change === "upgrade"
      ? `Passer à ${choice.plan_name} et payer ${formatEuros(choice.charge_now_cents)}`
      : `Programmer le passage à ${choice.plan_name}`;

/** Whether a choice may be refused for what the mailboxes store: worth reading their use first. */
const mayWeighUse = (sub: SubscriptionView, c: Choice) => {
  const after = MAILBOX_ALLOWANCE[c.plan_id as PlanId];
  const now = MAILBOX_ALLOWANCE[sub.plan_id as PlanId];
  return (
    !c.mail_refusal && after?.count > 0 && (!now || now.count === 0 || after.quotaBytes < now.quotaBytes)
  );
};

/**
 * Why the server will refuse this choice for the mail (decision 0105): its own answer on the counts
 * and aliases, or, once the mailbox list has said what each stores, the same rule on their use
 * (the server asks the mail host again at confirmation, and stays the authority).
 */
function mailRefusalOf(choice: Choice, mail: MailboxList | null): string | null {
  if (choice.mail_refusal || !mail) return choice.mail_refusal;
  const to = choice.plan_id as PlanId;
  const quotas = mail.mailboxes.map((m) => m.quota_bytes);
  if (!MAILBOX_ALLOWANCE[to] || !mailPlanChangeWeighsUse(to, quotas)) return null;
  return mailPlanChangeRefusal(
    to,
    mail.mailboxes.map((m) => ({ address: m.address, usedBytes: m.used_bytes })),
    mail.aliases.map((a) => a.address),
  );
}

/**
 * Another plan: a dearer one starts at once and charges the prorated difference, a cheaper one
 * starts at the period end (the server's plan_choices say which, and what it costs).
 */
export function PlanChange({
  orderId,
  token,
  sub,
  onDone,
}: {
  orderId: string;
  token: string;
  sub: SubscriptionView;
  onDone: (result: SubscriptionActionResult) => void;
}) {
  const [open, setOpen] = useState(false);
  const [planId, setPlanId] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mail, setMail] = useState<MailboxList | null>(null);
  const legend = useRef<HTMLFieldSetElement>(null);
  // A downgrade already waiting is not offered again.
  const choices = sub.plan_choices.filter((c) => c.plan_id !== sub.pending_plan?.plan_id);
  const chosen = choices.find((c) => c.plan_id === planId);
  const refusal = (c: Choice) => mailRefusalOf(c, mail);
  const weighsUse = choices.some((c) => mayWeighUse(sub, c));

  useEffect(() => {
    if (open) legend.current?.focus();
  }, [open]);

  // What each mailbox stores, as the mailbox block shows it: a choice they do not fit says so
  // before any confirmation. Unread (mail host down), the server's answer at confirmation says it.
  useEffect(() => {
    if (!open || !weighsUse) return;
    let live = true;
    getMailboxes({ orderId, token })
      .then((list) => {
        if (live) setMail(list);
      })
      .catch((err) => console.warn("Espace des adresses e-mail indisponible", err));
    return () => {
      live = false;
    };
  }, [open, weighsUse, orderId, token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      const result = await postSubscriptionAction(orderId, token, "change-plan", { plan_id: chosen.plan_id });
      setOpen(false);
      setPlanId("");
      onDone(result);
    } catch (err) {
      console.error("Changement de formule refusé", err);
      setError(failureText(err, "Le changement n'a pas abouti. Vérifiez votre connexion et réessayez."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="subscription-plan">
      <h3>Formule</h3>
      {open ? (
        <form onSubmit={submit}>
          <fieldset ref={legend} tabIndex={-1}>
            <legend>Choisissez votre nouvelle formule</legend>
            <p className="dashboard-help">
              Une formule supérieure s'applique tout de suite ; une formule inférieure, à la fin de la période
              déjà payée.
            </p>
            {choices.map((c) => (
              <label key={c.plan_id} className="plan-choice">
                <input
                  type="radio"
                  name="plan"
                  value={c.plan_id}
                  checked={planId === c.plan_id}
                  onChange={() => setPlanId(c.plan_id)}
                />
                <span>
                  <strong>
                    {c.change === "keep" ? `Garder ${c.plan_name}` : c.plan_name} —{" "}
                    {formatEuros(c.amount_ttc_cents)} TTC par mois
                  </strong>
                  <span className="plan-effect">{effectOf(c, sub)}</span>
                  {refusal(c) ? (
                    <span className="plan-refusal">Impossible pour l'instant. {refusal(c)}</span>
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
          {chosen && (chosen.stops.length > 0 || chosen.mail) ? (
            <div className="dashboard-warning" role="note">
              {chosen.stops.length > 0 ? (
                <>
                  <p>
                    En passant à {chosen.plan_name}, ces fonctions de votre site s'arrêtent
                    {chosen.change === "downgrade" ? ` le ${formatDate(sub.current_period_end)}` : ""} :
                  </p>
                  <ul>
                    {chosen.stops.map((feature) => (
                      <li key={feature}>{feature}</li>
                    ))}
                  </ul>
                  <p>
                    Vos données sont gardées ({PLAN_DATA_KEPT[sub.plan_id]}) et reviennent si vous reprenez la
                    formule {sub.plan_name}.
                  </p>
                </>
              ) : null}
              {chosen.mail ? <p>{chosen.mail}</p> : null}
            </div>
          ) : null}
          {error ? (
            <p className="dashboard-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="dashboard-actions">
            <button
              type="submit"
              className="button button-primary"
              disabled={!chosen || busy || Boolean(refusal(chosen))}
            >
              {busy ? "Envoi…" : chosen ? submitLabel(chosen) : "Choisissez une formule"}
            </button>
            <button
              type="button"
              className="button dashboard-small-button"
              onClick={() => {
                setOpen(false);
                setError(null);
              }}
            >
              Fermer
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button dashboard-small-button" onClick={() => setOpen(true)}>
          Changer de formule
        </button>
      )}
    </div>
  );
}
