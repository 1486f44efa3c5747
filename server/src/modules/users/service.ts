import { EDIT_USERS_AND_ORGANISATIONS, PERMISSIONS } from '@cardiomap/domain';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { PageRequest } from '../../lib/pagination.ts';
import { adminScope } from './admin-service.ts';
import * as repo from './repository.ts';

export interface ListFilter {
  organisationId?: string;
  search?: string;
  primaryOnly: boolean;
  hasOrganisation?: boolean;
}

/**
 * GET users/ serves two callers. The picker (case responsible, sharing): active members of the caller's
 * organisations, or everyone with accounts.view_all_users. Administrators (spec §6) see inactive users
 * too, within the organisations they manage. An organisation filter outside the scope answers 404.
 */
export function createUsersService(database: Database) {
  return {
    list(actor: Actor, filter: ListFilter, page: PageRequest) {
      const isAdmin = EDIT_USERS_AND_ORGANISATIONS.every((p) => actor.permissions.has(p));
      const scope = isAdmin
        ? adminScope(actor)
        : actor.permissions.has(PERMISSIONS.viewAllUsers)
          ? null
          : actor.organisationIds;
      if (filter.organisationId && scope && !scope.includes(filter.organisationId)) {
        throw notFound('No organisation matches the given query.');
      }
      return repo.listUsers(
        database,
        {
          ...filter,
          withinOrganisations: scope,
          includeInactive: isAdmin,
          // Users without any organisation are outside every limited scope.
          hasOrganisation: isAdmin ? filter.hasOrganisation : undefined,
        },
        page,
      );
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
