import { type CreateCase, type Device, Service } from '@cardiomap/contract';
import { DEFAULT_DELIVERY_TIME, DEFAULT_INTERVENTION_TIME } from '@cardiomap/domain';
import { IMAGING_TIME, toWire } from './date-fields.ts';
import type { NewAnalysisValues, ServiceChoice } from './new-analysis-schema.ts';
import type { SimulationService } from './orderable-simulations.ts';

/** The simulation service a choice orders beside the anatomy; none for anatomical only. */
export const SIMULATION_OF_CHOICE: Readonly<Record<ServiceChoice, SimulationService | null>> = {
  anatomical: null,
  simulation: Service.SIMULATION,
  legacy: Service.LEGACY,
  'redo-tavi': Service.REDO_TAVI,
};

/** The devices an order names: spec §5, a simulation order (of any kind) sends only the first device. */
export const orderedDeviceIds = (values: Pick<NewAnalysisValues, 'service' | 'deviceId' | 'extraDeviceIds'>) =>
  values.service === 'anatomical' ? [values.deviceId, ...values.extraDeviceIds] : [values.deviceId];

/** Sizes only of the devices the order names. */
const variantsOf = (deviceIds: string[], variantIds: string[], devices: readonly Device[]) => {
  const allowed = new Set(
    devices.filter((d) => deviceIds.includes(d.id)).flatMap((d) => d.variants.map((variant) => variant.id)),
  );
  return variantIds.filter((id) => allowed.has(id));
};

/**
 * The POST cases/ body of spec §7. A simulation (or legacy simulation, or redo TAVI) is ordered together
 * with the anatomical analysis it builds on, both for the first device; times default to 07:00 (delivery) and 08:00 (intervention).
 */
export function toCreateCasePayload(
  values: NewAnalysisValues,
  context: { devices: readonly Device[]; sendResponsible: boolean },
): CreateCase {
  const deviceIds = orderedDeviceIds(values);
  const deviceVariantIds = variantsOf(deviceIds, values.deviceVariantIds, context.devices);
  const simulation = SIMULATION_OF_CHOICE[values.service];
  const services = simulation === null ? [Service.ANATOMICAL] : [Service.ANATOMICAL, simulation];
  return {
    ...(context.sendResponsible ? { caseResponsibleId: values.caseResponsible?.id ?? null } : {}),
    organisationId: values.organisationId,
    patientInformation: {
      identifier: values.patientIdentifier.trim(),
      sex: values.patientSex as 'F' | 'M',
      age: Number(values.patientAge),
    },
    physicianComment: values.physicianComment,
    isProspective: values.isProspective,
    imagingDate: values.imagingDate ? toWire(values.imagingDate, IMAGING_TIME) : null,
    interventionDatetime: values.interventionDate
      ? toWire(values.interventionDate, values.interventionTime || DEFAULT_INTERVENTION_TIME)
      : null,
    expectedDeliveryDatetime: toWire(values.expectedDeliveryDate, values.expectedDeliveryTime || DEFAULT_DELIVERY_TIME),
    orders: services.map((service) => ({ service, deviceIds, deviceVariantIds })),
  };
}
