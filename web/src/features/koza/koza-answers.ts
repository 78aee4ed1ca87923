import { KOZA_DEFAULT_COLORS, type KozaStyle } from "@lagon/contracts/koza";
import type { KozaDataInput } from "@lagon/contracts/koza-schemas";

/** The questionnaire as the wizard edits it: `koza_data` of the upload, files apart. */
export interface KozaAnswers extends KozaDataInput {
  targetAudience: string;
  services: [string, string, string];
  contactInfo: { phone: string; email: string; address: string; hours: string };
  colors: { primary: string; secondary: string };
  style: KozaStyle;
  additionalPages: string[];
}

export const EMPTY_ANSWERS: KozaAnswers = {
  businessType: "",
  businessName: "",
  businessDescription: "",
  targetAudience: "",
  services: ["", "", ""],
  uniqueValue: "",
  contactInfo: { phone: "", email: "", address: "", hours: "" },
  colors: { ...KOZA_DEFAULT_COLORS },
  style: "modern",
  additionalPages: [],
};

export const KOZA_STEPS = [
  "Votre activité",
  "Vos services",
  "Votre identité",
  "Informations contact",
  "Validation",
] as const;

/** The ids of the questionnaire's fields that can be missing: the error list leads to them. */
export const KOZA_FIELD_IDS = {
  businessType: "koza-business-type",
  businessName: "koza-business-name",
  businessDescription: "koza-business-description",
  service: (index: number) => `koza-service-${index + 1}`,
  uniqueValue: "koza-unique-value",
  phone: "koza-phone",
  email: "koza-email",
  address: "koza-address",
} as const;

/** A required answer missing or wrong: its field's label, step (0-4) and id. */
export interface KozaProblem {
  label: string;
  step: number;
  fieldId: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What the server would refuse (contracts/koza-schemas.ts), all at once and in the order of the
 * questionnaire, so the last step can list it instead of the server's first refusal.
 */
export function kozaProblems(a: KozaAnswers): KozaProblem[] {
  const problems: KozaProblem[] = [];
  const need = (value: string, label: string, step: number, fieldId: string) => {
    if (!value.trim()) problems.push({ label, step, fieldId });
  };
  need(a.businessType, "Type d'activité", 0, KOZA_FIELD_IDS.businessType);
  need(a.businessName, "Nom de l'entreprise", 0, KOZA_FIELD_IDS.businessName);
  need(a.businessDescription, "Description courte (2-3 phrases)", 0, KOZA_FIELD_IDS.businessDescription);
  a.services.forEach((service, i) => {
    need(service, `Service ${i + 1}`, 1, KOZA_FIELD_IDS.service(i));
  });
  need(a.uniqueValue, "Ce qui vous distingue", 1, KOZA_FIELD_IDS.uniqueValue);
  need(a.contactInfo.phone, "Téléphone", 3, KOZA_FIELD_IDS.phone);
  const email = a.contactInfo.email.trim();
  if (!email) problems.push({ label: "E-mail", step: 3, fieldId: KOZA_FIELD_IDS.email });
  else if (!EMAIL.test(email))
    problems.push({ label: "E-mail : adresse invalide", step: 3, fieldId: KOZA_FIELD_IDS.email });
  need(a.contactInfo.address, "Adresse complète", 3, KOZA_FIELD_IDS.address);
  return problems;
}
