import { pageSectionWriteSchema } from '@cardiomap/contract';
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
import { ApiError, useRegions } from '../../api/index.ts';
import { useDiscardGuard } from '../../components/use-discard-guard.tsx';
import { shownByOnError } from '../../hooks/use-api-mutation.ts';
import { useDeletePageSection } from './api/delete-page-section.ts';
import { usePage } from './api/get-page.ts';
import { useSavePageSection } from './api/save-page-section.ts';
import { Markdown } from './markdown/Markdown.tsx';

type Errors = Partial<Record<'regionId' | 'title' | 'body' | 'nonFieldErrors', string>>;

export const NO_SECTION_YET = 'This region has no section yet: saving adds one.';

/** Field messages of a zod failure or a 400 answer, first message per field. */
function firstMessages(source: Record<string, unknown>): Errors {
  const errors: Errors = {};
  for (const [field, messages] of Object.entries(source)) {
    if (Array.isArray(messages) && typeof messages[0] === 'string') errors[field as keyof Errors] = messages[0];
  }
  return errors;
}

/**
 * The Markdown editor of a page for superusers: one region's section at a time, with a live preview.
 * Every region is offered: one without a section gets one on Save, and a section can be removed.
 */
export function PageEditorDialog({ slug, onClose }: { slug: string; onClose: () => void }) {
  const page = usePage(slug, 'all');
  const regions = useRegions();
  const sections = page.data?.sections ?? [];
  const [regionId, setRegionId] = useState('');
  const [draft, setDraft] = useState<{ title: string; body: string } | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [confirmRemove, setConfirmRemove] = useState(false);
  const showErrors = (error: unknown) => setErrors(error instanceof ApiError ? firstMessages(error.fieldErrors) : {});
  const save = useSavePageSection(slug, { onError: showErrors });
  const remove = useDeletePageSection(slug);

  const shownRegionId = regionId || sections[0]?.regionId || regions.data?.[0]?.id || '';
  const selected = sections.find((s) => s.regionId === shownRegionId);
  const values = draft ?? { title: selected?.title ?? '', body: selected?.body ?? '' };
  // A draft exists once the user typed; one equal to what is stored loses nothing.
  const edited = draft !== null && (draft.title !== (selected?.title ?? '') || draft.body !== (selected?.body ?? ''));
  const guard = useDiscardGuard(edited, onClose);
  const ready = page.isSuccess && regions.isSuccess && shownRegionId !== '';

  const pickRegion = (id: string) => {
    setRegionId(id);
    setDraft(null);
    setErrors({});
    setConfirmRemove(false);
  };
  const submit = async () => {
    const parsed = pageSectionWriteSchema.safeParse({ regionId: shownRegionId, ...values });
    if (!parsed.success) {
      setErrors(firstMessages(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), [i.message]]))));
      return;
    }
    setErrors({});
    const saved = await save.mutateAsync(parsed.data).catch(shownByOnError);
    if (saved) onClose();
  };
  const removeSection = async () => {
    // Stay on the region whose section goes, so the editor shows it as one to add again.
    setRegionId(shownRegionId);
    const done = await remove.mutateAsync(shownRegionId).then(
      () => true,
      () => false,
    );
    setConfirmRemove(false);
    if (done) setDraft(null);
  };

  return (
    <Dialog open onClose={guard.requestClose} fullWidth maxWidth="lg" aria-labelledby="page-editor-title">
      <DialogTitle id="page-editor-title">Edit documentation</DialogTitle>
      <DialogContent>
        {(page.isPending || regions.isPending) && <CircularProgress aria-label="Loading page" />}
        {(page.isError || regions.isError) && <Alert severity="error">The page could not be loaded.</Alert>}
        {ready && (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label="Region"
                value={shownRegionId}
                onChange={(event) => pickRegion(event.target.value)}
                error={Boolean(errors.regionId)}
                helperText={errors.regionId}
                sx={{ minWidth: 260 }}
              >
                {(regions.data ?? []).map((r) => (
                  <MenuItem key={r.id} value={r.id}>
                    {sections.some((s) => s.regionId === r.id) ? r.name : `${r.name} (no section)`}
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
            {!selected && <Alert severity="info">{NO_SECTION_YET}</Alert>}
            {errors.nonFieldErrors && <Alert severity="error">{errors.nonFieldErrors}</Alert>}
            {confirmRemove && (
              <Alert
                severity="warning"
                action={
                  <Stack direction="row" spacing={1}>
                    <Button color="inherit" onClick={() => setConfirmRemove(false)}>
                      Keep
                    </Button>
                    <Button color="error" onClick={removeSection} disabled={remove.isPending}>
                      Remove
                    </Button>
                  </Stack>
                }
              >
                Remove this region's section? Its users will no longer see it.
              </Alert>
            )}
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
              {/* A scrolling region a keyboard user can reach and scroll with the arrow keys (WCAG 2.1.1). */}
              <Paper
                variant="outlined"
                sx={{ flex: 1, p: 2, maxHeight: 640, overflowY: 'auto' }}
                role="region"
                aria-label="Preview"
                tabIndex={0}
              >
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
        {selected && (
          <Button color="error" onClick={() => setConfirmRemove(true)} sx={{ mr: 'auto' }} disabled={confirmRemove}>
            Remove section
          </Button>
        )}
        <Button onClick={guard.requestClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={!ready || save.isPending}>
          {selected ? 'Save' : 'Add section'}
        </Button>
      </DialogActions>
      {guard.confirmation}
    </Dialog>
  );
}
