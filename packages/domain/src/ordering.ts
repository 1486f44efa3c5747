import { SERVICE_ORDER_LABELS, Service, SIMULATION_SERVICES } from '@cardiomap/contract';

/** Spec §5: shown when the organisation holds no licence at all. */
export const LICENCE_REQUIRED_MESSAGE =
  'A license is required to request an analysis. To acquire a license, please contact us.';
export const variantLimitMessage = (limit: number) => `This field is limited to ${limit} choices.`;

/** What the user asked for: one order of a new case, or one more order of an existing case. */
export interface OrderRequest {
  service: Service;
  deviceIds: readonly string[];
  deviceVariantIds: readonly string[];
}

/** The catalogue and licence facts ordering looks at, loaded by the caller for the ids named. */
export interface OrderingCatalogue {
  devices: ReadonlyMap<string, { id: string; name: string; interventionId: string; services: readonly Service[] }>;
  variants: ReadonlyMap<string, { id: string; deviceId: string; name: string }>;
  interventions: ReadonlyMap<string, { id: string; prefix: string; variantLimit: number }>;
  /** Every device access of the ordering organisation (spec §3 Device access). */
  accesses: readonly { deviceId: string; service: Service; isClinical: boolean; trialId: string | null }[];
}

export interface OrderingContext {
  /**
   * Services the case already has besides the orders checked (for an order added to a case), so the
   * "several devices only for an anatomical-only TAVI" rule sees the whole case.
   */
  otherServices?: readonly Service[];
  /** The intervention of an existing case: every device must belong to it. */
  interventionId?: string;
}

export type OrderFieldErrors = Partial<Record<'service' | 'deviceIds' | 'deviceVariantIds', string[]>>;

export type OrderingResult =
  | {
      ok: true;
      interventionId: string;
      /** Per order: clinical when every licence used is clinical (spec §3). */
      orders: { isClinical: boolean }[];
      /** The trial licence the case counts against, when a licence used belongs to one. */
      trialId: string | null;
    }
  | { ok: false; nonFieldErrors: string[]; orders: OrderFieldErrors[] };

const serviceLabel = (service: Service) => {
  const label = SERVICE_ORDER_LABELS[service];
  // 'redo TAVI', not 'redo tavi': only the first letter goes down.
  return label.charAt(0).toLowerCase() + label.slice(1);
};

/** Spec §1/§3: a redo TAVI (a valve in a failed transcatheter valve) is an analysis of TAVI cases only. */
export const REDO_TAVI_ONLY_FOR_TAVI = 'A redo TAVI can be ordered only for a TAVI case.';
export const ONE_DEVICE_PER_SIMULATION = 'A simulation is ordered for exactly one device.';

function add(errors: OrderFieldErrors, field: keyof OrderFieldErrors, message: string): void {
  const list = errors[field] ?? [];
  if (!list.includes(message)) list.push(message);
  errors[field] = list;
}

/** Devices exist, share one intervention, offer the service; simulations name one; several only for TAVI anatomy. */
function checkDevices(
  request: OrderRequest,
  catalogue: OrderingCatalogue,
  interventionId: string | undefined,
  anatomicalOnly: boolean,
  errors: OrderFieldErrors,
): void {
  for (const id of request.deviceIds) {
    const device = catalogue.devices.get(id);
    if (!device) add(errors, 'deviceIds', `Device ${id} does not exist.`);
    else if (interventionId && device.interventionId !== interventionId) {
      add(errors, 'deviceIds', 'All devices must belong to the same intervention.');
    } else if (!device.services.includes(request.service)) {
      add(errors, 'deviceIds', `${device.name} cannot be ordered for ${serviceLabel(request.service)}.`);
    }
  }
  if (new Set(request.deviceIds).size !== request.deviceIds.length) {
    add(errors, 'deviceIds', 'Each device can be chosen only once.');
  }
  // A legacy simulation and a redo TAVI simulate one device as a simulation does.
  if (SIMULATION_SERVICES.includes(request.service) && request.deviceIds.length !== 1) {
    add(errors, 'deviceIds', ONE_DEVICE_PER_SIMULATION);
  }
  const prefix = interventionId ? catalogue.interventions.get(interventionId)?.prefix : undefined;
  if (request.service === Service.REDO_TAVI && prefix !== undefined && prefix !== 'TAVI') {
    add(errors, 'service', REDO_TAVI_ONLY_FOR_TAVI);
  }
  if (
    request.deviceIds.length > 1 &&
    request.service === Service.ANATOMICAL &&
    (prefix !== 'TAVI' || !anatomicalOnly)
  ) {
    add(
      errors,
      'deviceIds',
      'Several devices can be requested only for a TAVI anatomical analysis without simulation.',
    );
  }
}

