import { Box, Chip, TextField } from '@mui/material';
import type { KeyboardEvent } from 'react';
import { addEmails, INVALID_EMAIL } from './email-entry.ts';

interface Props {
  emails: string[];
  onEmailsChange: (emails: string[]) => void;
  /** What is typed but not yet a chip; the dialog commits it on Share. */
  text: string;
  onTextChange: (text: string) => void;
  /** 'Invalid email address' or a refused share's message; removing a chip clears it. */
  error: string | null;
  onErrorChange: (error: string | null) => void;
  disabled?: boolean;
}

/**
 * E-mail addresses as chips (spec §5 "Share"): a comma or Enter turns what was typed into chips;
 * invalid entries are dropped with 'Invalid email address'. Leaving the field commits too.
 */
export function EmailChipsField(props: Props) {
  const { emails, onEmailsChange, text, onTextChange: setText, error, onErrorChange, disabled } = props;

  // 'Invalid email address' explains the entry just dropped: a pasted list keeps it once the rest has
  // become chips, and the next valid entry, which shows the user has moved on, takes it away. A refused
  // share's message stays with its chips (removing one clears it).
  const commit = (entry: string, rest = '') => {
    const result = addEmails(emails, entry);
    onEmailsChange(result.emails);
    if (result.droppedInvalid) onErrorChange(INVALID_EMAIL);
    else if (error === INVALID_EMAIL && result.emails.length > emails.length) onErrorChange(null);
    setText(rest);
  };

  const onChange = (value: string) => {
    const lastComma = value.lastIndexOf(',');
    if (lastComma === -1) setText(value);
    else commit(value.slice(0, lastComma), value.slice(lastComma + 1));
  };

  const remove = (email: string) => {
    onEmailsChange(emails.filter((e) => e !== email));
    onErrorChange(null);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (text.trim()) commit(text);
    } else if (event.key === 'Backspace' && text === '' && emails.length > 0) {
      onEmailsChange(emails.slice(0, -1));
    }
  };

  return (
    <TextField
      fullWidth
      label="E-mail addresses"
      placeholder={emails.length === 0 ? 'colleague@hospital.org, …' : undefined}
      value={text}
      disabled={disabled}
      error={error !== null}
      helperText={error ?? 'Separate addresses with a comma or Enter.'}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => text.trim() && commit(text)}
      slotProps={{
        input: {
          startAdornment:
            emails.length > 0 ? (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, py: 0.5, mr: 0.5 }}>
                {emails.map((email) => (
                  <Chip key={email} size="small" label={email} onDelete={disabled ? undefined : () => remove(email)} />
                ))}
              </Box>
            ) : undefined,
          sx: { flexWrap: 'wrap' },
        },
      }}
    />
  );
}
