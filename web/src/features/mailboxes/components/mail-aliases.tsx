import { aliasTargetRefusal, localPartRefusal } from "@lagon/contracts/mailboxes";
import type { AliasView } from "@lagon/contracts/mailboxes-schemas";
import { type FormEvent, useId, useState } from "react";
import { explainFailure } from "../../../lib/fetch-json";
import { createMailAlias } from "../api/create-mail-alias";
import { deleteMailAlias } from "../api/delete-mail-alias";
import type { MailAccess } from "../api/mail-access";
import { MailDomainChoice } from "./mail-domain-choice";

const OUTSIDE = "";

/**
 * The aliases and forwards of the site's mail domain, inside the mailboxes block: the list, a new
 * one (to one of the mailboxes, or to an outside address) and a deletion. They take no mailbox place.
 */
export function MailAliases({
  access,
  domains,
  mailboxes,
  aliases,
  onChanged,
  canCreate = true,
}: {
  access: MailAccess;
  /** The site's mail domains, its own first. */
  domains: string[];
  mailboxes: string[];
  aliases: AliasView[];
  onChanged: () => Promise<void>;
  /** False on a plan without mail (decision 0110): the aliases left are listed to delete, no new one. */
  canCreate?: boolean;
}) {
  // Several order cards may be open at once on the admin page.
  const uid = useId();
  const [localPart, setLocalPart] = useState("");
  const [domain, setDomain] = useState("");
  const [choice, setChoice] = useState(mailboxes[0] ?? OUTSIDE);
  const [outside, setOutside] = useState("");
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const target = mailboxes.includes(choice) ? choice : OUTSIDE;

  async function act(run: () => Promise<string>) {
    setBusy(true);
    try {
      setMessage({ error: false, text: await run() });
      await onChanged();
    } catch (err) {
      setMessage({
        error: true,
        text: explainFailure(
          err,
          "Action sur les alias impossible",
          "L'action n'a pas pu aboutir. Vérifiez votre connexion et réessayez.",
        ),
      });
    } finally {
      setBusy(false);
    }
  }

  function create(event: FormEvent) {
    event.preventDefault();
    // The server's own rules (contracts/mailboxes.ts), said before the request.
    const name = localPart.trim().toLowerCase();
    const to = (target === OUTSIDE ? outside : target).trim().toLowerCase();
    const refusal = localPartRefusal(name) ?? aliasTargetRefusal(to);
    if (refusal) {
      setMessage({ error: true, text: refusal });
      return;
    }
    void act(async () => {
      const created = await createMailAlias(access, {
        localPart: name,
        target: to,
        ...(domain ? { domain } : {}),
      });
      setLocalPart("");
      setOutside("");
      return `${created.kind === "alias" ? "Alias" : "Renvoi"} créé : ${created.address} → ${created.target}`;
    });
  }

  const remove = (address: string) =>
    act(async () => {
      await deleteMailAlias(access, address);
      return `${address} supprimé : les messages envoyés à cette adresse seront refusés.`;
    });

  return (
    <section aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>Alias et renvois</h3>
      <p className="dashboard-help">
        Un alias est une adresse de plus dont les messages arrivent dans une de vos boîtes ; un renvoi les
        transmet à une adresse extérieure. Ils ne comptent pas dans les adresses de votre offre.
      </p>
      {message ? (
        <p
          role={message.error ? "alert" : "status"}
          className={message.error ? "status-message is-error" : "domain-done"}
        >
          {message.text}
        </p>
      ) : null}
      {aliases.length > 0 ? (
        <ul className="row-list">
          {aliases.map((alias) => (
            <li key={alias.address}>
              <span>
                <strong>{alias.address}</strong> → {alias.target}
                <br />
                <span className="dashboard-help">
                  {alias.kind === "alias" ? "Alias" : "Renvoi vers l'extérieur"}
                </span>
              </span>
              <button
                type="button"
                className="dashboard-small-button"
                disabled={busy}
                aria-label={`Supprimer ${alias.address}`}
                onClick={() => void remove(alias.address)}
              >
                Supprimer
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {canCreate ? (
        <form onSubmit={create} noValidate>
          <p className="dashboard-actions">
            <label htmlFor={`${uid}-local-part`}>Nouvel alias</label>
            <input
              id={`${uid}-local-part`}
              value={localPart}
              onChange={(event) => setLocalPart(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              placeholder="devis"
            />
            <MailDomainChoice
              id={`${uid}-domain`}
              domains={domains}
              value={domain || (domains[0] ?? "")}
              onChange={setDomain}
            />
          </p>
          <p className="dashboard-actions">
            <label htmlFor={`${uid}-target`}>Vers</label>
            <select id={`${uid}-target`} value={target} onChange={(event) => setChoice(event.target.value)}>
              {mailboxes.map((address) => (
                <option key={address} value={address}>
                  {address}
                </option>
              ))}
              <option value={OUTSIDE}>une adresse extérieure (renvoi)</option>
            </select>
            {target === OUTSIDE ? (
              <input
                aria-label="Adresse extérieure"
                type="email"
                value={outside}
                onChange={(event) => setOutside(event.target.value)}
                autoComplete="off"
                placeholder="jean.dupont@gmail.com"
              />
            ) : null}
            <button type="submit" className="button button-primary" disabled={busy}>
              Créer l'alias
            </button>
          </p>
        </form>
      ) : null}
    </section>
  );
}
