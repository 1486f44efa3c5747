import { type Case, type PatchCase, REQUIRED } from '@cardiomap/contract';
import { DEFAULT_DELIVERY_TIME, DEFAULT_INTERVENTION_TIME } from '@cardiomap/domain';
import { z } from 'zod';
import { fromWire, IMAGING_TIME, toWire } from './date-fields.ts';
import { ageSchema, sexSchema } from './new-analysis-schema.ts';

/** Spec §5 "Edit case": identifier, age, sex, expected delivery date and time required; age not negative. */
export const editCaseSchema = z.object({
  patientIdentifier: z.string().trim().min(1, REQUIRED).max(100, 'Ensure this field has no more than 100 characters.'),
  patientSex: sexSchema,
  patientAge: ageSchema,
  physicianComment: z.string().max(5000, 'Ensure this field has no more than 5000 characters.'),
  isProspective: z.boolean(),
  isResearch: z.boolean(),
  imagingDate: z.string(),
  interventionDate: z.string(),
  interventionTime: z.string(),
  expectedDeliveryDate: z.string().min(1, REQUIRED),
  expectedDeliveryTime: z.string().min(1, REQUIRED),
});

export interface EditCaseValues {
  patientIdentifier: string;
  patientSex: '' | 'F' | 'M';
  patientAge: string;
  physicianComment: string;
  isProspective: boolean;
  isResearch: boolean;
  imagingDate: string;
  interventionDate: string;
  interventionTime: string;
  expectedDeliveryDate: string;
  expectedDeliveryTime: string;
}

/** The form's starting point: the case as it is now, in local days and hours. */
export function editCaseDefaults(kase: Case): EditCaseValues {
  const intervention = fromWire(kase.interventionDatetime);
  const delivery = fromWire(kase.expectedDeliveryDatetime);
  return {
    patientIdentifier: kase.patientInformation?.identifier ?? '',
    patientSex: kase.patientInformation?.sex ?? '',
    patientAge: kase.patientInformation ? String(kase.patientInformation.age) : '',
    physicianComment: kase.physicianComment,
    isProspective: kase.isProspective,
    isResearch: kase.isResearch,
    imagingDate: fromWire(kase.imagingDate).day,
    interventionDate: intervention.day,
    interventionTime: intervention.time || DEFAULT_INTERVENTION_TIME,
    expectedDeliveryDate: delivery.day,
    expectedDeliveryTime: delivery.time || DEFAULT_DELIVERY_TIME,
  };
}

type Touched = Partial<Record<keyof EditCaseValues, boolean | undefined>>;

/**
 * The PATCH cases/{id}/ body of spec §7. Dates are sent only when edited: the form shows whole hours,
 * so resending an untouched 07:30 would move it, and the server judges changed dates against today.
 */
export function toPatchCase(values: EditCaseValues, edited: Touched): PatchCase {
  const interventionEdited = edited.interventionDate || edited.interventionTime || edited.isProspective;
  return {
    patientInformation: {
      identifier: values.patientIdentifier.trim(),
      sex: values.patientSex as 'F' | 'M',
      age: Number(values.patientAge),
    },
    physicianComment: values.physicianComment,
    isProspective: values.isProspective,
    // Sent only when switched: whether results may be taken back is not changed by an unrelated edit.
    ...(edited.isResearch ? { isResearch: values.isResearch } : {}),
    ...(edited.imagingDate
      ? { imagingDate: values.imagingDate ? toWire(values.imagingDate, IMAGING_TIME) : null }
      : {}),
    ...(interventionEdited
      ? {
          interventionDatetime: values.interventionDate
            ? toWire(values.interventionDate, values.interventionTime || DEFAULT_INTERVENTION_TIME)
            : null,
        }
      : {}),
    ...(edited.expectedDeliveryDate || edited.expectedDeliveryTime
      ? { expectedDeliveryDatetime: toWire(values.expectedDeliveryDate, values.expectedDeliveryTime) }
      : {}),
  };
}

const FIELDS: [RegExp, keyof EditCaseValues][] = [
  [/^patientInformation\.identifier$/, 'patientIdentifier'],
  [/^patientInformation\.sex$/, 'patientSex'],
  [/^patientInformation\.age$/, 'patientAge'],
  [/^physicianComment$/, 'physicianComment'],
  [/^isProspective$/, 'isProspective'],
  [/^imagingDate$/, 'imagingDate'],
  [/^interventionDatetime$/, 'interventionDate'],
  [/^expectedDeliveryDatetime$/, 'expectedDeliveryDate'],
];

/** The form field showing a PATCH cases/{id}/ field error; null for the others. */
export const editCaseFieldFor = (path: string): keyof EditCaseValues | null =>
  FIELDS.find(([pattern]) => pattern.test(path))?.[1] ?? null;
