import type { DefaultTemplate } from "./default-templates.ts";
import { common, layout } from "./template-layout.ts";

/** The agency's alerts about backups (backups/backup-alerts.ts sends them). */
export const BACKUP_TEMPLATE_NAMES = ["backup_alert_agency"] as const;

export const BACKUP_TEMPLATES: DefaultTemplate[] = [
  {
    name: "backup_alert_agency",
    description:
      "Alerte à l'agence : un exercice de restauration a échoué, ou des sites n'ont pas été sauvegardés à l'heure prévue.",
    subject: "[Alerte] Sauvegardes : {{alert}}",
    variables: ["alert", "detail", "sites", "admin_url", ...common],
    content: layout(
      "{{alert}}",
      `    <p>{{detail}}</p>
    <p>Sites concernés : {{sites}}</p>
    <p><a href="{{admin_url}}">Ouvrir l'administration</a> : chaque site concerné y porte l'alerte, ses sauvegardes et ses logs.</p>`,
    ),
  },
];
