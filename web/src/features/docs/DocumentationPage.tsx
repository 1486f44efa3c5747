import { Alert, Box, Button, Divider, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../api/index.ts';
import { FullPageSpinner } from '../../components/FullPageSpinner.tsx';
import { LoadFailedNotice } from '../../components/LoadFailedNotice.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePage } from './api/get-page.ts';
import { Markdown } from './markdown/Markdown.tsx';
import { PageEditorDialog } from './PageEditorDialog.tsx';
import { sectionsToShow } from './sections-to-show.ts';
import { versionLine } from './version-line.ts';

export const DOCS_SLUG = 'docs';
export const NO_DOCUMENTATION = 'No documentation is available for your organisation yet.';

/**
 * Spec §2 Documentation: loads the page with slug docs, one section per region of the user's
 * organisations, titles only when there are several; the version line on development builds only.
 */
export function DocumentationPage({ isDevBuild = import.meta.env.DEV }: { isDevBuild?: boolean }) {
  usePageTitle('Documentation');
  const page = usePage(DOCS_SLUG);
  const [editing, setEditing] = useState(false);
  const version = versionLine(isDevBuild);

  if (page.isPending) return <FullPageSpinner label="Loading documentation" />;
  const missing = page.isError && page.error instanceof ApiError && page.error.status === 404;
  if (page.isError && !missing) {
    return <LoadFailedNotice message="The documentation could not be loaded." onRetry={() => page.refetch()} />;
  }
  const sections = sectionsToShow(page.data?.sections ?? []);
  const several = sections.length > 1;

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4, px: 2, mb: 16 }}>
      <Stack spacing={3} sx={{ width: 860, maxWidth: '100%' }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h4" component="h1">
            Documentation
          </Typography>
          {page.data?.canManage && (
            <Button variant="outlined" onClick={() => setEditing(true)}>
              Edit page
            </Button>
          )}
        </Stack>
        {sections.length === 0 && <Alert severity="info">{NO_DOCUMENTATION}</Alert>}
        {sections.map(({ section, heading }, index) => (
          <Box component="section" key={section.id} aria-label={several ? heading : 'Documentation'}>
            {several && index > 0 && <Divider sx={{ mb: 3 }} />}
            {several && (
              <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
                {heading}
              </Typography>
            )}
            <Markdown source={section.body} headingOffset={several ? 2 : 1} />
          </Box>
        ))}
        {version && (
          <Typography variant="caption" color="text.secondary" data-testid="version-line">
            {version}
          </Typography>
        )}
      </Stack>
      {editing && <PageEditorDialog slug={DOCS_SLUG} onClose={() => setEditing(false)} />}
    </Box>
  );
}
