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
