// 2,000 organisations and 100,000 users (one primary membership each), written by generate_series in
// a few statements, so seeding takes seconds rather than minutes.
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/src/db/client.ts';
import { queryOn } from '../../server/src/db/query.ts';

export interface SeededUsers {
  organisationIds: string[];
}

const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Eva', 'Felix', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Maria', 'Mark'];
const LAST = ['Smith', 'Meier', 'Jansen', 'Rossi', 'Dubois', 'Novak', 'Garcia', 'Larsen', 'Kowalski', 'Murphy'];

export async function seedBenchUsers(database: Database, counts: { users: number; organisations: number }) {
  const q = queryOn(database.db);
  // Codes from the number in base 26, prefixed so they do not meet the demo organisations' codes.
  await q(sql`
    INSERT INTO organisations (code, name, country, region_id)
    SELECT chr(90 - (i / 676) % 26) || chr(65 + (i / 26) % 26) || chr(65 + i % 26),
           'Bench Hospital ' || i, 'NL', (SELECT id FROM regions ORDER BY name LIMIT 1)
      FROM generate_series(0, ${counts.organisations - 1}) AS i
    ON CONFLICT (code) DO NOTHING`);
  const organisations = await q<{ id: string }>(
    sql`SELECT id FROM organisations WHERE name LIKE 'Bench Hospital %' ORDER BY name`,
  );
  await q(sql`
    INSERT INTO users (email, password_hash, given_name, family_name, title, last_password_change)
    SELECT 'bench-user-' || i || '@hospital' || (i % 97) || '.test', 'not-a-usable-hash',
           (${sql.param(FIRST)}::text[])[1 + i % ${FIRST.length}],
           (${sql.param(LAST)}::text[])[1 + (i / 7) % ${LAST.length}] || i % 1000,
           (ARRAY['', 'Dr.', 'Prof. Dr.', 'Mr.', 'Mrs.', 'Ms.'])[1 + i % 6], now()
      FROM generate_series(1, ${counts.users}) AS i`);
  await database.db.transaction(async (tx) => {
    // The membership triggers only bump profile versions for the auth cache: nothing to tell about
    // accounts no one has signed in with, and 100,000 of them would make seeding take minutes.
    const t = queryOn(tx);
    await t(sql`SET LOCAL session_replication_role = replica`);
    // Fresh tables have no statistics: without them the planner picks a nested loop of 100,000 × 2,000.
    await t(sql`ANALYZE users`);
    await t(sql`ANALYZE organisations`);
    await t(sql`
      WITH o AS (SELECT id, row_number() OVER (ORDER BY name) - 1 AS n FROM organisations
                  WHERE name LIKE 'Bench Hospital %'),
           u AS (SELECT id, substring(email from 'bench-user-([0-9]+)@')::int AS i FROM users
                  WHERE email LIKE 'bench-user-%')
      INSERT INTO organisation_memberships (organisation_id, user_id, is_primary)
      SELECT o.id, u.id, true FROM u JOIN o ON o.n = u.i % (SELECT count(*) FROM o)`);
  });
  // As autovacuum would leave them: statistics, and the visibility map that lets count(*) read an index.
  await q(sql`VACUUM ANALYZE users`);
  await q(sql`VACUUM ANALYZE organisation_memberships`);
  return { organisationIds: organisations.map((o) => o.id) };
}
