import { type Case, type CaseStatus, SERVICE_LABELS, SERVICE_STATUS_LABELS } from '@cardiomap/contract';
import { caseStatusWord } from '@cardiomap/domain';

const line = (label: string, value: string | null) => `${`${label}:`.padEnd(26)}${value ?? '-'}`;

/**
 * GET cases/{id}.txt: the case as plain text for pasting into a hospital record. Built from the presented
 * case, so it never shows a patient identifier the caller could not see in the JSON either.
 */
export function caseAsText(c: Case): string {
  const lines = [
    line('Case', c.caseIdentifier),
    line('Status', caseStatusWord(c.status as CaseStatus)),
    line('Intervention', `${c.intervention.name} (${c.intervention.prefix})`),
    line('Organisation', `${c.organisation.name} (${c.organisation.code})`),
    ...(c.patientInformation
      ? [
          line('Patient identifier', c.patientInformation.identifier),
          line('Patient age', String(c.patientInformation.age)),
          line('Patient sex', c.patientInformation.sex),
        ]
      : []),
    line('Devices', c.devices.map((d) => d.name).join(', ') || null),
    line('Sizes', c.deviceVariantNames.join(', ') || null),
    ...c.services.map((s) =>
      line(
        SERVICE_LABELS[s.service as keyof typeof SERVICE_LABELS],
        SERVICE_STATUS_LABELS[s.status as keyof typeof SERVICE_STATUS_LABELS],
      ),
    ),
    line('Case responsible', c.caseResponsible ? `${c.caseResponsible.name} <${c.caseResponsible.email}>` : null),
    line('Research', c.isResearch ? 'yes' : 'no'),
    line('Imaging date', c.imagingDate),
    line('Intervention date', c.interventionDatetime),
    line('Expected delivery', c.expectedDeliveryDatetime),
    line('Created', c.dateCreated),
    line('Submitted', c.dateSubmitted),
    line('Completed', c.dateCompleted),
    line('Modified', c.dateModified),
  ];
  if (c.physicianComment) lines.push('', 'Physician comment:', c.physicianComment);
  if (c.analystComment) lines.push('', 'Analyst comment:', c.analystComment);
  return `${lines.join('\n')}\n`;
}
