import {
  type Device,
  type Intervention,
  SERVICE_LABELS,
  SERVICE_ORDER_LABELS,
  Service,
  type Training,
} from '@cardiomap/contract';
import { trainingPending } from '@cardiomap/domain';
import { orderedDeviceIds, SIMULATION_OF_CHOICE } from './new-analysis-payload.ts';
import type { NewAnalysisValues, ServiceChoice } from './new-analysis-schema.ts';
import { orderableSimulations } from './orderable-simulations.ts';

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

/** Whether every selected device is licensed for the choice's services (anatomy always is: it is listed). */
export const choiceAllowed = (selected: readonly Device[], choice: ServiceChoice): boolean => {
  const simulation = SIMULATION_OF_CHOICE[choice];
  return (
    simulation === null ||
    (selected.length > 0 && selected.every((d) => d.services.some((s) => s.service === simulation)))
  );
};

export interface ServiceOption {
  choice: ServiceChoice;
  label: string;
  /** Spec §5: a service the licence does not allow for the selected device is shown disabled. */
  allowed: boolean;
}

const lowerFirst = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);
const CHOICE_OF_SERVICE = {
  [Service.SIMULATION]: 'simulation',
  [Service.LEGACY]: 'legacy',
  [Service.REDO_TAVI]: 'redo-tavi',
} as const;

/**
 * The service radio of the new-case form: anatomical analysis alone or with a simulation (spec §5), and
 * with a legacy simulation or a redo TAVI where a licensed device of the intervention offers one
 * (`orderableSimulations`, as "Order simulation" offers them; a redo TAVI only for TAVI).
 */
export function serviceOptions(
  intervention: Intervention | undefined,
  licensed: readonly Device[],
  selected: readonly Device[],
): ServiceOption[] {
  const anatomy = SERVICE_LABELS[Service.ANATOMICAL];
  const simulations = intervention
    ? orderableSimulations({ interventionId: intervention.id, intervention }, licensed).map((o) => o.service)
    : [Service.SIMULATION];
  return [
    { choice: 'anatomical', label: `${anatomy} only`, allowed: true },
    ...simulations.map((service) => {
      const choice: ServiceChoice = CHOICE_OF_SERVICE[service];
      const label = `${anatomy} and ${lowerFirst(SERVICE_ORDER_LABELS[service])}`;
      return { choice, label, allowed: choiceAllowed(selected, choice) };
    }),
  ];
}

/** Spec §5: extra devices only for an anatomical-only TAVI analysis. */
export const extraDevicesAllowed = (intervention: Intervention | undefined, service: NewAnalysisValues['service']) =>
  intervention?.prefix === 'TAVI' && service === 'anatomical';

/** Spec §5: a warning when any ordered service of a selected device is licensed non-clinically only. */
export function isNonClinical(selected: readonly Device[], service: NewAnalysisValues['service']): boolean {
  const simulation = SIMULATION_OF_CHOICE[service];
  const ordered: number[] = simulation === null ? [Service.ANATOMICAL] : [Service.ANATOMICAL, simulation];
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
