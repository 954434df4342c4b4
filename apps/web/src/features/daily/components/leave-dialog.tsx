import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { t } from '@/lib/i18n';

type LeaveDialogProps = {
  open: boolean;
  /** While the empty answer is being sent. */
  leaving: boolean;
  onStay: () => void;
  onLeave: () => void;
};

/**
 * Asks before leaving an unanswered question (SPEC.md §4): leaving counts as a wrong answer.
 * Staying is where focus starts, so that Enter never gives up the day by accident.
 */
export function LeaveDialog({ open, leaving, onStay, onLeave }: LeaveDialogProps) {
  const stayRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!leaving) onStay();
      }}
      role="alertdialog"
      size="sm"
      title={t('daily.leave.title')}
      description={t('daily.leave.body')}
      initialFocusRef={stayRef}
      actions={
        <>
          <Button ref={stayRef} variant="secondary" onClick={onStay} disabled={leaving}>
            {t('daily.leave.stay')}
          </Button>
          <Button onClick={onLeave} busy={leaving} busyLabel={t('daily.leave.leaving')}>
            {t('daily.leave.confirm')}
          </Button>
        </>
      }
    />
  );
}
