import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { NewAnalysisValues } from './new-analysis-schema.ts';

type Form = UseFormReturn<NewAnalysisValues>;
const quietly = { shouldValidate: true, shouldDirty: true } as const;

/**
 * Keeps the choices consistent with what may be ordered (spec §5): anatomical-only is forced when the
 * licence does not allow the chosen simulation (or legacy simulation, or redo TAVI) for the selected
 * device or the intervention offers it no more; extra devices exist only for anatomical-only TAVI.
 */
export function useServiceCorrections(
  form: Form,
  facts: { serviceAllowed: boolean; extrasAllowed: boolean; service: string; extraCount: number },
) {
  const { serviceAllowed, extrasAllowed, service, extraCount } = facts;
  useEffect(() => {
    if (!serviceAllowed && service !== 'anatomical') form.setValue('service', 'anatomical', quietly);
  }, [form, serviceAllowed, service]);
  useEffect(() => {
    if (!extrasAllowed && extraCount > 0) form.setValue('extraDeviceIds', [], quietly);
  }, [form, extrasAllowed, extraCount]);
}

/**
 * Drops choices that are no longer offered (another organisation or intervention, fewer devices): a
 * hidden, stale device or size must never be sent. Waits until the options are loaded.
 */
export function usePruneChoices(
  form: Form,
  ready: boolean,
  offered: { deviceIds: ReadonlySet<string>; variantIds: ReadonlySet<string>; organisationId: string },
) {
  const [deviceId, extraDeviceIds, variantIds, responsible] = form.watch([
    'deviceId',
    'extraDeviceIds',
    'deviceVariantIds',
    'caseResponsible',
  ]);
  useEffect(() => {
    if (!ready) return;
    if (deviceId && !offered.deviceIds.has(deviceId)) form.setValue('deviceId', '', quietly);
    const extras = extraDeviceIds.filter((id) => offered.deviceIds.has(id) && id !== deviceId);
    if (extras.length !== extraDeviceIds.length) form.setValue('extraDeviceIds', extras, quietly);
    const variants = variantIds.filter((id) => offered.variantIds.has(id));
    if (variants.length !== variantIds.length) form.setValue('deviceVariantIds', variants, quietly);
    if (responsible && !responsible.organisationIds.includes(offered.organisationId)) {
      form.setValue('caseResponsible', null, quietly);
    }
  }, [form, ready, offered, deviceId, extraDeviceIds, variantIds, responsible]);
}
