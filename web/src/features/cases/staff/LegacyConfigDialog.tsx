import {
  type Case,
  LEGACY_CONFIG_MAX_BYTES,
  LEGACY_CONFIG_NOT_JSON,
  LEGACY_CONFIG_TOO_LARGE,
} from '@cardiomap/contract';
import { Button, Dialog, DialogTitle, FormHelperText, Stack, Typography } from '@mui/material';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { applyServerErrors, topLevelFieldOf } from '../../../api/server-errors.ts';
import { useDiscardGuard } from '../../../components/use-discard-guard.tsx';
import { shownByOnError } from '../../../hooks/use-api-mutation.ts';
import { useUploadLegacyConfig } from '../api/upload-legacy-config.ts';
import { DialogForm } from '../dialogs/DialogForm.tsx';

const FIELDS = ['configFile', 'caseIdentifier'] as const;
type Field = (typeof FIELDS)[number];

/** What the browser can tell before sending: the server checks again, and parses the JSON. */
export function legacyFileProblem(file: File): string | null {
  if (file.size > LEGACY_CONFIG_MAX_BYTES) return LEGACY_CONFIG_TOO_LARGE;
  if (!/\.json$/i.test(file.name) && file.type !== 'application/json') return LEGACY_CONFIG_NOT_JSON;
  return null;
}

/**
 * Legacy simulation results (spec §7 PATCH studies/{id}/legacy-config/): staff pick the config file the
 * legacy pipeline wrote; the case identifier goes with it and the server checks that both name this case.
 * A stored config is replaced. After it the case, its study and the viewer reload.
 */
export function LegacyConfigDialog({ kase, studyId, onClose }: { kase: Case; studyId: string; onClose: () => void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alerts, setAlerts] = useState<string[]>([]);
  const upload = useUploadLegacyConfig(kase, studyId, {
    onError: (error) =>
      setAlerts(
        applyServerErrors(error, topLevelFieldOf(FIELDS), (field, message) =>
          setErrors((now) => ({ ...now, [field]: message })),
        ),
      ),
  });
  const guard = useDiscardGuard(file !== null && !upload.isPending, onClose);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setAlerts([]);
    setErrors(chosen ? { configFile: legacyFileProblem(chosen) ?? undefined } : {});
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || errors.configFile) return;
    setAlerts([]);
    setErrors({});
    if (await upload.mutateAsync(file).catch(shownByOnError)) onClose();
  };
  const message = errors.configFile ?? errors.caseIdentifier;
  return (
    <Dialog
      open
      onClose={upload.isPending ? undefined : guard.requestClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="legacy-config-title"
    >
      <DialogTitle id="legacy-config-title">Legacy simulation results</DialogTitle>
      <DialogForm
        label="Legacy simulation results"
        onSubmit={submit}
        onCancel={guard.requestClose}
        alerts={alerts}
        submitLabel={upload.isPending ? 'Uploading…' : 'Upload'}
        canSubmit={file !== null && !errors.configFile && !upload.isPending}
      >
        <Typography>
          The configuration file (JSON, at most 1 MB) of the legacy simulation of case {kase.caseIdentifier}. It
          replaces a configuration stored before.
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {/* A button that opens the hidden input (a label styled as a button has a role axe refuses). */}
          <Button variant="outlined" disabled={upload.isPending} onClick={() => input.current?.click()}>
            Choose file
          </Button>
          <Typography aria-live="polite">{file ? file.name : 'No file chosen'}</Typography>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".json,application/json"
            aria-label="Configuration file"
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${inputId}-error` : undefined}
            hidden
            onChange={choose}
          />
        </Stack>
        {message && (
          <FormHelperText id={`${inputId}-error`} error>
            {message}
          </FormHelperText>
        )}
      </DialogForm>
      {guard.confirmation}
    </Dialog>
  );
}
