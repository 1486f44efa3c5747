import type { Organisation } from '@cardiomap/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  AlertTitle,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
} from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors, topLevelFieldOf, useRegions } from '../../../api/index.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useDiscardGuard } from '../../../components/use-discard-guard.tsx';
import { shownByOnError } from '../../../hooks/use-api-mutation.ts';
import { REQUEST_PROBLEM } from '../request-problem.ts';
import { useDeleteOrganisation } from './api/delete-organisation.ts';
import { useCreateOrganisation, useUpdateOrganisation } from './api/save-organisation.ts';
import { OrganisationFields } from './OrganisationFields.tsx';
import {
  emptyOrganisationForm,
  ORGANISATION_FORM_FIELDS,
  type OrganisationFormValues,
  organisationFormSchema,
  organisationPayload,
  organisationToForm,
} from './organisation-form.ts';

interface OrganisationDialogProps {
  /** The organisation to edit; none to add one. */
  organisation: Organisation | null;
  onClose: () => void;
}

/** Add or edit an organisation (spec §2: dialog max width 640; §8 banner, toasts, delete confirmation). */
export function OrganisationDialog({ organisation, onClose }: OrganisationDialogProps) {
  const regions = useRegions();
  const [banner, setBanner] = useState<string[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useForm<OrganisationFormValues>({
    mode: 'onChange',
    defaultValues: organisation ? organisationToForm(organisation) : emptyOrganisationForm(),
    resolver: zodResolver(organisationFormSchema),
  });
  const onError = (error: unknown) =>
    setBanner(
      applyServerErrors(error, topLevelFieldOf(ORGANISATION_FORM_FIELDS), (field, message) =>
        form.setError(field, { message }),
      ),
    );
  const create = useCreateOrganisation({ onError });
  const update = useUpdateOrganisation({ onError });
  const remove = useDeleteOrganisation({
    onError: (error) => {
      setConfirmDelete(false);
      onError(error);
    },
  });
  const busy = create.isPending || update.isPending || remove.isPending;
  const guard = useDiscardGuard(form.formState.isDirty, onClose);

  const submit = form.handleSubmit(async (values) => {
    setBanner([]);
    const payload = organisationPayload(values);
    const done = organisation
      ? await update.mutateAsync({ id: organisation.id, patch: payload }).catch(shownByOnError)
      : await create.mutateAsync({ ...payload, code: values.code.trim() }).catch(shownByOnError);
    if (done) onClose();
  });
  const deleteIt = async () => {
    if (!organisation) return;
    setBanner([]);
    const done = await remove.mutateAsync(organisation.id).then(
      () => true,
      () => false,
    );
    if (done) onClose();
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : guard.requestClose}
      fullWidth
      aria-labelledby="organisation-title"
      slotProps={{ paper: { sx: { maxWidth: 640 } } }}
    >
      <DialogTitle id="organisation-title">
        {organisation ? `Edit ${organisation.name}` : 'Add Organisation'}
      </DialogTitle>
      <form noValidate onSubmit={submit} aria-label="Organisation">
        <DialogContent>
          {banner.length > 0 && (
            <Alert severity="error" sx={{ mb: 2 }}>
              <AlertTitle>{REQUEST_PROBLEM}</AlertTitle>
              {banner.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          )}
          {regions.isPending && <LinearProgress aria-label="Loading regions" />}
          {regions.isError && <Alert severity="error">The regions could not be loaded.</Alert>}
          <OrganisationFields form={form} regions={regions.data ?? []} codeReadOnly={Boolean(organisation)} />
        </DialogContent>
        <DialogActions>
          {organisation && (
            <Button color="error" onClick={() => setConfirmDelete(true)} disabled={busy} sx={{ mr: 'auto' }}>
              Delete
            </Button>
          )}
          <Button onClick={guard.requestClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !form.formState.isValid}>
            Save
          </Button>
        </DialogActions>
      </form>
      {confirmDelete && organisation && (
        <ConfirmDialog
          title={`Delete ${organisation.name}?`}
          text="This cannot be undone."
          confirmLabel="Delete"
          pending={remove.isPending}
          destructive
          onConfirm={deleteIt}
          onClose={() => setConfirmDelete(false)}
        />
      )}
      {guard.confirmation}
    </Dialog>
  );
}
