/**
 * Generates server/src/imaging/dicom/deid-profile-table.ts — every row of DICOM PS3.15 Annex E Table E.1-1
 * (Basic Application Level Confidentiality Profile) with the action chosen for the CT Image IOD — from the
 * standard's own data, so that a new edition is one regeneration, not an edit of a hand-kept list.
 *
 * Inputs (none of them is committed; the generated table is):
 *  - `--standard <dir>`: the JSON the innolitics/dicom-standard project parses from the standard's web
 *    edition, files `confidentiality_profile_attributes.json` (Table E.1-1), `attributes.json` (PS3.6:
 *    keyword, retired) and `ciod_to_modules.json` and `modules.json` (the CT Image IOD's modules). From a
 *    clone of that repository: `git -C <clone> show HEAD:standard/<file> > <dir>/<file>` for each.
 *  - `--edition` and `--source-commit`: the standard's edition those files were parsed from (the project's
 *    README says it, e.g. "as of rev.2024e") and the commit they were read at; both go into the output.
 *  - `--part3 <Part3.xml>`: the attribute types (1, 2, 3 …) of each module, needed to choose between the
 *    table's combined codes. innolitics' module_to_attributes.json holds them but is too large for the
 *    repository mirror this was built from, so they come from GDCM's machine-readable PS3.3, shipped by
 *    Debian's package `libgdcm3.0` as /usr/share/gdcm-3.0/XML/Part3.xml (`apt-get download libgdcm3.0`
 *    and `dpkg -x` it: nothing needs installing). Its edition is older (2008); an attribute or module
 *    it does not know counts as not in the IOD (type 3), which chooses the most removing option.
 *
 *   node --import tsx server/src/scripts/generate-deid-profile.ts --standard /tmp/ds --edition 2024e \
 *     --source-commit <sha> --part3 /usr/share/gdcm-3.0/XML/Part3.xml
 *   npx biome format --write server/src/imaging/dicom/deid-profile-table.ts
 *
 * Choosing per PS3.15 §E.3.1, by the attribute's type where it appears at the top level of the CT Image
 * IOD's modules (the strongest when several modules name it):
 *   X/Z   → Z when type 1 or 2, else X        X/D   → D when type 1 or 2, else X
 *   Z/D   → D when type 1, else Z             X/Z/D → D when type 1, Z when type 2, else X
 *   X/Z/U* → U when type 1 (the sequence kept, its UIDs remapped), Z when type 2, else X
 *   C (clean, only in the options' columns today) → treated as X/Z/D: cleaning free text of identifying
 *   content cannot be done reliably by a program, so the value is removed, emptied or replaced by a dummy.
 * The writer only ever acts on attributes present in the source, so a Z or D never adds an attribute.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

interface ProfileRow {
  name: string;
  tag: string;
  basicProfile: string;
  id: string;
}
interface Attribute {
  id: string;
  keyword: string;
  retired: string;
}
interface CiodModule {
  ciodId: string;
  moduleId: string;
}
interface Module {
  id: string;
  name: string;
}

export type ChosenAction = 'X' | 'Z' | 'D' | 'K' | 'U';

const CT_IMAGE_IOD = 'ct-image';
const PRIVATE_ROW = '(GGGG,EEEE) WHERE GGGG IS ODD';

const { values } = parseArgs({
  options: {
    standard: { type: 'string' },
    part3: { type: 'string' },
    edition: { type: 'string' },
    'source-commit': { type: 'string' },
    out: { type: 'string', default: new URL('../imaging/dicom/deid-profile-table.ts', import.meta.url).pathname },
  },
});
if (!values.standard || !values.part3 || !values.edition || !values['source-commit']) {
  console.error('usage: --standard <dir> --part3 <Part3.xml> --edition <e.g. 2024e> --source-commit <sha> [--out]');
  process.exit(2);
}
const json = <T>(file: string): T => JSON.parse(readFileSync(join(values.standard!, file), 'utf8')) as T;

const rows = json<ProfileRow[]>('confidentiality_profile_attributes.json');
const attributes = new Map(json<Attribute[]>('attributes.json').map((a) => [a.id, a]));
const moduleNames = new Map(json<Module[]>('modules.json').map((m) => [m.id, m.name]));
const ctModules = json<CiodModule[]>('ciod_to_modules.json')
  .filter((m) => m.ciodId === CT_IMAGE_IOD)
  .map((m) => moduleNames.get(m.moduleId) ?? m.moduleId);
if (ctModules.length === 0) throw new Error(`no modules for ${CT_IMAGE_IOD} in ciod_to_modules.json`);

const { types, missingModules, part3Edition } = ctImageTypes(readFileSync(values.part3, 'utf8'), ctModules);

/**
 * The top-level type of each attribute in the named modules of GDCM's Part3.xml, macros included at the
 * top level followed: tag 'ggggeeee' → '1' | '1C' | '2' | '2C' | '3'.
 */
