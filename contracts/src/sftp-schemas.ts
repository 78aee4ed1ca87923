import { z } from "zod";
import {
  SFTP_FINGERPRINT_PATTERN,
  SFTP_KEY_PATTERN,
  SFTP_MESSAGES,
  SITE_MODES,
  type SiteMode,
  sftpPasswordRefusal,
} from "./sftp.ts";

/** A password the customer chose, or none: the server draws one, shown once. */
export const SftpPasswordBody = z.object({
  password: z
    .string({ error: SFTP_MESSAGES.passwordRequired })
    .superRefine((v, ctx) => {
      const message = sftpPasswordRefusal(v);
      if (message) ctx.addIssue({ code: "custom", message });
    })
    .optional(),
});
export type SftpPasswordBody = z.input<typeof SftpPasswordBody>;

/** One public key line as pasted: trimmed, inner runs of spaces made one. */
export const SftpKeyBody = z.object({
  key: z
    .string({ error: SFTP_MESSAGES.keyRequired })
    .transform((v) => v.trim().replace(/[ \t]+/g, " "))
    .pipe(z.string().min(1, SFTP_MESSAGES.keyRequired).max(16_384, SFTP_MESSAGES.keyInvalid))
    .pipe(z.string().regex(SFTP_KEY_PATTERN, SFTP_MESSAGES.keyInvalid)),
});
export type SftpKeyBody = z.input<typeof SftpKeyBody>;

/** A key to remove, by its SHA-256 fingerprint as the page shows it. */
export const SftpKeyRemoveBody = z.object({
  fingerprint: z
    .string({ error: SFTP_MESSAGES.keyUnknown })
    .regex(SFTP_FINGERPRINT_PATTERN, SFTP_MESSAGES.keyUnknown),
});
export type SftpKeyRemoveBody = z.input<typeof SftpKeyRemoveBody>;

export const SiteModeBody = z.object({
  mode: z.enum(SITE_MODES, { error: SFTP_MESSAGES.modeInvalid }),
});
export type SiteModeBody = z.input<typeof SiteModeBody>;

export interface SftpKeyView {
  type: string;
  fingerprint: string;
  comment: string;
}

/** The order page's SFTP block. `settings` is null when the plan or the site has none yet. */
export interface SftpView {
  unavailable_reason: string | null;
  settings: {
    host: string;
    port: number;
    user: string;
    home: string;
    plain_folder: string;
  } | null;
  mode: SiteMode;
  password_set: boolean;
  keys: SftpKeyView[];
}

/** A password drawn by the server: shown this once, kept nowhere in clear. */
export interface SftpPasswordResult {
  password: string | null;
  view: SftpView;
}
