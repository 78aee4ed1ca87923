import path from "node:path";
import { ConfigError } from "../config.ts";
import { redactSecrets } from "../lib/redact-secrets.ts";
import { PriceMismatchError } from "../payments/check-provider-prices.ts";
import { WrongSecretKeyError } from "./check-secret-key.ts";
import { DataDirLockedError } from "./data-dir-lock.ts";

/** What the start was doing when it failed, to name it in the message. */
export type StartupStep =
  | "config"
  | "lock"
  | "database"
  | "secret-key"
  | "prices"
  | "wordpress"
  | "mail"
  | "worker"
  | "listen";

/** A failure during one step of the start. */
export class StartupError extends Error {
  constructor(
    readonly step: StartupStep,
    override readonly cause: unknown,
  ) {
    super(`start-up failed at ${step}`);
  }
}

/** Runs one step of the start, tagging what it throws with the step. */
export async function startupStep<T>(step: StartupStep, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw new StartupError(step, err);
  }
}

/** The settings a message may name. */
export interface StartupSettings {
  DATA_DIR: string;
  DATABASE_URL?: string;
  PORT: number;
  HOST: string;
  MAIL_HOST?: string;
  MAIL_SSH_HOST?: string;
}

/**
 * The one French line a failed start ends with, for every way it can fail: the operator reads
 * what is wrong and what to do, never a stack trace. Technical details follow in parentheses.
 */
export function startupErrorLine(err: unknown, settings: StartupSettings | undefined): string {
  const step = err instanceof StartupError ? err.step : undefined;
  const cause = err instanceof StartupError ? err.cause : err;
  const detail = `(détail : ${detailOf(cause)})`;
  if (cause instanceof ConfigError) return cause.message;
  if (cause instanceof DataDirLockedError) {
    return `Un autre serveur utilise déjà le dossier de données ${cause.dataDir} (PID ${cause.holderPid ?? "inconnu"}) : arrêtez-le, ou donnez à ce serveur un autre DATA_DIR.`;
  }
  if (cause instanceof WrongSecretKeyError) {
    return `SECRET_KEY n'est pas la clé qui a chiffré les ${cause.sealedWhat} : redonnez la clé d'origine (variable SECRET_KEY ou fichier secrets/secret-key du dossier de données).`;
  }
  if (cause instanceof PriceMismatchError) return cause.message;
  if (step === "prices") {
    return `Les prix Stripe des formules ne peuvent pas être lus : vérifiez STRIPE_SECRET_KEY et les variables STRIPE_PRICE_* ${detail}.`;
  }
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  if (step === "listen" && settings) {
    if (code === "EADDRINUSE") {
      return `Le port ${settings.PORT} est déjà utilisé par un autre programme : arrêtez-le ou choisissez un autre PORT.`;
    }
    if (code === "EACCES") {
      return `Le port ${settings.PORT} est réservé à l'administrateur : choisissez un PORT supérieur à 1023.`;
    }
    if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") {
      return `L'adresse d'écoute ${settings.HOST} n'existe pas sur cette machine : corrigez HOST.`;
    }
  }
  if (step === "database" && settings) {
    if (settings.DATABASE_URL) {
      return `La base PostgreSQL de DATABASE_URL ne répond pas ou refuse la connexion : vérifiez l'adresse, les identifiants et que le serveur tourne ${detail}.`;
    }
    return `La base de données embarquée (${path.join(settings.DATA_DIR, "pglite")}) ne s'ouvre pas : dossier endommagé ou incomplet ; restaurez une sauvegarde du dossier de données ${detail}.`;
  }
  if (step === "lock") return `Le dossier de données ne peut pas être réservé pour ce serveur ${detail}.`;
  if (step === "wordpress") return `L'hébergement des sites WordPress ne démarre pas ${detail}.`;
  if (step === "mail" && settings?.MAIL_HOST === "ssh") {
    return `L'hôte e-mail ${settings.MAIL_SSH_HOST} ne répond pas ou refuse le produit ${detail} : vérifiez MAIL_SSH_HOST, MAIL_SSH_PORT, MAIL_SSH_USER, MAIL_SSH_KEY, MAIL_SSH_KNOWN_HOSTS et la règle sudo de l'hôte (docs/operations/mail-host.md).`;
  }
  if (step === "mail") {
    return `L'hébergement e-mail ne démarre pas ${detail} : libérez ses ports (MAIL_PORT_BASE) ou mettez MAIL_HOST=off.`;
  }
  if (step === "worker") return `Le traitement des tâches de fond ne démarre pas ${detail}.`;
  if (step === "listen") return `Le serveur web ne démarre pas ${detail}.`;
  return `Le démarrage a échoué ${detail}.`;
}

/** The first line of an error's message, without secrets or passwords of URLs, kept short. */
function detailOf(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const firstLine = message.split("\n").find((l) => l.trim() !== "") ?? "erreur inconnue";
  return redactSecrets(firstLine.trim(), "[masqué]")
    .replace(/\/\/[^/@\s]*@/g, "//[masqué]@")
    .slice(0, 300);
}
