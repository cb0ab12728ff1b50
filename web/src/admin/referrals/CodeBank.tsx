import { useId, useRef, useState } from 'react';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { failureText } from '../signIn/failure';
import { MAX_CHARS, MAX_CODES, previewCodes, type CodePreview } from './codeBank';
import { refusedLines, useProgramme, useUploadCodes, type LineProblem, type Programme } from './data';
import { codesText } from './forms';

interface Chosen {
  name: string;
  text: string;
  preview: CodePreview;
}

const SHOWN_PROBLEMS = 20;

/**
 * A programme's fuel-tank code bank: what is left, and an upload of a CSV file. The file is
 * read and checked here first (codeBank.ts); the server checks it again, also against the
 * codes the tenant holds, and adds all of it or nothing.
 */
export function CodeBank({ alias, programme }: { alias: string; programme: Programme }) {
  const latest = useProgramme(alias, programme.slug).data ?? programme;
  const upload = useUploadCodes(alias, programme.slug);
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; lines: LineProblem[] } | null>(null);
  const codes = codesText(latest.codes);

  const choose = async (file: File | undefined) => {
    setDone(null);
    setRefusal(null);
    if (!file) {
      setChosen(null);
      return;
    }
    // A file far past the limit is not read into the page at all.
    const text = file.size > MAX_CHARS * 4 ? 'x'.repeat(MAX_CHARS + 1) : await file.text();
    setChosen({ name: file.name, text, preview: previewCodes(text) });
  };

  const send = async () => {
    if (!chosen) return;
    setRefusal(null);
    try {
      const added = await upload.mutateAsync(chosen.text);
      setDone(`Added ${added.added.toLocaleString('en-US')} codes from ${chosen.name}. ${added.codes.left.toLocaleString('en-US')} are left.`);
      setChosen(null);
      if (input.current) input.current.value = '';
    } catch (error) {
      setRefusal({ message: failureText(error), lines: refusedLines(error) });
    }
  };

  const preview = chosen?.preview;
  const ready = Boolean(preview && preview.problems.length === 0 && !preview.fileProblem);

  return (
    <section className="card" aria-labelledby="codes-heading">
      <h2 id="codes-heading">Code bank</h2>
      <p>Each friend whose referral converts gets one code with their reward, oldest first.</p>
      <dl className="admin-facts">
        <div>
          <dt>Left</dt>
          <dd>{latest.codes.left.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Given</dt>
          <dd>{latest.codes.used.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>In all</dt>
          <dd>{latest.codes.total.toLocaleString('en-US')}</dd>
        </div>
      </dl>
      {latest.codes.total === 0 && <p>{codes.text}</p>}
      {codes.warning && <p className="referrals-warning">{codes.warning}</p>}

      <h3 className="referrals-subheading">Upload codes</h3>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          CSV file of codes
        </label>
        <p id={hintId} className="field__hint">
          One code a line, or a header row naming the code column (code, coupon, voucher). Codes are 3 to 64 letters, digits, - or _; none may be in
          the bank already. At most {MAX_CODES.toLocaleString('en-US')} codes a file. One wrong line refuses the whole file.
        </p>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="referrals-file"
          aria-describedby={hintId}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </div>
      <StatusMessage>{done && <p>{done}</p>}</StatusMessage>
      {preview && <Preview name={chosen.name} preview={preview} />}
      <ErrorAlert>
        {refusal && (
          <>
            <p>{refusal.message}</p>
            <Problems lines={refusal.lines} />
          </>
        )}
      </ErrorAlert>
      {chosen && ready && (
        <Button busy={upload.isPending} onClick={() => void send()}>
          {upload.isPending ? 'Uploading…' : `Add ${preview?.codes.length.toLocaleString('en-US') ?? 0} codes`}
        </Button>
      )}
    </section>
  );
}

function Preview({ name, preview }: { name: string; preview: CodePreview }) {
  if (preview.fileProblem) {
    return (
      <div className="alert alert--error" role="alert">
        <p>
          {name}: {preview.fileProblem}
        </p>
      </div>
    );
  }
  if (preview.problems.length > 0) {
    const lines = preview.problems.length;
    return (
      <div className="alert alert--error" role="alert">
        <p>
          {name} cannot be uploaded: {lines} {lines === 1 ? 'line has a problem' : 'lines have problems'}. Correct the file and choose it again.
        </p>
        <Problems lines={preview.problems} />
      </div>
    );
  }
  const first = preview.codes.slice(0, 3).join(', ');
  return (
    <p className="referrals-preview" role="status">
      {name}: {preview.codes.length.toLocaleString('en-US')} {preview.codes.length === 1 ? 'code' : 'codes'}
      {preview.header ? ' under a header row' : ''}, starting {first}.
    </p>
  );
}

function Problems({ lines }: { lines: readonly LineProblem[] }) {
  if (lines.length === 0) return null;
  const shown = lines.slice(0, SHOWN_PROBLEMS);
  return (
    <ul className="referrals-problems">
      {shown.map((problem) => (
        <li key={`${problem.line}-${problem.message}`}>
          Line {problem.line}: {problem.message}
        </li>
      ))}
      {lines.length > shown.length && <li>and {lines.length - shown.length} more.</li>}
    </ul>
  );
}
