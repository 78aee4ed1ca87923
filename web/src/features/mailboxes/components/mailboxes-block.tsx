import { formatBytes } from "@lagon/contracts/backups";
import { formatGigabytes, localPartRefusal } from "@lagon/contracts/mailboxes";
import type { MailboxPassword, MailboxView } from "@lagon/contracts/mailboxes-schemas";
import { type FormEvent, useCallback, useId, useMemo, useState } from "react";
import { apiPaths, withToken } from "../../../api/paths";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { explainFailure } from "../../../lib/fetch-json";
import { useApiData } from "../../../lib/use-api-data";
import { createMailbox } from "../api/create-mailbox";
import { deleteMailbox } from "../api/delete-mailbox";
import { getMailboxes } from "../api/get-mailboxes";
import type { MailAccess } from "../api/mail-access";
import { resetMailboxPassword } from "../api/reset-mailbox-password";
import { MailAliases } from "./mail-aliases";
import { MailDomainChoice } from "./mail-domain-choice";
import { MailboxVacationForm, vacationSummary } from "./mailbox-vacation";

type Status =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "password"; result: MailboxPassword; created: boolean }
  | { kind: "confirm-delete"; address: string }
  | { kind: "deleted"; address: string }
  | { kind: "vacation"; address: string }
  | { kind: "vacation-saved"; mailbox: MailboxView }
  | { kind: "error"; message: string };

/**
 * The site's professional addresses on the order page: the list with each mailbox's use of its
 * storage, a new address, a new password (shown once), a deletion behind a confirmation, and the
 * settings a mail program needs. `admin`: the same, on the admin's order card (the admin token).
 */
