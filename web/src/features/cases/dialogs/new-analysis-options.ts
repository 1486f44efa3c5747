import { type Device, type Intervention, Service, type Training } from '@cardiomap/contract';
import { trainingPending } from '@cardiomap/domain';
import { orderedDeviceIds } from './new-analysis-payload.ts';
import type { NewAnalysisValues } from './new-analysis-schema.ts';

export const LICENCE_REQUIRED =
  'A license is required to request an analysis. To acquire a license, please contact us.';
export const NON_CLINICAL_WARNING = 'Analyses for selected device(s) will be non-clinical only.';

type Choice = Pick<NewAnalysisValues, 'interventionId' | 'deviceId' | 'extraDeviceIds' | 'service'>;

/** Devices the organisation holds a licence for (devices/ answers no services for the others). */
export const licensedDevices = (devices: readonly Device[], interventionId: string): Device[] =>
  devices.filter((d) => d.services.length > 0 && (!interventionId || d.interventionId === interventionId));

const byId = (devices: readonly Device[], ids: readonly string[]) =>
  ids.flatMap((id) => devices.filter((d) => d.id === id));

/** The devices the orders will name. */
export const chosenDevices = (devices: readonly Device[], choice: Choice): Device[] =>
  choice.deviceId ? byId(devices, orderedDeviceIds(choice)) : [];

/** Spec §5: when the licence does not allow simulation for the selected devices, anatomical-only is forced. */
export const simulationAllowed = (selected: readonly Device[]): boolean =>
  selected.length > 0 && selected.every((d) => d.services.some((s) => s.service === Service.SIMULATION));

/** Spec §5: extra devices only for an anatomical-only TAVI analysis. */
export const extraDevicesAllowed = (intervention: Intervention | undefined, service: NewAnalysisValues['service']) =>
  intervention?.prefix === 'TAVI' && service === 'anatomical';

/** Spec §5: a warning when any ordered service of a selected device is licensed non-clinically only. */
export function isNonClinical(selected: readonly Device[], service: NewAnalysisValues['service']): boolean {
  const ordered: number[] = service === 'simulation' ? [Service.ANATOMICAL, Service.SIMULATION] : [Service.ANATOMICAL];
  return selected.some((d) => d.services.some((s) => ordered.includes(s.service) && !s.isClinical));
}

/** Sizes offered: those of the devices the orders will name. */
export const variantOptions = (selected: readonly Device[]) =>
  selected.flatMap((d) => d.variants.map((variant) => ({ ...variant, label: `${d.name} ${variant.name}` })));

/** Spec §6: the intervention's training is pending unless followed or the user may skip training. */
export function pendingTraining(
  permissions: ReadonlySet<string>,
  intervention: Intervention | undefined,
  trainings: readonly Training[],
): Training | undefined {
  if (!intervention) return undefined;
  return trainings.find(
    (t) => t.interventionId === intervention.id && trainingPending(permissions, t, t.userFollowedTraining),
  );
}
