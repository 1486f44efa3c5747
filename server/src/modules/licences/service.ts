import type {
  DeviceAccessGroup,
  LicensedDevice,
  ServiceGrant,
  TemplateDevice,
  TrialLicense,
} from '@cardiomap/contract';
import { PERMISSIONS } from '@cardiomap/domain';
import type { Database } from '../../db/client.ts';
import { type Query, queryOn } from '../../db/query.ts';
import type { Actor } from '../../lib/actor.ts';
import { fieldError, forbidden, notFound, ValidationError } from '../../lib/http-errors.ts';
import { recordAudit } from '../audit/index.ts';
import { organisationInScope } from '../catalogue/index.ts';
import * as repo from './repository.ts';

const NO_ORGANISATION = 'No organisation matches the given query.';
const NO_TEMPLATE = 'No license template matches the given id.';
const NO_LICENCE = 'No license matches the given id.';
const NO_TRIAL = 'No trial license matches the given id.';
const UNKNOWN_DEVICE = 'Unknown device.';
const NO_SIMULATION = 'This device cannot be ordered for simulation.';
export const ALREADY_LICENSED = 'The organisation already holds a license for this device.';
export const ALREADY_IN_TEMPLATE = 'This device is already in the template.';
export const FROM_TEMPLATE = 'This device comes from a license template: unsubscribe from the template instead.';
const UNKNOWN_TRIAL = 'Unknown trial license of this organisation.';

function require(actor: Actor, permission: string): void {
  if (!actor.permissions.has(permission)) throw forbidden();
}

interface Ctx {
  actor: Actor;
  ip: string;
}

/**
 * Licence templates, licensed devices and trial licences (spec §3, §5 "Licences", §6, §7). Every change
 * runs in one transaction with its audit event. Ordering reads device_accesses afresh on each request,
 * so a change shows in the New analysis dialog at once; orders keep the clinical flag they were placed
 * with, so a change never rewrites them.
 */
