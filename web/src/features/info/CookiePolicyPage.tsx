import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_DAYS } from '../../lib/consent.ts';
import { InfoPage } from './InfoPage.tsx';

const STORED = [
  {
    name: CONSENT_COOKIE,
    kind: 'Strictly necessary (cookie)',
    purpose: 'Remembers your cookie choice',
    kept: `${CONSENT_MAX_AGE_DAYS} days`,
  },
  {
    name: 'cm_refresh',
    kind: 'Strictly necessary (cookie, not readable by scripts)',
    purpose: 'Keep you signed in',
    kept: 'Until you log out or the session expires',
  },
  {
    name: 'cm_session',
    kind: 'Strictly necessary (cookie)',
    purpose: 'Tells the page that you are signed in, so a signed-out visit asks nothing of the server',
    kept: 'As long as cm_refresh',
  },
  {
    name: 'cm_device',
    kind: 'Strictly necessary (cookie, not readable by scripts)',
    purpose: 'Recognises a browser you signed in with before, so others’ failed sign-ins do not lock you out',
    kept: '1 year',
  },
];

/** Spec §1: the consent dialog links here. */
export function CookiePolicyPage() {
  return (
    <InfoPage title="Cookie policy">
      <Typography sx={{ mb: 2 }}>
        CardioMap stores only what it needs to keep you signed in and to remember your choices. Strictly necessary
        cookies and storage cannot be refused: without them the application cannot work.
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Analytics, which help us learn how the application is used, start only if you choose &lsquo;Accept all&rsquo;.
        With &lsquo;Accept Functional Only&rsquo; no analytics are recorded. Your choice is kept for{' '}
        {CONSENT_MAX_AGE_DAYS} days; clear your cookies to choose again.
      </Typography>
      <Table size="small" aria-label="Stored items">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell>Purpose</TableCell>
            <TableCell>Kept</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {STORED.map((item) => (
            <TableRow key={item.name}>
              <TableCell>{item.name}</TableCell>
              <TableCell>{item.kind}</TableCell>
              <TableCell>{item.purpose}</TableCell>
              <TableCell>{item.kept}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </InfoPage>
  );
}
