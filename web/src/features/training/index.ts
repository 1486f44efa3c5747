export { TRAININGS_KEY, TrainingPage, useTrainings } from './TrainingPage.tsx';
export { TrainingRecordsPanel, trainingRecordKeys } from './TrainingRecordsPanel.tsx';
