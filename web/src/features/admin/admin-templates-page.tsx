import { ADMIN_MESSAGES } from "@lagon/contracts/admin";
import type { EmailTemplateView } from "@lagon/contracts/admin-schemas";
import { useEffect, useState } from "react";
import { ApiError } from "../../lib/fetch-json";
import { AdminNav, AdminRefusal } from "./admin-gate";
import { AdminNotice, type Notice } from "./admin-notice";
import { getEmailTemplates } from "./api/get-email-templates";
import { saveEmailTemplate } from "./api/save-email-template";
import { previewBody, previewSubject } from "./template-preview";
import "./admin-templates-page.css";

/**
 * The preview's own policy. A srcdoc frame inherits the page's CSP as well, and both apply: this
 * one only narrows it (no script, no request but images). The frame is also sandboxed.
 */
const PREVIEW_POLICY =
  "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:\">";

/** The e-mail template editor: list, subject, HTML body, variables, live preview, save. */
export function AdminTemplatesPage({ token }: { token: string }) {
  const [templates, setTemplates] = useState<EmailTemplateView[] | null>(null);
  const [denied, setDenied] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [subject, setSubject] = useState("");
  const [content, setContent] = useState("");
  const [notice, setNotice] = useState<Notice | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    getEmailTemplates(token)
      .then((r) => {
        setTemplates(r.templates);
        const first = r.templates[0];
        if (first) {
          setSelected(first.name);
          setSubject(first.subject);
          setContent(first.content);
        }
      })
      .catch((err) => {
        console.error("Modèles d'e-mails indisponibles", err);
        setDenied(true);
      });
  }, [token]);

  if (denied) return <AdminRefusal title="Accès refusé" />;
  const current = templates?.find((t) => t.name === selected);
  const dirty = current !== undefined && (current.subject !== subject || current.content !== content);

  function open(t: EmailTemplateView) {
    if (t.name === selected) return;
    if (dirty && !window.confirm("Abandonner les modifications non enregistrées de ce modèle ?")) return;
    setSelected(t.name);
    setSubject(t.subject);
    setContent(t.content);
    setNotice(null);
    setCopied(null);
  }

  async function save() {
    if (!current || saving) return;
    setSaving(true);
    try {
      await saveEmailTemplate(current.name, token, { subject, content });
      setTemplates(
        (list) => list?.map((t) => (t.name === current.name ? { ...t, subject, content } : t)) ?? null,
      );
      setNotice({ tone: "success", text: ADMIN_MESSAGES.templateSaved });
    } catch (err) {
      const detail = err instanceof ApiError && err.detail ? ` : ${err.detail}` : "";
      setNotice({ tone: "error", text: `${ADMIN_MESSAGES.templateSaveFailed}${detail}` });
    } finally {
      setSaving(false);
    }
  }

  async function copy(variable: string) {
    const text = `{{${variable}}}`;
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`${text} copié dans le presse-papiers.`);
    } catch {
      setCopied(`Copie impossible : sélectionnez ${text} et copiez-le à la main.`);
    }
  }

  return (
    <>
      <header className="admin-header">
        <h1>Modèles d'e-mails</h1>
        <AdminNav token={token} current="templates" />
      </header>
      <p className="admin-warning" role="note">
        <strong>Attention :</strong> les modifications s'appliquent à tous les futurs e-mails envoyés avec ce
        modèle.
      </p>
      <div className="admin-templates">
        {/* Small screens choose from a list box; wide ones see every template with its use. */}
        <label className="admin-template-select">
          <span>Modèle</span>
          <select
            value={selected ?? ""}
            onChange={(e) => {
              const t = templates?.find((x) => x.name === e.target.value);
              if (t) open(t);
            }}
          >
            {templates?.map((t) => (
              <option key={t.name} value={t.name}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <nav aria-label="Modèles" className="admin-template-nav">
          <ul className="admin-template-list">
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
        </nav>
        {current ? (
          <section className="admin-editor" aria-labelledby="editor-title">
            <h2 id="editor-title">
              {current.name}
              {dirty ? (
                <small className="admin-template-unsaved"> — modifications non enregistrées</small>
              ) : null}
            </h2>
            <p className="admin-editor-help">{current.description}</p>
            <label htmlFor="tpl-subject">Objet</label>
            <input id="tpl-subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
            <label htmlFor="tpl-content">Contenu HTML</label>
            <textarea
              id="tpl-content"
              className="admin-template-html"
              rows={20}
              spellCheck={false}
              value={content}
              onChange={(e) => setContent(e.target.value)}
            />
            <p id="variables-help">Variables disponibles (cliquez pour copier) :</p>
            <ul className="admin-variables" aria-describedby="variables-help">
              {current.variables.map((v) => (
                <li key={v}>
                  <button
                    type="button"
                    className="admin-tool-button"
                    onClick={() => void copy(v)}
                  >{`{{${v}}}`}</button>
                </li>
              ))}
            </ul>
            <p className="admin-copied" role="status">
              {copied}
            </p>
            <button
              type="button"
              className="button button-accent"
              aria-disabled={saving}
              onClick={() => void save()}
            >
              {saving ? "Enregistrement…" : "Enregistrer"}
            </button>
            <h2 className="admin-preview-title">Aperçu</h2>
            <p className="admin-preview-note">Les variables y sont remplacées par des valeurs d'exemple.</p>
            <p className="admin-preview-subject">
              <span>Objet :</span> {previewSubject(subject, selected)}
            </p>
            <iframe
              title="Aperçu de l'e-mail"
              className="admin-preview"
              sandbox=""
              srcDoc={`${PREVIEW_POLICY}${previewBody(content, selected)}`}
            />
          </section>
        ) : null}
      </div>
      <AdminNotice notice={notice} onDismiss={() => setNotice(null)} />
    </>
  );
}
