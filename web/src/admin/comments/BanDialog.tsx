import { useState } from 'react';
import { SelectField } from '../../ui/SelectField';
import { TextArea } from '../../ui/TextArea';
import { ConfirmDialog } from '../readers/ConfirmDialog';
import type { QueueItem } from './data';
import { BAN_LENGTHS, BAN_REASON_LIMIT } from './texts';

interface BanDialogProps {
  item: QueueItem | null;
  onClose: () => void;
  /** Rejects with the server's refusal, which the dialog shows. */
  onConfirm: (item: QueueItem, reason: string, days: number | null) => Promise<void>;
}

/** Asks why and for how long before banning a comment's author from commenting on every site. */
export function BanDialog({ item, onClose, onConfirm }: BanDialogProps) {
  const [reason, setReason] = useState('');
  const [length, setLength] = useState<string>('7');
  const [missing, setMissing] = useState(false);
  const name = item?.author.display_name ?? '';
  const confirm = async () => {
    if (item === null) return;
    const why = reason.trim();
    if (why === '') {
      setMissing(true);
      throw new Error('Please say why, for the other moderators.');
    }
    const days = BAN_LENGTHS.find((option) => option.value === length)?.days ?? null;
    await onConfirm(item, why, days);
  };
  return (
    <ConfirmDialog
      open={item !== null}
      title={`Ban ${name}?`}
      description="They can still read, but cannot post comments on any of our sites until the ban ends. Their published comments stay up: reject those you want gone."
      confirmLabel="Ban author"
      keepLabel="Cancel"
      onOpen={() => {
        setReason('');
        setLength('7');
        setMissing(false);
      }}
      onClose={onClose}
      onConfirm={confirm}
    >
      <TextArea
        label="Reason"
        hint="For the other moderators; the reader is not shown it."
        maxChars={BAN_REASON_LIMIT}
        maxLength={BAN_REASON_LIMIT}
        rows={3}
        required
        invalid={missing && reason.trim() === ''}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <SelectField label="How long" options={BAN_LENGTHS} value={length} onChange={(event) => setLength(event.target.value)} />
    </ConfirmDialog>
  );
}