function checkVariants(
  request: OrderRequest,
  catalogue: OrderingCatalogue,
  interventionId: string | undefined,
  errors: OrderFieldErrors,
): void {
  for (const id of request.deviceVariantIds) {
    const variant = catalogue.variants.get(id);
    if (!variant || !request.deviceIds.includes(variant.deviceId)) {
      add(errors, 'deviceVariantIds', `Size ${variant?.name ?? id} does not belong to the chosen devices.`);
    }
  }
  if (new Set(request.deviceVariantIds).size !== request.deviceVariantIds.length) {
    add(errors, 'deviceVariantIds', 'Each size can be chosen only once.');
  }
  const limit = interventionId ? catalogue.interventions.get(interventionId)?.variantLimit : undefined;
  if (limit !== undefined && request.deviceVariantIds.length > limit) {
    add(errors, 'deviceVariantIds', variantLimitMessage(limit));
  }
}

/** The licence of every (device, service) ordered; the answer's clinical flag and trial when all are held. */
function checkLicences(request: OrderRequest, catalogue: OrderingCatalogue, errors: OrderFieldErrors) {
  const used = request.deviceIds.flatMap((deviceId) => {
    const access = catalogue.accesses.find((a) => a.deviceId === deviceId && a.service === request.service);
    const device = catalogue.devices.get(deviceId);
    // A device that does not offer the service at all already has its own message.
    if (!access && device?.services.includes(request.service)) {
      add(
        errors,
        'deviceIds',
        `Your organisation has no license for ${serviceLabel(request.service)} of ${device.name}.`,
      );
    }
    return access ? [access] : [];
  });
  return { isClinical: used.every((a) => a.isClinical), trialId: used.find((a) => a.trialId)?.trialId ?? null };
}

/**
 * Spec §3, §5 and §6 rules of ordering analyses, without I/O: devices, services, sizes, the variant limit
 * and the organisation's licences. Answers field errors per order (the caller nests them where its
 * payload has them), or the intervention, each order's clinical flag and the trial licence used.
 */
export function checkOrdering(
  requests: readonly OrderRequest[],
  catalogue: OrderingCatalogue,
  context: OrderingContext = {},
): OrderingResult {
  if (catalogue.accesses.length === 0) {
    return { ok: false, nonFieldErrors: [LICENCE_REQUIRED_MESSAGE], orders: requests.map(() => ({})) };
  }
  const firstDevice = requests.flatMap((r) => r.deviceIds).find((id) => catalogue.devices.has(id));
  const interventionId = context.interventionId ?? (firstDevice && catalogue.devices.get(firstDevice)?.interventionId);
  const services = [...requests.map((r) => r.service), ...(context.otherServices ?? [])];
  const anatomicalOnly = services.every((service) => service === Service.ANATOMICAL);
  const errors = requests.map(() => ({}) as OrderFieldErrors);
  const licences = requests.map((request, index) => {
    const orderErrors = errors[index] as OrderFieldErrors;
    checkDevices(request, catalogue, interventionId, anatomicalOnly, orderErrors);
    checkVariants(request, catalogue, interventionId, orderErrors);
    return checkLicences(request, catalogue, orderErrors);
  });
  if (!interventionId || errors.some((e) => Object.keys(e).length > 0)) {
    return { ok: false, nonFieldErrors: [], orders: errors };
  }
  return {
    ok: true,
    interventionId,
    orders: licences.map(({ isClinical }) => ({ isClinical })),
    trialId: licences.find((l) => l.trialId)?.trialId ?? null,
  };
}

/** Spec §3 Trial licence: a case beyond the limit is refused. */
export const trialLimitReached = (trial: { limit: number; numberOfCases: number }): boolean =>
  trial.numberOfCases >= trial.limit;
export const trialLimitMessage = (limit: number) =>
  `Your organisation's trial license allows ${limit} cases and they have all been requested. To continue, please contact us.`;
