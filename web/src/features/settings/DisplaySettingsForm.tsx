import type { UserInfo } from '@cardiomap/contract';
import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '../../hooks/use-api-mutation.ts';
import { USER_INFO_KEY } from '../auth/index.ts';
import { saveDisplaySettings } from './api/settings-api.ts';

/** Settings, display: the defaults the case list and the viewer read (settings/). Saved on each toggle. */
export function DisplaySettingsForm({ user }: { user: UserInfo }) {
  const queryClient = useQueryClient();
  const save = useApiMutation({
    mutationFn: saveDisplaySettings,
    successToast: 'Display settings saved',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_INFO_KEY }),
  });
  const pending = save.isPending ? save.variables : undefined;
  const hide = pending?.hide_patient_identifier ?? user.settings.hidePatientIdentifier;
  const table = pending?.cases_default_table_view ?? user.settings.casesDefaultTableView;
  return (
    <Stack spacing={1} aria-label="Display settings" role="group">
      <FormControlLabel
        control={
          <Switch
            checked={hide}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ hide_patient_identifier: event.target.checked })}
          />
        }
        label="Hide patient identifiers"
      />
      <FormControlLabel
        control={
          <Switch
            checked={table}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ cases_default_table_view: event.target.checked })}
          />
        }
        label="Show the case list as a table by default"
      />
      <Typography variant="caption" color="text.secondary">
        Otherwise the case list opens as cards.
      </Typography>
    </Stack>
  );
}
