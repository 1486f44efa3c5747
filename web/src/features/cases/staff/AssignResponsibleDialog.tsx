import type { Case, UserSummary } from '@cardiomap/contract';
import { Dialog, DialogContentText, DialogTitle } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { ApiError, allErrorMessages } from '../../../api/index.ts';
import { shownByOnError } from '../../../hooks/use-api-mutation.ts';
import { useAssignResponsible } from '../api/assign-responsible.ts';
import { CaseResponsibleField } from '../dialogs/CaseResponsibleField.tsx';
import { DialogForm } from '../dialogs/DialogForm.tsx';

/** Assign the case responsible (spec §6) with the user autocomplete of spec §2, members of the case's organisation. */
export function AssignResponsibleDialog({ kase, onClose }: { kase: Case; onClose: () => void }) {
  const [user, setUser] = useState<UserSummary | null>(null);
  const [touched, setTouched] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [alerts, setAlerts] = useState<string[]>([]);
  const assign = useAssignResponsible(kase.id, {
    onError: (error) => {
      const messages = error instanceof ApiError ? error.messagesFor('caseResponsibleId') : [];
      if (messages.length > 0) setFieldError(messages.join(' '));
      else setAlerts(allErrorMessages(error));
    },
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!user) return;
    setAlerts([]);
    const done = await assign.mutateAsync(user.id).catch(shownByOnError);
    if (done) onClose();
  };
  const required = touched && !user ? 'This field is required' : undefined;
  return (
    <Dialog
      open
      onClose={assign.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="assign-title"
    >
      <DialogTitle id="assign-title">Assign case responsible</DialogTitle>
      <DialogForm
        label="Assign case responsible"
        onSubmit={submit}
        onCancel={onClose}
        alerts={alerts}
        submitLabel={assign.isPending ? 'Assigning…' : 'Assign'}
        canSubmit={user !== null && !assign.isPending}
      >
        <DialogContentText>
          Now responsible:{' '}
          {kase.caseResponsible ? `${kase.caseResponsible.name} (${kase.caseResponsible.email})` : 'nobody'}
        </DialogContentText>
        <CaseResponsibleField
          organisationId={kase.organisationId}
          value={user}
          onChange={(picked) => {
            setUser(picked);
            setFieldError(undefined);
          }}
          onBlur={() => setTouched(true)}
          error={fieldError ?? required}
        />
      </DialogForm>
    </Dialog>
  );
}
