import { ADMIN_MESSAGES, type EmailTemplateView } from "@lagon/contracts/admin";
import { useEffect, useState } from "react";
import { ApiError } from "../../lib/fetch-json";
import { adminFetch } from "./admin-api";
import { AdminNav, AdminRefusal } from "./admin-gate";

/** The preview's own policy: a srcdoc frame inherits the page's CSP otherwise; no script ever runs. */
const PREVIEW_POLICY =
  "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:\">";

/** The e-mail template editor: list, subject, HTML body, variables, live preview, save. */
export function AdminTemplatesPage({ token }: { token: string }) {
  const [templates, setTemplates] = useState<EmailTemplateView[] | null>(null);
  const [denied, setDenied] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [subject, setSubject] = useState("");
  const [content, setContent] = useState("");
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    adminFetch<{ templates: EmailTemplateView[] }>("/api/admin/email-templates", token)
      .then((r) => {
        setTemplates(r.templates);
        const first = r.templates[0];
        if (first) {
          setSelected(first.name);
          setSubject(first.subject);
          setContent(first.content);
        }
      })
      .catch(() => setDenied(true));
  }, [token]);

  function open(t: EmailTemplateView) {
    setSelected(t.name);
    setSubject(t.subject);
    setContent(t.content);
    setNotice(null);
  }

  if (denied) return <AdminRefusal title="Accès refusé" />;
  const current = templates?.find((t) => t.name === selected);

  async function save() {
    if (!current) return;
    try {
      await adminFetch(`/api/admin/email-templates/${encodeURIComponent(current.name)}`, token, {
        method: "PUT",
        body: JSON.stringify({ subject, content }),
      });
      setTemplates(
        (list) => list?.map((t) => (t.name === current.name ? { ...t, subject, content } : t)) ?? null,
      );
      setNotice(ADMIN_MESSAGES.templateSaved);
    } catch (err) {
      setNotice(
        `${ADMIN_MESSAGES.templateSaveFailed}${err instanceof ApiError && err.detail ? ` : ${err.detail}` : ""}`,
      );
    }
  }

  async function copy(variable: string) {
    await navigator.clipboard?.writeText(`{{${variable}}}`).catch(() => undefined);
    setNotice(`{{${variable}}} copié dans le presse-papiers`);
  }

  return (
    <>
      <header className="admin-header">
        <h1>Modèles d'e-mails</h1>
        <AdminNav token={token} current="templates" />
      </header>
      <p className="admin-warning" role="note">
        Attention : les modifications s'appliquent à tous les e-mails envoyés ensuite.
      </p>
      <div className="admin-templates">
        <ul className="admin-template-list" aria-label="Modèles">
          {templates?.map((t) => (
            <li key={t.name}>
              <button
                type="button"
                aria-current={t.name === selected ? "true" : undefined}
                onClick={() => open(t)}
              >
                <strong>{t.name}</strong>
                <span>{t.description}</span>
              </button>
            </li>
          ))}
        </ul>
        {current ? (
          <div className="admin-editor">
            <label htmlFor="tpl-subject">Objet</label>
            <input id="tpl-subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
            <label htmlFor="tpl-content">Contenu HTML</label>
            <textarea
              id="tpl-content"
              rows={20}
              value={content}
              onChange={(e) => setContent(e.target.value)}
            />
            <p>Variables (cliquez pour copier) :</p>
            <ul className="admin-variables">
              {current.variables.map((v) => (
                <li key={v}>
                  <button type="button" onClick={() => void copy(v)}>{`{{${v}}}`}</button>
                </li>
              ))}
            </ul>
            <button type="button" className="button button-accent" onClick={() => void save()}>
              Enregistrer
            </button>
            {notice ? (
              <p className="admin-notice" role="status">
                {notice}
              </p>
            ) : null}
            <h2>Aperçu</h2>
            <iframe
              title="Aperçu de l'e-mail"
              className="admin-preview"
              sandbox=""
              srcDoc={`${PREVIEW_POLICY}${content}`}
            />
          </div>
        ) : null}
      </div>
    </>
  );
}
