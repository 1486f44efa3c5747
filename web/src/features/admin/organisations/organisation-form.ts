import {
  DEFAULT_PASSWORD_EXPIRATION_DAYS,
  ORGANISATION_MESSAGES as M,
  ORGANISATION_CODE_PATTERN,
  type Organisation,
  type OrganisationCreate,
} from '@cardiomap/contract';
import { z } from 'zod';

/** The dialog's fields (spec §5 "Organisation"); the days are typed text until sent. */
export const organisationFormSchema = z
  .object({
    code: z
      .string()
      .trim()
      .refine((c) => c === '' || ORGANISATION_CODE_PATTERN.test(c), M.code),
    name: z.string().trim().min(1, M.required).max(255, 'Ensure this field has no more than 255 characters.'),
    country: z.string().min(1, M.required),
    regionId: z.string().min(1, M.required),
    dataProcessingContract: z.string().max(1024, 'Ensure this field has no more than 1024 characters.'),
    allowDataProcessing: z.boolean(),
    hasConfidentialityAgreement: z.boolean(),
    requiresOtp: z.boolean(),
    passwordExpires: z.boolean(),
    passwordExpirationDays: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.passwordExpires) return;
    const path = ['passwordExpirationDays'];
    if (v.passwordExpirationDays.trim() === '') ctx.addIssue({ code: 'custom', path, message: M.required });
    else if (!/^-?\d+$/.test(v.passwordExpirationDays.trim()))
      ctx.addIssue({ code: 'custom', path, message: 'A whole number is required.' });
    else if (Number(v.passwordExpirationDays) < 0) ctx.addIssue({ code: 'custom', path, message: M.negative });
  });
export type OrganisationFormValues = z.infer<typeof organisationFormSchema>;

export const emptyOrganisationForm = (): OrganisationFormValues => ({
  code: '',
  name: '',
  country: '',
  regionId: '',
  dataProcessingContract: 'default',
  allowDataProcessing: true,
  hasConfidentialityAgreement: false,
  requiresOtp: false,
  passwordExpires: true,
  passwordExpirationDays: String(DEFAULT_PASSWORD_EXPIRATION_DAYS),
});

export const organisationToForm = (o: Organisation): OrganisationFormValues => ({
  code: o.code,
  name: o.name,
  country: o.country,
  regionId: o.regionId,
  dataProcessingContract: o.dataProcessingContract,
  allowDataProcessing: o.allowDataProcessing,
  hasConfidentialityAgreement: o.hasConfidentialityAgreement,
  requiresOtp: o.requiresOtp,
  passwordExpires: o.passwordExpires,
  passwordExpirationDays: String(o.passwordExpirationDays),
});

/** Spec §5: with expiry off, 0 is sent; the code is sent only when creating. */
export function organisationPayload(v: OrganisationFormValues): Omit<OrganisationCreate, 'code'> {
  return {
    name: v.name.trim(),
    country: v.country,
    regionId: v.regionId,
    dataProcessingContract: v.dataProcessingContract.trim() || 'default',
    allowDataProcessing: v.allowDataProcessing,
    hasConfidentialityAgreement: v.hasConfidentialityAgreement,
    requiresOtp: v.requiresOtp,
    passwordExpirationDays: v.passwordExpires ? Number(v.passwordExpirationDays) : 0,
  };
}

/** The fields a 400 may name that the dialog shows beside a field; the rest go to the banner. */
export const ORGANISATION_FORM_FIELDS = [
  'code',
  'name',
  'country',
  'regionId',
  'dataProcessingContract',
  'passwordExpirationDays',
] as const;
export type OrganisationFormField = (typeof ORGANISATION_FORM_FIELDS)[number];
