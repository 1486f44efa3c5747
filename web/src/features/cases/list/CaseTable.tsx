import type { Case } from '@cardiomap/contract';
import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { CaseActionsMenu } from './CaseActionsMenu.tsx';
import { CaseIdentifierLink } from './CaseIdentifierLink.tsx';
import { CaseServices } from './CaseServices.tsx';
import type { CaseActionKind } from './case-actions.ts';
import { caseStatusLabel, formatDateTime, patientIdentifierText, truncateText } from './case-format.ts';

interface Props {
  cases: Case[];
  showPatientIdentifier: boolean;
  onAction: (kind: CaseActionKind, item: Case) => void;
}

/**
 * A patient identifier may be 100 characters: cut at spec §9's 80 (all of it in the tooltip) and free to
 * wrap, so one long identifier cannot push the table past its frame and cut off its last columns. Free to
 * wrap anywhere would let a narrow table squeeze the column to a letter ("Hidde/n", "DEMO-PAT-/0001"), so
 * the column keeps room for an ordinary identifier whole; only longer ones wrap.
 */
// Border-box: the cell's 16 px side paddings are inside its width. 18ch holds a 16-character id whole.
const PATIENT_CELL_MIN_WIDTH = 'calc(18ch + 32px)';

function PatientCell({ text }: { text: string }) {
  const shown = truncateText(text);
  return (
    <TableCell
      title={shown === text ? undefined : text}
      sx={{ minWidth: PATIENT_CELL_MIN_WIDTH, maxWidth: 200, overflowWrap: 'anywhere' }}
    >
      {shown}
    </TableCell>
  );
}

/** One page of cases as a table (spec §2 "Case list"); at 1440 px every column fits its frame. */
export function CaseTable({ cases, showPatientIdentifier, onAction }: Props) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Cases">
        <TableHead>
          <TableRow>
            <TableCell>Case</TableCell>
            {showPatientIdentifier && <TableCell>Patient</TableCell>}
            <TableCell>Intervention</TableCell>
            <TableCell>Devices</TableCell>
            <TableCell>Services</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Expected delivery</TableCell>
            <TableCell>Created</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap', width: '1%' }}>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody sx={{ '& td.nowrap': { whiteSpace: 'nowrap' } }}>
          {cases.map((item) => (
            <TableRow key={item.id} hover>
              <TableCell className="nowrap">
                <CaseIdentifierLink item={item} />
              </TableCell>
              {showPatientIdentifier && <PatientCell text={patientIdentifierText(item)} />}
              <TableCell>{item.intervention.prefix}</TableCell>
              <TableCell>{item.devices.map((d) => d.name).join(', ')}</TableCell>
              <TableCell>
                <CaseServices item={item} />
              </TableCell>
              <TableCell>{caseStatusLabel(item.status)}</TableCell>
              <TableCell className="nowrap">{formatDateTime(item.expectedDeliveryDatetime)}</TableCell>
              <TableCell className="nowrap">{formatDateTime(item.dateCreated)}</TableCell>
              <TableCell padding="checkbox">
                <CaseActionsMenu item={item} onAction={(kind) => onAction(kind, item)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
