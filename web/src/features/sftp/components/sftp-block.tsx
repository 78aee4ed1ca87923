import { PLAIN_SITE_NOTICE, type SiteMode, sftpPasswordRefusal } from "@lagon/contracts/sftp";
import { type FormEvent, useCallback, useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { explainFailure } from "../../../lib/fetch-json";
import { useApiData } from "../../../lib/use-api-data";
import { addSftpKey } from "../api/add-sftp-key";
import { getSftp } from "../api/get-sftp";
import { removeSftpKey } from "../api/remove-sftp-key";
import { setSftpPassword } from "../api/set-sftp-password";
import { setSiteMode } from "../api/set-site-mode";
import "./sftp.css";

type Status =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "done"; message: string; password?: string }
  | { kind: "confirm-mode"; mode: SiteMode }
  | { kind: "error"; message: string };

const MODE_LABELS: Record<SiteMode, string> = {
  wordpress: "Site WordPress",
  plain: "Site libre (fichiers statiques ou PHP)",
};

/**
 * A Libre site's SFTP access on the order page (decision 0059): the connection settings, a
 * password (chosen, or drawn and shown once), public keys, and the choice between the WordPress
 * site and the plain site of /wp-content/www, said in full before the switch.
 */
export function SftpBlock({ orderId, token }: { orderId: string; token: string }) {
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [password, setPassword] = useState("");
  const [key, setKey] = useState("");
  const [fieldError, setFieldError] = useState<{ field: "password" | "key"; message: string } | null>(null);
  const {
    data: view,
    loadError,
    reload,
  } = useApiData(
    useCallback(() => getSftp(orderId, token), [orderId, token]),
    "Accès SFTP",
  );

  /** `field`: the form the action came from, under which its refusal is said (not above, out of sight). */
  async function act(run: () => Promise<Status>, field?: "password" | "key") {
    setStatus({ kind: "busy" });
    setFieldError(null);
    try {
      setStatus(await run());
      await reload();
    } catch (err) {
      const message = explainFailure(
        err,
        "Action sur l'accès SFTP impossible",
        "L'action n'a pas pu aboutir. Vérifiez votre connexion et réessayez.",
      );
      if (field) {
        setStatus({ kind: "idle" });
        setFieldError({ field, message });
      } else {
        setStatus({ kind: "error", message });
      }
    }
  }

  const savePassword = (chosen?: string) =>
    act(async () => {
      const result = await setSftpPassword(orderId, token, chosen === undefined ? {} : { password: chosen });
      setPassword("");
      return result.password
        ? { kind: "done", message: "Mot de passe SFTP créé.", password: result.password }
        : { kind: "done", message: "Mot de passe SFTP enregistré." };
    }, "password");

  function choosePassword(event: FormEvent) {
    event.preventDefault();
    const refusal = sftpPasswordRefusal(password);
    if (refusal) {
      setFieldError({ field: "password", message: refusal });
      return;
    }
    setFieldError(null);
    void savePassword(password);
  }

  function addKey(event: FormEvent) {
    event.preventDefault();
    if (!key.trim()) {
      setFieldError({
        field: "key",
        message: "Collez votre clé publique (le contenu du fichier .pub, sur une ligne).",
      });
      return;
    }
    setFieldError(null);
    void act(async () => {
      await addSftpKey(orderId, token, { key });
      setKey("");
      return { kind: "done", message: "Clé ajoutée : elle ouvre l'accès SFTP dès maintenant." };
    }, "key");
  }

  const removeKey = (fingerprint: string) =>
    act(async () => {
      await removeSftpKey(orderId, token, { fingerprint });
      return { kind: "done", message: "Clé retirée : elle n'ouvre plus l'accès SFTP." };
    });

  const switchMode = (mode: SiteMode) =>
    act(async () => {
      await setSiteMode(orderId, token, { mode });
      return {
        kind: "done",
        message:
          mode === "plain"
            ? "Votre site libre est en ligne : l'adresse de votre site sert maintenant /wp-content/www."
            : "Votre site WordPress est de nouveau en ligne.",
      };
    });

  const busy = status.kind === "busy";
  return (
    <section className="dashboard-card" aria-labelledby="sftp-title">
      <h2 id="sftp-title">Accès SFTP et type de site</h2>
      {loadError ? (
        <p role="alert">L'accès SFTP n'a pas pu être chargé. Rechargez la page pour réessayer.</p>
      ) : view === null ? (
        <p role="status">Chargement de l'accès SFTP…</p>
      ) : view.unavailable_reason || !view.settings ? (
        <p>{view.unavailable_reason}</p>
      ) : (
        <>
          <p className="dashboard-help">
            Déposez vos fichiers avec un logiciel SFTP (FileZilla, Cyberduck, WinSCP…) : vous arrivez dans le
            dossier de votre site, sans accès au reste du serveur.
          </p>
          <dl className="sftp-settings">
            <dt>Serveur (hôte)</dt>
            <dd>
              <code>{view.settings.host}</code>
            </dd>
            <dt>Port</dt>
            <dd>
              <code>{view.settings.port}</code>
            </dd>
            <dt>Protocole</dt>
            <dd>SFTP (SSH File Transfer Protocol)</dd>
            <dt>Identifiant</dt>
            <dd>
              <code>{view.settings.user}</code>
            </dd>
            <dt>Dossier de votre site</dt>
            <dd>
              <code>{view.settings.home}</code> (thèmes et extensions WordPress)
            </dd>
            <dt>Dossier du site libre</dt>
            <dd>
              <code>{view.settings.plain_folder}</code>
            </dd>
            <dt>Mot de passe</dt>
            <dd>{view.password_set ? "défini" : "aucun pour l'instant : choisissez-en un ci-dessous"}</dd>
          </dl>

          {status.kind === "done" ? (
            <div role="status" className="domain-done">
              <p>
                <strong>{status.message}</strong>
              </p>
              {status.password ? (
                <>
                  <p>
                    Mot de passe : <code>{status.password}</code>
                  </p>
                  <p>Notez-le maintenant : il ne sera plus affiché. Vous pourrez en choisir un autre.</p>
                </>
              ) : null}
            </div>
          ) : null}
          {status.kind === "error" ? (
            <p role="alert" className="status-message is-error">
              {status.message}
            </p>
          ) : null}

          <form onSubmit={choosePassword} noValidate>
            <label htmlFor="sftp-password">Mot de passe SFTP (12 caractères au moins)</label>
            <p className="dashboard-actions">
              <input
                id="sftp-password"
                type="password"
                name="password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                autoComplete="new-password"
                size={24}
                aria-invalid={fieldError?.field === "password" ? true : undefined}
                aria-describedby={fieldError?.field === "password" ? "sftp-password-error" : undefined}
              />
              <button type="submit" className="button button-primary" disabled={busy}>
                Enregistrer ce mot de passe
              </button>
              <button
                type="button"
                className="dashboard-small-button"
                disabled={busy}
                onClick={() => void savePassword()}
              >
                Générer un mot de passe
              </button>
            </p>
            {fieldError?.field === "password" ? (
              <p id="sftp-password-error" role="alert" className="status-message is-error">
                {fieldError.message}
              </p>
            ) : null}
          </form>

          <h3>Clés SSH</h3>
          {view.keys.length === 0 ? (
            <p className="dashboard-help">Aucune clé : vous pouvez vous connecter avec le mot de passe.</p>
          ) : (
            <ul className="row-list">
              {view.keys.map((k) => (
                <li key={k.fingerprint}>
                  <span>
                    <strong>{k.comment || k.type}</strong>
                    <br />
                    <span className="dashboard-help sftp-fingerprint">
                      {k.type} {k.fingerprint}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="dashboard-small-button"
                    disabled={busy}
                    onClick={() => void removeKey(k.fingerprint)}
                  >
                    Retirer
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form onSubmit={addKey} noValidate>
            <label htmlFor="sftp-key">Ajouter une clé publique (contenu du fichier .pub)</label>
            <textarea
              id="sftp-key"
              name="key"
              rows={3}
              value={key}
              onChange={(event) => setKey(event.target.value)}
              spellCheck={false}
              placeholder="ssh-ed25519 AAAAC3… vous@ordinateur"
              aria-invalid={fieldError?.field === "key" ? true : undefined}
              aria-describedby={fieldError?.field === "key" ? "sftp-key-error" : undefined}
            />
            {fieldError?.field === "key" ? (
              <p id="sftp-key-error" role="alert" className="status-message is-error">
                {fieldError.message}
              </p>
            ) : null}
            <p className="dashboard-actions">
              <button type="submit" className="button button-primary" disabled={busy}>
                Ajouter la clé
              </button>
            </p>
          </form>

          <h3>Ce que sert l'adresse de votre site</h3>
          <p>
            Aujourd'hui : <strong>{MODE_LABELS[view.mode]}</strong>.
          </p>
          {status.kind === "confirm-mode" ? (
            <ConfirmDialog
              titleId="sftp-mode-title"
              title={
                status.mode === "plain"
                  ? "Servir le site libre à l'adresse de votre site ?"
                  : "Revenir au site WordPress ?"
              }
              confirmLabel={
                status.mode === "plain" ? "Oui, servir le site libre" : "Oui, revenir à WordPress"
              }
              onConfirm={() => void switchMode(status.mode)}
              onCancel={() => setStatus({ kind: "idle" })}
            >
              <p>
                {status.mode === "plain"
                  ? PLAIN_SITE_NOTICE
                  : "Votre WordPress revient en ligne tel que vous l'avez laissé. Les fichiers de votre site libre restent dans /wp-content/www."}
              </p>
            </ConfirmDialog>
          ) : (
            <p className="dashboard-actions">
              <button
                type="button"
                className="button button-primary"
                disabled={busy}
                onClick={() =>
                  setStatus({ kind: "confirm-mode", mode: view.mode === "plain" ? "wordpress" : "plain" })
                }
              >
                {view.mode === "plain" ? "Revenir au site WordPress" : "Choisir le site libre"}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}
