import { ROLES, type Role } from '@cardiomap/domain';
import { inArray } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Db } from '../client.ts';
import {
  groupMemberships,
  groups,
  organisationMemberships,
  organisations,
  regions,
  specialisations,
  users,
} from '../schema/index.ts';
import { seedDemoLicences, TRAINEE_EMAIL } from './demo-licences.ts';

interface DemoOrganisation {
  code: string;
  name: string;
  country: string;
  region: string;
  requiresOtp?: boolean;
  passwordExpires?: boolean;
}

export const DEMO_ORGANISATIONS: readonly DemoOrganisation[] = [
  { code: 'HVC', name: 'Heart Valve Centre Rotterdam', country: 'NL', region: 'Europe' },
  { code: 'NCL', name: 'Northern Cardiology London', country: 'GB', region: 'Europe', passwordExpires: true },
  { code: 'BHI', name: 'Boston Heart Institute', country: 'US', region: 'North America' },
  { code: 'MHA', name: 'Melbourne Heart Alliance', country: 'AU', region: 'Asia Pacific', requiresOtp: true },
  // No licence at start (a demo of licensing it on the Licenses page); NCL keeps showing the licence message.
  { code: 'LKC', name: 'Lakeside Cardiac Clinic', country: 'IE', region: 'Europe' },
];

interface DemoUser {
  email: string;
  givenName: string;
  familyName: string;
  title?: string;
  roles: Role[];
  /** Primary organisation first; none means a pending registration. */
  organisations: string[];
  isSuperuser?: boolean;
  isActive?: boolean;
  hasApprovedTerms?: boolean;
  passwordExpired?: boolean;
  organisationRequest?: string;
  note: string;
}

const slug = (role: string) =>
  role
    .toLowerCase()
    .replace('templatemanager', 'template-manager')
    .replace(/[^a-z]+/g, '-');

const FIRST_NAMES: Record<Role, [string, string]> = {
  Superuser: ['Sam', 'Root'],
  'Clinical Services Manager': ['Clara', 'Services'],
  'Case Manager': ['Casey', 'Manager'],
  'Case Analyst': ['Ana', 'Lyst'],
  'Customer Support': ['Cus', 'Tomer'],
  'Venus Sales': ['Vera', 'Sales'],
  'Venus Support': ['Victor', 'Support'],
  Physician: ['Philippa', 'Heart'],
  'Field Clinical Specialist': ['Felix', 'Field'],
  'Terarecon Admin': ['Tera', 'Admin'],
  Development: ['Dev', 'Eloper'],
  TemplateManager: ['Tim', 'Plate'],
  'RnD Engineer': ['Rene', 'Engineer'],
};

/** One user per role, named after it, plus the special cases the issue and the e2e tests rely on. */
export const DEMO_USERS: readonly DemoUser[] = [
  ...ROLES.map(
    (role): DemoUser => ({
      email: `${slug(role)}@cardiomap.test`,
      givenName: FIRST_NAMES[role][0],
      familyName: FIRST_NAMES[role][1],
      title: role === 'Physician' ? 'Dr.' : '',
      roles: [role],
      organisations: role === 'Physician' ? ['HVC', 'BHI'] : ['HVC'],
      isSuperuser: role === 'Superuser',
      note: role,
    }),
  ),
  {
    email: 'other-physician@cardiomap.test',
    givenName: 'Oscar',
    familyName: 'Other',
    title: 'Dr.',
    roles: ['Physician'],
    organisations: ['NCL'],
    note: 'Physician in a second organisation',
  },
  {
    email: 'lakeside-physician@cardiomap.test',
    givenName: 'Liam',
    familyName: 'Lakeside',
    title: 'Dr.',
    roles: ['Physician'],
    organisations: ['LKC'],
    note: 'Physician of an organisation without licences, to license on the Licenses page',
  },
  {
    email: 'mfa-physician@cardiomap.test',
    givenName: 'Mia',
    familyName: 'Factor',
    title: 'Prof. Dr.',
    roles: ['Physician'],
    organisations: ['MHA'],
    note: 'Physician in an organisation that requires MFA (code in data/outbox)',
  },
  {
    email: 'inactive@cardiomap.test',
    givenName: 'Ivo',
    familyName: 'Inactive',
    roles: ['Physician'],
    organisations: ['HVC'],
    isActive: false,
    note: 'Deactivated: cannot sign in',
  },
  {
    email: 'expired-password@cardiomap.test',
    givenName: 'Eva',
    familyName: 'Expired',
    roles: ['Physician'],
    organisations: ['HVC'],
    passwordExpired: true,
    note: 'Password expired: sign-in answers password_expired',
  },
  {
    email: 'pending@cardiomap.test',
    givenName: 'Pat',
    familyName: 'Pending',
    roles: [],
    organisations: [],
    organisationRequest: 'St. Mary Hospital, cardiology department',
    note: 'No organisation yet: pending registration',
  },
  {
    email: 'pending-approval@cardiomap.test',
    givenName: 'Penny',
    familyName: 'Approval',
    title: 'Dr.',
    roles: [],
    organisations: [],
    organisationRequest: 'Heart Valve Centre Rotterdam',
    note: 'Second pending registration, asking for HVC by its exact name (the approval suggests it)',
  },
  {
    email: TRAINEE_EMAIL,
    givenName: 'Tessa',
    familyName: 'Trainee',
    title: 'Dr.',
    roles: ['Physician'],
    organisations: ['HVC'],
    note: 'Has not followed the TAVI and LAAO trainings: sees the banner, cannot order those',
  },
  // Accounts of their own for the password e2e spec (issue 19): it changes their passwords, which
  // must not change what the other specs sign in with.
  {
    email: 'reset-password@cardiomap.test',
    givenName: 'Rhea',
    familyName: 'Reset',
    roles: ['Physician'],
    organisations: ['HVC'],
    note: 'E2E: forgot password, reset link from data/outbox',
  },
  {
    email: 'expired-reset@cardiomap.test',
    givenName: 'Ezra',
    familyName: 'Renew',
    roles: ['Physician'],
    organisations: ['HVC'],
    passwordExpired: true,
    note: 'E2E: password expired, chooses a new one through the reset link',
  },
  {
    email: 'mfa-settings@cardiomap.test',
    givenName: 'Milo',
    familyName: 'Settings',
    roles: ['Physician'],
    organisations: ['MHA'],
    note: 'E2E: settings and password change with the MFA code (code in data/outbox)',
  },
  {
    email: 'terms@cardiomap.test',
    givenName: 'Terry',
    familyName: 'Terms',
    roles: ['Physician'],
    organisations: ['HVC'],
    hasApprovedTerms: false,
    note: 'Has not approved the terms yet',
  },
];

