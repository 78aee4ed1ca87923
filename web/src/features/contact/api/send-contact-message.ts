import type { ContactMessage } from "@lagon/contracts/contact-schemas";
import { apiPaths } from "../../../api/paths";
import { fetchJson } from "../../../lib/fetch-json";

/** `POST /api/contact`: the contact form's message, with its captcha token. */
export const sendContactMessage = (message: ContactMessage) =>
  fetchJson(apiPaths.contact(), { method: "POST", body: JSON.stringify(message) });
