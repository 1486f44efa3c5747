import { type PageSection, pageSectionWriteSchema } from '@cardiomap/contract';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../api/index.ts';
import { shownByOnError } from '../../hooks/use-api-mutation.ts';
import { usePage } from './api/get-page.ts';
import { useSavePageSection } from './api/save-page-section.ts';
import { Markdown } from './markdown/Markdown.tsx';

type Errors = Partial<Record<'regionId' | 'title' | 'body' | 'nonFieldErrors', string>>;

/** Field messages of a zod failure or a 400 answer, first message per field. */
function firstMessages(source: Record<string, unknown>): Errors {
  const errors: Errors = {};
  for (const [field, messages] of Object.entries(source)) {
    if (Array.isArray(messages) && typeof messages[0] === 'string') errors[field as keyof Errors] = messages[0];
  }
  return errors;
}

/** The Markdown editor of a page for superusers: one region's section at a time, with a live preview. */
export function PageEditorDialog({ slug, onClose }: { slug: string; onClose: () => void }) {
  const page = usePage(slug, 'all');
  const sections = page.data?.sections ?? [];
  const [regionId, setRegionId] = useState('');
  const [draft, setDraft] = useState<{ title: string; body: string } | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSavePageSection(slug, {
    onError: (error) => setErrors(error instanceof ApiError ? firstMessages(error.fieldErrors) : {}),
  });

  const chosen: PageSection | undefined = sections.find((s) => s.regionId === regionId);
  const selected = chosen ?? sections[0];
  const values = draft ?? { title: selected?.title ?? '', body: selected?.body ?? '' };

  const pickRegion = (id: string) => {
    setRegionId(id);
    setDraft(null);
    setErrors({});
  };
  const submit = async () => {
    if (!selected) return;
    const parsed = pageSectionWriteSchema.safeParse({ regionId: selected.regionId, ...values });
    if (!parsed.success) {
      setErrors(firstMessages(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), [i.message]]))));
      return;
    }
    setErrors({});
    const saved = await save.mutateAsync(parsed.data).catch(shownByOnError);
    if (saved) onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="page-editor-title">
      <DialogTitle id="page-editor-title">Edit documentation</DialogTitle>
      <DialogContent>
        {page.isPending && <CircularProgress aria-label="Loading page" />}
        {page.isError && <Alert severity="error">The page could not be loaded.</Alert>}
        {selected && (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label="Region"
                value={selected.regionId}
                onChange={(event) => pickRegion(event.target.value)}
                error={Boolean(errors.regionId)}
                helperText={errors.regionId}
                sx={{ minWidth: 220 }}
              >
                {sections.map((s) => (
                  <MenuItem key={s.regionId} value={s.regionId}>
                    {s.region}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Title"
                value={values.title}
                onChange={(event) => setDraft({ ...values, title: event.target.value })}
                error={Boolean(errors.title)}
                helperText={errors.title ?? 'Shown when a user sees several regions'}
                fullWidth
              />
            </Stack>
            {errors.nonFieldErrors && <Alert severity="error">{errors.nonFieldErrors}</Alert>}
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <TextField
                label="Markdown"
                value={values.body}
                onChange={(event) => setDraft({ ...values, body: event.target.value })}
                error={Boolean(errors.body)}
                helperText={
                  errors.body ?? 'Headings (#), lists (- or 1.), **bold**, *italic*, `code`, [links](https://…)'
                }
                multiline
                minRows={18}
                maxRows={30}
                fullWidth
                slotProps={{ htmlInput: { 'data-testid': 'page-markdown', spellCheck: true } }}
                sx={{ flex: 1, '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
              />
              <Paper variant="outlined" sx={{ flex: 1, p: 2, maxHeight: 640, overflowY: 'auto' }} aria-label="Preview">
                <Typography variant="overline" color="text.secondary">
                  Preview
                </Typography>
                <Box>
                  <Markdown source={values.body} />
                </Box>
              </Paper>
            </Stack>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={!selected || save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
