import type { FieldPath } from 'react-hook-form';
import type { NewAnalysisValues } from './new-analysis-schema.ts';

const FIELDS: [RegExp, FieldPath<NewAnalysisValues>][] = [
  // Spec §8: device errors (top level or of any order) show on the device select.
  [/(^|\.)deviceIds(\.|$)/, 'deviceId'],
  [/^orders(\.\d+)?$/, 'deviceId'],
  [/(^|\.)deviceVariantIds(\.|$)/, 'deviceVariantIds'],
  [/^orders\.\d+\.service$/, 'service'],
  [/^patientInformation\.identifier$/, 'patientIdentifier'],
  [/^patientInformation\.sex$/, 'patientSex'],
  [/^patientInformation\.age$/, 'patientAge'],
  [/^physicianComment$/, 'physicianComment'],
  [/^organisationId$/, 'organisationId'],
  [/^interventionId$/, 'interventionId'],
  [/^caseResponsibleId$/, 'caseResponsible'],
  [/^isProspective$/, 'isProspective'],
  [/^imagingDate$/, 'imagingDate'],
  [/^interventionDatetime$/, 'interventionDate'],
  [/^expectedDeliveryDatetime$/, 'expectedDeliveryDate'],
];

/** The form field showing a POST cases/ field error; null for errors the form has no field for. */
export const newAnalysisFieldFor = (path: string): FieldPath<NewAnalysisValues> | null =>
  FIELDS.find(([pattern]) => pattern.test(path))?.[1] ?? null;
