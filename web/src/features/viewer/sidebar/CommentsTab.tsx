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
        <Typography color="text.secondary">No comments yet.</Typography>
      ) : (
        <List dense aria-label="Comments">
          {comments.map((comment) => (
            <ListItem key={`${comment.date}-${comment.author}-${comment.text}`} disableGutters>
              <ListItemText primary={comment.text} secondary={`${comment.author} · ${formatDateTime(comment.date)}`} />
            </ListItem>
          ))}
        </List>
      )}
      {canComment && <CommentForm studyId={studyId} configId={config.data?.id ?? null} ready={!config.isPending} />}
    </Stack>
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
