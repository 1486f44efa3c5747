import type { AnalysisResource, ViewerLoad } from '@cardiomap/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useDeleteAnalysisResource } from '../api/delete-analysis-resource.ts';
import { useMeshResults } from '../api/list-mesh-results.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { RESULT_DELETED } from './result-messages.ts';

/** The analyst's mesh results (e.g. Atrium, Aorta, LAA) with their colours; staff may delete one, after asking. */
export function MeshResultsList({ load, canEdit }: { load: ViewerLoad; canEdit: boolean }) {
  const results = useMeshResults(load.study.id);
  const remove = useDeleteAnalysisResource(load.study.id, RESULT_DELETED);
  const [deleting, setDeleting] = useState<AnalysisResource | null>(null);
  const preliminary = new Set(load.analyses.filter((a) => a.isPreliminary).map((a) => a.id));
  if (results.isPending) return <CircularProgress size={20} aria-label="Loading the results" />;
  if (results.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => results.refetch()}>Retry</Button>}>
        The results could not be loaded.
      </Alert>
    );
  const meshes = results.data.filter((r) => !preliminary.has(r.analysisId) && r.uploadSuccessful);
  if (meshes.length === 0) return <Typography color="text.secondary">No 3D results yet.</Typography>;
  return (
    <>
      <List dense aria-label="3D results">
        {meshes.map((mesh) => (
          <ListItem
            key={mesh.id}
            disableGutters
            secondaryAction={
              canEdit && (
                <Tooltip title={`Delete ${mesh.name}`}>
                  <IconButton
                    edge="end"
                    aria-label={`Delete ${mesh.name}`}
                    disabled={remove.isPending}
                    onClick={() => setDeleting(mesh)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )
            }
          >
            <Box
              aria-hidden
              sx={{
                width: 14,
                height: 14,
                borderRadius: '50%',
                mr: 1,
                bgcolor: String(mesh.attributes.color ?? '#e0a030'),
              }}
            />
            <ListItemText
              primary={mesh.name}
              secondary={
                typeof mesh.attributes.triangles === 'number' ? `${mesh.attributes.triangles} triangles` : null
              }
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDeleteDialog
        what={deleting?.name ?? ''}
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
    </>
  );
}
