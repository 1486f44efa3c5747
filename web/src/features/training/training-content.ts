/**
 * What each required training asks the user to go through before ordering. The training records only
 * that the user followed it (spec §3 "Training"); the steps are the product's own guidance.
 */
export const TRAINING_STEPS: Record<string, readonly string[]> = {
  TAVI: [
    'Acquire an ECG-gated contrast CT of the aortic root in systole, slice thickness at most 1 mm.',
    'Include the ilio-femoral access vessels down to the femoral heads in the same scan.',
    'Choose devices and sizes to compare: up to three sizes per order.',
    'Read the annulus perimeter, area and coronary heights in the delivered anatomical analysis.',
    'Use a simulation to judge paravalvular leak and conduction-system risk before choosing the size.',
  ],
  LAAO: [
    'Acquire a contrast CT of the left atrium with delayed imaging to rule out thrombus.',
    'Check the landing-zone diameters and depth of the appendage in the anatomical analysis.',
    'Compare up to three occluder sizes; the Amulet device locks once its order is delivered.',
    'Review the simulated device compression and coverage of the ostium.',
  ],
};

export const DEFAULT_TRAINING_STEPS: readonly string[] = [
  'Read the imaging requirements for this intervention.',
  'Review an example analysis with your field clinical specialist.',
];
