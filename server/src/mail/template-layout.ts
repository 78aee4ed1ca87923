/** The frame every e-mail template shares (inline styles: mail clients drop style sheets). */
export const layout = (title: string, body: string) => `<!doctype html>
<html lang="fr">
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#1e293b">
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
    <h1 style="margin:0 0 16px;font-size:22px;color:#0f4c5c">${title}</h1>
${body}
    <p style="margin-top:32px;font-size:13px;color:#64748b">{{company_name}} · Saint-Paul, La Réunion · {{contact_email}}</p>
  </div>
</body>
</html>`;

export const button = (href: string, label: string) =>
  `    <p><a href="${href}" style="display:inline-block;background:#ff6b35;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${label}</a></p>`;

export const common = ["company_name", "contact_email"];
