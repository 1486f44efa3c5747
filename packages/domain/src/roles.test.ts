import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, PERMISSIONS } from './permissions.ts';
import { ROLE_PERMISSIONS, ROLES, sortRoles } from './roles.ts';

describe('roles', () => {
  it('has the 13 roles of spec §6 in display priority', () => {
    expect(ROLES).toEqual([
      'Superuser',
      'Clinical Services Manager',
      'Case Manager',
      'Case Analyst',
      'Customer Support',
      'Venus Sales',
      'Venus Support',
      'Physician',
      'Field Clinical Specialist',
      'Terarecon Admin',
      'Development',
      'TemplateManager',
      'RnD Engineer',
    ]);
  });

  it('grants only known permission strings, without duplicates', () => {
    for (const role of ROLES) {
      const granted = ROLE_PERMISSIONS[role];
      expect(
        granted.filter((p) => !ALL_PERMISSIONS.includes(p)),
        role,
      ).toEqual([]);
      expect(new Set(granted).size, role).toBe(granted.length);
    }
  });

  it('spells the permission strings of spec §6', () => {
    expect(ALL_PERMISSIONS).toContain('cases.add_heartguidecase');
    expect(ALL_PERMISSIONS).toContain('simulations.publish_landmark');
    expect(ALL_PERMISSIONS).toContain('cases.request_patient_information_under_evaluation');
    expect(
      ALL_PERMISSIONS.every((p) => /^(cases|simulations|viewer|licenses|trainings|jobs|accounts)\.[a-z_]+$/.test(p)),
    ).toBe(true);
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
  });

  it.each([
    ['Physician', PERMISSIONS.addCase, true],
    ['Physician', PERMISSIONS.publishLandmark, false],
    ['Case Analyst', PERMISSIONS.addUndeliveredLandmark, true],
    ['Case Analyst', PERMISSIONS.addDelivery, false],
    ['Case Manager', PERMISSIONS.addDelivery, true],
    ['Customer Support', PERMISSIONS.addUser, true],
    ['TemplateManager', PERMISSIONS.addDeviceAccessGroup, true],
    ['Field Clinical Specialist', PERMISSIONS.addCase, false],
  ] as const)('%s holds %s: %s', (role, permission, expected) => {
    expect(ROLE_PERMISSIONS[role].includes(permission)).toBe(expected);
  });

  it.each([
    [
      ['Physician', 'Superuser'],
      ['Superuser', 'Physician'],
    ],
    [
      ['RnD Engineer', 'Case Analyst', 'Physician'],
      ['Case Analyst', 'Physician', 'RnD Engineer'],
    ],
    [
      ['Zeta', 'Alpha', 'Physician'],
      ['Physician', 'Alpha', 'Zeta'],
    ],
    [['Physician', 'Physician'], ['Physician']],
    [[], []],
  ])('sorts %j as %j', (input, expected) => {
    expect(sortRoles(input)).toEqual(expected);
  });
});
