import { routes } from '@cardiomap/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../../api/index.ts';
import { adminUserKeys } from './admin-user-keys.ts';

/** Roles to grant (GET groups/). */
export const useGroups = () =>
  useQuery({ queryKey: adminUserKeys.groups, queryFn: ({ signal }) => call(routes.groups, { signal }) });

/** Devices for Field Clinical Specialist specialisations. */
export const useDeviceChoices = () =>
  useQuery({
    queryKey: adminUserKeys.devices,
    queryFn: ({ signal }) => call(routes.devices, { query: { page_size: 100 }, signal }).then((p) => p.results),
  });
