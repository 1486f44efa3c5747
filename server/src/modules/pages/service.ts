import type { Page, PageSection, PageSectionWrite } from '@cardiomap/contract';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { fieldError, forbidden, notFound } from '../../lib/http-errors.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './repository.ts';

/** The spec names no permission for managing pages, so only superusers edit them (issue 21). */
const canManagePages = (actor: Actor) => actor.isSuperuser;

/** Documentation pages (spec §2 Documentation, §3 Page, §7 `pages/{slug}`) and the Contact Us data. */
export function createPagesService(database: Database) {
  return {
    /**
     * The sections of the caller's regions; `all` (the editor) every region's, for managers only. A
     * page with no section for the caller answers 404 like a missing one.
     */
    async get(actor: Actor, slug: string, scope: 'mine' | 'all'): Promise<Page> {
      const canManage = canManagePages(actor);
      if (scope === 'all' && !canManage) throw forbidden();
      const sections = await repo.listSections(database, slug, scope === 'all' ? null : actor.organisationIds);
      if (sections.length === 0 && scope !== 'all') throw notFound('No page matches the given slug.');
      return { slug, sections, canManage };
    },

    async saveSection(actor: Actor, slug: string, section: PageSectionWrite, ip: string): Promise<PageSection> {
      if (!canManagePages(actor)) throw forbidden();
      return database.db.transaction(async (tx) => {
        if (!(await repo.regionExists(tx, section.regionId))) throw fieldError('regionId', 'Unknown region.');
        const id = await repo.upsertSection(tx, slug, section, actor.userId);
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'page.save',
          targetType: 'page',
          targetId: id,
          ip,
        });
        const saved = await repo.findSection(tx, id);
        if (!saved) throw new Error('saved page section vanished');
        return saved;
      });
    },

    /** Users of that region then see the page's other sections, or none (404) when it was the last. */
    async deleteSection(actor: Actor, slug: string, regionId: string, ip: string): Promise<undefined> {
      if (!canManagePages(actor)) throw forbidden();
      await database.db.transaction(async (tx) => {
        const id = await repo.deleteSection(tx, slug, regionId);
        if (!id) throw notFound('No page section matches the given region.');
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'page.delete',
          targetType: 'page',
          targetId: id,
          ip,
          details: { slug, regionId },
        });
      });
      return undefined;
    },

    contacts: (actor: Actor) => repo.listContacts(database, actor.organisationIds),
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
