import type { Case } from '@cardiomap/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { applyServerErrors } from '../../../api/index.ts';
import { shownByOnError } from '../../../hooks/use-api-mutation.ts';
import { usePatchCase } from '../api/patch-case.ts';
import {
  type EditCaseValues,
  editCaseDefaults,
  editCaseFieldFor,
  editCaseSchema,
  toPatchCase,
} from './edit-case-schema.ts';

/** Form logic of the edit-case dialog (spec §5 "Edit case"); EditCaseDialog only renders it. */
export function useEditCaseForm(kase: Case, onDone: () => void) {
  const [alerts, setAlerts] = useState<string[]>([]);
  const form = useForm<EditCaseValues>({
    mode: 'all',
    defaultValues: editCaseDefaults(kase),
    resolver: zodResolver(editCaseSchema) as unknown as Resolver<EditCaseValues>,
  });
  const patch = usePatchCase(kase.id, {
    onError: (error) =>
      setAlerts(
        applyServerErrors(error, editCaseFieldFor, (field, message) =>
          form.setError(field, { type: 'server', message }),
        ),
      ),
  });
  // Read while rendering so react-hook-form tracks which fields were edited (the PATCH sends only those dates).
  const { dirtyFields } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setAlerts([]);
    const saved = await patch.mutateAsync(toPatchCase(values, dirtyFields)).catch(shownByOnError);
    if (saved) onDone();
  });
  return { form, submit, alerts, canSubmit: form.formState.isValid && !form.formState.isSubmitting };
}