function ctImageTypes(xml: string, modules: string[]) {
  const tables = new Map<string, string>(); // table number → body, for macros and modules alike
  const byName = new Map<string, string>();
  for (const m of xml.matchAll(/<(module|macro) [^>]*table="([^"]+)"[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/\1>/g)) {
    tables.set(m[2]!, m[4]!);
    byName.set(m[3]!.toLowerCase(), m[4]!);
  }
  const found = new Map<string, string>();
  const visit = (body: string, seen: Set<string>) => {
    for (const e of body.matchAll(
      /<entry group="([0-9A-Fa-fx]{4})" element="([0-9A-Fa-fx]{4})" name="([^"]*)" type="([^"]*)"|<include ref="([^"]*)"/g,
    )) {
      if (e[5] !== undefined) {
        if (e[5].startsWith('&gt;')) continue; // a macro inside a sequence's items
        const table = /Table ([0-9A-Z.-]+)/.exec(e[5])?.[1];
        if (table && tables.has(table) && !seen.has(table)) visit(tables.get(table)!, new Set([...seen, table]));
        continue;
      }
      if (e[3]!.startsWith('&gt;')) continue; // nested in a sequence
      const tag = `${e[1]}${e[2]}`.toLowerCase();
      const type = e[4]!.trim();
      const current = found.get(tag);
      if (current === undefined || strength(type) < strength(current)) found.set(tag, type);
    }
  };
  const missing: string[] = [];
  for (const name of modules) {
    const body = byName.get(`${name} module attributes`.toLowerCase());
    if (body) visit(body, new Set());
    else missing.push(name);
  }
  return { types: found, missingModules: missing, part3Edition: /<tables edition="([^"]+)"/.exec(xml)?.[1] ?? '?' };
}

function strength(type: string): number {
  return Number.parseInt(type, 10) || 3;
}

function choose(code: string, type: string | undefined): ChosenAction {
  const t = type === undefined ? 3 : strength(type);
  const options = code.replace('*', '').split('/');
  if (options.length === 1) {
    if (options[0] === 'C') return choose('X/Z/D', type);
    return options[0] as ChosenAction;
  }
  const pick = (...preference: ChosenAction[]) => preference.find((a) => options.includes(a))!;
  if (t === 1) return pick('D', 'U', 'Z', 'X');
  if (t === 2) return pick('Z', 'D', 'U', 'X');
  return pick('X', 'Z', 'D', 'U');
}

function keywordOf(row: ProfileRow): string {
  const known = attributes.get(row.id)?.keyword;
  if (known) return known;
  return row.name.replace(/[^A-Za-z0-9 ]/g, '').replace(/(?:^|\s)(\w)/g, (_, c: string) => c.toUpperCase());
}

const out: string[] = [];
let privateAction: string | undefined;
const seen = new Set<string>();
for (const row of [...rows].sort((a, b) => a.id.localeCompare(b.id))) {
  if (row.tag.toUpperCase() === PRIVATE_ROW) {
    privateAction = choose(row.basicProfile, undefined);
    continue;
  }
  const id = row.id.toLowerCase();
  if (!/^[0-9a-fx]{8}$/.test(id)) throw new Error(`unexpected tag ${row.tag}`);
  if (seen.has(id)) throw new Error(`duplicate row ${row.tag}`);
  seen.add(id);
  const type = id.includes('x') ? undefined : types.get(id);
  const chosen = choose(row.basicProfile, type);
  const retired = attributes.get(row.id)?.retired === 'Y' ? ', retired' : '';
  const why = type ? `, type ${type} in CT` : '';
  out.push(`  ['${id}', '${row.basicProfile}', '${chosen}', '${keywordOf(row)}'], // ${row.tag}${retired}${why}`);
}
if (privateAction !== 'X') throw new Error(`the private attributes' row is missing or not X (${privateAction})`);

const source = `// Generated by server/src/scripts/generate-deid-profile.ts from the DICOM standard's own data: do not
// edit by hand, regenerate (the script's header says how).

/** Where this table came from. */
export const DEID_PROFILE_SOURCE = {
  standard: 'DICOM PS3.15 Annex E, Table E.1-1 (Basic Application Level Confidentiality Profile)',
  edition: '${values.edition}',
  table: 'innolitics/dicom-standard standard/confidentiality_profile_attributes.json at ${values['source-commit']}',
  iod: 'CT Image IOD (${CT_IMAGE_IOD}): ${ctModules.join(', ')}',
  attributeTypes: 'GDCM Part3.xml, PS3.3 edition ${part3Edition}${missingModules.length ? `; modules it lacks (their attributes count as type 3): ${missingModules.join(', ')}` : ''}',
} as const;

/** The table's code and the action chosen for a CT image: remove, empty, dummy, keep, remap UIDs. */
export type ProfileCode = 'X' | 'Z' | 'D' | 'K' | 'U';

/**
 * One row per attribute: tag as 8 hex digits (x = any digit, as in (60xx,4000)), the code in the table, the
 * action chosen for the CT Image IOD, and the keyword.
 */
export type DeidProfileRow = readonly [tag: string, code: string, chosen: ProfileCode, keyword: string];

/** Private attributes, (gggg,eeee) with gggg odd: their own row of the table. */
export const PRIVATE_ATTRIBUTES_ACTION: ProfileCode = '${privateAction}';

export const DEID_PROFILE_ROWS: readonly DeidProfileRow[] = [
${out.join('\n')}
];
`;
writeFileSync(values.out!, source);
console.info(
  `wrote ${values.out}: ${out.length} rows + private (${values.edition}); CT modules without types: ${missingModules.join(', ') || 'none'}`,
);