export const DEMO_LOGINS = DEMO_USERS.map(({ email, note }) => ({ email, note }));

/** The Field Clinical Specialist needs a device specialisation (spec §6): the first TAVI device of the catalogue. */
export const DEMO_SPECIALISATION_DEVICE_ID = '00000000-0000-4000-8000-00000000d001';

/**
 * Demo organisations and users, idempotent at every start: rows are created once and never overwritten,
 * except that all demo passwords follow DEMO_PASSWORD when it changes, so the printed password works.
 */
export async function seedDemo(db: Db, options: { password: string }): Promise<void> {
  const regionRows = await db.select().from(regions);
  const regionId = (name: string) => {
    const region = regionRows.find((r) => r.name === name);
    if (!region) throw new Error(`Region ${name} is not seeded`);
    return region.id;
  };
  await db
    .insert(organisations)
    .values(
      DEMO_ORGANISATIONS.map((org) => ({
        code: org.code,
        name: org.name,
        country: org.country,
        regionId: regionId(org.region),
        requiresOtp: org.requiresOtp ?? false,
        passwordExpires: org.passwordExpires ?? false,
      })),
    )
    .onConflictDoNothing({ target: organisations.code });

  const emails = DEMO_USERS.map((user) => user.email);
  const existing = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.email, emails));
  const passwordHash = await hashPassword(options.password);
  const sample = existing[0];
  if (sample && !(await verifyPassword(sample.passwordHash, options.password))) {
    await db.update(users).set({ passwordHash }).where(inArray(users.email, emails));
  }
  const missing = DEMO_USERS.filter((user) => !existing.some((row) => row.email === user.email));
  if (missing.length === 0) return;

  const orgRows = await db.select({ id: organisations.id, code: organisations.code }).from(organisations);
  const groupRows = await db.select().from(groups);
  await db.transaction(async (tx) => {
    for (const demo of missing) {
      const [created] = await tx
        .insert(users)
        .values({
          email: demo.email,
          passwordHash,
          givenName: demo.givenName,
          familyName: demo.familyName,
          title: demo.title ?? '',
          isSuperuser: demo.isSuperuser ?? false,
          isActive: demo.isActive ?? true,
          hasApprovedTerms: demo.hasApprovedTerms ?? true,
          previouslyApproved: demo.hasApprovedTerms ?? true,
          organisationRequest: demo.organisationRequest ?? '',
          passwordExpiredAt: demo.passwordExpired ? new Date() : null,
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (!created) continue; // another instance seeded it first
      for (const [index, code] of demo.organisations.entries()) {
        const org = orgRows.find((o) => o.code === code);
        if (!org) throw new Error(`Demo organisation ${code} is missing`);
        await tx
          .insert(organisationMemberships)
          .values({ organisationId: org.id, userId: created.id, isPrimary: index === 0, contact: index === 0 });
      }
      for (const role of demo.roles) {
        const group = groupRows.find((g) => g.name === role);
        if (!group) throw new Error(`Role ${role} is not seeded`);
        await tx.insert(groupMemberships).values({ groupId: group.id, userId: created.id });
      }
    }
  });
  // Outside the creation step, so a specialisation removed by a migration comes back on the next start.
  const specialists = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_USERS.filter((u) => u.roles.includes('Field Clinical Specialist')).map((u) => u.email),
      ),
    );
  if (specialists.length > 0) {
    await db
      .insert(specialisations)
      .values(specialists.map((s) => ({ userId: s.id, deviceId: DEMO_SPECIALISATION_DEVICE_ID })))
      .onConflictDoNothing();
  }
  await seedDemoLicences(db, { trainedEmails: DEMO_USERS.map((u) => u.email).filter((e) => e !== TRAINEE_EMAIL) });
}

/** Lets tests look a demo user up without repeating the e-mail scheme. */
export const demoEmail = (role: Role) => `${slug(role)}@cardiomap.test`;
