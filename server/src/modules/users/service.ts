import { EDIT_USERS_AND_ORGANISATIONS, PERMISSIONS } from '@cardiomap/domain';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/http-errors.ts';
import { type PageRequest, pageWindow } from '../../lib/pagination.ts';
import { adminScope } from './admin-service.ts';
import { KeptLists, MAX_KEPT_IDS } from './kept-lists.ts';
import * as repo from './repository.ts';

export interface ListFilter {
  organisationId?: string;
  search?: string;
  primaryOnly: boolean;
  hasOrganisation?: boolean;
  mayBeCaseResponsible?: boolean;
}

/**
 * GET users/ serves two callers. The picker (case responsible, sharing): active members of the caller's
 * organisations, or everyone with accounts.view_all_users. Administrators (spec §6) see inactive users
 * too, within the organisations they manage. An organisation filter outside the scope answers 404.
 */
export function createUsersService(database: Database, kept = new KeptLists()) {
  /**
   * A narrowed list is searched once and its ids kept (kept-lists.ts); later pages and repeats read
   * their page by id, confirmed against the version in the same statement. A stale list is searched
   * again.
   */
  async function listNarrowed(filter: repo.UserListFilter, page: PageRequest) {
    const key = JSON.stringify([
      filter.search ?? null,
      filter.organisationId ?? null,
      filter.withinOrganisations ? [...filter.withinOrganisations].sort() : null,
      filter.primaryOnly,
      filter.includeInactive ?? false,
      filter.hasOrganisation ?? null,
    ]);
    const list = kept.get(key);
    if (list) {
      const { limit, offset } = pageWindow(page);
      const { version, rows } = await repo.usersByIds(database, filter, list.ids.slice(offset, offset + limit));
      if (version === list.version) return { count: list.ids.length, rows };
      kept.forget(key);
    }
    const listed = await repo.listUsers(database, filter, page, { keepIdsUpTo: MAX_KEPT_IDS });
    if (listed.ids) kept.keep(key, { version: listed.version, ids: listed.ids });
    return { count: listed.count, rows: listed.rows };
  }

  return {
    async list(actor: Actor, filter: ListFilter, page: PageRequest) {
      const isAdmin = EDIT_USERS_AND_ORGANISATIONS.every((p) => actor.permissions.has(p));
      const scope = isAdmin
        ? adminScope(actor)
        : actor.permissions.has(PERMISSIONS.viewAllUsers)
          ? null
          : actor.organisationIds;
      if (filter.organisationId && scope && !scope.includes(filter.organisationId)) {
        throw notFound('No organisation matches the given query.');
      }
      const listFilter: repo.UserListFilter = {
        ...filter,
        withinOrganisations: scope,
        includeInactive: isAdmin,
        // Users without any organisation are outside every limited scope.
        hasOrganisation: isAdmin ? filter.hasOrganisation : undefined,
      };
      // Kept lists are versioned by users and memberships, not by roles: a role filter is searched each time.
      if (listFilter.mayBeCaseResponsible) return repo.listUsers(database, listFilter, page);
      if (repo.narrows(listFilter)) return listNarrowed(listFilter, page);
      const { count, rows } = await repo.listUsers(database, listFilter, page);
      return { count, rows };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
