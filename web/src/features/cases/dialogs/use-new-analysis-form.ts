import { DEFAULT_DELIVERY_TIME, DEFAULT_INTERVENTION_TIME, isDeliveryTooSoon } from '@cardiomap/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { applyServerErrors } from '../../../api/index.ts';
import { shownByOnError } from '../../../hooks/use-api-mutation.ts';
import { useUser } from '../../auth/index.ts';
import { useTrainings } from '../../training/index.ts';
import { useCreateCase } from '../api/create-case.ts';
import { useDevices } from '../api/get-devices.ts';
import { useInterventions } from '../api/get-interventions.ts';
import { useLeadTime } from '../api/get-lead-time.ts';
import { localDay, toInstant } from './date-fields.ts';
import { usePruneChoices, useServiceCorrections } from './new-analysis-effects.ts';
import * as options from './new-analysis-options.ts';
import { toCreateCasePayload } from './new-analysis-payload.ts';
import { type NewAnalysisRules, type NewAnalysisValues, newAnalysisSchema } from './new-analysis-schema.ts';
import { newAnalysisFieldFor } from './new-analysis-server-fields.ts';

const emptyValues = (organisationId: string): NewAnalysisValues => ({
  organisationId,
  interventionId: '',
  deviceId: '',
  extraDeviceIds: [],
  deviceVariantIds: [],
  service: 'anatomical',
  patientIdentifier: '',
  patientSex: '',
  patientAge: '',
  physicianComment: '',
  isProspective: true,
  imagingDate: '',
  interventionDate: '',
  interventionTime: DEFAULT_INTERVENTION_TIME,
  expectedDeliveryDate: '',
  expectedDeliveryTime: DEFAULT_DELIVERY_TIME,
  caseResponsible: null,
});

/** The rules depend on the chosen intervention, so the resolver reads the latest ones at each validation. */
function useRulesResolver(rules: { current: NewAnalysisRules }): Resolver<NewAnalysisValues> {
  return useRef<Resolver<NewAnalysisValues>>((values, context, opts) =>
    (zodResolver(newAnalysisSchema(rules.current)) as unknown as Resolver<NewAnalysisValues>)(values, context, opts),
  ).current;
}

/** Form logic of the new-analysis dialog (spec §5 "New analysis form"); NewAnalysisForm only renders it. */
export function useNewAnalysisForm(onDone: () => void) {
  const user = useUser();
  const navigate = useNavigate();
  const today = localDay(new Date());
  const rules = useRef<NewAnalysisRules>({
    today,
    variantLimit: Number.POSITIVE_INFINITY,
    responsibleRequired: user.canAssignCaseResponsible,
  });
  const form = useForm<NewAnalysisValues>({
    mode: 'all',
    defaultValues: emptyValues(user.primaryOrganisation?.id ?? user.organisationIds[0] ?? ''),
    resolver: useRulesResolver(rules),
  });
  const values = form.watch();

  const interventions = useInterventions();
  const devices = useDevices(values.organisationId || undefined);
  const trainings = useTrainings();
  const intervention = interventions.data?.find((i) => i.id === values.interventionId);
  const leadTime = useLeadTime(intervention?.prefix);
  const allDevices = devices.data ?? [];
  const licensedDevices = options.licensedDevices(allDevices, values.interventionId);
  const selected = options.chosenDevices(allDevices, values);
  // Devices are chosen within an intervention: none are offered before one is chosen.
  const deviceOptions = values.interventionId ? licensedDevices : [];
  const serviceOptions = options.serviceOptions(intervention, deviceOptions, selected);
  const serviceAllowed = serviceOptions.some((o) => o.choice === values.service && o.allowed);
  const extrasAllowed = options.extraDevicesAllowed(intervention, values.service);
  const variants = options.variantOptions(selected);
  const permissions = useMemo(() => new Set(user.permissions), [user.permissions]);
  const training = options.pendingTraining(permissions, intervention, trainings.data ?? []);
  const hasLicence = !devices.isSuccess || licensedDevices.length > 0;

  rules.current = {
    today,
    variantLimit: intervention?.variantLimit ?? Number.POSITIVE_INFINITY,
    responsibleRequired: user.canAssignCaseResponsible,
  };
  useServiceCorrections(form, {
    serviceAllowed,
    extrasAllowed,
    service: values.service,
    extraCount: values.extraDeviceIds.length,
  });
  const deviceIdsKey = deviceOptions.map((d) => d.id).join();
  const variantIdsKey = variants.map((v) => v.id).join();
  const offered = useMemo(
    () => ({
      deviceIds: new Set(deviceIdsKey.split(',')),
      variantIds: new Set(variantIdsKey.split(',')),
      organisationId: values.organisationId,
    }),
    [deviceIdsKey, variantIdsKey, values.organisationId],
  );
  usePruneChoices(form, devices.isSuccess, offered);

  const expected = values.expectedDeliveryDate
    ? toInstant(values.expectedDeliveryDate, values.expectedDeliveryTime)
    : null;
  const deliveryTooSoon =
    expected !== null &&
    intervention !== undefined &&
    (isDeliveryTooSoon(expected, new Date(), intervention.prefix) ||
      (leadTime.data !== undefined && expected < leadTime.data));

  const [alerts, setAlerts] = useState<string[]>([]);
  // The server's errors go onto the form's fields and alerts (spec §8), not into a toast.
  const create = useCreateCase({
    onError: (error) =>
      setAlerts(
        applyServerErrors(error, newAnalysisFieldFor, (field, message) =>
          form.setError(field, { type: 'server', message }),
        ),
      ),
  });
  const submit = form.handleSubmit(async (valid) => {
    setAlerts([]);
    const payload = toCreateCasePayload(valid, { devices: allDevices, sendResponsible: user.canAssignCaseResponsible });
    const created = await create.mutateAsync(payload).catch(shownByOnError);
    if (!created) return;
    onDone();
    if (user.canAccessCaseDetails) void navigate(`/case-detail/${created.id}`);
  });

  return {
    form,
    user,
    today,
    submit,
    alerts,
    interventions: interventions.data ?? [],
    intervention,
    deviceOptions,
    variants,
    serviceOptions,
    extrasAllowed,
    nonClinical: options.isNonClinical(selected, values.service),
    training,
    hasLicence,
    deliveryTooSoon,
    loading: interventions.isPending || devices.isPending,
    loadFailed: interventions.isError || devices.isError,
    canSubmit: form.formState.isValid && hasLicence && !training && !form.formState.isSubmitting,
  };
}

export type NewAnalysisFormState = ReturnType<typeof useNewAnalysisForm>;
