import { type Device, routes } from '@cardiomap/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { catalogueKeys } from './case-keys.ts';

/** Every device with the services the organisation's licences allow (empty when unlicensed). */
export const getDevices = (organisationId: string | undefined, signal?: AbortSignal): Promise<Device[]> =>
  call(routes.devices, { query: { organisation_id: organisationId }, signal }).then((page) => page.results);

export const useDevices = (organisationId: string | undefined) =>
  useQuery({
    queryKey: catalogueKeys.devices(organisationId),
    queryFn: ({ signal }) => getDevices(organisationId, signal),
  });
