import {
  AnalysisType,
  GEOMETRY_TYPE_LABELS,
  GeometryType as Geometry,
  type GeometryType,
  VIEW_TYPE_LABELS,
  ViewType as View,
  type ViewerLoad,
  type ViewType,
} from '@cardiomap/contract';
import { Alert, Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ViewerContext } from '../viewer-context.ts';
import type { NewLandmarkSpec } from './landmark-edit-controller.ts';

const CUSTOM = 'custom';

/** New landmarks belong to the anatomical analysis (where analysts place them), else the first one. */
export const landmarkAnalysisId = (load: ViewerLoad): string | null =>
  (load.analyses.find((analysis) => analysis.type === AnalysisType.ANATOMICAL) ?? load.analyses[0])?.id ?? null;

/** Edit mode: choose a predefined landmark type or a custom shape, then place its points in the panes. */
export function NewLandmarkForm({ context }: { context: ViewerContext }) {
  const { load, edit } = context;
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [typeId, setTypeId] = useState<string>(CUSTOM);
  const [name, setName] = useState('');
  const [geometryType, setGeometryType] = useState<GeometryType>(Geometry.DISTANCE);
  const [viewType, setViewType] = useState<ViewType>(View.AXIAL);
  const analysisId = landmarkAnalysisId(load);
  if (!analysisId) return <Alert severity="info">This study has no analysis to add landmarks to.</Alert>;
  const types = [...load.landmarkTypes].sort((a, b) => a.order - b.order);

  const start = (event: FormEvent) => {
    event.preventDefault();
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
        <Button type="submit" variant="contained" size="small">
          New landmark
        </Button>
      </Stack>
    </Box>
  );
}
