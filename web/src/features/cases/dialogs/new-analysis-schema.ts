import { NEGATIVE_AGE_MESSAGE, PATIENT_SEXES, REQUIRED, type UserSummary } from '@cardiomap/contract';
import { z } from 'zod';

export const NOT_BEFORE_TODAY = 'The date cannot be in the past.';
export const NOT_AFTER_TODAY = 'The date cannot be in the future.';
export const variantLimitMessage = (limit: number) => `This field is limited to ${limit} choices.`;

/**
 * What the new case orders: its anatomical analysis alone, or with one simulation of the first device
 * (a simulation, a legacy simulation or a redo TAVI, architecture.md §13).
 */
export const SERVICE_CHOICES = ['anatomical', 'simulation', 'legacy', 'redo-tavi'] as const;
export type ServiceChoice = (typeof SERVICE_CHOICES)[number];

/** What the new-analysis form edits; converted to the create payload by new-analysis-payload.ts. */
export interface NewAnalysisValues {
  organisationId: string;
  interventionId: string;
  deviceId: string;
  /** Spec §5: extra devices, only for anatomical-only TAVI. */
  extraDeviceIds: string[];
  deviceVariantIds: string[];
  service: ServiceChoice;
  patientIdentifier: string;
  patientSex: '' | (typeof PATIENT_SEXES)[number];
  /** Text, as typed: an empty field must say 'This field is required', not coerce to 0. */
  patientAge: string;
  physicianComment: string;
  isProspective: boolean;
  imagingDate: string;
  interventionDate: string;
  interventionTime: string;
  expectedDeliveryDate: string;
  expectedDeliveryTime: string;
  caseResponsible: UserSummary | null;
}

export interface NewAnalysisRules {
  /** Today as a local YYYY-MM-DD, the bound of every date rule. */
  today: string;
  variantLimit: number;
  /** Spec §5: required when the user can assign a case responsible. */
  responsibleRequired: boolean;
}

const requiredText = z.string().trim().min(1, REQUIRED);

/** Age rules of spec §5 on a typed value: required, a whole number, not negative. */
export const ageSchema = z
  .string()
  .trim()
  .min(1, REQUIRED)
  .refine((v) => !/^-/.test(v), NEGATIVE_AGE_MESSAGE)
  .refine((v) => /^\d+$/.test(v), 'Enter the age in whole years.');

export const sexSchema = z.enum(PATIENT_SEXES, { error: REQUIRED });

/**
 * The spec §5 "New analysis form" rules; some depend on the chosen intervention and the user. The
 * intervention date is at least today when prospective, at most today when retrospective.
 */
export const newAnalysisSchema = (rules: NewAnalysisRules) =>
  z
    .object({
      organisationId: requiredText,
      interventionId: requiredText,
      deviceId: requiredText,
      extraDeviceIds: z.array(z.string()),
      deviceVariantIds: z.array(z.string()).max(rules.variantLimit, variantLimitMessage(rules.variantLimit)),
      service: z.enum(SERVICE_CHOICES),
      patientIdentifier: requiredText.max(100, 'Ensure this field has no more than 100 characters.'),
      patientSex: sexSchema,
      patientAge: ageSchema,
      physicianComment: z.string().max(5000, 'Ensure this field has no more than 5000 characters.'),
      isProspective: z.boolean(),
      imagingDate: z.string().refine((d) => !d || d <= rules.today, NOT_AFTER_TODAY),
      interventionDate: z.string(),
      interventionTime: z.string(),
      expectedDeliveryDate: requiredText.refine((d) => d >= rules.today, NOT_BEFORE_TODAY),
      expectedDeliveryTime: requiredText,
      caseResponsible: z.custom<UserSummary | null>(),
    })
    // Zod skips object refinements once a field fails unless told otherwise: these rules must show
    // while other fields are still empty.
    .refine((v) => !(v.isProspective && v.interventionDate && v.interventionDate < rules.today), {
      path: ['interventionDate'],
      message: NOT_BEFORE_TODAY,
      when: () => true,
    })
    .refine((v) => !(!v.isProspective && v.interventionDate > rules.today), {
      path: ['interventionDate'],
      message: NOT_AFTER_TODAY,
      when: () => true,
    })
    .refine((v) => !rules.responsibleRequired || !!v.caseResponsible, {
      path: ['caseResponsible'],
      message: REQUIRED,
      when: () => true,
    });
