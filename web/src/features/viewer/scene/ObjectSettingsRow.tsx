import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Box,
  Checkbox,
  Collapse,
  FormControlLabel,
  IconButton,
  Slider,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { ColorInput } from './ColorInput.tsx';
import { RenderOrderField } from './RenderOrderField.tsx';
import type { SceneObjectSpec, SceneObjectStyle } from './scene-types.ts';

export type ObjectStylePatch = Partial<SceneObjectStyle>;

/** What the panel needs of an object; `isEditable: false` leaves only its visibility to change. */
export type SettingsObject = Pick<SceneObjectSpec, 'id' | keyof SceneObjectStyle> & { isEditable?: boolean };

interface Props {
  object: SettingsObject;
  onChange(id: string, patch: ObjectStylePatch): void;
}

const TOGGLES = [
  ['isDoubleSided', 'Double-sided'],
  ['hasDepthTestEnabled', 'Depth test'],
  ['hasFlatShadingEnabled', 'Flat shading'],
  ['isAffectedByLighting', 'Lighting'],
] as const;

const percent = (value: number) => `${Math.round(value * 100)} %`;

/** One scene object: visibility, name, colour and opacity, the rest under "More". */
export function ObjectSettingsRow({ object, onChange }: Props) {
  const [isOpen, setIsOpen] = useState(false);
  // The slider moves freely while dragged; the value is handed on (and maybe saved) when released.
  const [opacityDraft, setOpacityDraft] = useState<number | null>(null);
  const change = (patch: ObjectStylePatch) => onChange(object.id, patch);
  const isLocked = object.isEditable === false;
  const maxOpacity = Math.min(Math.max(object.maxOpacity, 0), 1);
  const moreId = `object-settings-more-${object.id}`;

  return (
    <Box component="li" sx={{ listStyle: 'none', py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Checkbox
          size="small"
          checked={object.isVisible}
          onChange={(event) => change({ isVisible: event.target.checked })}
          slotProps={{ input: { 'aria-label': `Show ${object.name}` } }}
        />
        <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }} title={object.name}>
          {object.name}
        </Typography>
        <ColorInput
          value={object.color}
          label={`Colour of ${object.name}`}
          disabled={isLocked}
          onCommit={(color) => change({ color })}
        />
        <IconButton
          size="small"
          aria-label={`More settings for ${object.name}`}
          aria-expanded={isOpen}
          aria-controls={moreId}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
        </IconButton>
      </Stack>
      <Box sx={{ pl: 5, pr: 2 }}>
        <Slider
          size="small"
          min={0}
          max={maxOpacity}
          step={0.01}
          disabled={isLocked || maxOpacity === 0}
          value={Math.min(opacityDraft ?? object.opacity, maxOpacity)}
          onChange={(_, value) => setOpacityDraft(value as number)}
          onChangeCommitted={(_, value) => {
            setOpacityDraft(null);
            change({ opacity: value as number });
          }}
          valueLabelDisplay="auto"
          valueLabelFormat={percent}
          getAriaValueText={percent}
          slotProps={{ input: { 'aria-label': `Opacity of ${object.name}` } }}
        />
      </Box>
      <Collapse in={isOpen} id={moreId}>
        <Stack sx={{ pl: 5, pr: 2, pb: 1 }}>
          {TOGGLES.map(([key, label]) => (
            <FormControlLabel
              key={key}
              label={label}
              disabled={isLocked}
              control={
                <Switch
                  size="small"
                  checked={object[key]}
                  onChange={(event) => change({ [key]: event.target.checked })}
                />
              }
            />
          ))}
          <RenderOrderField
            value={object.renderOrder}
            disabled={isLocked}
            onCommit={(renderOrder) => change({ renderOrder })}
          />
        </Stack>
      </Collapse>
    </Box>
  );
}