export function MailboxesBlock({ orderId, token, admin = false }: MailAccess) {
  const access = useMemo(() => ({ orderId, token, admin }), [orderId, token, admin]);
  // Several order cards may be open at once on the admin page.
  const uid = useId();
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [localPart, setLocalPart] = useState("");
  const [domain, setDomain] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);

  const {
    data: list,
    loadError,
    reload: load,
  } = useApiData(
    useCallback(() => getMailboxes(access), [access]),
    "Liste des adresses e-mail",
  );

  async function act(run: () => Promise<Status>) {
    setStatus({ kind: "busy" });
    try {
      setStatus(await run());
      await load();
    } catch (err) {
      setStatus({
        kind: "error",
        message: explainFailure(
          err,
          "Action sur les adresses e-mail impossible",
          "L'action n'a pas pu aboutir. Vérifiez votre connexion et réessayez.",
        ),
      });
    }
  }

  function create(event: FormEvent) {
    event.preventDefault();
    // The server's own rule (contracts/mailboxes.ts), said before the request.
    const wanted = localPart.trim().toLowerCase();
    const refusal = localPartRefusal(wanted);
    if (refusal) {
      setFieldError(refusal);
      return;
    }
    setFieldError(null);
    void act(async () => {
      // No domain: the site's own (the first of the list).
      const result = await createMailbox(access, {
        localPart: wanted,
        ...(domain ? { domain } : {}),
      });
      setLocalPart("");
      return { kind: "password", result, created: true };
    });
  }

  const resetPassword = (mailbox: MailboxView) =>
    act(async () => {
      const result = await resetMailboxPassword(access, mailbox.address);
      return { kind: "password", result, created: false };
    });

  const remove = (address: string) =>
    act(async () => {
      await deleteMailbox(access, address);
      return { kind: "deleted", address };
    });

  const busy = status.kind === "busy";
  const full = list !== null && list.mailboxes.length >= list.allowance;
  return (
    <section
      {...(admin
        ? { "aria-label": "Adresses e-mail" }
        : { className: "dashboard-card", "aria-labelledby": `${uid}-title` })}
    >
      {admin ? null : <h2 id={`${uid}-title`}>Adresses e-mail</h2>}
      {loadError ? (
        <p role="alert">
          La liste de vos adresses n'a pas pu être chargée. Rechargez la page pour réessayer.
        </p>
      ) : list === null ? (
        <p role="status">Chargement des adresses e-mail…</p>
      ) : list.unavailable_reason ? (
        <>
          <p>{list.unavailable_reason}</p>
          {admin && list.mailboxes.length > 0 ? (
            <ul aria-label="Adresses existantes">
              {list.mailboxes.map((mailbox) => (
                <li key={mailbox.address}>{mailbox.address}</li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <>
          {list.outside_plan ? (
            <div className="dashboard-warning" role="note">
              <p>{list.outside_plan}</p>
            </div>
          ) : (
            <p className="dashboard-help">
              Votre offre comprend {list.allowance} adresses de {formatGigabytes(list.quota_bytes)} chacune, à
              votre nom :<strong> …@{list.domain}</strong>.
            </p>
          )}
          {status.kind === "password" ? (
            <div role="status" className="domain-done">
              <p>
                <strong>
                  {status.created ? "Adresse créée" : "Nouveau mot de passe"} :{" "}
                  {status.result.mailbox.address}
                </strong>
              </p>
              <p>
                Mot de passe : <code>{status.result.password}</code>
              </p>
              <p>Notez-le maintenant : il ne sera plus affiché. Vous pourrez en demander un nouveau.</p>
            </div>
          ) : null}
          {status.kind === "deleted" ? (
            <p role="status" className="domain-done">
              Adresse {status.address} supprimée, avec ses messages.
            </p>
          ) : null}
          {status.kind === "vacation-saved" ? (
            <p role="status" className="domain-done">
              {status.mailbox.address} : {vacationSummary(status.mailbox.vacation)}.
            </p>
          ) : null}
          {status.kind === "error" ? (
            <p role="alert" className="status-message is-error">
              {status.message}
            </p>
          ) : null}
          {list.mailboxes.length === 0 ? (
            list.outside_plan ? null : (
              <p>Aucune adresse pour l'instant : créez la première ci-dessous.</p>
            )
          ) : (
            <ul className="row-list">
              {list.mailboxes.map((mailbox) => (
                <li key={mailbox.address}>
                  <span>
                    <strong>{mailbox.address}</strong>
                    <br />
                    <span className="dashboard-help">
                      {mailbox.used_bytes === null
                        ? "Espace utilisé indisponible pour l'instant"
                        : `${mailbox.used_bytes === 0 ? "0 Ko" : formatBytes(mailbox.used_bytes)} utilisés sur ${formatGigabytes(mailbox.quota_bytes)}`}
                    </span>
                    <br />
                    <span className="dashboard-help">{vacationSummary(mailbox.vacation)}</span>
                  </span>
                  {status.kind === "vacation" && status.address === mailbox.address ? (
                    <MailboxVacationForm
                      access={access}
                      mailbox={mailbox}
                      onClose={() => setStatus({ kind: "idle" })}
                      onSaved={async (saved) => {
                        // The list first: the form opened again shows what was saved.
                        await load();
                        setStatus({ kind: "vacation-saved", mailbox: saved });
                      }}
                    />
                  ) : status.kind === "confirm-delete" && status.address === mailbox.address ? (
                    <ConfirmDialog
                      titleId={`${uid}-delete-title`}
                      title={`Supprimer ${mailbox.address} ?`}
                      confirmLabel="Oui, supprimer cette adresse"
                      onConfirm={() => void remove(mailbox.address)}
                      onCancel={() => setStatus({ kind: "idle" })}
                    >
                      <p>Tous ses messages sont effacés, sans retour possible.</p>
                    </ConfirmDialog>
                  ) : (
                    <span className="dashboard-actions">
                      <a
                        className="dashboard-small-button"
                        href={withToken(apiPaths.mailboxAppleProfile(orderId, mailbox.address, admin), token)}
                        download={`${mailbox.address}.mobileconfig`}
                        aria-label={`Profil iPhone, iPad et Mac pour ${mailbox.address}`}
                      >
                        Profil iPhone / Mac
                      </a>
                      <button
                        type="button"
                        className="dashboard-small-button"
                        disabled={busy}
                        onClick={() => void resetPassword(mailbox)}
                      >
                        Nouveau mot de passe
                      </button>
                      <button
                        type="button"
                        className="dashboard-small-button"
                        disabled={busy}
                        aria-label={`Réponse automatique de ${mailbox.address}`}
                        onClick={() => setStatus({ kind: "vacation", address: mailbox.address })}
                      >
                        Réponse automatique
                      </button>
                      <button
                        type="button"
                        className="dashboard-small-button"
                        disabled={busy}
                        onClick={() => setStatus({ kind: "confirm-delete", address: mailbox.address })}
                      >
                        Supprimer
                      </button>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
          {list.mailboxes.length > 0 && list.settings ? (
            <p className="dashboard-help">
              {list.settings.apple_profile_signed
                ? `Le « Profil iPhone / Mac » est signé par ${list.settings.host} : l'appareil l'affiche comme vérifié.`
                : "Le « Profil iPhone / Mac » n'est pas signé : l'appareil l'affiche « Non vérifié ». Vous pouvez l'installer quand même, il ne contient que les réglages ci-dessous, sans mot de passe."}
            </p>
          ) : null}
          {list.outside_plan ? null : full ? (
            <p>Toutes les adresses de votre offre sont créées : supprimez-en une pour en créer une autre.</p>
          ) : (
            <form onSubmit={create} noValidate>
              <label htmlFor={`${uid}-local-part`}>Nouvelle adresse</label>
              <p className="dashboard-actions">
                <input
                  id={`${uid}-local-part`}
                  name="localPart"
                  value={localPart}
                  onChange={(event) => setLocalPart(event.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={fieldError ? `${uid}-local-part-error` : undefined}
                  placeholder="contact"
                />
                <MailDomainChoice
                  id={`${uid}-domain`}
                  domains={list.domains}
                  value={domain || (list.domains[0] ?? "")}
                  onChange={setDomain}
                />
                <button type="submit" className="button button-primary" disabled={busy}>
                  Créer l'adresse
                </button>
              </p>
              {fieldError ? (
                <p id={`${uid}-local-part-error`} role="alert" className="status-message is-error">
                  {fieldError}
                </p>
              ) : null}
            </form>
          )}
          {list.domain && (!list.outside_plan || list.aliases.length > 0) ? (
            <MailAliases
              access={access}
              domains={list.domains}
              mailboxes={list.mailboxes.map((mailbox) => mailbox.address)}
              aliases={list.aliases}
              onChanged={load}
              canCreate={!list.outside_plan}
            />
          ) : null}
          {list.settings?.webmail_url ? (
            <p>
              <strong>Webmail</strong> : lisez et envoyez vos e-mails depuis un navigateur, avec votre adresse
              complète et son mot de passe, sur{" "}
              <a href={list.settings.webmail_url} target="_blank" rel="noopener noreferrer">
                {list.settings.webmail_url}
              </a>
              .
            </p>
          ) : null}
          {list.settings ? (
            <details>
              <summary>Réglages pour votre logiciel de messagerie</summary>
              <ul>
                <li>Identifiant : votre adresse complète, et son mot de passe</li>
                <li>
                  Réception (IMAP) : serveur {list.settings.host}, port {list.settings.imap_port}, sécurité
                  STARTTLS
                </li>
                <li>
                  Envoi (SMTP) : serveur {list.settings.host}, port {list.settings.smtp_port}, sécurité
                  STARTTLS, avec identification
                </li>
                <li>
                  Sur iPhone, iPad ou Mac : touchez « Profil iPhone / Mac » à côté de l'adresse, ouvrez le
                  fichier puis installez-le dans Réglages ; le mot de passe vous est demandé à l'installation.
                </li>
              </ul>
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}
