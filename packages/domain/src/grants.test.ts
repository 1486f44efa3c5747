import { describe, expect, it } from 'vitest';
import { isSuperuserEquivalent, mayGrantGroup, refusedGrants } from './grants.ts';
import { ALL_PERMISSIONS, PERMISSIONS as P } from './permissions.ts';
import { ROLE_PERMISSIONS, ROLES } from './roles.ts';

const group = (name: string, permissions: readonly string[]) => ({ name, permissions });
const holder = (permissions: readonly string[], isSuperuser = false) => ({
  isSuperuser,
  permissions: new Set(permissions),
});
const customerSupport = holder(ROLE_PERMISSIONS['Customer Support']);

describe('mayGrantGroup (issue 27: only what the granter holds, and never superuser reach)', () => {
  it('lets a superuser grant every seeded role', () => {
    for (const role of ROLES)
      expect(mayGrantGroup(holder([], true), group(role, ROLE_PERMISSIONS[role])).ok).toBe(true);
  });

  it('refuses the Superuser role, and any role carrying every permission under another name', () => {
    const everything = holder(ALL_PERMISSIONS);
    expect(mayGrantGroup(everything, group('Superuser', ROLE_PERMISSIONS.Superuser))).toEqual({
      ok: false,
      reason: 'Only a superuser can grant the role "Superuser".',
    });
    expect(isSuperuserEquivalent(group('Helpdesk', ALL_PERMISSIONS))).toBe(true);
    expect(mayGrantGroup(everything, group('Helpdesk', ALL_PERMISSIONS)).ok).toBe(false);
  });

  it('refuses a role with accounts.all_organisations even to a granter who holds it', () => {
    const decision = mayGrantGroup(customerSupport, group('Customer Support', ROLE_PERMISSIONS['Customer Support']));
    expect(decision.ok).toBe(false);
    expect(!decision.ok && decision.reason).toMatch(/every organisation/);
  });

  it('refuses a role with a permission the granter lacks, naming it', () => {
    const decision = mayGrantGroup(customerSupport, group('Patient reader', [P.viewPatientInformation]));
    expect(decision).toEqual({
      ok: false,
      reason: `You cannot grant the role "Patient reader": it has permissions you do not have (${P.viewPatientInformation}).`,
    });
  });

  it('allows a role whose permissions the granter all holds', () => {
    expect(mayGrantGroup(customerSupport, group('Viewer', [P.viewCaseDetails])).ok).toBe(true);
    expect(mayGrantGroup(customerSupport, group('Empty', [])).ok).toBe(true);
  });

  it('gives customer support none of the seeded roles but the ones inside its own permissions', () => {
    const grantable = ROLES.filter(
      (role) => refusedGrants(customerSupport, [group(role, ROLE_PERMISSIONS[role])]).length === 0,
    );
    for (const role of grantable) {
      expect(ROLE_PERMISSIONS[role].every((p) => customerSupport.permissions.has(p))).toBe(true);
      expect(ROLE_PERMISSIONS[role]).not.toContain(P.allOrganisations);
    }
    expect(grantable).not.toContain('Superuser');
    expect(grantable).not.toContain('Clinical Services Manager');
  });
});
