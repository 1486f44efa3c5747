// The rows of the case-list bench, generated in memory as one array per column, so the seeder can insert
// them with `INSERT … SELECT FROM unnest($1::uuid[], …)`: a handful of statements for 100,000 cases.
// Deterministic (seeded PRNG), so every run measures the same data.
import { randomUUID } from 'node:crypto';
import { CaseStatus, OrderStatus, Service } from '@cardiomap/contract';
import { formatCaseIdentifier } from '@cardiomap/domain';

export interface CatalogueEntry {
  interventionId: string;
  prefix: string;
  /** The intervention's devices and whether each offers the simulation service. */
  devices: { id: string; simulation: boolean }[];
}

export interface BenchOrganisation {
  id: string;
  code: string;
  /** The bench physician who creates this organisation's cases. */
  physicianId: string;
  physicianEmail: string;
}

export interface CaseColumns {
  id: string[];
  caseIdentifier: string[];
  status: number[];
  organisationId: string[];
  interventionId: string[];
  createdById: string[];
  patientIdentifier: string[];
  patientAge: number[];
  patientSex: string[];
  dateCreated: string[];
  dateSubmitted: (string | null)[];
  dateCompleted: (string | null)[];
}

export interface OrderColumns {
  id: string[];
  caseId: string[];
  service: number[];
  status: number[];
  dateCreated: string[];
}

export interface SeedRows {
  cases: CaseColumns;
  orders: OrderColumns;
  orderDevices: { orderId: string[]; deviceId: string[]; position: number[] };
  deliveries: { orderId: string[]; dateCreated: string[] };
  shares: { caseId: string[]; userId: string[]; email: string[]; sharedById: string[]; dateCreated: string[] };
}

/** Share of cases per intervention prefix, roughly as a structural-heart practice sees them. */
const INTERVENTION_WEIGHTS: Record<string, number> = { TAVI: 50, LAAO: 25, TMVR: 8, TPVR: 5, TTVR: 7, NV: 5 };
/** Finished cases dominate a long history; the newest cases are still open. */
const FINISHED_WEIGHTS: [number, number][] = [
  [CaseStatus.COMPLETED, 84],
  [CaseStatus.CANCELED, 9],
  [CaseStatus.REJECTED, 4],
  [CaseStatus.INVALID_INPUT, 2],
  [CaseStatus.COULD_NOT_BE_PROCESSED, 1],
];
const OPEN_WEIGHTS: [number, number][] = [
  [CaseStatus.CREATED, 30],
  [CaseStatus.SUBMITTED, 30],
  [CaseStatus.IN_PROGRESS, 40],
];
/** The newest cases (per 1,000) that are still open. */
const OPEN_TAIL = 20;
/** One case in SHARE_EVERY is shared with the physician of another organisation. */
const SHARE_EVERY = 50;
const HISTORY_MS = 3 * 365 * 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;

/** mulberry32: small, fast and good enough for test data. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T>(random: () => number, entries: readonly [T, number][]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let pick = random() * total;
  for (const [value, weight] of entries) {
    pick -= weight;
    if (pick < 0) return value;
  }
  return entries[entries.length - 1]![0];
}

const orderStatusFor = (status: number): number =>
  status === CaseStatus.COMPLETED
    ? OrderStatus.DELIVERED
    : status === CaseStatus.CANCELED || status === CaseStatus.REJECTED
      ? OrderStatus.CANCELED
      : OrderStatus.IN_PROGRESS;

/**
 * `count` cases spread evenly over the organisations (case i belongs to organisation i mod n), created
 * over the last three years in identifier order, each with an anatomical order naming one or two devices,
 * a third of them with a simulation order too, deliveries for delivered orders, and some shares.
 */
