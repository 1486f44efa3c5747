import { SERVICE_LABELS, SERVICE_ORDER_LABELS, type ServiceGrant, type TrialLicense } from '@cardiomap/contract';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../api/index.ts';
import { useDiscardGuard } from '../../components/use-discard-guard.tsx';
import { type DeviceLicenceInput, useDeviceChoices } from './api/licences-api.ts';

export const NON_CLINICAL_WARNING = 'Analyses for this device will be non-clinical only.';
const REQUIRED = 'This field is required';
const PERMANENT = '';
/** The services a licence may add to the anatomical one: simulation, legacy simulation, redo TAVI (spec §1). */
const OPTIONAL_SERVICES = [1, 2, 3] as const;
type OptionalService = (typeof OPTIONAL_SERVICES)[number];
type OptionalGrants = Record<OptionalService, { on: boolean; clinical: boolean }>;
const NO_OPTIONAL: OptionalGrants = {
  1: { on: false, clinical: true },
  2: { on: false, clinical: true },
  3: { on: false, clinical: true },
};

interface Props {
  open: boolean;
  title: string;
  /** Trial licences the device may be put under (licences page only). */
  trials?: TrialLicense[];
  onClose: () => void;
  onSubmit: (input: DeviceLicenceInput) => Promise<unknown>;
}

/**
 * Spec §5 "Licences" Add device: device required, the anatomical service always enabled, simulation
 * optional, a clinical flag per service, and a warning when a service is non-clinical. The legacy
 * simulation and the redo TAVI (spec §1; architecture.md §13) are optional the same way; the server
 * refuses a service the device does not offer.
 */
export function DeviceLicenceDialog({ open, title, trials, onClose, onSubmit }: Props) {
  const devices = useDeviceChoices();
  const [deviceId, setDeviceId] = useState('');
  const [trialId, setTrialId] = useState(PERMANENT);
  const [anatomicalClinical, setAnatomicalClinical] = useState(true);
  const [optional, setOptional] = useState<OptionalGrants>(NO_OPTIONAL);
  const setGrant = (service: OptionalService, change: Partial<OptionalGrants[OptionalService]>) =>
    setOptional((now) => ({ ...now, [service]: { ...now[service], ...change } }));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  const services: ServiceGrant[] = [
    { service: 0, isClinical: anatomicalClinical },
    ...OPTIONAL_SERVICES.filter((service) => optional[service].on).map((service) => ({
      service,
      isClinical: optional[service].clinical,
    })),
  ];
  const nonClinical = services.some((s) => !s.isClinical);

  const close = () => {
    setDeviceId('');
    setTrialId(PERMANENT);
    setAnatomicalClinical(true);
    setOptional(NO_OPTIONAL);
    setErrors({});
    onClose();
  };

  const changed =
    deviceId !== '' ||
    trialId !== PERMANENT ||
    !anatomicalClinical ||
    OPTIONAL_SERVICES.some((service) => optional[service].on || !optional[service].clinical);
  const guard = useDiscardGuard(changed, close);

  const submit = async () => {
    if (!deviceId) {
      setErrors({ deviceId: [REQUIRED] });
      return;
    }
    setBusy(true);
    try {
      await onSubmit({ deviceId, services, ...(trials ? { trialId: trialId || null } : {}) });
      close();
    } catch (error) {
      setErrors(error instanceof ApiError ? (error.fieldErrors as Record<string, string[]>) : {});
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (name: string) => errors[name]?.join(' ');

  return (
    <Dialog open={open} onClose={guard.requestClose} fullWidth maxWidth="sm" aria-labelledby="device-licence-title">
      <DialogTitle id="device-licence-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormControl fullWidth error={Boolean(fieldError('deviceId'))} required>
            <InputLabel id="licence-device-label">Device</InputLabel>
            <Select
              labelId="licence-device-label"
              label="Device"
              value={deviceId}
              onChange={(e) => setDeviceId(e.target.value)}
              data-testid="licence-device-select"
            >
              {devices.isPending && <MenuItem disabled>Loading devices…</MenuItem>}
              {(devices.data ?? []).map((d) => (
                <MenuItem key={d.id} value={d.id}>
                  {d.label}
                </MenuItem>
              ))}
            </Select>
            {fieldError('deviceId') && <FormHelperText>{fieldError('deviceId')}</FormHelperText>}
          </FormControl>
          {devices.isError && <Alert severity="error">The devices could not be loaded.</Alert>}
          {trials && (
            <FormControl fullWidth error={Boolean(fieldError('trialId'))}>
              <InputLabel id="licence-trial-label">License</InputLabel>
              <Select
                labelId="licence-trial-label"
                label="License"
                value={trialId}
                onChange={(e) => setTrialId(e.target.value)}
              >
                <MenuItem value={PERMANENT}>Permanent license</MenuItem>
                {trials.map((t, index) => (
                  <MenuItem key={t.id} value={t.id}>
                    Trial license {index + 1} ({t.numberOfCases}/{t.limit} cases)
                  </MenuItem>
                ))}
              </Select>
              {fieldError('trialId') && <FormHelperText>{fieldError('trialId')}</FormHelperText>}
            </FormControl>
          )}
          <Typography variant="subtitle2" component="h3">
            Services
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <FormControlLabel
              control={<Checkbox checked disabled />}
              label={SERVICE_LABELS[0]}
              sx={{ minWidth: 220 }}
            />
            <FormControlLabel
              control={
                <Switch checked={anatomicalClinical} onChange={(e) => setAnatomicalClinical(e.target.checked)} />
              }
              label="Clinical"
            />
          </Stack>
          {OPTIONAL_SERVICES.map((service) => (
            <Stack key={service} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={optional[service].on}
                    onChange={(e) => setGrant(service, { on: e.target.checked })}
                  />
                }
                label={SERVICE_ORDER_LABELS[service]}
                sx={{ minWidth: 220 }}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={optional[service].clinical}
                    disabled={!optional[service].on}
                    onChange={(e) => setGrant(service, { clinical: e.target.checked })}
                    slotProps={{ input: { 'aria-label': `${SERVICE_ORDER_LABELS[service]} clinical` } }}
                  />
                }
                label="Clinical"
              />
            </Stack>
          ))}
          {fieldError('services') && <Alert severity="error">{fieldError('services')}</Alert>}
          {nonClinical && (
            <Alert severity="warning" data-testid="non-clinical-warning">
              {NON_CLINICAL_WARNING}
            </Alert>
          )}
          {fieldError('nonFieldErrors') && <Alert severity="error">{fieldError('nonFieldErrors')}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={guard.requestClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          Add
        </Button>
      </DialogActions>
      {guard.confirmation}
    </Dialog>
  );
}
