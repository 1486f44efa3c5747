export { CancelCaseDialog } from './cancel/CancelCaseDialog.tsx';
export { NewAnalysisDialog, type NewAnalysisDialogProps } from './dialogs/NewAnalysisDialog.tsx';
export { OrderSimulationDialog, type OrderSimulationDialogProps } from './dialogs/OrderSimulationDialog.tsx';
export { CaseListPage } from './list/CaseListPage.tsx';
export { ShareCaseDialog } from './sharing/ShareCaseDialog.tsx';
