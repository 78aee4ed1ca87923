export const ADMIN_PAGE_SIZE = 50;

export const ADMIN_MESSAGES = {
  resendOk: "Magic link renvoyé avec succès !",
  resendFailed: "Erreur lors de l'envoi",
  reinstallOk: "WordPress réinstallé avec succès !",
  reinstallStarted: "Réinstallation lancée…",
  reinstallStillRunning: "La réinstallation continue : son résultat apparaîtra dans les logs de la commande.",
  reinstallFailed: "Échec réinstallation",
  noLogs: "Aucun log disponible pour cette commande",
  templateSaved: "Template sauvegardé avec succès !",
  templateSaveFailed: "Erreur lors de la sauvegarde",
  orderNotFound: "Commande introuvable.",
  resumeOk: "Commande relancée.",
  resumeFailed: "Échec de la reprise",
  resumeRefused: "Seule une commande en erreur peut être reprise.",
  reinstallWhileProvisioning: "Le site est en cours de création : attendez la fin avant de le réinstaller.",
  reinstallBeforeSubdomain: "Le sous-domaine n'a pas encore été validé : utilisez « Reprendre ».",
  reinstallWhileKoza: "Koza est en train de générer ce site : attendez la fin avant de le réinstaller.",
  reinstallSeeLogs: "La réinstallation a échoué. Le détail est dans les logs de la commande.",
  reinstallBackupFailed:
    "Réinstallation annulée : la sauvegarde préalable du site a échoué, le site n'a pas été modifié. Le détail est dans les logs de la commande.",
  operationInProgress: "Une opération est déjà en cours sur ce site. Réessayez dans un instant.",
  jobNotFound: "Tâche introuvable.",
  noSiteToDownload: "Aucun site installé à télécharger : choisissez une de ses sauvegardes.",
  templateNotFound: "Modèle d'e-mail introuvable.",
} as const;
