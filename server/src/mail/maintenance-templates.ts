import type { DefaultTemplate } from "./default-templates.ts";
import { button, common, layout } from "./template-layout.ts";

/** The agency's alerts of the sites' maintenance (maintenance/site-monitor.ts, update-site.ts). */
export const MAINTENANCE_TEMPLATE_NAMES = [
  "site_down_agency",
  "site_up_agency",
  "site_update_failed_agency",
  "site_disk_nearly_full",
  "site_disk_nearly_full_agency",
] as const;

const site = ["site_url", "customer_name", "plan_name", "admin_url", ...common];

export const MAINTENANCE_TEMPLATES: DefaultTemplate[] = [
  {
    name: "site_down_agency",
    description: "Alerte à l'agence : un site client ne répond plus depuis deux vérifications de suite.",
    subject: "Site hors ligne : {{site_url}}",
    variables: [...site, "since", "reason", "checks"],
    content: layout(
      "Un site client ne répond plus",
      `    <p>Le site <a href="{{site_url}}">{{site_url}}</a> ({{customer_name}}, formule {{plan_name}}) ne répond plus depuis le <strong>{{since}}</strong> ({{checks}} vérifications de suite).</p>
    <p>Dernière erreur : {{reason}}</p>
    <p>Un nouvel e-mail vous dira quand il répond à nouveau.</p>
${button("{{admin_url}}", "Voir la commande")}`,
    ),
  },
  {
    name: "site_up_agency",
    description: "Envoyé à l'agence quand un site signalé hors ligne répond à nouveau.",
    subject: "Site de nouveau en ligne : {{site_url}}",
    variables: [...site, "since", "until", "duration"],
    content: layout(
      "Le site répond à nouveau",
      `    <p>Le site <a href="{{site_url}}">{{site_url}}</a> ({{customer_name}}) répond à nouveau depuis le {{until}}.</p>
    <p>Il a été hors ligne du {{since}} au {{until}} ({{duration}}).</p>
${button("{{admin_url}}", "Voir la commande")}`,
    ),
  },
  {
    name: "site_update_failed_agency",
    description:
      "Alerte à l'agence : une mise à jour de WordPress, d'une extension ou d'un thème a cassé un site (il a été remis comme avant) ou n'a pas pu se faire.",
    subject: "Mise à jour annulée : {{site_url}}",
    variables: [...site, "items", "outcome", "reason"],
    content: layout(
      "Une mise à jour n'a pas abouti",
      `    <p>La mise à jour du site <a href="{{site_url}}">{{site_url}}</a> ({{customer_name}}, formule {{plan_name}}) n'a pas abouti.</p>
    <p>Mise à jour prévue : {{items}}</p>
    <p>Problème constaté : {{reason}}</p>
    <p><strong>{{outcome}}</strong></p>
${button("{{admin_url}}", "Voir la commande")}`,
    ),
  },
  {
    name: "site_disk_nearly_full",
    description:
      "Envoyé au client quand son site atteint 90 % de l'espace disque de sa formule (une fois par dépassement).",
    subject: "Votre site a presque rempli son espace disque",
    variables: [
      "customer_name",
      "site_url",
      "plan_name",
      "used",
      "limit",
      "percent",
      "magic_link",
      ...common,
    ],
    content: layout(
      "Votre espace disque est presque plein",
      `    <p>Bonjour {{customer_name}},</p>
    <p>Votre site <a href="{{site_url}}">{{site_url}}</a> utilise <strong>{{used}}</strong> sur les {{limit}} de sa formule {{plan_name}} ({{percent}}).</p>
    <p>Une fois l'espace plein, votre site ne pourra plus enregistrer de nouveaux fichiers (images, extensions, sauvegardes d'extensions). Supprimez les médias et extensions inutiles depuis votre administration WordPress, ou écrivez-nous à {{contact_email}} pour passer à une formule plus grande.</p>
${button("{{magic_link}}", "Voir ma commande")}`,
    ),
  },
  {
    name: "site_disk_nearly_full_agency",
    description:
      "Alerte à l'agence : un site client atteint 90 % de l'espace disque de sa formule (une fois par dépassement).",
    subject: "Espace disque presque plein : {{site_url}}",
    variables: [...site, "used", "limit", "percent"],
    content: layout(
      "Un site client remplit son espace disque",
      `    <p>Le site <a href="{{site_url}}">{{site_url}}</a> ({{customer_name}}, formule {{plan_name}}) utilise <strong>{{used}}</strong> sur {{limit}} ({{percent}}). Le client a reçu le même avertissement.</p>
${button("{{admin_url}}", "Voir la commande")}`,
    ),
  },
];
