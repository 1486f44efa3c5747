import type { ReactNode } from 'react';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useToast } from '../../components/Toasts.tsx';
import { type CaseUpload, CaseUploadContext } from './case-upload-context.ts';
import { LeaveWhileUploadingDialog } from './LeaveWhileUploadingDialog.tsx';
import { UPLOAD_CANCELLED, UPLOAD_FAILED } from './upload-messages.ts';
import { useLeaveWarning } from './use-leave-warning.ts';
import { useUploadEngine } from './use-upload-engine.ts';

interface Props {
  caseId: string;
  /** The images are confirmed: reload what shows the case's status and jobs. */
  onUploaded: () => void;
  children: ReactNode;
}

/**
 * Holds a case page's upload: the engine lives as long as the page (tabs may switch meanwhile), the
 * outcome becomes a toast (spec §8), and leaving the case while bytes are on the way asks first.
 */
export function CaseUploadProvider({ caseId, onUploaded, children }: Props) {
  const [engine] = useUploadEngine();
  const toast = useToast();
  // Once every byte is stored, leaving is harmless: confirmation goes on without the page.
  const uploading = useSyncExternalStore(engine.subscribe, () => engine.getSnapshot().phase === 'uploading');
  const casePath = `/case-detail/${caseId}`;
  const blocker = useLeaveWarning(
    uploading,
    (pathname) => pathname === casePath || pathname.startsWith(`${casePath}/`),
  );

  const start = useCallback(
    (file: File) => {
      void engine.start(file, caseId).then((outcome) => {
        if (outcome.kind === 'cancelled') toast.info(UPLOAD_CANCELLED);
        else if (outcome.kind === 'failed' || outcome.transferFailed) toast.error(undefined, UPLOAD_FAILED);
        if (outcome.kind === 'confirmed') onUploaded();
      });
    },
    [engine, caseId, toast, onUploaded],
  );
  const value = useMemo<CaseUpload>(() => ({ engine, start }), [engine, start]);

  return (
    <CaseUploadContext.Provider value={value}>
      {children}
      {blocker.state === 'blocked' && (
        <LeaveWhileUploadingDialog
          onStay={() => blocker.reset()}
          onLeave={() => {
            engine.cancel();
            blocker.proceed();
          }}
        />
      )}
    </CaseUploadContext.Provider>
  );
}
