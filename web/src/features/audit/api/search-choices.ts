import { routes } from '@cardiomap/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/index.ts';
import { auditKeys } from './audit-keys.ts';

const CHOICES = 10;

/** Users to filter by: GET users/?name_email_or_title= (spec §7). */
export const useUserChoices = (search: string) =>
  useQuery({
    queryKey: auditKeys.users(search),
    queryFn: ({ signal }) =>
      call(routes.listUsers, { query: { page_size: CHOICES, name_email_or_title: search || undefined }, signal }),
    select: (page) => page.results,
    placeholderData: keepPreviousData,
  });

/** Organisations to filter by: GET organisations/?name__icontains= (spec §7). */
export const useOrganisationChoices = (search: string) =>
  useQuery({
    queryKey: auditKeys.organisations(search),
    queryFn: ({ signal }) =>
      call(routes.listOrganisations, { query: { page_size: CHOICES, name__icontains: search || undefined }, signal }),
    select: (page) => page.results,
    placeholderData: keepPreviousData,
  });
