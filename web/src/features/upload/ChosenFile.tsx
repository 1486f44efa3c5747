import { uploadWarnings } from '@cardiomap/domain';
import { Alert, Button, Stack, Typography } from '@mui/material';

interface Props {
  file: File;
  /** The case the images are for: a file named after another case is warned of. */
  caseIdentifier: string;
  onUpload: () => void;
  onCancel: () => void;
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** Spec §4 "Upload": the chosen file with its warnings (§5), then Upload or Cancel. */
export function ChosenFile({ file, caseIdentifier, onUpload, onCancel }: Props) {
  const warnings = uploadWarnings(file, caseIdentifier);
  return (
    <Stack spacing={1.5} aria-label="Chosen file" role="group">
      <Typography>
        {file.name}{' '}
        <Typography component="span" color="text.secondary">
          ({megabytes(file.size)})
        </Typography>
      </Typography>
      {warnings.map((warning) => (
        <Alert key={warning} severity="warning">
          {warning}
        </Alert>
      ))}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={onUpload}>
          Upload
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
    </Stack>
  );
}
