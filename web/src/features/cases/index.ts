export { NewAnalysisDialog, type NewAnalysisDialogProps } from './dialogs/NewAnalysisDialog.tsx';
export { OrderSimulationDialog, type OrderSimulationDialogProps } from './dialogs/OrderSimulationDialog.tsx';
