export { TRAININGS_KEY, TrainingPage, useTrainings } from './TrainingPage.tsx';