export function generateSeedRows(
  count: number,
  organisations: BenchOrganisation[],
  catalogue: CatalogueEntry[],
): SeedRows {
  const random = prng(20261123);
  const interventionWeights = catalogue.map((c): [CatalogueEntry, number] => [c, INTERVENTION_WEIGHTS[c.prefix] ?? 1]);
  const sequences = new Map<string, number>();
  const rows: SeedRows = {
    cases: {
      id: [],
      caseIdentifier: [],
      status: [],
      organisationId: [],
      interventionId: [],
      createdById: [],
      patientIdentifier: [],
      patientAge: [],
      patientSex: [],
      dateCreated: [],
      dateSubmitted: [],
      dateCompleted: [],
    },
    orders: { id: [], caseId: [], service: [], status: [], dateCreated: [] },
    orderDevices: { orderId: [], deviceId: [], position: [] },
    deliveries: { orderId: [], dateCreated: [] },
    shares: { caseId: [], userId: [], email: [], sharedById: [], dateCreated: [] },
  };
  const start = Date.now() - HISTORY_MS;
  const iso = (ms: number) => new Date(ms).toISOString();

  for (let i = 0; i < count; i++) {
    const org = organisations[i % organisations.length]!;
    const intervention = weighted(random, interventionWeights);
    const key = `${org.code}-${intervention.prefix}`;
    const sequence = (sequences.get(key) ?? 0) + 1;
    sequences.set(key, sequence);
    const created = start + Math.floor((i * HISTORY_MS) / count);
    const open = i >= count - (count * OPEN_TAIL) / 1000;
    const status = weighted(random, open ? OPEN_WEIGHTS : FINISHED_WEIGHTS);
    const caseId = randomUUID();

    const c = rows.cases;
    c.id.push(caseId);
    c.caseIdentifier.push(formatCaseIdentifier(org.code, intervention.prefix, sequence));
    c.status.push(status);
    c.organisationId.push(org.id);
    c.interventionId.push(intervention.interventionId);
    c.createdById.push(org.physicianId);
    c.patientIdentifier.push(String(Math.floor(random() * 1e8)).padStart(8, '0'));
    c.patientAge.push(45 + Math.floor(random() * 50));
    c.patientSex.push(random() < 0.45 ? 'F' : 'M');
    c.dateCreated.push(iso(created));
    c.dateSubmitted.push(status === CaseStatus.CREATED ? null : iso(created + HOUR_MS));
    c.dateCompleted.push(status === CaseStatus.COMPLETED ? iso(created + 30 * HOUR_MS) : null);

    const first = intervention.devices[Math.floor(random() * intervention.devices.length)]!;
    const second = intervention.devices[Math.floor(random() * intervention.devices.length)]!;
    const chosen = random() < 0.4 && second.id !== first.id ? [first, second] : [first];
    addOrder(rows, caseId, Service.ANATOMICAL, status, created, chosen);
    const simulated = chosen.filter((device) => device.simulation);
    if (simulated.length > 0 && random() < 0.33) addOrder(rows, caseId, Service.SIMULATION, status, created, simulated);

    if (i % SHARE_EVERY === 0) {
      const offset = 1 + Math.floor(random() * (organisations.length - 1));
      const next = organisations[(i + offset) % organisations.length]!;
      rows.shares.caseId.push(caseId);
      rows.shares.userId.push(next.physicianId);
      rows.shares.email.push(next.physicianEmail);
      rows.shares.sharedById.push(org.physicianId);
      rows.shares.dateCreated.push(iso(created + HOUR_MS));
    }
  }
  return rows;
}

function addOrder(
  rows: SeedRows,
  caseId: string,
  service: number,
  caseStatus: number,
  created: number,
  devices: { id: string }[],
): void {
  const orderId = randomUUID();
  const status = orderStatusFor(caseStatus);
  rows.orders.id.push(orderId);
  rows.orders.caseId.push(caseId);
  rows.orders.service.push(service);
  rows.orders.status.push(status);
  rows.orders.dateCreated.push(new Date(created).toISOString());
  for (const [position, device] of devices.entries()) {
    rows.orderDevices.orderId.push(orderId);
    rows.orderDevices.deviceId.push(device.id);
    rows.orderDevices.position.push(position);
  }
  if (status === OrderStatus.DELIVERED) {
    rows.deliveries.orderId.push(orderId);
    rows.deliveries.dateCreated.push(new Date(created + 24 * HOUR_MS).toISOString());
  }
}
