import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { ButtonBase, Typography } from '@mui/material';
import { type DragEvent, useRef, useState } from 'react';

interface Props {
  onFile: (file: File) => void;
}

/**
 * Spec §2: drag and drop or click to pick a file. The zone is a real button, so Tab and Enter or Space
 * open the file picker for keyboard users.
 */
export function DropZone({ onFile }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <>
      <ButtonBase
        focusRipple
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="upload-drop-zone"
        sx={{
          width: '100%',
          flexDirection: 'column',
          gap: 1,
          py: 4,
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 1,
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
        }}
      >
        <CloudUploadIcon color="primary" fontSize="large" aria-hidden />
        <Typography>Drop the zip of the CT images here, or click to choose a file</Typography>
      </ButtonBase>
      <input
        ref={input}
        type="file"
        hidden
        accept=".zip,application/zip,application/x-zip-compressed"
        aria-label="Zip file of the CT images"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again after a cancel still fires a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
