import type { Case } from '@cardiomap/contract';
import { Alert, Dialog, DialogTitle } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDiscardGuard } from '../../../components/use-discard-guard.tsx';
import { usePatientIdentifiers } from '../../auth/index.ts';
import { CaseFlagSwitch, PROSPECTIVE_LABELS, RESEARCH_LABELS } from './CaseFlagSwitch.tsx';
import { DateTimeFields } from './DateTimeFields.tsx';
import { DialogForm } from './DialogForm.tsx';
import { ImagingDateField } from './ImagingDateField.tsx';
import { PatientFields } from './PatientFields.tsx';
import { useEditCaseForm } from './use-edit-case-form.ts';

export interface EditCaseDialogProps {
  open: boolean;
  onClose: () => void;
  case: Case;
}

/** Spec §2 case detail header dialog "Edit case". */
export function EditCaseDialog({ open, onClose, case: kase }: EditCaseDialogProps) {
  // Issue 30 item 9: typed input is not thrown away by Escape, a click outside or Cancel without asking.
  const [dirty, setDirty] = useState(false);
  const close = () => {
    setDirty(false);
    onClose();
  };
  const guard = useDiscardGuard(dirty, close);
  return (
    <Dialog open={open} onClose={guard.requestClose} maxWidth="sm" fullWidth aria-labelledby="edit-case-title">
      <DialogTitle id="edit-case-title">Edit case {kase.caseIdentifier}</DialogTitle>
      {/* Mounted only while open, so each opening starts from the case as it is now. */}
      {open && <EditCaseForm kase={kase} onClose={close} onCancel={guard.requestClose} onDirtyChange={setDirty} />}
      {guard.confirmation}
    </Dialog>
  );
}

interface FormProps {
  kase: Case;
  onClose: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

function EditCaseForm({ kase, onClose, onCancel, onDirtyChange }: FormProps) {
  const { form, submit, alerts, canSubmit } = useEditCaseForm(kase, onClose);
  const { isDirty } = form.formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  // Issue 17 §4: identifiers hidden in this session stay hidden here too; the form keeps them unchanged.
  const visibility = usePatientIdentifiers();
  const identifiersHidden = visibility.hidden && !visibility.revealed(kase.id);
  return (
    <DialogForm
      label="Edit case"
      onSubmit={submit}
      onCancel={onCancel}
      alerts={alerts}
      submitLabel="Save"
      canSubmit={canSubmit}
    >
      {identifiersHidden ? (
        <Alert severity="info">
          Patient information is hidden in this session. Show it on the case page to edit it.
        </Alert>
      ) : (
        <PatientFields form={form} />
      )}
      <CaseFlagSwitch control={form.control} name="isProspective" labels={PROSPECTIVE_LABELS} />
      <CaseFlagSwitch control={form.control} name="isResearch" labels={RESEARCH_LABELS} />
      <ImagingDateField control={form.control} name="imagingDate" id="edit-imaging-date" />
      <DateTimeFields
        control={form.control}
        idPrefix="edit-intervention"
        label="Intervention date"
        dateName="interventionDate"
        timeName="interventionTime"
      />
      <DateTimeFields
        control={form.control}
        idPrefix="edit-expected-delivery"
        label="Expected delivery date"
        dateName="expectedDeliveryDate"
        timeName="expectedDeliveryTime"
        required
      />
    </DialogForm>
  );
}
