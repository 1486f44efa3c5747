import type { Case } from '@cardiomap/contract';
import { Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useUser } from '../auth/index.ts';
import { viewerLinks } from './viewer-links.ts';
import { viewerPaths } from './viewer-paths.ts';

/** 'View result' and 'View dicom' for a case with a study (spec §2 named routes study and mprviewer). */
export function ViewerLinks({ kase }: { kase: Case }) {
  const user = useUser();
  const links = viewerLinks(kase, user);
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