export function createLicencesService(database: Database) {
  const { db } = database;
  const read = queryOn(db);

  /** The organisation the actor may see, or 404 (another organisation looks like a missing one). */
  async function scopedOrganisation(query: Query, actor: Actor, organisationId: string | undefined) {
    const id = organisationInScope(actor, organisationId);
    if (!id || !(await repo.organisationExists(query, id))) throw notFound(NO_ORGANISATION);
    return id;
  }

  async function checkServices(query: Query, deviceId: string, services: ServiceGrant[]) {
    const supported = await repo.deviceServices(query, deviceId);
    if (!supported) throw fieldError('deviceId', UNKNOWN_DEVICE);
    if (services.some((s) => !supported.includes(s.service))) throw fieldError('services', NO_SIMULATION);
  }

  const write = <T>(ctx: Ctx, action: string, work: (query: Query) => Promise<{ result: T; target: AuditTarget }>) =>
    db.transaction(async (tx) => {
      const query = queryOn(tx);
      const { result, target } = await work(query);
      await recordAudit(tx, { actorId: ctx.actor.userId, action, ip: ctx.ip, ...target });
      return result;
    });

  async function group(query: Query, id: string, organisationId: string | null = null): Promise<DeviceAccessGroup> {
    const found = await repo.findGroup(query, id, organisationId);
    if (!found) throw notFound(NO_TEMPLATE);
    return found;
  }

  async function subscription(ctx: Ctx, id: string, organisationId: string, on: boolean) {
    require(ctx.actor, PERMISSIONS.subscribeDeviceAccessGroup);
    return write(ctx, on ? 'licence.subscribe' : 'licence.unsubscribe', async (query) => {
      const org = await scopedOrganisation(query, ctx.actor, organisationId);
      await group(query, id);
      if (on) {
        await repo.subscribe(query, id, org);
        await repo.materialiseSubscriptions(query, org);
      } else {
        await repo.unsubscribe(query, id, org);
        // Another template may offer a device this one blocked.
        await repo.materialiseSubscriptions(query, org);
      }
      return {
        result: await group(query, id, org),
        target: { targetType: 'device_access_group', targetId: id, organisationId: org },
      };
    });
  }

  return {
    // --- Reading: any signed-in user, for the organisations they may see ---
    async deviceAccessGroups(actor: Actor, organisationId: string | undefined): Promise<DeviceAccessGroup[]> {
      const org = organisationId ? await scopedOrganisation(read, actor, organisationId) : null;
      return repo.listGroups(read, org);
    },
    async deviceAccesses(actor: Actor, organisationId: string | undefined): Promise<LicensedDevice[]> {
      return repo.listAccesses(read, await scopedOrganisation(read, actor, organisationId));
    },
    async trialLicenses(actor: Actor, organisationId: string | undefined): Promise<TrialLicense[]> {
      return repo.listTrials(read, await scopedOrganisation(read, actor, organisationId));
    },

    // --- Templates: licenses.add_deviceaccessgroup ---
    createGroup(ctx: Ctx, name: string) {
      require(ctx.actor, PERMISSIONS.addDeviceAccessGroup);
      return write(ctx, 'licence_template.create', async (query) => {
        const id = await repo.insertGroup(query, name);
        return { result: await group(query, id), target: { targetType: 'device_access_group', targetId: id } };
      });
    },
    renameGroup(ctx: Ctx, id: string, name: string) {
      require(ctx.actor, PERMISSIONS.addDeviceAccessGroup);
      return write(ctx, 'licence_template.rename', async (query) => {
        await group(query, id);
        await repo.renameGroup(query, id, name);
        return {
          result: await group(query, id),
          target: { targetType: 'device_access_group', targetId: id, details: { name } },
        };
      });
    },
    deleteGroup(ctx: Ctx, id: string) {
      require(ctx.actor, PERMISSIONS.addDeviceAccessGroup);
      return write(ctx, 'licence_template.delete', async (query) => {
        const found = await group(query, id);
        await repo.deleteGroup(query, id);
        await repo.materialiseSubscriptions(query, null);
        return {
          result: undefined,
          target: { targetType: 'device_access_group', targetId: id, details: { name: found.name } },
        };
      });
    },
    subscribe: (ctx: Ctx, id: string, organisationId: string) => subscription(ctx, id, organisationId, true),
    unsubscribe: (ctx: Ctx, id: string, organisationId: string) => subscription(ctx, id, organisationId, false),

    createTemplateDevice(
      ctx: Ctx,
      body: { deviceAccessGroupId: string; deviceId: string; services: ServiceGrant[] },
    ): Promise<TemplateDevice> {
      require(ctx.actor, PERMISSIONS.addDeviceAccessGroup);
      return write(ctx, 'licence_template.add_device', async (query) => {
        if (!(await repo.findGroup(query, body.deviceAccessGroupId))) {
          throw fieldError('deviceAccessGroupId', NO_TEMPLATE);
        }
        await checkServices(query, body.deviceId, body.services);
        if (await repo.templateHasDevice(query, body.deviceAccessGroupId, body.deviceId)) {
          throw fieldError('deviceId', ALREADY_IN_TEMPLATE);
        }
        const row = await repo.insertTemplateDevice(query, body);
        if (!row) throw new Error('template device not written');
        await repo.materialiseSubscriptions(query, null);
        return {
          result: row,
          target: {
            targetType: 'device_access_group',
            targetId: body.deviceAccessGroupId,
            details: { deviceId: body.deviceId, services: body.services },
          },
        };
      });
    },
    deleteTemplateDevice(ctx: Ctx, id: string) {
      require(ctx.actor, PERMISSIONS.addDeviceAccessGroup);
      return write(ctx, 'licence_template.remove_device', async (query) => {
        const row = await repo.findTemplateDevice(query, id);
        if (!row) throw notFound(NO_LICENCE);
        await repo.deleteTemplateDevice(query, row.deviceAccessGroupId, row.deviceId);
        await repo.materialiseSubscriptions(query, null);
        return {
          result: undefined,
          target: {
            targetType: 'device_access_group',
            targetId: row.deviceAccessGroupId,
            details: { deviceId: row.deviceId },
          },
        };
      });
    },

    // --- Licences of one organisation: licenses.add_deviceaccess ---
    createLicensedDevice(
      ctx: Ctx,
      body: { organisationId: string; deviceId: string; trialId?: string | null; services: ServiceGrant[] },
    ): Promise<LicensedDevice> {
      require(ctx.actor, PERMISSIONS.addDeviceAccess);
      return write(ctx, 'licence.add_device', async (query) => {
        const org = await scopedOrganisation(query, ctx.actor, body.organisationId);
        const trialId = body.trialId ?? null;
        if (trialId) {
          const trial = await repo.findTrial(query, trialId);
          if (!trial || trial.organisationId !== org) throw fieldError('trialId', UNKNOWN_TRIAL);
        }
        await checkServices(query, body.deviceId, body.services);
        if (await repo.holdsDirectly(query, org, body.deviceId)) throw fieldError('deviceId', ALREADY_LICENSED);
        await repo.insertDirectAccess(query, {
          organisationId: org,
          deviceId: body.deviceId,
          trialId,
          services: body.services,
        });
        const created = (await repo.listAccesses(query, org)).find(
          (a) => a.deviceId === body.deviceId && a.deviceAccessGroupId === null,
        );
        if (!created) throw new Error('licence not written');
        return {
          result: created,
          target: {
            targetType: 'organisation',
            targetId: org,
            organisationId: org,
            details: { deviceId: body.deviceId, trialId, services: body.services },
          },
        };
      });
    },
    deleteLicensedDevice(ctx: Ctx, id: string) {
      require(ctx.actor, PERMISSIONS.addDeviceAccess);
      return write(ctx, 'licence.remove_device', async (query) => {
        const access = await repo.findAccess(query, id);
        if (!access) throw notFound(NO_LICENCE);
        try {
          organisationInScope(ctx.actor, access.organisationId);
        } catch {
          throw notFound(NO_LICENCE);
        }
        if (access.deviceAccessGroupId) throw new ValidationError({ nonFieldErrors: [FROM_TEMPLATE] });
        await repo.deleteDirectAccess(query, access.organisationId, access.deviceId);
        // A subscribed template may license the device now the direct licence is gone.
        await repo.materialiseSubscriptions(query, access.organisationId);
        return {
          result: undefined,
          target: {
            targetType: 'organisation',
            targetId: access.organisationId,
            organisationId: access.organisationId,
            details: { deviceId: access.deviceId },
          },
        };
      });
    },

    createTrial(ctx: Ctx, body: { organisationId: string; limit: number }): Promise<TrialLicense> {
      require(ctx.actor, PERMISSIONS.addDeviceAccess);
      return write(ctx, 'trial_license.create', async (query) => {
        const org = await scopedOrganisation(query, ctx.actor, body.organisationId);
        const id = await repo.insertTrial(query, org, body.limit);
        const trial = await repo.findTrial(query, id);
        if (!trial) throw new Error('trial not written');
        return {
          result: trial,
          target: { targetType: 'trial_license', targetId: id, organisationId: org, details: { limit: body.limit } },
        };
      });
    },
    updateTrial(ctx: Ctx, id: string, limit: number): Promise<TrialLicense> {
      require(ctx.actor, PERMISSIONS.addDeviceAccess);
      return write(ctx, 'trial_license.update', async (query) => {
        const trial = await scopedTrial(query, ctx.actor, id);
        await repo.updateTrialLimit(query, id, limit);
        const updated = await repo.findTrial(query, id);
        if (!updated) throw notFound(NO_TRIAL);
        return {
          result: updated,
          target: {
            targetType: 'trial_license',
            targetId: id,
            organisationId: trial.organisationId,
            details: { limit, previousLimit: trial.limit },
          },
        };
      });
    },
    deleteTrial(ctx: Ctx, id: string) {
      require(ctx.actor, PERMISSIONS.addDeviceAccess);
      return write(ctx, 'trial_license.delete', async (query) => {
        const trial = await scopedTrial(query, ctx.actor, id);
        await repo.deleteTrial(query, id);
        return {
          result: undefined,
          target: { targetType: 'trial_license', targetId: id, organisationId: trial.organisationId },
        };
      });
    },
  };
}

interface AuditTarget {
  targetType: string;
  targetId: string;
  organisationId?: string;
  details?: Record<string, unknown>;
}

async function scopedTrial(query: Query, actor: Actor, id: string) {
  const trial = await repo.findTrial(query, id);
  if (!trial) throw notFound(NO_TRIAL);
  try {
    organisationInScope(actor, trial.organisationId);
  } catch {
    throw notFound(NO_TRIAL);
  }
  return trial;
}

export type LicencesService = ReturnType<typeof createLicencesService>;
