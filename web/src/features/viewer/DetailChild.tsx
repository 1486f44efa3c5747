import { Box, Stack, Typography } from '@mui/material';
import { LandmarkPanel } from './landmarks/LandmarkPanel.tsx';
import { AnalysisResultsTable } from './sidebar/AnalysisResultsTable.tsx';
import { useViewerContext } from './viewer-context.ts';

/** Spec §2 `detail`: the study's results and landmarks on the whole width. */
export function DetailChild() {
  const context = useViewerContext();
  return (
    <Box sx={{ p: 2, overflow: 'auto', height: '100%' }}>
      <Stack spacing={3} sx={{ maxWidth: 900 }}>
        <section aria-labelledby="viewer-detail-results">
          <Typography id="viewer-detail-results" variant="h6" component="h2">
            Analysis results
          </Typography>
          <AnalysisResultsTable results={context.load.analysisResults} analyses={context.load.analyses} />
        </section>
        <LandmarkPanel context={context} />
      </Stack>
    </Box>
  );
}
