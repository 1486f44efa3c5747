import { PERMISSIONS } from '@cardiomap/domain';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { PageRequest } from '../../lib/pagination.ts';
import * as repo from './repository.ts';

/**
 * The user picker (case responsible, sharing): members of the caller's organisations, or everyone for
 * callers with accounts.view_all_users. An organisation filter outside that scope answers 404.
 */
export function createUsersService(database: Database) {
  return {
    list(actor: Actor, filter: { organisationId?: string; search?: string; primaryOnly: boolean }, page: PageRequest) {
      const seesAll = actor.permissions.has(PERMISSIONS.viewAllUsers);
      if (filter.organisationId && !seesAll && !actor.organisationIds.includes(filter.organisationId)) {
        throw notFound('No organisation matches the given query.');
      }
      return repo.listUsers(database, { ...filter, withinOrganisations: seesAll ? null : actor.organisationIds }, page);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
