import type { LegacyResults } from '@cardiomap/contract';
import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';

export const LEGACY_DRAWN = 'Shown in the 3D view';

/**
 * Spec §3 Services "2 legacy (shown as results)": what the study's legacy simulation config names, each
 * drawn in the 3D view or marked not available with the server's reason (a reference to anything but
 * one of this study's own files is never drawn, architecture.md §13). The colour dot is the drawn one.
 */
export function LegacyResultsList({ legacy }: { legacy: LegacyResults }) {
  if (legacy.items.length === 0) {
    return <Typography color="text.secondary">The legacy simulation names no 3D results.</Typography>;
  }
  return (
    <List dense aria-label="Legacy simulation results">
      {legacy.items.map((item) => (
        <ListItem key={item.key} disableGutters>
          <Box
            aria-hidden
            sx={{
              width: 14,
              height: 14,
              borderRadius: '50%',
              mr: 1,
              flexShrink: 0,
              bgcolor: item.unavailable ? 'transparent' : item.color,
              border: item.unavailable ? '1px dashed' : 'none',
              borderColor: 'text.secondary',
            }}
          />
          <ListItemText
            primary={item.name}
            secondary={item.unavailable ?? LEGACY_DRAWN}
            slotProps={{ secondary: item.unavailable ? { color: 'warning.dark' } : {} }}
          />
        </ListItem>
      ))}
    </List>
  );
}
