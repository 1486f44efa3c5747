import {
  GEOMETRY_TYPE_LABELS,
  GeometryType as Geometry,
  type GeometryType,
  VIEW_TYPE_LABELS,
  ViewType as View,
  type ViewType,
} from '@cardiomap/contract';
import { Alert, Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorToastMessage } from '../../../api/index.ts';
import { ensureResultAnalysis } from '../api/result-analysis.ts';
import type { ViewerContext } from '../viewer-context.ts';
import type { NewLandmarkSpec } from './landmark-edit-controller.ts';

const CUSTOM = 'custom';

/** Edit mode: choose a predefined landmark type or a custom shape, then place its points in the panes. */
export function NewLandmarkForm({ context }: { context: ViewerContext }) {
  const { load, edit } = context;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [typeId, setTypeId] = useState<string>(CUSTOM);
  const [name, setName] = useState('');
  const [geometryType, setGeometryType] = useState<GeometryType>(Geometry.DISTANCE);
  const [viewType, setViewType] = useState<ViewType>(View.AXIAL);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const types = [...load.landmarkTypes].sort((a, b) => a.order - b.order);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setStarting(true);
    setError(null);
    let analysisId: string;
    try {
      // The analyst's analysis, never the preliminary model: only it is delivered and reported.
      analysisId = await ensureResultAnalysis(load, queryClient);
    } catch (caught) {
      setError(errorToastMessage(caught));
      return;
    } finally {
      setStarting(false);
    }
    const type = types.find((candidate) => candidate.id === typeId);
    const spec: NewLandmarkSpec = type
      ? {
          analysisId,
          landmarkTypeId: type.id,
          name: type.name,
          geometryType: type.geometryType as GeometryType,
          viewType: type.viewType as ViewType,
        }
      : { analysisId, landmarkTypeId: null, name, geometryType, viewType };
    edit.initialise(spec);
    // Points are placed in the MPR panes: the view goes there (keeping '#debug').
    navigate({ pathname: 'mprviewer', hash });
  };

  return (
    <Box component="form" onSubmit={start} aria-label="New landmark" sx={{ my: 1 }}>
      <Stack spacing={1}>
        <TextField select size="small" label="Landmark type" value={typeId} onChange={(e) => setTypeId(e.target.value)}>
          {types.map((type) => (
            <MenuItem key={type.id} value={type.id}>
              {type.name}
            </MenuItem>
          ))}
          <MenuItem value={CUSTOM}>Custom</MenuItem>
        </TextField>
        {typeId === CUSTOM && (
          <>
            <TextField size="small" label="Name" value={name} onChange={(e) => setName(e.target.value)} />
            <TextField
              select
              size="small"
              label="Geometry"
              value={geometryType}
              onChange={(e) => setGeometryType(Number(e.target.value) as GeometryType)}
            >
              {Object.entries(GEOMETRY_TYPE_LABELS).map(([value, label]) => (
                <MenuItem key={value} value={Number(value)}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Pane"
              value={viewType}
              onChange={(e) => setViewType(Number(e.target.value) as ViewType)}
            >
              {Object.entries(VIEW_TYPE_LABELS).map(([value, label]) => (
                <MenuItem key={value} value={Number(value)}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
        {error && <Alert severity="error">{error}</Alert>}
        <Button type="submit" variant="contained" size="small" disabled={starting}>
          New landmark
        </Button>
      </Stack>
    </Box>
  );
}
