export { trainingKeys, useTrainings } from './api/training-api.ts';
export { TrainingPage } from './TrainingPage.tsx';
export { TrainingRecordsPanel } from './TrainingRecordsPanel.tsx';
