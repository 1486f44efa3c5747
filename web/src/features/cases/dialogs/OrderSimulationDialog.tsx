import { type Case, SERVICE_ORDER_LABELS, Service } from '@cardiomap/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Dialog, DialogTitle, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { allErrorMessages } from '../../../api/index.ts';
import { useDiscardGuard } from '../../../components/use-discard-guard.tsx';
import { shownByOnError } from '../../../hooks/use-api-mutation.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { useDevices } from '../api/get-devices.ts';
import { DeviceAndSizesFields } from './DeviceAndSizesFields.tsx';
import { DevicesLoading } from './DevicesLoading.tsx';
import { DialogForm } from './DialogForm.tsx';
import { type OrderSimulationValues, orderSimulationSchema } from './order-simulation-schema.ts';
import { orderableSimulations, type SimulationService } from './orderable-simulations.ts';

export interface OrderSimulationDialogProps {
  open: boolean;
  onClose: () => void;
  case?: Case;
}

export { orderableSimulations, type SimulationService } from './orderable-simulations.ts';

/** Spec §2 case list dialog "order simulation": a simulation order for one device of an existing case. */
export function OrderSimulationDialog({ open, onClose, case: kase }: OrderSimulationDialogProps) {
  // Issue 30 item 9: typed input is not thrown away by Escape, a click outside or Cancel without asking.
  const [dirty, setDirty] = useState(false);
  const close = () => {
    setDirty(false);
    onClose();
  };
  const guard = useDiscardGuard(dirty, close);
  return (
    <Dialog open={open} onClose={guard.requestClose} maxWidth="xs" fullWidth aria-labelledby="order-simulation-title">
      <DialogTitle id="order-simulation-title">Order simulation{kase ? ` for ${kase.caseIdentifier}` : ''}</DialogTitle>
      {open && kase && (
        <OrderSimulationForm kase={kase} onClose={close} onCancel={guard.requestClose} onDirtyChange={setDirty} />
      )}
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

function OrderSimulationForm({ kase, onClose, onCancel, onDirtyChange }: FormProps) {
  const devices = useDevices(kase.organisationId);
  const [alerts, setAlerts] = useState<string[]>([]);
  const form = useForm<OrderSimulationValues>({
    mode: 'onTouched',
    defaultValues: { deviceId: '', deviceVariantIds: [] },
    resolver: zodResolver(orderSimulationSchema(kase.intervention.variantLimit)),
  });
  const create = useCreateOrder({
    successToast: (order) => `${SERVICE_ORDER_LABELS[order.service as Service] ?? 'Simulation'} ordered`,
    onError: (error) => setAlerts(allErrorMessages(error)),
  });
  // Only the case's intervention's devices the organisation may order the chosen simulation for.
  const options = orderableSimulations(kase, devices.data ?? []);
  const [service, setService] = useState<SimulationService>(Service.SIMULATION);
  const offered = options.find((o) => o.service === service)?.devices ?? [];
  const deviceId = form.watch('deviceId');
  const { isDirty } = form.formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const variants = offered.find((d) => d.id === deviceId)?.variants ?? [];

  const submit = form.handleSubmit(async (values) => {
    setAlerts([]);
    const ordered = await create
      .mutateAsync({
        caseId: kase.id,
        service,
        deviceIds: [values.deviceId],
        deviceVariantIds: values.deviceVariantIds,
      })
      .catch(shownByOnError);
    if (ordered) onClose();
  });

  if (devices.isPending) return <DevicesLoading />;
  return (
    <DialogForm
      label="Order simulation"
      onSubmit={submit}
      onCancel={onCancel}
      alerts={alerts}
      submitLabel="Order simulation"
      canSubmit={form.formState.isValid && !form.formState.isSubmitting}
    >
      {devices.isError && <Alert severity="error">The devices could not be loaded. Please try again.</Alert>}
      {options.length > 1 && (
        <FormControl>
          <FormLabel id="simulation-service-label">Analysis</FormLabel>
          <RadioGroup
            aria-labelledby="simulation-service-label"
            value={String(service)}
            onChange={(event) => {
              setService(Number(event.target.value) as SimulationService);
              form.reset({ deviceId: '', deviceVariantIds: [] }, { keepDirty: true });
            }}
          >
            {options.map((option) => (
              <FormControlLabel
                key={option.service}
                value={String(option.service)}
                control={<Radio />}
                label={SERVICE_ORDER_LABELS[option.service]}
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      {devices.isSuccess && offered.length === 0 && (
        <Alert severity="info">No device of this intervention is licensed for simulation.</Alert>
      )}
      <DeviceAndSizesFields
        control={form.control}
        deviceField="deviceId"
        sizesField="deviceVariantIds"
        id="simulation-device"
        sizesId="simulation-variants"
        label="Device"
        devices={offered}
        sizes={variants.map((v) => ({ id: v.id, label: v.name }))}
        onDeviceChosen={() => form.setValue('deviceVariantIds', [])}
      />
    </DialogForm>
  );
}
