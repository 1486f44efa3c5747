import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { LandmarkPanel } from '../landmarks/LandmarkPanel.tsx';
import { listedLandmarks } from '../landmarks/landmark-display.ts';
import { LegacyResultsList } from '../results/LegacyResultsList.tsx';
import { MeshResultsList } from '../results/MeshResultsList.tsx';
import { NumericResultsForm } from '../results/NumericResultsForm.tsx';
import { ResultUploadDialog } from '../results/ResultUploadDialog.tsx';
import { SizingSection } from '../sizing/SizingSection.tsx';
import { OBSOLETE_RESULTS_WARNING } from '../ViewerHeader.tsx';
import type { ViewerContext } from '../viewer-context.ts';
import { AnalysisResultsTable } from './AnalysisResultsTable.tsx';

/**
 * Spec §2 "Details": the analysis results (numbers, then the 3D results by name and colour), the device
 * sizing, then the landmarks with their measurements. Staff also add and remove results here.
 */
export function DetailsTab({ context }: { context: ViewerContext }) {
  const { load } = context;
  const canEdit = load.permissions.canAddAnalysisResources;
  const [adding, setAdding] = useState(false);
  const listed = listedLandmarks(context.landmarks, context.editState.editMode);
  const measured = {
    landmarks: listed.length,
    measurements: listed.reduce((sum, landmark) => sum + Object.keys(landmark.measurements).length, 0),
  };
  return (
    <Stack spacing={2}>
      {load.isObsolete && (
        <Alert severity="error" variant="outlined">
          {OBSOLETE_RESULTS_WARNING}
        </Alert>
      )}
      <section aria-labelledby="viewer-sidebar-results">
        <Typography id="viewer-sidebar-results" variant="subtitle1" component="h2">
          Results
        </Typography>
        <AnalysisResultsTable results={load.analysisResults} analyses={load.analyses} measured={measured} />
      </section>
      <section aria-labelledby="viewer-sidebar-meshes">
        <Typography id="viewer-sidebar-meshes" variant="subtitle1" component="h2">
          3D results
        </Typography>
        <MeshResultsList load={load} canEdit={canEdit} />
        {canEdit && (
          <Button variant="outlined" size="small" onClick={() => setAdding(true)}>
            Add result
          </Button>
        )}
      </section>
      {load.legacyResults && (
        <section aria-labelledby="viewer-sidebar-legacy">
          <Typography id="viewer-sidebar-legacy" variant="subtitle1" component="h2">
            Legacy simulation results
          </Typography>
          <LegacyResultsList legacy={load.legacyResults} />
        </section>
      )}
      {canEdit && (
        <section aria-labelledby="viewer-sidebar-values">
          <Typography id="viewer-sidebar-values" variant="subtitle1" component="h2">
            Edit numeric results
          </Typography>
          <NumericResultsForm key={load.analyses.map((a) => a.id).join()} load={load} />
        </section>
      )}
      <SizingSection context={context} />
      <LandmarkPanel context={context} />
      {canEdit && <ResultUploadDialog load={load} open={adding} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
