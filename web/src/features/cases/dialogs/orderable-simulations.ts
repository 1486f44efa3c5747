import { type Device, Service } from '@cardiomap/contract';

export type SimulationService = typeof Service.SIMULATION | typeof Service.LEGACY | typeof Service.REDO_TAVI;

/**
 * The simulations one may order for an intervention (spec §1: simulation, legacy simulation, redo
 * TAVI; a redo TAVI only for TAVI), each with the intervention's devices licensed for it. Simulation is
 * always listed (the forms say when no device allows it); the others only where a device does. Used by
 * "Order simulation" on a case and by the new-case form.
 */
export function orderableSimulations(
  kase: { interventionId: string; intervention: { prefix: string } },
  devices: readonly Device[],
): { service: SimulationService; devices: Device[] }[] {
  const services: SimulationService[] = [Service.SIMULATION, Service.LEGACY];
  if (kase.intervention.prefix === 'TAVI') services.push(Service.REDO_TAVI);
  return services
    .map((service) => ({
      service,
      devices: devices.filter(
        (d) => d.interventionId === kase.interventionId && d.services.some((s) => s.service === service),
      ),
    }))
    .filter((option) => option.service === Service.SIMULATION || option.devices.length > 0);
}
