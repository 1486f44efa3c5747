import type { Case } from '@cardiomap/contract';
import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useUser } from '../auth/index.ts';
import { viewerLinks } from './viewer-links.ts';
import { viewerPaths } from './viewer-paths.ts';

export const ACCESS_DENIED_NOTE = 'The images and results of this case are not available to you.';

/**
 * 'View result' and 'View dicom' for a case with a study (spec §2 named routes study and mprviewer); a
 * case whose access is denied to the user (Case.accessDenied, architecture.md §13) says so instead.
 */
export function ViewerLinks({ kase }: { kase: Case }) {
  const user = useUser();
  const links = viewerLinks(kase, user);
  if (kase.studyId && kase.accessDenied) return <Typography color="text.secondary">{ACCESS_DENIED_NOTE}</Typography>;
  if (!kase.studyId || (!links.result && !links.dicom)) return null;
  return (
    <Stack direction="row" spacing={1}>
      {links.result && (
        <Button variant="contained" component={RouterLink} to={viewerPaths.study(kase.studyId)}>
          View result
        </Button>
      )}
      {links.dicom && (
        <Button variant="outlined" component={RouterLink} to={viewerPaths.mprviewer(kase.studyId)}>
          View dicom
        </Button>
      )}
    </Stack>
  );
}
