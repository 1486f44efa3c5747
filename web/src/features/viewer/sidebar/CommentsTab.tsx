import type { ViewerLoad } from '@cardiomap/contract';
import { Box, Button, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '../../../lib/dates.ts';
import { useAddComment } from '../api/add-comment.ts';
import { useStudyConfig } from '../api/get-study-config.ts';

const MAX_COMMENT = 4000;

/**
 * Spec §2 "Comments": the study's comments, newest last, and a form to add one for the users the
 * server says may (canAddComments: a comment changes the viewer config, see canAddComment).
 */
export function CommentsTab({ load }: { load: ViewerLoad }) {
  const studyId = load.study.id;
  const config = useStudyConfig(studyId);
  const comments = config.data?.comments ?? load.config.comments;
  const canComment = load.permissions.canAddComments;
  return (
    <Stack spacing={1}>
      {comments.length === 0 ? (
        !load.legacyResults?.comments.length && <Typography color="text.secondary">No comments yet.</Typography>
      ) : (
        <List dense aria-label="Comments">
          {comments.map((comment) => (
            <ListItem key={`${comment.date}-${comment.author}-${comment.text}`} disableGutters>
              <ListItemText primary={comment.text} secondary={`${comment.author} · ${formatDateTime(comment.date)}`} />
            </ListItem>
          ))}
        </List>
      )}
      <LegacyComments load={load} />
      {canComment && <CommentForm studyId={studyId} configId={config.data?.id ?? null} ready={!config.isPending} />}
    </Stack>
  );
}

/** The legacy simulation's own comments (architecture.md §13), read-only, apart from the study's. */
function LegacyComments({ load }: { load: ViewerLoad }) {
  const comments = load.legacyResults?.comments ?? [];
  if (comments.length === 0) return null;
  return (
    <section aria-labelledby="viewer-legacy-comments">
      <Typography id="viewer-legacy-comments" variant="subtitle2" component="h2">
        From the legacy simulation
      </Typography>
      <List dense aria-label="Legacy simulation comments">
        {comments.map((comment, index) => (
          // The file may repeat a comment word for word: its place tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the load.
          <ListItem key={index} disableGutters>
            <ListItemText
              primary={comment.text}
              secondary={[comment.author, comment.date && formatDateTime(comment.date, { empty: '' })]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}

function CommentForm({ studyId, configId, ready }: { studyId: string; configId: string | null; ready: boolean }) {
  const [text, setText] = useState('');
  const add = useAddComment(studyId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const comment = text.trim();
    if (!comment) return;
    add.mutate({ configId, comment }, { onSuccess: () => setText('') });
  };
  return (
    <Box component="form" onSubmit={submit} aria-label="Add a comment">
      <TextField
        label="Comment"
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: MAX_COMMENT } }}
      />
      <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={!ready || !text.trim() || add.isPending}>
        Add comment
      </Button>
    </Box>
  );
}
