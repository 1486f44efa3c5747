import { Box, Typography } from '@mui/material';
import { ObjectSettingsRow, type ObjectStylePatch, type SettingsObject } from './ObjectSettingsRow.tsx';

interface Props {
  objects: readonly SettingsObject[];
  /** The page saves the patch when the user may change visualisation objects, else keeps it locally. */
  onChange(id: string, patch: ObjectStylePatch): void;
}

/** The sidebar's Object Settings tab (spec §2): one row per scene object, in object order. */
export function ObjectSettingsPanel({ objects, onChange }: Props) {
  if (objects.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
        No 3D objects in this study yet.
      </Typography>
    );
  }
  const ordered = [...objects].sort((a, b) => a.objectOrder - b.objectOrder);
  return (
    <Box component="ul" aria-label="Object settings" sx={{ m: 0, p: 0 }}>
      {ordered.map((object) => (
        <ObjectSettingsRow key={object.id} object={object} onChange={onChange} />
      ))}
    </Box>
  );
}
