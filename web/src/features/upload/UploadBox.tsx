import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { ChosenFile } from './ChosenFile.tsx';
import { useCaseUpload } from './case-upload-context.ts';
import { DropZone } from './DropZone.tsx';
import { ProcessingProgress, SendingProgress } from './UploadProgress.tsx';
import { PROCESSING_TAKES } from './upload-messages.ts';
import { ZipInstructionsDialog } from './ZipInstructionsDialog.tsx';

/**
 * Spec §2/§4 upload box of a CREATED case: pick or drop a file, see its warnings, Upload or Cancel,
 * progress, then the processing phase until the server confirms.
 */
export function UploadBox({ caseIdentifier }: { caseIdentifier: string }) {
  const { engine, start, snapshot } = useCaseUpload();
  const [chosen, setChosen] = useState<File | null>(null);
  const [instructions, setInstructions] = useState(false);

  if (snapshot.phase === 'uploading') {
    return (
      <SendingProgress
        filename={snapshot.file?.name ?? ''}
        progress={snapshot.progress}
        onCancel={() => engine.cancel()}
      />
    );
  }
  if (snapshot.phase === 'processing') return <ProcessingProgress />;
  if (snapshot.phase === 'confirmed') return <ProcessingProgress title="Images uploaded: processing has started" />;

  // After a failure the file is kept, so 'Upload' tries again without choosing it anew.
  const file = chosen ?? (snapshot.phase === 'failed' ? snapshot.file : null);
  if (file) {
    return (
      <ChosenFile
        file={file}
        caseIdentifier={caseIdentifier}
        onUpload={() => {
          setChosen(null);
          start(file);
        }}
        onCancel={() => {
          setChosen(null);
          engine.reset();
        }}
      />
    );
  }
  return (
    <Stack spacing={1}>
      <DropZone onFile={setChosen} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Button size="small" onClick={() => setInstructions(true)}>
          How to make a zip file
        </Button>
        <span>{PROCESSING_TAKES}</span>
      </Stack>
      {instructions && <ZipInstructionsDialog onClose={() => setInstructions(false)} />}
    </Stack>
  );
}
