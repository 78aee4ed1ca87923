import { z } from "zod";
import {
  SFTP_FINGERPRINT_PATTERN,
  SFTP_KEY_PATTERN,
  SFTP_MESSAGES,
  SITE_MODES,
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

export const SftpKeyView = z.object({ type: z.string(), fingerprint: z.string(), comment: z.string() });
export type SftpKeyView = z.infer<typeof SftpKeyView>;

/** The order page's SFTP block. `settings` is null when the plan or the site has none yet. */
export const SftpView = z.object({
  unavailable_reason: z.string().nullable(),
  settings: z
    .object({
      host: z.string(),
      port: z.number(),
      user: z.string(),
      home: z.string(),
      plain_folder: z.string(),
    })
    .nullable(),
  mode: z.enum(SITE_MODES),
  password_set: z.boolean(),
  keys: z.array(SftpKeyView),
});
export type SftpView = z.infer<typeof SftpView>;

/** A password drawn by the server: shown this once, kept nowhere in clear. */
export const SftpPasswordResult = z.object({ password: z.string().nullable(), view: SftpView });
export type SftpPasswordResult = z.infer<typeof SftpPasswordResult>;
