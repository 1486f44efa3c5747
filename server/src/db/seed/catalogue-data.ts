// Interventions and devices of the demo catalogue. Sizes follow the manufacturers' published size ranges
// and serve as demo data; they are not a clinical reference. Each size's measured range (the sizing chart)
// is in packages/domain/src/sizing/size-charts.ts, keyed by these device ids.

import { Service } from '@cardiomap/contract';

export type ServiceName = 'anatomical' | 'simulation' | 'legacy' | 'redoTavi';

/** The catalogue's service names as the `Service` numbers the tables store. */
export const SERVICE_NUMBER: Readonly<Record<ServiceName, Service>> = {
  anatomical: Service.ANATOMICAL,
  simulation: Service.SIMULATION,
  legacy: Service.LEGACY,
  redoTavi: Service.REDO_TAVI,
};

export interface CatalogueDevice {
  /** Stable id, so specialisations, licences and orders keep pointing at the same device. */
  id: string;
  name: string;
  manufacturer: string;
  services: ServiceName[];
  /** Sizes in millimetres as numeric strings, ascending. */
  variants: string[];
}

export interface CatalogueIntervention {
  prefix: 'TAVI' | 'LAAO' | 'TMVR' | 'TPVR' | 'TTVR' | 'NV';
  name: string;
  variantLimit: number;
  trainingRequired: boolean;
  devices: CatalogueDevice[];
}

const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
// The devices simulated also take a legacy simulation (spec §3 service 2); TAVI valves a redo TAVI too,
// a valve in a failed transcatheter valve (spec §1, service 3; architecture.md §13).
const laaoSimulations: ServiceName[] = ['anatomical', 'simulation', 'legacy'];
const taviSimulations: ServiceName[] = [...laaoSimulations, 'redoTavi'];
const anatomical: ServiceName[] = ['anatomical'];

export const CATALOGUE: readonly CatalogueIntervention[] = [
  {
    prefix: 'TAVI',
    name: 'Transcatheter Aortic Valve Implantation',
    variantLimit: 3,
    trainingRequired: true,
    devices: [
      {
        id: id(0xd001),
        name: 'SAPIEN 3 Ultra RESILIA',
        manufacturer: 'Edwards Lifesciences',
        services: taviSimulations,
        variants: ['20', '23', '26', '29'],
      },
      {
        id: id(0xd002),
        name: 'SAPIEN 3',
        manufacturer: 'Edwards Lifesciences',
        services: taviSimulations,
        variants: ['20', '23', '26', '29'],
      },
      {
        id: id(0xd003),
        name: 'Evolut FX+',
        manufacturer: 'Medtronic',
        services: taviSimulations,
        variants: ['23', '26', '29', '34'],
      },
      {
        id: id(0xd004),
        name: 'Navitor',
        manufacturer: 'Abbott',
        services: anatomical,
        variants: ['23', '25', '27', '29', '35'],
      },
      {
        id: id(0xd005),
        name: 'ACURATE neo2',
        manufacturer: 'Boston Scientific',
        services: anatomical,
        variants: ['23', '25', '27'],
      },
      {
        id: id(0xd006),
        name: 'Myval',
        manufacturer: 'Meril Life Sciences',
        services: anatomical,
        variants: ['20', '21.5', '23', '24.5', '26', '27.5', '29', '30.5', '32'],
      },
    ],
  },
  {
    prefix: 'LAAO',
    name: 'Left Atrial Appendage Occlusion',
    variantLimit: 3,
    trainingRequired: true,
    devices: [
      {
        id: id(0xd101),
        name: 'WATCHMAN FLX Pro',
        manufacturer: 'Boston Scientific',
        services: laaoSimulations,
        variants: ['20', '24', '27', '31', '35', '40'],
      },
      {
        id: id(0xd102),
        name: 'Amplatzer Amulet',
        manufacturer: 'Abbott',
        services: laaoSimulations,
        variants: ['16', '18', '20', '22', '25', '28', '31', '34'],
      },
      {
        id: id(0xd103),
        name: 'LAmbre',
        manufacturer: 'Lifetech Scientific',
        services: anatomical,
        variants: ['16', '20', '24', '28', '32', '36'],
      },
    ],
  },
  {
    prefix: 'TMVR',
    name: 'Transcatheter Mitral Valve Replacement',
    variantLimit: 2,
    trainingRequired: false,
    devices: [
      {
        id: id(0xd201),
        name: 'Tendyne',
        manufacturer: 'Abbott',
        services: anatomical,
        variants: ['29', '31', '33', '35'],
      },
      {
        id: id(0xd202),
        name: 'SAPIEN M3',
        manufacturer: 'Edwards Lifesciences',
        services: anatomical,
        variants: ['29'],
      },
    ],
  },
  {
    prefix: 'TPVR',
    name: 'Transcatheter Pulmonary Valve Replacement',
    variantLimit: 2,
    trainingRequired: false,
    devices: [
      { id: id(0xd301), name: 'Harmony TPV', manufacturer: 'Medtronic', services: anatomical, variants: ['22', '25'] },
      {
        id: id(0xd302),
        name: 'SAPIEN 3 (pulmonic)',
        manufacturer: 'Edwards Lifesciences',
        services: anatomical,
        variants: ['20', '23', '26', '29'],
      },
    ],
  },
  {
    prefix: 'TTVR',
    name: 'Transcatheter Tricuspid Valve Replacement',
    variantLimit: 2,
    trainingRequired: false,
    devices: [
      {
        id: id(0xd401),
        name: 'EVOQUE',
        manufacturer: 'Edwards Lifesciences',
        services: anatomical,
        variants: ['44', '48', '52', '56'],
      },
      { id: id(0xd402), name: 'TricValve', manufacturer: 'P+F Products', services: anatomical, variants: ['25', '29'] },
    ],
  },
  {
    prefix: 'NV',
    name: 'Native Valve Assessment',
    variantLimit: 0,
    trainingRequired: false,
    devices: [
      { id: id(0xd501), name: 'Native valve assessment', manufacturer: '', services: anatomical, variants: [] },
    ],
  },
];

export const REJECTION_REASONS: readonly string[] = [
  'Insufficient image quality (motion artefacts)',
  'No contrast in the region of interest',
  'Slice thickness above 1 mm',
  'Incomplete coverage of the access vessels',
  'Wrong cardiac phase for the requested analysis',
  'Images of another patient or anatomy',
];

export const DEGRADATION_REASONS: readonly string[] = [
  'Image quality limits measurement accuracy',
  'Calcification artefacts obscure the annulus',
  'Non-ECG-gated acquisition',
  'Organisation holds a non-clinical licence for this device',
];
