import { Stack, Typography } from '@mui/material';
import { LandmarkPanel } from '../landmarks/LandmarkPanel.tsx';
import { SizingSection } from '../sizing/SizingSection.tsx';
import type { ViewerContext } from '../viewer-context.ts';
import { AnalysisResultsTable } from './AnalysisResultsTable.tsx';

/** Spec §2 "Details": the analysis results, the device sizing, then the landmarks with their measurements. */
export function DetailsTab({ context }: { context: ViewerContext }) {
  return (
    <Stack spacing={2}>
      <section aria-labelledby="viewer-sidebar-results">
        <Typography id="viewer-sidebar-results" variant="subtitle1" component="h2">
          Results
        </Typography>
        <AnalysisResultsTable results={context.load.analysisResults} />
      </section>
      <SizingSection context={context} />
      <LandmarkPanel context={context} />
    </Stack>
  );
}
