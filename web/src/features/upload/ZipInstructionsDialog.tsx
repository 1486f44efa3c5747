import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';

/** Spec §2: how to make a zip of the folder of DICOM images, on Windows and on a Mac. */
export function ZipInstructionsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="zip-instructions-title" maxWidth="sm" fullWidth>
      <DialogTitle id="zip-instructions-title">How to make a zip file</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle1" component="h3">
          Windows
        </Typography>
        <Typography component="ol" sx={{ pl: 3, mt: 0 }}>
          <li>Open File Explorer and find the folder with the patient's DICOM images.</li>
          <li>
            Right-click the folder and choose Send to › Compressed (zipped) folder (Windows 11: Compress to ZIP file).
          </li>
          <li>A .zip file with the same name appears next to the folder: upload that file.</li>
        </Typography>
        <Typography variant="subtitle1" component="h3">
          Mac
        </Typography>
        <Typography component="ol" sx={{ pl: 3, mt: 0 }}>
          <li>Open Finder and find the folder with the patient's DICOM images.</li>
          <li>Control-click (or right-click) the folder and choose Compress.</li>
          <li>A .zip file with the same name appears next to the folder: upload that file.</li>
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
