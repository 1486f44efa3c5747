import {
  type DeviceAccessGroup,
  type LicensedDevice,
  routes,
  type ServiceGrant,
  type TemplateDevice,
  type TrialLicense,
} from '@cardiomap/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { useApiMutation } from '../../../hooks/use-api-mutation.ts';
import { caseKeys } from '../../cases/index.ts';

/**
 * Query keys of the licences feature. Every licence change also invalidates `devices`: the New analysis
 * dialog asks the server afresh which devices the organisation may order.
 */
export const licenceKeys = {
  all: ['licences'] as const,
  accesses: (organisationId: string) => [...licenceKeys.all, 'accesses', organisationId] as const,
  trials: (organisationId: string) => [...licenceKeys.all, 'trials', organisationId] as const,
  groups: (organisationId: string | undefined) => [...licenceKeys.all, 'groups', organisationId ?? 'all'] as const,
};

export const useDeviceAccesses = (organisationId: string) =>
  useQuery({
    queryKey: licenceKeys.accesses(organisationId),
    queryFn: ({ signal }): Promise<LicensedDevice[]> =>
      call(routes.deviceAccesses, { query: { organisation_id: organisationId }, signal }).then((r) => r.results),
  });

export const useTrialLicenses = (organisationId: string) =>
  useQuery({
    queryKey: licenceKeys.trials(organisationId),
    queryFn: ({ signal }): Promise<TrialLicense[]> =>
      call(routes.trialLicenses, { query: { organisation_id: organisationId }, signal }).then((r) => r.results),
  });

export const useDeviceAccessGroups = (organisationId?: string) =>
  useQuery({
    queryKey: licenceKeys.groups(organisationId),
    queryFn: ({ signal }): Promise<DeviceAccessGroup[]> =>
      call(routes.deviceAccessGroups, { query: { organisation_id: organisationId }, signal }).then((r) => r.results),
  });

function useInvalidateLicences() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: licenceKeys.all }),
      queryClient.invalidateQueries({ queryKey: caseKeys.devices }),
    ]);
}

export interface DeviceLicenceInput {
  deviceId: string;
  services: ServiceGrant[];
  trialId?: string | null;
}

export function useAddLicensedDevice(organisationId: string) {
  const invalidate = useInvalidateLicences();
  return useApiMutation<LicensedDevice, DeviceLicenceInput>({
    mutationFn: (input) => call(routes.createLicensedDevice, { body: { ...input, organisationId } }),
    successToast: 'Device successfully added',
    onSuccess: invalidate,
  });
}

export function useRemoveLicensedDevice() {
  const invalidate = useInvalidateLicences();
  return useApiMutation<unknown, string>({
    mutationFn: (id) => call(routes.deleteLicensedDevice, { params: { id } }),
    successToast: 'Device successfully removed',
    onSuccess: invalidate,
  });
}

export function useAddTrialLicense(organisationId: string) {
  const invalidate = useInvalidateLicences();
  return useApiMutation<TrialLicense, number>({
    mutationFn: (limit) => call(routes.createTrialLicense, { body: { organisationId, limit } }),
    successToast: 'License successfully added',
    onSuccess: invalidate,
  });
}

export function useUpdateTrialLicense() {
  const invalidate = useInvalidateLicences();
  return useApiMutation<TrialLicense, { id: string; limit: number }>({
    mutationFn: ({ id, limit }) => call(routes.updateTrialLicense, { params: { id }, body: { limit } }),
    successToast: 'License successfully updated',
    onSuccess: invalidate,
  });
}

export function useDeleteTrialLicense() {
  const invalidate = useInvalidateLicences();
  return useApiMutation<unknown, string>({
    mutationFn: (id) => call(routes.deleteTrialLicense, { params: { id } }),
    successToast: 'License successfully deleted',
    onSuccess: invalidate,
  });
}

export function useSubscription(organisationId: string) {
  const invalidate = useInvalidateLicences();
  return useApiMutation<DeviceAccessGroup, { id: string; subscribe: boolean }>({
    mutationFn: ({ id, subscribe }) =>
      call(subscribe ? routes.subscribeDeviceAccessGroup : routes.unsubscribeDeviceAccessGroup, {
        params: { id },
        body: { organisationId },
      }),
    successToast: (_data, { subscribe }) => (subscribe ? 'Successfully subscribed' : 'Successfully unsubscribed'),
    onSuccess: invalidate,
  });
}

export function useSaveTemplate() {
  const invalidate = useInvalidateLicences();
  return useApiMutation<DeviceAccessGroup, { id?: string; name: string }>({
    mutationFn: ({ id, name }) =>
      id
        ? call(routes.updateDeviceAccessGroup, { params: { id }, body: { name } })
        : call(routes.createDeviceAccessGroup, { body: { name } }),
    successToast: (_data, { id }) => (id ? 'Template successfully updated' : 'Template successfully created'),
    onSuccess: invalidate,
  });
}

export function useDeleteTemplate() {
  const invalidate = useInvalidateLicences();
  return useApiMutation<unknown, string>({
    mutationFn: (id) => call(routes.deleteDeviceAccessGroup, { params: { id } }),
    successToast: 'Template successfully deleted',
    onSuccess: invalidate,
  });
}

export function useAddTemplateDevice(deviceAccessGroupId: string) {
  const invalidate = useInvalidateLicences();
  return useApiMutation<TemplateDevice, DeviceLicenceInput>({
    mutationFn: ({ deviceId, services }) =>
      call(routes.createTemplateDevice, { body: { deviceAccessGroupId, deviceId, services } }),
    successToast: 'Device successfully added',
    onSuccess: invalidate,
  });
}

export function useRemoveTemplateDevice() {
  const invalidate = useInvalidateLicences();
  return useApiMutation<unknown, string>({
    mutationFn: (id) => call(routes.deleteTemplateDevice, { params: { id } }),
    successToast: 'Device successfully removed',
    onSuccess: invalidate,
  });
}

export interface DeviceChoice {
  id: string;
  label: string;
}

/** Every device of the catalogue, labelled with its intervention ("TAVI · Evolut FX+"). */
export const useDeviceChoices = () =>
  useQuery({
    queryKey: [...licenceKeys.all, 'device-choices'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }): Promise<DeviceChoice[]> => {
      const [interventions, devices] = await Promise.all([
        call(routes.interventions, { signal }),
        call(routes.devices, { signal }),
      ]);
      const prefix = new Map(interventions.results.map((i) => [i.id, i.prefix]));
      return devices.results
        .map((d) => ({ id: d.id, label: `${prefix.get(d.interventionId) ?? ''} · ${d.name}` }))
        .sort((a, b) => a.label.localeCompare(b.label));
    },
  });
