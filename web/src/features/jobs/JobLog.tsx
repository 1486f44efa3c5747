import type { Job } from '@cardiomap/contract';
import { Box, Typography } from '@mui/material';
import { formatLogTime } from './job-format.ts';

/** The job's log lines, oldest first, in a fixed-width scrolling block like a terminal. */
export function JobLog({ log }: { log: Job['log'] }) {
  if (log.length === 0) return <Typography color="text.secondary">Nothing logged yet.</Typography>;
  return (
    <Box
      component="ol"
      aria-label="Log"
      sx={{
        m: 0,
        p: 1.5,
        listStyle: 'none',
        maxHeight: 320,
        overflow: 'auto',
        fontFamily: 'monospace',
        fontSize: 13,
        bgcolor: 'grey.100',
        borderRadius: 1,
      }}
    >
      {log.map((line, index) => (
        // Lines have no id and never reorder: their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index}>
          <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
            {formatLogTime(line.at)}
          </Box>
          {line.message}
        </li>
      ))}
    </Box>
  );
}
