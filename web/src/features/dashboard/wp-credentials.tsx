import type { OrderView } from "@lagon/contracts/orders-schemas";
import { useState } from "react";
import "./wp-credentials.css";

type Credentials = NonNullable<OrderView["wp_credentials"]>;

/** The WordPress administrator's access: the password stays masked until asked, and can be copied. */
export function WpCredentials({ credentials }: { credentials: Credentials }) {
  const [shown, setShown] = useState(false);
  return (
    <section className="dashboard-card" aria-labelledby="wp-title">
      <h2 id="wp-title">Vos identifiants WordPress</h2>
      <dl className="credentials">
        <div>
          <dt>Administration</dt>
          <dd>
            <a href={credentials.admin_url} target="_blank" rel="noopener noreferrer">
              {credentials.admin_url}
            </a>
          </dd>
        </div>
        <div>
          <dt>Identifiant</dt>
          <dd>
            <code>{credentials.username}</code>
            <CopyButton value={credentials.username} label="Copier l'identifiant" />
          </dd>
        </div>
        <div>
          <dt>Mot de passe</dt>
          <dd>
            <code data-testid="wp-password">{shown ? credentials.password : "••••••••••••"}</code>
            <button
              type="button"
              className="button dashboard-small-button"
              aria-pressed={shown}
              onClick={() => setShown(!shown)}
            >
              {shown ? "Masquer" : "Afficher"}
            </button>
            <CopyButton value={credentials.password} label="Copier le mot de passe" />
          </dd>
        </div>
      </dl>
      <p className="dashboard-help">
        Conseil : changez ce mot de passe après votre première connexion (Utilisateurs &gt; Profil).
      </p>
    </section>
  );
}

function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch (err) {
      console.error("Copie impossible", err);
      setState("failed");
    }
  }
  return (
    <>
      <button type="button" className="button dashboard-small-button" onClick={copy} aria-label={label}>
        Copier
      </button>
      <span className="copy-status" role="status">
        {state === "copied"
          ? "Copié !"
          : state === "failed"
            ? "Copie impossible : sélectionnez le texte."
            : ""}
      </span>
    </>
  );
}
