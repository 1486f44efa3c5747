import type { InputData } from '@cardiomap/contract';
import { Button, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useToast } from '../../components/Toasts.tsx';
import { downloadInputData } from './api/download-input-data.ts';

type DownloadableFile = NonNullable<InputData['readUrlFile']>;

/** Which file the button downloads, told before the click: only the original holds the patient's identity. */
export const DOWNLOAD_LABELS: Record<DownloadableFile, { label: string; tooltip: string }> = {
  original: {
    label: 'Download as uploaded',
    tooltip: "The zip exactly as it was uploaded. It holds the patient's identity.",
  },
  pseudonymised: {
    label: 'Download pseudonymised',
    tooltip:
      "The de-identified DICOM files made from this upload: the case identifier replaces the patient's name and ID.",
  },
};

/** The upload's download for those who may have one (server's readUrlFile): nothing when there is none. */
export function DownloadInputDataButton({ inputData }: { inputData: InputData }) {
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  if (!inputData.readUrlFile) return null;
  const { label, tooltip } = DOWNLOAD_LABELS[inputData.readUrlFile];
  const download = () => {
    // Not disabled meanwhile (a disabled button cannot show its tooltip): a second click meanwhile is ignored.
    if (downloading) return;
    setDownloading(true);
    downloadInputData(inputData.id)
      .catch((error) => toast.error(error))
      .finally(() => setDownloading(false));
  };
  return (
    <Tooltip title={tooltip} describeChild>
      <Button variant="outlined" onClick={download} aria-label={`${label}: ${inputData.filename}`}>
        {label}
      </Button>
    </Tooltip>
  );
}
