import TableRowsIcon from '@mui/icons-material/TableRows';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import { Button, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useUser } from '../../auth/index.ts';
import type { CaseListParamChanges, CaseListParams } from './case-list-params.ts';
import { OrganisationFilter, type OrganisationOption } from './OrganisationFilter.tsx';
import { SearchField } from './SearchField.tsx';

interface Props {
  params: CaseListParams;
  organisations: OrganisationOption[];
  onChange: (changes: CaseListParamChanges, replace?: boolean) => void;
  onRequestAnalysis: () => void;
}

/** Search, organisation filter, reset, 'Request analysis' and the table/cards toggle (spec §2). */
export function CaseListToolbar({ params, organisations, onChange, onRequestAnalysis }: Props) {
  const user = useUser();
  const filtered = params.search !== '' || params.organisationId !== undefined;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <SearchField
        value={params.search}
        onChange={(search) => search !== params.search && onChange({ search }, true)}
      />
      {user.hasManyOrgs && (
        <OrganisationFilter
          value={params.organisationId}
          options={organisations}
          onChange={(organisationId) => onChange({ organisationId })}
        />
      )}
      {filtered && <Button onClick={() => onChange({ search: '', organisationId: undefined })}>Reset filters</Button>}
      <Stack direction="row" spacing={2} sx={{ ml: 'auto', alignItems: 'center' }}>
        {user.canAddCase && (
          <Button variant="contained" onClick={onRequestAnalysis}>
            Request analysis
          </Button>
        )}
        <ToggleButtonGroup
          size="small"
          exclusive
          value={params.view}
          onChange={(_, view) => view && onChange({ view })}
          aria-label="View"
        >
          <ToggleButton value="table" aria-label="Table view">
            <TableRowsIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="cards" aria-label="Card view">
            <ViewModuleIcon fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
    </Stack>
  );
}
