import { type Case, type OrderStatus, REQUIRED } from '@cardiomap/contract';
import { ordersAffectedByDeviceChange } from '@cardiomap/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Dialog, DialogTitle } from '@mui/material';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { allErrorMessages } from '../../../api/index.ts';
import { useDiscardGuard } from '../../../components/use-discard-guard.tsx';
import { shownByOnError } from '../../../hooks/use-api-mutation.ts';
import { useChangeRequestedDevices } from '../api/change-requested-devices.ts';
import { useDevices } from '../api/get-devices.ts';
import { allowsSeveralDevices, deviceChangeFor } from './change-devices.ts';
import { DeviceAndSizesFields } from './DeviceAndSizesFields.tsx';
import { DevicesLoading } from './DevicesLoading.tsx';
import { DialogForm } from './DialogForm.tsx';
import { variantLimitMessage } from './new-analysis-schema.ts';

export const CHOOSE_A_DEVICE = 'Choose at least one device';

const changeDevicesSchema = (variantLimit: number) =>
  z.object({
    deviceIds: z.array(z.string(), { error: REQUIRED }).min(1, CHOOSE_A_DEVICE),
    deviceVariantIds: z.array(z.string()).max(variantLimit, variantLimitMessage(variantLimit)),
  });
type ChangeDevicesValues = z.infer<ReturnType<typeof changeDevicesSchema>>;

export interface ChangeDevicesDialogProps {
  open: boolean;
  onClose: () => void;
  case: Case;
}

/** Spec §2 case detail header dialog "Change Devices": new devices for every order still in progress. */
export function ChangeDevicesDialog({ open, onClose, case: kase }: ChangeDevicesDialogProps) {
  // Issue 30 item 9: typed input is not thrown away by Escape, a click outside or Cancel without asking.
  const [dirty, setDirty] = useState(false);
  const close = () => {
    setDirty(false);
    onClose();
  };
  const guard = useDiscardGuard(dirty, close);
  return (
    <Dialog open={open} onClose={guard.requestClose} maxWidth="xs" fullWidth aria-labelledby="change-devices-title">
      <DialogTitle id="change-devices-title">Change devices</DialogTitle>
      {open && <ChangeDevicesForm kase={kase} onClose={close} onCancel={guard.requestClose} onDirtyChange={setDirty} />}
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

function ChangeDevicesForm({ kase, onClose, onCancel, onDirtyChange }: FormProps) {
  const devices = useDevices(kase.organisationId);
  const [alerts, setAlerts] = useState<string[]>([]);
  // Spec §5: only that intervention's devices are selectable.
  const offered = (devices.data ?? []).filter((d) => d.interventionId === kase.interventionId);
  const affected = ordersAffectedByDeviceChange(kase.orders as (Case['orders'][number] & { status: OrderStatus })[]);
  const form = useForm<ChangeDevicesValues>({
    mode: 'all',
    // Starts from what the orders in progress name now.
    defaultValues: {
      deviceIds: affected[0]?.deviceIds ?? kase.devices.map((d) => d.id),
      deviceVariantIds: affected[0]?.deviceVariantIds ?? [],
    },
    resolver: zodResolver(changeDevicesSchema(kase.intervention.variantLimit)),
  });
  const change = useChangeRequestedDevices(kase, { onError: (error) => setAlerts(allErrorMessages(error)) });
  const deviceIds = form.watch('deviceIds');
  const { isDirty } = form.formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const variants = offered
    .filter((d) => deviceIds.includes(d.id))
    .flatMap((d) => d.variants.map((v) => ({ id: v.id, label: `${d.name} ${v.name}` })));

  const submit = form.handleSubmit(async (values) => {
    setAlerts([]);
    const changed = await change.mutateAsync((order) => deviceChangeFor(order, values, offered)).catch(shownByOnError);
    if (changed) onClose();
  });

  if (devices.isPending) return <DevicesLoading />;
  return (
    <DialogForm
      label="Change devices"
      onSubmit={submit}
      onCancel={onCancel}
      alerts={alerts}
      submitLabel="Change devices"
      canSubmit={form.formState.isValid && !form.formState.isSubmitting && affected.length > 0}
    >
      {devices.isError && <Alert severity="error">The devices could not be loaded. Please try again.</Alert>}
      {affected.length === 0 && <Alert severity="info">No analysis of this case is in progress.</Alert>}
      <DeviceAndSizesFields
        control={form.control}
        deviceField="deviceIds"
        sizesField="deviceVariantIds"
        id="change-devices"
        sizesId="change-device-variants"
        label="Devices"
        devices={offered}
        sizes={variants}
        // Spec §9: several devices only for a TAVI case without simulation; else a single choice.
        multiple={allowsSeveralDevices(kase)}
        deviceHint={`Changes ${affected.length} analysis(es) in progress.`}
      />
    </DialogForm>
  );
}
